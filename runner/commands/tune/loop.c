/*
** kbench tune's searches on every device at once (tune.h): each lane of
** the supervisor works through its searches in turn, one configuration at
** a time.  A configuration the cache holds is taken from it; any other is
** sent to the lane's worker, and its result, whatever it is, recorded as
** an evaluation before the search goes on.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/host_facts.h"
#include "model/verdict.h"
#include "job/job.h"
#include "process/supervisor.h"
#include "commands/tune/tune.h"

/* The search lane is on, or NULL when it has none left. */
static kb_tune_search *lane_search(kb_tune *T, size_t lane)
{
  for (; T->current[lane] < T->n_problems; T->current[lane]++) {
    kb_tune_search *s = &T->searches[lane * T->n_problems
                                     + T->current[lane]];
    if (!s->done)
      return s;
  }
  return NULL;
}

/* The next configuration of s, or -1 when its budget or space is spent. */
static long propose(const kb_tune *T, kb_tune_search *s)
{
  if (s->n_evals >= s->problem->budget
      || (T->t->budget_s > 0 && s->t0 > 0 && kb_host_clock_s() - s->t0 >= T->t->budget_s))
    return -1;
  if (s->t0 == 0)
    s->t0 = kb_host_clock_s();
  return kb_tuner_next(&s->tuner);
}

static double cost_of(const kb_tune *T, const kb_tune_eval *e)
{
  return e->has_value ? kb_objective_cost(&T->t->objective, e->value)
                      : INFINITY;
}

/* Evaluation e of s is known: the strategy is told and the best kept.
** The evaluation as kept, or NULL out of memory. */
static const kb_tune_eval *record(kb_tune *T, kb_tune_search *s,
                                  const kb_tune_eval *e)
{
  if (s->n_evals == s->cap) {
    size_t cap = s->cap ? 2 * s->cap : 16;
    kb_tune_eval *grown = realloc(s->evals, cap * sizeof *grown);
    if (!grown) {
      fprintf(stderr, "kbench tune: out of memory: evaluation %zu of %s is "
              "not kept\n", s->n_evals + 1, s->problem->fixed);
      return NULL;
    }
    s->evals = grown;
    s->cap = cap;
  }
  s->evals[s->n_evals] = *e;
  double cost = cost_of(T, e);
  kb_tuner_tell(&s->tuner, e->config, cost);
  if (isfinite(cost) && (s->best < 0 || cost < cost_of(T, &s->evals[s->best])))
    s->best = (long)s->n_evals;
  s->n_evals++;
  T->evaluations++;
  return &s->evals[s->n_evals - 1];
}

/* Configuration config of s from the cache: 1 when it was there and is
** recorded, 0 when it must be measured. */
static int from_cache(kb_tune *T, kb_tune_search *s, size_t config)
{
  if (!T->cache)
    return 0;
  const kb_plan_case *pc = &T->plan->cases[s->problem->cases[config]];
  const kb_run_device *d = &T->devices[s->lane];
  int cuda = pc->variant->backend == KBENCH_BACKEND_CUDA;
  char name[1024];
  kb_case_name(name, sizeof name, pc->plugin, pc->variant, pc->values);
  kb_tune_key key = {name, d->ordinal,
                     cuda && d->opened && d->report.uuid[0]
                     ? d->report.uuid : NULL,
                     cuda ? kb_mode_name(T->o->measure.mode) : "host",
                     !cuda, T->o->measure.time};
  kb_tune_hit hit;
  if (!kb_tune_cache_find(T->cache, &key, &T->t->objective, &hit))
    return 0;
  kb_tune_eval e = {.config = config, .verdict = hit.verdict,
                    .has_value = hit.has_value, .value = hit.value,
                    .cached = 1};
  if (!hit.has_value)
    snprintf(e.note, sizeof e.note, "%s", hit.note);
  /* Its entry, again, in --json (and --format=json), with a "tune"
  ** object of this search. */
  T->tagging = (kb_tune_tagging){s, record(T, s, &e)};
  struct json_object *entry = T->tagging.eval
                              ? kb_tune_cache_untagged(T->cache, hit.entry)
                              : NULL;
  if (entry) {
    kb_json_object(&T->json, entry);
    kb_json_object(&T->json_stdout, entry);
  }
  return 1;
}

/* The result of lane's configuration, recorded. */
static void measured(kb_tune *T, size_t lane, kb_result *res)
{
  kb_tune_search *s = lane_search(T, lane);
  size_t config = T->pending[lane];
  const kb_plan_case *pc = &T->plan->cases[s->problem->cases[config]];
  kb_tune_eval e = {.config = config, .verdict = res->verdict};
  if (res->verdict == KB_PASS)
    e.has_value = kb_objective_value(&T->t->objective, res, &e.value,
                                     e.note, sizeof e.note) == 0;
  else
    kb_result_error_text(res, e.note, sizeof e.note);
  s->measured++;
  T->measured++;
  /* To every writer (--csv, --samples, --json, --format, the cache), its
  ** JSON entries with a "tune" object (kb_tune_entry). */
  T->tagging = (kb_tune_tagging){s, record(T, s, &e)};
  kb_writers_result(&T->writers, lane, pc, res, 0);
}

/* Give lane's worker its next configuration to measure, taking those the
** cache holds on the way; when its searches are over or the run is
** stopping, tell the writers the lane is done. */
static void start_next(kb_tune *T, kb_supervisor *sv, size_t lane)
{
  kb_tune_search *s;
  while (!sv->interrupted && (s = lane_search(T, lane))) {
    long c = propose(T, s);
    if (c < 0) {
      s->done = 1;
      continue;
    }
    if (from_cache(T, s, (size_t)c))
      continue;
    const kb_plan_case *pc = &T->plan->cases[s->problem->cases[c]];
    /* Every configuration sees the same inputs: those of the first case
    ** of a run, as kbench --cases=BEST gives them. */
    T->pending[lane] = (size_t)c;
    kb_tune_progress(T, s, (size_t)c);
    kb_writers_start(&T->writers, lane, pc);
    kb_job_send(sv, lane, pc, 0);
    return;
  }
  kb_writers_lane_done(&T->writers, lane);
}

void kb_tune_loop(kb_tune *T, kb_supervisor *sv)
{
  size_t lane;
  kb_result res;
  kb_writers_begin(&T->writers, T->total);
  for (lane = 0; lane < T->n_devices; lane++)
    start_next(T, sv, lane);
  while (kb_supervisor_next(sv, &lane, &res) == 0) {
    /* A second Ctrl-C killed it: not the configuration's failure, and
    ** not to be cached as one. */
    if (!kb_supervisor_cut_short(sv, &res))
      measured(T, lane, &res);
    kb_result_free(&res);
    start_next(T, sv, lane);
  }
  if (sv->interrupted)
    kb_writers_interrupted(&T->writers, kb_signal_name(sv->interrupted));
  kb_progress_clear(&T->progress);
}
