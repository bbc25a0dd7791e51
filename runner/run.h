/* One benchmark run: kbench without a subcommand. */
#ifndef KB_RUN_H
#define KB_RUN_H

#include <limits.h>

#include "catalogue.h"
#include "plan/cli.h"
#include "plan/devices.h"
#include "plan/launcher.h"
#include "plan/plan.h"
#include "process/supervisor.h"

/* The run's exit status (core/verdict.h), or 128 + the signal that
** interrupted it. */
int kb_run_main(int argc, char **argv);

/* What a run shares with the other modes that drive cases (kbench tune). */

/* Which process of a job this is, from the environment (launcher.h): 0, or
** -1 with a message in err. */
int kb_run_detect(kb_launch *l, char *err, size_t len);

/* A result file's option, where its value is kept, and room for its name
** once %r and %h are filled in. */
typedef struct kb_job_file {
  const char *opt;         /* "--json" */
  const char **path;       /* the option's value: NULL when not given */
  char name[PATH_MAX];
} kb_job_file;

/*
** Join the job: pick the device unless --device or --devices did, and name
** the n result files (kb_launch_path), pointing their paths at the names.
** A name without %r is written by every rank of a larger job, each over
** the others' file: said once, by the rank that prints (not quiet).  0, or
** -1 with a message in err.
*/
int kb_run_join(kb_options *o, kb_launch *l, kb_job_file *files, size_t n,
                int quiet, char *err, size_t len);

/*
** The devices to run on, one lane each.  For --devices=all the first
** lane's worker counts them: the supervisor never initialises CUDA (a
** crash or hang in the driver must cost a worker, not the run), and that
** worker goes on to run device 0's cases, so the count costs no extra
** start.  Without a device, all is device 0 alone, whose CUDA cases skip,
** as on any run without one.  0, or -1 (printed) when they cannot be had.
*/
int kb_run_devices(kb_supervisor *sv, const kb_options *o,
                   kb_run_device **devices, size_t *n);

/* The plan of o's cases (--cases, or --param's sweeps over the selected
** variants): 0, or -1 with the message printed. */
int kb_run_plan(kb_plan *plan, const kb_catalogue *cat, const kb_options *o);

#endif
