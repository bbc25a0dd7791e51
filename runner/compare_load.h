/*
** A kbench JSON results file as kbench compare needs it: the run's device
** and mode, and each case with its verdict and raw samples.  The format is
** a superset of Google Benchmark's JSON; what this reads is named in
** compare_load.c.  Reading needs json-c (KBENCH_HAVE_JSON_C).
*/
#ifndef KB_COMPARE_LOAD_H
#define KB_COMPARE_LOAD_H

#include <stddef.h>

/* One case: every entry of the file with its name, in file order. */
typedef struct kb_cmp_case {
  char *name;
  char *backend;        /* "cuda", "host", or "" when the file says none */
  int verdict;          /* enum kb_verdict, the worst of its entries */
  char *message;        /* a non-pass entry's stage and message, or "" */
  double *samples;      /* seconds per run, pooled over the passed entries */
  size_t n_samples;
  size_t entries;       /* how many entries (repetitions) it had */
} kb_cmp_case;

typedef struct kb_cmp_run {
  char *path;
  int is_kbench;        /* context.kbench is an object */
  char *version;        /* context.kbench.version, or NULL */
  char *mode;           /* context.kbench.mode, or NULL */
  int have_device;      /* context.kbench.device is an object */
  char *device_name;    /* its name and uuid, or NULL */
  char *device_uuid;
  kb_cmp_case *cases;   /* in order of first appearance */
  size_t n_cases;
} kb_cmp_run;

/* Reads path into run: 0, or -1 with a message in err (the file cannot be
** read, is not JSON, or has no "benchmarks" array). */
int kb_cmp_load(const char *path, kb_cmp_run *run, char *err, size_t len);
void kb_cmp_run_free(kb_cmp_run *run);

#endif
