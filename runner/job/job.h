/*
** What a run and kbench tune share on the supervisor's side (job.c): which
** process of a launcher's job this is, its device and result files, the
** devices to run on, the plan of cases, a case sent to a worker, and a
** device's facts once its worker opened it.
*/
#ifndef KB_JOB_H
#define KB_JOB_H

#include <limits.h>
#include <stddef.h>

#include "model/device_report.h"
#include "job/catalogue.h"
#include "output/writer.h"
#include "plan/cli.h"
#include "plan/launcher.h"
#include "plan/plan.h"
#include "process/supervisor.h"

/* What every worker of a run or a search is told (process/protocol.h),
** from the options: the same for both, the GPU's lock included unless
** --no-lock, and the containment's switch from the environment
** (process/contain.h). */
kb_worker_cfg kb_job_worker_cfg(const kb_options *o);

/* Which process of a job this is, from the environment (launcher.h): 0, or
** -1 with a message in err. */
int kb_job_detect(kb_launch *l, char *err, size_t len);

/* The status a run exits with, from its own: under a launcher, a rank
** whose cases failed (1, 3 to 6) says so on stderr and exits 0 unless
** --exit-status, as mpirun (and srun --kill-on-bad-exit) end every rank of
** a job when one exits non-zero, which would cost the others their
** results; kbench fleet judges the ranks' files.  A usage error (2) is
** returned as ever. */
int kb_job_status(const kb_launch *l, int exit_status, int status);

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
int kb_job_join(kb_options *o, kb_launch *l, kb_job_file *files, size_t n,
                int quiet, char *err, size_t len);

/*
** The devices to run on, one lane each.  For --devices=all the first
** lane's worker counts them: the supervisor never initialises CUDA (a
** crash or hang in the driver must cost a worker, not the run), and that
** worker goes on to run device 0's cases, so the count costs no extra
** start.  Without a device, all is device 0 alone, whose CUDA cases skip,
** as on any run without one.  0, or -1 (printed) when they cannot be had.
*/
int kb_job_devices(kb_supervisor *sv, const kb_options *o,
                   kb_run_device **devices, size_t *n);

/* --list: the variants a run of o would plan (its names, patterns,
** --exclude and --plugin select them as they do a run's), each with its
** parameters, on stdout unless quiet; the catalogue's load failures on
** stderr.  0, or -1 with the message printed (a pattern that matches
** nothing, out of memory). */
int kb_job_list(const kb_catalogue *cat, const kb_options *o, int quiet);

/* The plan of o's cases (--cases, or --param's sweeps over the selected
** variants): 0, or -1 with the message printed. */
int kb_job_plan(kb_plan *plan, const kb_catalogue *cat, const kb_options *o);

/* Have lane's worker run case pc of the plan; index is the case's place in
** the plan, which seeds its inputs. */
void kb_job_send(kb_supervisor *sv, size_t lane, const kb_plan_case *pc,
                 size_t index);

/* The lanes' devices and the writers told when each opens: the context of
** kb_job_device_opened, the supervisor's on_device callback. */
typedef struct kb_job_lanes {
  kb_run_device *devices;  /* one per lane */
  kb_writers *writers;
} kb_job_lanes;
void kb_job_device_opened(void *ctx, size_t lane, const kb_device_report *d);

#endif
