/*
** kbench tune: the command (tune.h, which its pieces share).  It sets up
** as a run does (the plugins described by a worker, the plan, the devices,
** a lane each), turns the plan into problems, reads the cache, opens the
** files, and hands each lane its searches (loop.c); at the end it
** writes the best configurations and shows them.  Everything lives in
** kb_tune_main's frame.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/host_facts.h"
#include "model/verdict.h"
#include "job/catalogue.h"
#include "job/job.h"
#include "job/metrics_check.h"
#include "output/replace.h"
#include "commands/tune/tune.h"

/* The supervisor's word to the user (a wait for a GPU another kbench
** holds), beside the progress line. */
static void note(void *ctx, const char *msg)
{
  kb_progress *p = ctx;
  kb_progress_clear(p);
  fprintf(stderr, "kbench tune: warning: %s\n", msg);
  kb_progress_redraw(p);
}

/* A search per problem per device, each seeded from --seed; the stream is
** the problem's, so a device's search does not depend on how many others
** there are.  0, or -1 out of memory. */
static int make_searches(kb_tune *T)
{
  size_t n = T->n_problems * T->n_devices;
  T->searches = calloc(n ? n : 1, sizeof *T->searches);
  T->current = calloc(T->n_devices, sizeof *T->current);
  T->pending = calloc(T->n_devices, sizeof *T->pending);
  if (!T->searches || !T->current || !T->pending)
    return -1;
  for (size_t i = 0; i < n; i++) {
    kb_tune_search *s = &T->searches[i];
    const kb_tune_problem *p = &T->problems[i % T->n_problems];
    s->problem = p;
    s->lane = i / T->n_problems;
    s->best = -1;
    T->total += p->budget;
    if (kb_tuner_init(&s->tuner, T->t->strategy, &p->space, T->t->seed,
                      i % T->n_problems, p->budget))
      return -1;
  }
  return 0;
}

static void free_searches(kb_tune *T)
{
  for (size_t i = 0; T->searches && i < T->n_problems * T->n_devices; i++) {
    kb_tuner_free(&T->searches[i].tuner);
    free(T->searches[i].evals);
  }
  free(T->searches);
  free(T->current);
  free(T->pending);
}

/* Whether some problem is a CUDA variant's. */
static int any_cuda(const kb_tune *T)
{
  for (size_t i = 0; i < T->n_problems; i++)
    if (T->problems[i].variant->backend == KBENCH_BACKEND_CUDA)
      return 1;
  return 0;
}

/*
** The cache: read, and, when a CUDA variant is tuned, every device opened
** first, so that its entries are matched by the device's UUID from the
** first configuration on.  0, or -1 with the message printed.
*/
static int read_cache(kb_tune *T, kb_supervisor *sv, const char *path)
{
  char err[1024];
  if (!path)
    return 0;
  if (kb_tune_cache_read(&T->cache, path, err, sizeof err)) {
    fprintf(stderr, "kbench tune: --cache: %s\n", err);
    return -1;
  }
  if (any_cuda(T) && kb_supervisor_open(sv, err, sizeof err) > 0)
    fprintf(stderr, "kbench tune: warning: %s; its cached CUDA "
            "configurations are matched by ordinal\n", err);
  return 0;
}

/* A document of the search's: its entries and context with "tune"
** objects. */
static void tag(kb_tune *T, kb_json *j)
{
  j->context_more = kb_tune_context;
  j->context_ctx = T;
  j->entry_more = kb_tune_entry;
  j->entry_ctx = T;
}

/*
** The cache file, replaced whole after every step (output/replace.h), never
** rewritten in place: first with what it held, then after each
** configuration measured.  A kill at any moment, even in the middle of a
** write, leaves the last complete document, which the next search reads.
** 0, or -1 with a message in err.
*/
static int open_cache(kb_tune *T, const char *path,
                      const kb_run_context *run, char *err, size_t len)
{
  if (!path)
    return 0;
  if (kb_json_open_whole(&T->cache_out, path, run, err, len))
    return -1;
  tag(T, &T->cache_out);
  size_t n = T->cache ? kb_tune_cache_size(T->cache) : 0;
  const char **texts = malloc((n ? n : 1) * sizeof *texts);
  if (!texts) {
    snprintf(err, len, "out of memory");
    return -1;
  }
  for (size_t i = 0; i < n; i++)
    texts[i] = kb_tune_cache_text(T->cache, i);
  kb_json_raw(&T->cache_out, texts, n);
  free(texts);
  kb_writers_add(&T->writers, kb_json_writer(&T->cache_out));
  return kb_json_error(&T->cache_out, err, len);
}

