/*
** kbench fleet's judgement (judge.c): the GPUs of many results
** files in their model groups, each case's reference within a group, and
** which GPUs are slow or broken; the host cases of each rank apart, as
** hosts judged against hosts.
*/
#ifndef KB_FLEET_JUDGE_H
#define KB_FLEET_JUDGE_H

#include <stddef.h>

#include "model/clock_events.h"
#include "model/disturbers.h"
#include "results/reader.h"

typedef struct kb_fleet_cfg {
  double tolerance;        /* percent over the reference that is slow */
  double host_tolerance;   /* the same for cases of backend "host" */
  const kb_res_run *baseline;  /* --baseline FILE, or NULL: where it has a
                              case on a GPU of a group's model (or on the
                              host, for the hosts), its median is that
                              group's reference for the case */
  int time;                /* enum kb_time: --time, judged where every
                              passed file of a case has it */
} kb_fleet_cfg;

/* Why a GPU's result for a case is flagged. */
enum kb_fleet_flag {
  KB_FLEET_FINE = 0,
  KB_FLEET_SLOW,       /* passed, but slower than the fleet by too much */
  KB_FLEET_FAILED,     /* FAIL, ERROR or CRASH (a crash or a time-out) */
  KB_FLEET_SKIPPED,    /* SKIP where another GPU ran it, or on a GPU that
                          ran none of its cases */
  KB_FLEET_MISSING,    /* not in its files, while another GPU has it */
  KB_FLEET_DISTURBED,  /* another process used the GPU during the case:
                          its times are not the GPU's own, and it is no
                          part of the reference the others are judged by */
  KB_FLEET_N_FLAGS
};

/* One GPU's (or host's) result for one case: its entries of every file,
** pooled. */
typedef struct kb_fleet_cell {
  int present;             /* the GPU's files have the case */
  int verdict;             /* enum kb_verdict, the worst of its entries */
  const kb_result *worst;  /* the result of the file whose verdict is
                              the cell's: a failure's stage and message */
  double *samples;         /* pooled over passed entries */
  size_t n_samples;
  double median;           /* seconds; NAN unless it passed */
  double reference;        /* its group's reference (kb_fleet_reference,
                              or the baseline's median) */
  int from_baseline;       /* the reference is the baseline's */
  double ratio;            /* median / reference; NAN when not known */
  int flag;                /* enum kb_fleet_flag */
  uint64_t clock_events;   /* NVML's clock-event reasons of its samples,
                              OR'd over its entries (model/clock_events.h) */
  double placement;        /* how far the case moved between two
                              allocations on this GPU, when beyond its
                              noise (kb_res_placement); 0 otherwise */
  int split;               /* slow only on the slow side of a placement
                              split (judge.c): flagged after all cases
                              are judged if the GPU is slow elsewhere too */
} kb_fleet_cell;

/* A model group: the GPUs of one name and memory size, judged against
** each other only (an H100 is never slow for not being an H200); the
** hosts are a group of their own. */
typedef struct kb_fleet_group {
  const char *name;        /* the device name; NULL: unknown, or the host */
  double mem_bytes;        /* global_mem_bytes; 0 when unknown */
  int host;                /* the group of the hosts */
  size_t n;                /* its GPUs (or hosts) */
  size_t baseline_cases;   /* cases whose reference is the baseline's */
} kb_fleet_group;

