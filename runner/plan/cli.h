/* The command line of a benchmark run: its options, parsed (cli.c). */
#ifndef KB_CLI_H
#define KB_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "model/measure_cfg.h"
#include "model/params.h"
#include "model/verdict.h"
#include "plan/devices.h"

/* The watchdog's default: KB_CASE_TIMEOUT_S, or KB_CASE_TIMEOUT_FACTOR
** times the sampling --timeout when that is more. */
#define KB_CASE_TIMEOUT_S 120.0
#define KB_CASE_TIMEOUT_FACTOR 4
/*
** How long a kbench waits for a GPU another kbench holds (--lock-timeout):
** long enough for the other's run (the catalogue takes seconds, the whole
** make -j16 check about 1.5 minutes of which its tests queue for the GPU,
** bench/results/), short enough that a job behind a stopped or hung
** holder fails with the holder named instead of hanging until its CI's own
** limit.  The wait for the profiler (--metrics) shares it.
*/
#define KB_LOCK_TIMEOUT_S 600.0
/* How long a case that another process disturbed waits for the GPU to be
** quiet before it is measured again (--quiet-wait): a stray job's pause
** between its steps, not a whole job; a wait that runs out is not waited
** again until the GPU has been seen quiet, so a job that stays costs a run
** this once. */
#define KB_QUIET_WAIT_S 10.0
/* The longest --label, in bytes. */
#define KB_LABEL_MAX 200

typedef struct kb_options {
  const char **plugins;  /* --plugin arguments, and positional arguments
                            with a '/' or ending in .so: plugins to load */
  size_t n_plugins;
  const char **names;    /* other positional arguments without a wildcard:
                            a variant's name (job/catalogue.h says where
                            it is looked for) */
  size_t n_names;
  const char **patterns; /* positional arguments with * ? or [ and no '/':
                            patterns on variant names */
  size_t n_patterns;
  kb_assign *params;     /* --param NAME=VALUES, in order, parsed once */
  size_t n_params;
  const char **zips;     /* --zip groups, "A,B[,C...]" */
  size_t n_zips;
  const char **excludes; /* --exclude patterns */
  size_t n_excludes;
  int list;
  int list_metrics;      /* --list-metrics */
  int tap;               /* --tap or --format=tap */
  int json_stdout;       /* --format=json: JSON instead of the table */
  int markdown;          /* --format=md: markdown instead of the table */
  int csv_stdout;        /* --format=csv: --csv's rows on stdout ("-") */
  const char *json_path; /* --json=FILE */
  size_t repetitions;    /* runs of each case, each its own result */
  const char *label;     /* --label or $KBENCH_LABEL: the run's name in the
                            JSON context; NULL for none */
  int calibrate;
  uint64_t seed;
  int devices[KB_MAX_DEVICES];  /* CUDA ordinals: --device or --devices */
  size_t n_devices;
  int all_devices;       /* --devices=all: as many as the runtime reports */
  int device_given;      /* --device appeared */
  int devices_given;     /* --devices appeared */
  int all_ranks;         /* every rank prints, not rank 0 only */
  int exit_status;       /* --exit-status: a rank's own status, even under
                            a launcher (kb_job_status) */
  unsigned jobs;         /* --jobs: staging threads; 0: the cores */
  const char *csv_path;
  const char *samples_path;
  const char *cases_path;
  double case_timeout;   /* seconds from a case's setup to its teardown */
  int no_lock;           /* --no-lock: share the device */
  int64_t worker_uid;    /* --worker-uid: under root, a third-party
                            domain's worker runs as this uid and gid plus
                            its lane's index (worker/identity.h); -1: as
                            the user */
  kb_measure_cfg measure;
} kb_options;

/* --worker-uid's default: a range no account has (2147418112 and up, one
** uid a lane), so that a worker owns nothing, and no worker of another
** lane is its own user. */
#define KB_WORKER_UID_DEFAULT 0x7fff0000
#define KB_WORKER_UID_MAX 4294967294

/* 0: run; 1: done (help or version printed); -1: usage error printed. */
int kb_cli_parse(int argc, char **argv, kb_options *o);
/* cli_help.c: kbench --help's text, a printf format taking the plugin
** directory. */
extern const char kb_cli_usage[];

/*
** A subcommand that takes the run's options and some of its own (kbench
** tune): parsed in one pass, so that they mix in any order.
*/
struct option;
typedef struct kb_cli_more {
  const char *name;             /* "tune": messages say kbench tune */
  const char *usage;            /* --help's text, a printf format given
                                   the plugin directory */
  const struct option *options; /* its own, each val KB_CLI_MORE or more;
                                   ended by a zero entry */
  /* Its defaults of the run's settings, before the options (may be
  ** NULL). */
  void (*defaults)(kb_options *o, void *ctx);
  /* One of its own options: 0, or -1 with the message printed. */
  int (*one)(int opt, const char *arg, void *ctx);
  void *ctx;
} kb_cli_more;
#define KB_CLI_MORE 1024

/* Append item to the list of *n: 0, or -1 out of memory. */
int kb_cli_push(const char ***list, size_t *n, const char *item);

/* kb_cli_parse with more's options beside the run's. */
int kb_cli_parse_more(int argc, char **argv, kb_options *o,
                      const kb_cli_more *more);
void kb_cli_free(kb_options *o);

#endif