/* --json, --csv, --samples and --format=json or md (stdout, for the first
** rank only, as a run's). */
static int open_outputs(kb_tune *T, const kb_run_context *run, int quiet,
                        char *err, size_t len)
{
  const kb_options *o = T->o;
  if (kb_csv_open(&T->csv, o->csv_stdout && quiet ? NULL : o->csv_path,
                  o->samples_path, T->devices, o->measure.metrics, err, len)
      || kb_json_open(&T->json, o->json_path, run, err, len)
      || kb_json_open(&T->json_stdout, o->json_stdout && !quiet ? "-" : NULL,
                      run, err, len)
      || kb_md_open(&T->md, o->markdown && !quiet ? stdout : NULL, run, err,
                    len))
    return -1;
  T->md.program = "kbench tune";
  tag(T, &T->json);
  tag(T, &T->json_stdout);
  kb_writers_add(&T->writers, kb_csv_writer(&T->csv));
  kb_writers_add(&T->writers, kb_json_writer(&T->json));
  kb_writers_add(&T->writers, kb_json_writer(&T->json_stdout));
  kb_writers_add(&T->writers, kb_md_writer(&T->md));
  return 0;
}

/* Close every file (the writers' end): 0, or -1 with the first failure
** printed. */
static int close_outputs(kb_tune *T, double seconds)
{
  char err[1024];
  if (kb_writers_end(&T->writers, seconds, err, sizeof err) == 0)
    return 0;
  fprintf(stderr, "kbench tune: %s\n", err);
  return -1;
}

/* The status the searches call for: each must have found a configuration
** that passed; one that found none is an error, or a skip when every
** configuration it tried was skipped (no CUDA device). */
static int status_of(const kb_tune *T)
{
  int status = KB_EXIT_OK;
  for (size_t i = 0; i < T->n_problems * T->n_devices; i++) {
    const kb_tune_search *s = &T->searches[i];
    int skipped = s->n_evals > 0;
    if (s->best >= 0)
      continue;
    for (size_t e = 0; e < s->n_evals; e++)
      skipped &= s->evals[e].verdict == KB_SKIP;
    status = kb_exit_worse(status, skipped ? KB_EXIT_SKIPPED
                                           : KB_EXIT_ERROR);
  }
  return status;
}

