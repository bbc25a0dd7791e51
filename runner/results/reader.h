/*
** The reader of kbench JSON results files, and a file as it reads one for
** kbench compare and kbench fleet: the run's device, mode, host and rank,
** and each case with its verdict and raw samples.  The format is a superset of Google Benchmark's JSON;
** what this reads is named in file_read.c.  Reading needs json-c
** (KBENCH_HAVE_JSON_C).
*/
#ifndef KB_RESULTS_READER_H
#define KB_RESULTS_READER_H

#include <stddef.h>
#include <stdint.h>

#include "model/result.h"

/* A device as a results file describes it.  An entry's device is
** resolved within its own file (file_read.c): an entry of a CUDA case
** that gives an ordinal and no UUID is the device of that ordinal in the
** file's context.kbench.devices; an entry of a host case (backend "host")
** is on the host, never on a GPU, whatever ordinal it carries. */
typedef struct kb_res_device {
  int known;            /* the file says which device (a GPU) */
  int host;             /* a host case's: the host, not a GPU */
  int ordinal;          /* -1 when not given */
  char *name, *uuid, *pci_bus_id;  /* NULL when not given */
  double mem_bytes;     /* global_mem_bytes; 0 when not given */
} kb_res_device;

/* The one rule for "the same device", used by kbench fleet, compare's
** pooling and tune's cache: the host is the host, never a GPU; two GPUs
** are the same when their UUIDs are equal, else (one lacks a UUID) their
** PCI bus IDs, else their ordinals: the same as far as both know.
** kb_res_device_key gives a key in buf for sorting the devices of one file
** (where every device is described alike): "uuid GPU-...", "pci ...",
** "ordinal 1", "host", or "" for a device the file does not name. */
void kb_res_device_key(const kb_res_device *d, char *buf, size_t len);
int kb_res_same_device(const kb_res_device *a, const kb_res_device *b);

/* One count of a case: a hardware counter of its "metrics" object (a name
** ending in .sum, or the bank-conflict ways), kbench's kernels_launched,
** or the bytes audit's dram_read_bytes and dram_write_bytes; the median of
** its repetitions', with their spread. */
typedef struct kb_res_counter {
  char *name;
  char *unit;           /* "byte", ...; "" when the file gives none */
  double value;
  double lo, hi;        /* the least and the most of its repetitions */
  size_t n;             /* how many repetitions have it */
} kb_res_counter;

/* One count of an entry (see kb_res_counter), pointing into the
** document. */
typedef struct kb_res_entry_counter {
  const char *name, *unit;
  double value;
} kb_res_entry_counter;

/* One entry of "benchmarks", before entries of one name are pooled.  Its
** res holds what the reader makes of it (file_read.c): its verdict
** (kbench's, else Google Benchmark's error_occurred and skipped) and a
** failure's stage and message (kb_res_entry_verdict); a passed entry's
** samples (samples_s, else its one median) and kernel times per run (the
** positive busy_samples_s, else kernel_median_s), a failed one's none;
** and --energy's joules per run (the positive windows, else
** energy_j_per_run). */
typedef struct kb_res_entry {
  kb_result res;              /* its fields (results/entry.h), and which */
  unsigned char given[KB_FIELDS];  /* of them it gave */
  const char *name;           /* points into the parsed document */
  const char *backend;
  kb_res_device device;       /* resolved in its file; moves to the case */
  size_t order;               /* place in the file */
  kb_res_entry_counter *counters;
  size_t n_counters;
} kb_res_entry;

/* One case: every entry of the file with its name (and its device, when
** entries name their own), in file order. */
typedef struct kb_res_case {
  char *name;
  kb_res_device device; /* the entries' device, resolved in the file */
  char *backend;        /* "cuda", "host", or "" when the file says none */
  double *rep_medians;  /* each passed entry's median: a host case is judged
                           on these (commands/compare/judge.c says why) */
  size_t n_reps;
  size_t entries;       /* how many entries (repetitions) it had */
  kb_res_counter *counters;  /* sorted by name; NULL when none */
  size_t n_counters;
  kb_result res;        /* the rows its entries pool, each by its rule
                           (enum kb_field_pool): stage and message
                           (WORST: the failure its verdict came from),
                           claim_flagged and unaudited (ANY),
                           clock_events (BITS), the bytes
                           (MOST), power_w and the DRAM bytes (MEDIAN:
                           the bytes audit's text, kb_audit_text, is made
                           from them), audit_note (FIRST);
                           by pooling.c's own code, its verdict (the worst
                           of its entries'), samples (seconds per run,
                           pooled over the passed entries),
                           kernel_samples (kernel time per run, pooled
                           when every passed entry has it, else none:
                           kb_res_times) and energy_windows (joules per
                           run, pooled over the passed entries:
                           compare/energy.h), none of them when an entry
                           did not pass; every other row at its start
                           value */
  unsigned char given[KB_FIELDS];  /* a pooled row's value came from an
                           entry: one gave it (MEDIAN: a finite one;
                           FIRST: one not "") */
} kb_res_case;