/* A GPU: one device, named by its UUID, else by its ordinal in one rank on
** one host; from one file or several (the same GPU on several days).  Or
** a host: the host cases of one rank on one host (host = 1). */
typedef struct kb_fleet_gpu {
  const char *host_name;   /* context.host_name, or NULL */
  int rank;                /* -1 when its files do not say */
  int host;                /* the host cases of a rank, not a GPU */
  size_t group;            /* index in kb_fleet.groups */
  const kb_res_device *device;  /* resolved in its file (reader.h) */
  const char **files;      /* paths of the files it came from */
  size_t n_files;
  char label[128];         /* "node7 r3 d1 GPU-0634182d", "node7 r3 host":
                              how reports name it */
  size_t cases;            /* cases its files have */
  size_t passed;           /* of them, passed: a GPU with cases and none
                              passed ran nothing (no device, a broken
                              driver), and each skip of it is flagged */
  size_t flags[KB_FLEET_N_FLAGS];  /* its cases, counted by flag */
  int flagged;             /* any case flagged */
  double worst_ratio;      /* its largest ratio, NAN when none */
  const char *worst_case;  /* that case's name, or NULL */
  kb_disturbers disturbers;   /* the processes its disturbed cases name */
  const char *interrupted; /* the signal that stopped a run of its files
                              early ("SIGINT"), or NULL: what it lacks is
                              missing, not failed */
  kb_clock_tally slow_clocks; /* its slow cases, and the limits on its
                                 clocks their samples ran under */
} kb_fleet_gpu;

typedef struct kb_fleet_case {
  const char *name;
  const char *backend;     /* "cuda", "host" or "" */
  double tolerance;        /* the one that applies, percent */
  int time;                /* enum kb_time judged: kernel time when asked
                              and every passed file's case has it */
  size_t passed;           /* GPUs that passed it */
  double fleet_median;     /* the slowest GPU's reference; NAN when none */
  double min_ratio, max_ratio;   /* NAN when none passed */
  size_t slowest;          /* the GPU of max_ratio */
  size_t flagged;          /* GPUs flagged on this case */
  double placement;        /* percent: the most its GPUs saw it move
                              between two allocations; the tolerance is at
                              least this */
  size_t excused;          /* GPUs past the tolerance not flagged: within
                              its placement, or one kernel's split */
} kb_fleet_case;

typedef struct kb_fleet {
  const kb_fleet_cfg *cfg;
  size_t n_files;
  kb_fleet_gpu *gpus;      /* GPUs and hosts, in order of first appearance */
  size_t n_gpus;
  size_t n_real;           /* how many of them are GPUs, not hosts */
  kb_fleet_group *groups;  /* in order of first appearance */
  size_t n_groups;
  size_t n_model_groups;   /* groups of GPUs (not the hosts') */
  size_t hosts_flagged;    /* hosts flagged (flagged counts GPUs) */
  kb_fleet_case *cases;    /* in order of first appearance */
  size_t n_cases;
  kb_fleet_cell *cells;    /* n_cases rows of n_gpus cells */
  size_t flagged;          /* GPUs flagged */
  size_t excused;          /* cells past the tolerance not flagged */
} kb_fleet;

/* The reference that a GPU's median for a case is judged against, from
** the medians m[0..n) of the GPUs of its group that passed the case: their
** median when 3 or more, the faster when 2 (the median of two is their
** mean, which a slow GPU drags towards itself: docs/clusters.md), its own
** when alone; NAN when n is 0. */
double kb_fleet_reference(const double *m, size_t n);

/* The cell of case c on GPU g. */
#define KB_FLEET_CELL(f, c, g) (&(f)->cells[(c) * (f)->n_gpus + (g)])

/* Gathers the GPUs and cases of n runs and judges them into f, which
** points into runs (they must outlive it): 0, or -1 when memory runs
** out. */
int kb_fleet_judge(const kb_res_run *runs, size_t n, const kb_fleet_cfg *cfg,
                   kb_fleet *f);
void kb_fleet_free(kb_fleet *f);

/* "slow", "failed", "skipped", "missing", "disturbed" ("" for fine). */
const char *kb_fleet_flag_name(int flag);
/* "ok", or "FLAGGED (1 slow, 2 failed)"; a GPU whose slow cases ran under
** a limit on its clocks says which: "FLAGGED (12 slow; the slow all under
** a power cap)"; a GPU another process disturbed says by what: "FLAGGED
** (disturbed by another process: pid 4242 (stray_copy), 43 cases)".  KB_FLEET_VERDICT_LEN holds any. */
#define KB_FLEET_VERDICT_LEN (240 + KB_DISTURBERS_TEXT_LEN)
void kb_fleet_verdict(const kb_fleet_gpu *g, char *buf, size_t len);

#endif