/* Everything once the supervisor runs: the exit status. */
static int tune(kb_tune *T, kb_supervisor *sv, kb_catalogue *cat,
                kb_plan *plan, const kb_launch *launch, int quiet, int argc,
                char **argv)
{
  kb_options *o = (kb_options *)T->o;
  char err[1024];
  if (kb_catalogue_load(cat, sv, o)) {
    fprintf(stderr, "kbench tune: out of memory\n");
    return KB_EXIT_ERROR;
  }
  for (size_t i = 0; i < cat->n_failures; i++)
    fprintf(stderr, "kbench tune: %s: %s\n", cat->failures[i].what,
            cat->failures[i].msg);
  if (kb_job_plan(plan, cat, o) || kb_tune_problems(T))
    return KB_EXIT_USAGE;
  if (kb_job_devices(sv, o, &T->devices, &T->n_devices))
    return KB_EXIT_ERROR;
  T->lanes = (kb_job_lanes){T->devices, &T->writers};
  sv->on_device = kb_job_device_opened;
  sv->device_ctx = &T->lanes;
  if (kb_check_metrics(sv, o) || read_cache(T, sv, T->t->cache_path))
    return KB_EXIT_USAGE;
  if (make_searches(T)) {
    fprintf(stderr, "kbench tune: out of memory\n");
    return KB_EXIT_ERROR;
  }
  /* --best is written at the end: a folder it cannot go in is said now,
  ** as the files below are, not after the whole search. */
  if (T->t->best_path && kb_replace_check(T->t->best_path, err, sizeof err)) {
    fprintf(stderr, "kbench tune: --best: %s\n", err);
    return KB_EXIT_USAGE;
  }
  kb_run_context run = {o, launch, argc, argv, T->devices, T->n_devices,
                        sv->seal};
  if (open_outputs(T, &run, quiet, err, sizeof err)
      || open_cache(T, T->t->cache_path, &run, err, sizeof err)) {
    fprintf(stderr, "kbench tune: %s\n", err);
    return KB_EXIT_USAGE;
  }
  kb_progress_begin(&T->progress, quiet ? NULL : stderr);
  T->progress.noun = "configuration";
  double t0 = kb_host_clock_s();
  kb_tune_loop(T, sv);
  double seconds = kb_host_clock_s() - t0;
  /* No worker outlives the files' last writes (the cache's among them). */
  kb_supervisor_end_workers(sv);
  int status = status_of(T);
  if (close_outputs(T, seconds))
    status = kb_exit_worse(status, KB_EXIT_ERROR);
  if (T->t->best_path
      && kb_tune_best(T, T->t->best_path, err, sizeof err)) {
    fprintf(stderr, "kbench tune: --best: %s\n", err);
    status = kb_exit_worse(status, KB_EXIT_ERROR);
  }
  /* --format=json, md or csv is stdout's, in place of the table. */
  if (!quiet && !o->json_stdout && !o->markdown && !o->csv_stdout)
    kb_tune_table(T, seconds);
  if (cat->n_failures)
    status = kb_exit_worse(status, KB_EXIT_LOAD);
  return status;
}

int kb_tune_main(int argc, char **argv)
{
  kb_options o;
  kb_tune_options t;
  int rc = kb_tune_parse(argc, argv, &o, &t);
  if (rc) {
    kb_tune_options_free(&o, &t);
    return rc > 0 ? KB_EXIT_OK : KB_EXIT_USAGE;
  }
  kb_tune T = {.o = &o, .t = &t};
  kb_catalogue cat = {0};
  kb_plan plan = {0};
  kb_supervisor sv;
  kb_launch launch;
  kb_job_file names[] = {{"--json", &o.json_path, ""},
                         {"--csv", &o.csv_path, ""},
                         {"--samples", &o.samples_path, ""},
                         {"--cache", &t.cache_path, ""},
                         {"--best", &t.best_path, ""}};
  char err[1024];
  T.plan = &plan;
  if (kb_job_detect(&launch, err, sizeof err)
      || kb_job_join(&o, &launch, names, 5, launch.rank != 0 && !o.all_ranks,
                     err, sizeof err)) {
    fprintf(stderr, "kbench tune: %s\n", err);
    kb_tune_options_free(&o, &t);
    return KB_EXIT_USAGE;
  }
  int quiet = launch.rank != 0 && !o.all_ranks;
  /* The GPU's lock as a run takes it: one kbench per GPU (--no-lock,
  ** --lock-timeout). */
  kb_worker_cfg cfg = kb_job_worker_cfg(&o);
  int status;
  if (kb_supervisor_init(&sv, &cfg, o.case_timeout, err, sizeof err)) {
    fprintf(stderr, "kbench tune: %s\n", err);
    status = KB_EXIT_ERROR;
  } else {
    sv.on_note = note;
    sv.note_ctx = &T.progress;
    status = tune(&T, &sv, &cat, &plan, &launch, quiet, argc, argv);
  }
  kb_json *files[] = {&T.json, &T.json_stdout, &T.cache_out};
  for (int i = 0; i < 3; i++)   /* after an early failure; safe twice */
    kb_json_close(files[i], err, sizeof err);
  kb_md_close(&T.md);
  kb_supervisor_close(&sv);
  free_searches(&T);
  kb_tune_cache_free(T.cache);
  kb_tune_problems_free(&T);
  free(T.devices);
  kb_plan_free(&plan);
  kb_catalogue_free(&cat);
  kb_tune_options_free(&o, &t);
  return sv.interrupted ? 128 + sv.interrupted : status;
}