typedef struct kb_res_run {
  char *path;
  int is_kbench;        /* context.kbench is an object */
  char *version;        /* context.kbench.version, or NULL */
  int format;           /* context.kbench.results_format, 1 without it
                           (results/format.h); its entries are
                           read by its keys */
  char *mode;           /* context.kbench.mode, or NULL */
  kb_res_device device; /* context.kbench.device */
  kb_res_device *devices;  /* context.kbench.devices (kbench --devices) */
  size_t n_devices;
  char *host_name;      /* context.host_name, or NULL */
  char *launcher;       /* context.kbench.launcher, or NULL */
  char *interrupted;    /* context.kbench.interrupted: the signal that
                           stopped the run before its end ("SIGINT"), or
                           NULL; the cases it lacks are missing, not
                           failed */
  int rank;             /* context.kbench.rank, local_rank, world_size; */
  int local_rank;       /* -1 when not given */
  int world_size;
  kb_res_case *cases;   /* in order of first appearance */
  size_t n_cases;
} kb_res_run;

/* The JSON document in path, parsed by json-c as results files are (NaN
** and Infinity allowed, nothing after the value): a new json_object to
** put, or NULL with a message in err. */
struct json_object;
struct json_object *kb_results_parse(const char *path, char *err,
                                     size_t len);

/* The version of the results file whose root is given: its
** context.kbench.results_format, else 1 (kbench's files before the key,
** and Google Benchmark's, whose keys never changed). */
int kb_results_format(struct json_object *root);

/* The times to judge c by, per run: with time KB_TIME_KERNEL (enum
** kb_time) its kernel times when it has them, else its event samples; *n
** of them, and *used says which. */
const double *kb_res_times(const kb_res_case *c, int time, size_t *n,
                           int *used);

/* How far c's time moves with where its memory landed: the spread of its
** event samples' median and its placement study's furthest placement
** (model/placement.h), when the study's rule says it is the placement;
** else 0 (no study, or within the noise). */
double kb_res_placement(const kb_res_case *c);

/* Reads path into run: 0, or -1 with a message in err (the file cannot be
** read, is not JSON, or has no "benchmarks" array).  The one reader of
** results files: kbench compare, fleet and report's readers use it, and
** tune's cache reads entries one by one (entries.h) with the same
** verdicts and devices (kb_res_entry_verdict, kb_res_entry_device). */
int kb_res_load(const char *path, kb_res_run *run, char *err, size_t len);
void kb_res_run_free(kb_res_run *run);
/* What an entry owns, once read (or what kb_res_pool left of it). */
void kb_res_entry_free(kb_res_entry *e);

/* One entry (a json_object of "benchmarks") read as kb_res_load reads it
** (entries.c reads entries so too): its verdict (kbench's
** "verdict", else Google Benchmark's error_occurred and skipped) with a
** failure's stage and message (kbench's, else Google Benchmark's
** error_message or skip_message; no stage for a crash, whose message
** names it, or for a verdict kbench does not know, which the message
** names); and its device, resolved within the file whose root is given
** (0, or -1 out of memory; free it with kb_res_device_free). */
/* Whether entry, the i-th of the file at path, of a results format
** (format.h), gives the time of a passed case where it must: in
** format 2 or later time_median_s, the judged median, a finite number;
** in any, a time to judge (samples_s with a finite number, else the
** median, else Google Benchmark's real_time in a time_unit known).  0, or
** -1 with err in kb_res_not_results's words naming the file, the entry
** and the key, and what it held ("time_median_s is null").  kb_res_load
** and tune's cache ask it of every passed entry: a time missing, null or
** not a number fails the file, and is never read as 0. */
int kb_res_entry_timed(struct json_object *entry, int format,
                       const char *path, size_t i, char *err, size_t len);
int kb_res_entry_verdict(struct json_object *entry, char *stage,
                         size_t slen, char *message, size_t mlen);
int kb_res_entry_device(struct json_object *root, struct json_object *entry,
                        kb_res_device *d);
void kb_res_device_free(kb_res_device *d);
/* A failure as the outputs quote it: "stage: message", or the message
** alone where there is no stage (a case's res.stage and res.message),
** whole in KB_FAILURE_TEXT_LEN bytes. */
#define KB_FAILURE_TEXT_LEN \
  (sizeof ((kb_result *)0)->stage + 2 + sizeof ((kb_result *)0)->message)
void kb_res_failure_text(const char *stage, const char *message, char *buf,
                         size_t len);

/* The one wording for a file that is not a results file, into err:
** "PATH: not a kbench or Google Benchmark results file: found WHAT", WHAT
** a printf format (kbench compare, fleet and tune's cache; kbench report
** and history say it the same way, from scripts/kbench-plot's load()). */
void kb_res_not_results(char *err, size_t elen, const char *path,
                        const char *found, ...);


#endif
