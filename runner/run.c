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
#include <time.h>

#include "core/verdict.h"
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
#include "run.h"

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
    kb_writers_result(run->writers, lane, &run->plan->cases[k / reps], &res,
                      k % reps);
    status = kb_exit_worse(status, kb_exit_of(res.verdict));
    kb_result_free(&res);
    done++;
    start_next(sv, run, lane);
  }
  if (sv->interrupted && done < total)
    fprintf(stderr, "kbench: stopped after %zu of %zu cases\n", done, total);
  return status;
}

static double seconds_since(const struct timespec *t0)
{
  struct timespec t1;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  return (double)(t1.tv_sec - t0->tv_sec) + (t1.tv_nsec - t0->tv_nsec) * 1e-9;
}

/* The writers the options ask for, in the order they always ran: the
** table, the CSV files, the JSON file, JSON on stdout; then markdown on
** stdout. */
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
static int open_outputs(kb_outputs *out, const kb_options *o,
                        const kb_launch *launch, int argc, char **argv,
                        kb_run_device *devices, size_t n_devices, int quiet,
                        char *err, size_t len)
{
  if (kb_csv_open(&out->csv, o->csv_path, o->samples_path, devices,
                  o->measure.metrics, err, len)
      || kb_json_open(&out->json[0], o->json_path, o, launch, argc, argv,
                      devices, n_devices, err, len)
      || kb_json_open(&out->json[1], o->json_stdout && !quiet ? "-" : NULL, o,
                      launch, argc, argv, devices, n_devices, err, len)
      || kb_md_open(&out->md, o->markdown && !quiet ? stdout : NULL, o, argc,
                    argv, devices, n_devices, err, len))
    return -1;
  kb_report_init(&out->report, o->json_stdout || o->markdown || quiet ? NULL
                 : stdout, o->tap, o->calibrate, !quiet);
  kb_writers_add(&out->writers, kb_table_writer(&out->groups));
  kb_writers_add(&out->writers, kb_csv_writer(&out->csv));
  kb_writers_add(&out->writers, kb_json_writer(&out->json[0]));
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

int kb_run_main(int argc, char **argv)
{
  kb_options o;
  int rc = kb_cli_parse(argc, argv, &o);
  if (rc != 0) {
    kb_cli_free(&o);
    return rc > 0 ? KB_EXIT_OK : KB_EXIT_USAGE;
  }
  kb_catalogue cat = {0};
  kb_plan plan = {0};
  kb_outputs out = {0};
  kb_supervisor sv;
  kb_launch launch;
  kb_job_file names[] = {{"--json", &o.json_path, ""},
                         {"--csv", &o.csv_path, ""},
                         {"--samples", &o.samples_path, ""}};
  char err[1024];
  int status = KB_EXIT_OK, exit_status;
  kb_run_device *devices = NULL;
  size_t n_devices = 0, *next = NULL;
  if (kb_job_detect(&launch, err, sizeof err)) {
    fprintf(stderr, "kbench: %s\n", err);
    kb_cli_free(&o);
    return KB_EXIT_USAGE;
  }
  /* Of a job's ranks only the first prints, unless asked: the others'
  ** tables would interleave with its own. */
  int quiet = launch.rank != 0 && !o.all_ranks;
  if (kb_job_join(&o, &launch, names, 3, quiet, err, sizeof err)) {
    fprintf(stderr, "kbench: %s\n", err);
    kb_cli_free(&o);
    return KB_EXIT_USAGE;
  }
  if (o.list_metrics)
    kb_list_metrics_ask(&o);
  kb_job job = {o.measure, o.seed, o.devices[0], o.calibrate, 1, o.jobs,
                !o.no_lock};
  if (kb_supervisor_init(&sv, &job, o.case_timeout, err, sizeof err)) {
    fprintf(stderr, "kbench: %s\n", err);
    kb_supervisor_close(&sv);
    kb_cli_free(&o);
    return KB_EXIT_ERROR;
  }
  sv.on_note = note;
  sv.note_ctx = &out.report;
  if (kb_catalogue_load(&cat, &sv, &o)) {
    fprintf(stderr, "kbench: out of memory\n");
    status = KB_EXIT_ERROR;
    goto done;
  }
  if (o.list) {
    kb_catalogue_list(&cat, quiet);
    status = cat.n_failures ? KB_EXIT_LOAD : KB_EXIT_OK;
    goto done;
  }
  if (o.list_metrics) {
    status = kb_list_metrics(&sv, &o);
    goto done;
  }
  if (kb_job_plan(&plan, &cat, &o)) {
    status = KB_EXIT_USAGE;
    goto done;
  }
  if (kb_job_devices(&sv, &o, &devices, &n_devices)) {
    status = KB_EXIT_ERROR;
    goto done;
  }
  if (kb_check_metrics(&sv, &o)) {
    status = KB_EXIT_USAGE;
    goto done;
  }
  if (open_outputs(&out, &o, &launch, argc, argv, devices, n_devices, quiet,
                   err, sizeof err)) {
    fprintf(stderr, "kbench: %s\n", err);
    status = KB_EXIT_USAGE;
    goto done;
  }
  if (!(next = calloc(n_devices, sizeof *next))
      || kb_groups_begin(&out.groups, &out.report, devices, n_devices,
                         &o.measure)) {
    fprintf(stderr, "kbench: out of memory\n");
    status = KB_EXIT_ERROR;
    goto done;
  }
  kb_run run = {.writers = &out.writers, .o = &o, .plan = &plan,
                .devices = devices, .n_devices = n_devices, .next = next};
  kb_job_lanes lanes = {devices, &out.writers};
  sv.on_device = kb_job_device_opened;
  sv.device_ctx = &lanes;
  kb_writers_begin(&out.writers,
                   cat.n_failures + plan.n * o.repetitions * n_devices);
  for (size_t i = 0; i < cat.n_failures; i++) {
    kb_report_load_failure(&out.report, cat.failures[i].what,
                           cat.failures[i].msg);
    kb_md_load_failure(&out.md, cat.failures[i].what, cat.failures[i].msg);
  }
  struct timespec t0;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  status = run_plan(&sv, &run);
  double seconds = seconds_since(&t0);
  if (cat.n_failures)
    status = kb_exit_worse(status, KB_EXIT_LOAD);
  if (kb_writers_end(&out.writers, seconds, err, sizeof err)) {
    fprintf(stderr, "kbench: %s\n", err);
    status = kb_exit_worse(status, KB_EXIT_ERROR);
  }
done:
  exit_status = o.exit_status;
  close_outputs(&out);
  kb_supervisor_close(&sv);
  free(next);
  free(devices);
  kb_plan_free(&plan);
  kb_catalogue_free(&cat);
  kb_cli_free(&o);
  /* An interrupted run wrote what finished; it ends as the signal asked. */
  return sv.interrupted ? 128 + sv.interrupted
                        : kb_job_status(&launch, exit_status, status);
}
