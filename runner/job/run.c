/*
** One benchmark run, the supervisor's whole job: it finds the plugins, has
** a worker describe them, plans the cases, has a worker per device run each
** one, and hands every result to the writers as it comes; it never loads a
** plugin or touches CUDA itself (process/supervisor.h).  Every piece of
** state lives in kb_run_main's frame and is passed down; nothing is global.
*/
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/format.h"
#include "util/host_facts.h"
#include "model/verdict.h"
#include "job/catalogue.h"
#include "job/job.h"
#include "job/metrics_check.h"
#include "output/csv.h"
#include "output/groups.h"
#include "output/markdown.h"
#include "output/results_json.h"
#include "output/writer.h"
#include "plan/cli.h"
#include "plan/launcher.h"
#include "plan/plan.h"
#include "process/supervisor.h"
#include "job/run.h"

/* The plan's progress: where results go, and the devices, each with its
** place in the plan. */
typedef struct kb_run {
  kb_writers *writers;
  const kb_options *o;
  const kb_plan *plan;
  kb_run_device *devices; /* one per lane of the supervisor */
  size_t n_devices;
  size_t *next;           /* per device: its next case x repetition */
} kb_run;

/* Give a device's worker its next case (one repetition of it), or, when it
** has none left or the run is stopping, tell the writers it is done. */
static void start_next(kb_supervisor *sv, kb_run *run, size_t lane)
{
  size_t k = run->next[lane], reps = run->o->repetitions;
  if (k >= run->plan->n * reps || sv->interrupted) {
    kb_writers_lane_done(run->writers, lane);
    return;
  }
  run->next[lane]++;
  const kb_plan_case *pc = &run->plan->cases[k / reps];
  kb_writers_start(run->writers, lane, pc);
  kb_job_send(sv, lane, pc, k / reps);
}

/* Every device's worker runs the whole plan, all at once; results are
** written as they come, whichever device they are from.  The exit status
** the results call for. */
static int run_plan(kb_supervisor *sv, kb_run *run)
{
  int status = KB_EXIT_OK;
  size_t lane, done = 0;
  size_t total = run->plan->n * run->o->repetitions * run->n_devices;
  kb_result res;
  for (lane = 0; lane < run->n_devices; lane++)
    start_next(sv, run, lane);
  while (kb_supervisor_next(sv, &lane, &res) == 0) {
    size_t k = run->next[lane] - 1, reps = run->o->repetitions;
    const kb_plan_case *pc = &run->plan->cases[k / reps];
    if (kb_supervisor_cut_short(sv, &res)) {
      /* A second interrupt ended it: no result of the case's, and not a
      ** crash, so it is left out, as the cases never started are. */
      char msg[sizeof pc->label + sizeof res.message + 128];
      snprintf(msg, sizeof msg, "%s %s: %s: not recorded",
               pc->variant->name, pc->label, res.message);
      if (sv->on_note)
        sv->on_note(sv->note_ctx, msg);
      else
        fprintf(stderr, "kbench: %s\n", msg);
    } else {
      kb_writers_result(run->writers, lane, pc, &res, k % reps);
      status = kb_exit_worse(status, kb_exit_of_case(res.verdict,
                                                       run->o->measure.strict));
      done++;
    }
    kb_result_free(&res);
    start_next(sv, run, lane);
  }
  if (sv->interrupted && done < total)
    fprintf(stderr, "kbench: stopped after %zu of %zu case%s\n", done, total,
            kb_s(total));
  if (sv->interrupted)
    kb_writers_interrupted(run->writers, kb_signal_name(sv->interrupted));
  return status;
}

/* The writers the options ask for: the files first (CSV, JSON), so that a
** result reaches them before anything else is done with it, and a crash of
** this process in the table's or markdown's work (issue 41's double free)
** loses no finished case from them; then the table, JSON on stdout and
** markdown on stdout. */
typedef struct kb_outputs {
  kb_report report;
  kb_groups groups;       /* the report, in device groups */
  kb_csv_files csv;
  kb_json json[2];        /* [0] --json's file, [1] --format=json's stdout */
  kb_markdown md;         /* --format=md's stdout */
  kb_writers writers;
} kb_outputs;

/* Open them: 0, or -1 with a message in err (a file that cannot be
** created is the user's to fix: KB_EXIT_USAGE, as ever). */
static int open_outputs(kb_outputs *out, const kb_run_context *run,
                        kb_run_device *devices, int quiet, char *err,
                        size_t len)
{
  const kb_options *o = run->o;
  if (kb_csv_open(&out->csv, o->csv_stdout && quiet ? NULL : o->csv_path,
                  o->samples_path, devices, o->measure.metrics, err, len)
      || kb_json_open(&out->json[0], o->json_path, run, err, len)
      || kb_json_open(&out->json[1], o->json_stdout && !quiet ? "-" : NULL,
                      run, err, len)
      || kb_md_open(&out->md, o->markdown && !quiet ? stdout : NULL, run,
                    err, len))
    return -1;
  kb_report_init(&out->report, o->json_stdout || o->markdown
                 || o->csv_stdout || quiet ? NULL
                 : stdout, o->tap, o->calibrate, o->measure.time, !quiet);
  kb_report_host(&out->report, &run->launch->cpus);
  kb_md_host(&out->md, &run->launch->cpus);
  kb_writers_add(&out->writers, kb_csv_writer(&out->csv));
  kb_writers_add(&out->writers, kb_json_writer(&out->json[0]));
  kb_writers_add(&out->writers, kb_table_writer(&out->groups));
  kb_writers_add(&out->writers, kb_json_writer(&out->json[1]));
  kb_writers_add(&out->writers, kb_md_writer(&out->md));
  return 0;
}

/* The supervisor's word to the user (a wait for a GPU), beside the
** progress line: before the outputs open, the report is all zeros and
** prints it plainly. */
static void note(void *ctx, const char *msg)
{
  kb_report_warning(ctx, msg);
}

/* Close what open_outputs opened, after a failure or the run's end (each
** close is safe twice). */
static void close_outputs(kb_outputs *out)
{
  char err[1024];
  kb_export_close(&out->csv.csv, err, sizeof err);
  kb_export_close(&out->csv.samples, err, sizeof err);
  kb_json_close(&out->json[0], err, sizeof err);
  kb_json_close(&out->json[1], err, sizeof err);
  kb_md_close(&out->md);
  kb_groups_free(&out->groups);
}

/* What a run holds, in kb_run_main's frame, for the steps below. */
typedef struct run_frame {
  kb_options o;
  kb_launch launch;
  kb_job_file names[3];   /* --json's, --csv's and --samples' names once %r
                             and %h are filled in: the options point here */
  int quiet;              /* a rank that does not print */
  int argc;
  char **argv;
  kb_supervisor sv;
  kb_catalogue cat;
  kb_plan plan;
  kb_outputs out;
  kb_run_device *devices; /* one per lane */
  size_t n_devices;
  size_t *next;           /* per device: its next case x repetition */
} run_frame;

/* Which process of a job this is, its files' names, and the supervisor:
** 0, or the exit status with the message printed. */
static int start(run_frame *F)
{
  kb_job_file names[] = {{"--json", &F->o.json_path, ""},
                         {"--csv", &F->o.csv_path, ""},
                         {"--samples", &F->o.samples_path, ""}};
  memcpy(F->names, names, sizeof names);
  char err[1024];
  if (kb_job_detect(&F->launch, err, sizeof err)) {
    fprintf(stderr, "kbench: %s\n", err);
    return KB_EXIT_USAGE;
  }
  /* Of a job's ranks only the first prints, unless asked: the others'
  ** tables would interleave with its own. */
  F->quiet = F->launch.rank != 0 && !F->o.all_ranks;
  if (kb_job_join(&F->o, &F->launch, F->names, 3, F->quiet, err,
                  sizeof err)) {
    fprintf(stderr, "kbench: %s\n", err);
    return KB_EXIT_USAGE;
  }
  if (F->o.list_metrics)
    kb_list_metrics_ask(&F->o);
  const kb_options *o = &F->o;
  kb_worker_cfg cfg = kb_job_worker_cfg(o);
  if (kb_supervisor_init(&F->sv, &cfg, o->case_timeout, err, sizeof err)) {
    fprintf(stderr, "kbench: %s\n", err);
    kb_supervisor_close(&F->sv);
    return KB_EXIT_ERROR;
  }
  F->sv.on_note = note;
  F->sv.note_ctx = &F->out.report;
  return 0;
}

/* The catalogue a worker describes, and what is answered from it alone
** (--list, --list-metrics): -1 to go on, else the exit status. */
static int describe(run_frame *F)
{
  if (kb_catalogue_load(&F->cat, &F->sv, &F->o)) {
    fprintf(stderr, "kbench: out of memory\n");
    return KB_EXIT_ERROR;
  }
  if (F->o.list) {
    if (kb_job_list(&F->cat, &F->o, F->quiet))
      return KB_EXIT_USAGE;
    return F->cat.n_failures ? KB_EXIT_LOAD : KB_EXIT_OK;
  }
  if (F->o.list_metrics)
    return kb_list_metrics(&F->sv, &F->o);
  return -1;
}

/* The plan, its devices, the --metrics check and the outputs: 0, or the
** exit status with the message printed. */
static int prepare(run_frame *F)
{
  char err[1024];
  if (kb_job_plan(&F->plan, &F->cat, &F->o))
    return KB_EXIT_USAGE;
  if (kb_job_devices(&F->sv, &F->o, &F->devices, &F->n_devices))
    return KB_EXIT_ERROR;
  if (kb_check_metrics(&F->sv, &F->o))
    return KB_EXIT_USAGE;
  kb_run_context run = {.o = &F->o, .launch = &F->launch, .argc = F->argc,
                        .argv = F->argv, .devices = F->devices,
                        .n_devices = F->n_devices, .seal = F->sv.seal};
  if (open_outputs(&F->out, &run, F->devices, F->quiet, err, sizeof err)) {
    fprintf(stderr, "kbench: %s\n", err);
    return KB_EXIT_USAGE;
  }
  kb_report_labels(&F->out.report, &F->plan);
  if (!(F->next = calloc(F->n_devices, sizeof *F->next))
      || kb_groups_begin(&F->out.groups, &F->out.report, F->devices,
                         F->n_devices, &F->o.measure)) {
    fprintf(stderr, "kbench: out of memory\n");
    return KB_EXIT_ERROR;
  }
  return 0;
}

/* The plan run on every device, the results written: the exit status. */
static int measure(run_frame *F)
{
  const kb_options *o = &F->o;
  kb_writers *writers = &F->out.writers;
  kb_run run = {.writers = writers, .o = o, .plan = &F->plan,
                .devices = F->devices, .n_devices = F->n_devices,
                .next = F->next};
  kb_job_lanes lanes = {F->devices, writers};
  F->sv.on_device = kb_job_device_opened;
  F->sv.device_ctx = &lanes;
  kb_writers_begin(writers, F->cat.n_failures
                            + F->plan.n * o->repetitions * F->n_devices);
  for (size_t i = 0; i < F->cat.n_failures; i++) {
    kb_report_load_failure(&F->out.report, F->cat.failures[i].what,
                           F->cat.failures[i].msg);
    kb_md_load_failure(&F->out.md, F->cat.failures[i].what,
                       F->cat.failures[i].msg);
  }
  double t0 = kb_host_clock_s();
  int status = run_plan(&F->sv, &run);
  double seconds = kb_host_clock_s() - t0;
  /* No worker outlives the files' last writes: a plugin's destructor runs
  ** as its worker exits. */
  kb_supervisor_end_workers(&F->sv);
  F->sv.on_device = NULL;   /* lanes is this frame's */
  if (F->cat.n_failures)
    status = kb_exit_worse(status, KB_EXIT_LOAD);
  char err[1024];
  if (kb_writers_end(writers, seconds, err, sizeof err)) {
    fprintf(stderr, "kbench: %s\n", err);
    status = kb_exit_worse(status, KB_EXIT_ERROR);
  }
  return status;
}

int kb_run_main(int argc, char **argv)
{
  run_frame F = {.argc = argc, .argv = argv};
  int rc = kb_cli_parse(argc, argv, &F.o);
  if (rc != 0) {
    kb_cli_free(&F.o);
    return rc > 0 ? KB_EXIT_OK : KB_EXIT_USAGE;
  }
  int status = start(&F);
  if (status) {
    kb_cli_free(&F.o);
    return status;
  }
  status = describe(&F);
  if (status < 0 && !(status = prepare(&F)))
    status = measure(&F);
  close_outputs(&F.out);
  kb_supervisor_close(&F.sv);
  free(F.next);
  free(F.devices);
  kb_plan_free(&F.plan);
  kb_catalogue_free(&F.cat);
  int exit_status = F.o.exit_status;
  kb_cli_free(&F.o);
  /* An interrupted run wrote what finished; it ends as the signal asked. */
  return F.sv.interrupted ? 128 + F.sv.interrupted
                          : kb_job_status(&F.launch, exit_status, status);
}
