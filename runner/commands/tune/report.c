/*
** What kbench tune shows and leaves behind (tune.h): the progress line on
** a terminal, the closing table of each search's best configurations, and
** --best's --cases file.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/format.h"
#include "model/verdict.h"
#include "output/replace.h"
#include "commands/tune/tune.h"

/* " on device N" when the run has several devices, else "". */
static void where(const kb_tune *T, const kb_tune_search *s, char *buf,
                  size_t len)
{
  buf[0] = '\0';
  if (T->n_devices > 1)
    snprintf(buf, len, " on device %d", T->devices[s->lane].ordinal);
}

void kb_tune_progress(kb_tune *T, const kb_tune_search *s, size_t config)
{
  const kb_tune_problem *p = s->problem;
  char now[256], best[400] = "", on[32], value[64], what[1024];
  kb_tune_config_text(p, T->plan, config, now, sizeof now);
  where(T, s, on, sizeof on);
  /* The best first: a narrow terminal cuts the line's end. */
  if (s->best >= 0) {
    const kb_tune_eval *b = &s->evals[s->best];
    char config_text[256];
    kb_tune_config_text(p, T->plan, b->config, config_text,
                        sizeof config_text);
    kb_objective_format(&T->t->objective, b->value, value, sizeof value);
    snprintf(best, sizeof best, "best %s %s, now ", config_text, value);
  }
  snprintf(what, sizeof what, "%s%s%s %s", best, p->variant->name, on, now);
  kb_progress_show(&T->progress, T->evaluations + 1, T->total, what);
}

/* An evaluation with a value, and its cost, to be sorted. */
typedef struct ranked_eval {
  double cost;
  const kb_tune_eval *e;
} ranked_eval;

static int by_cost(const void *a, const void *b)
{
  const ranked_eval *x = a, *y = b;
  return (x->cost > y->cost) - (x->cost < y->cost);
}

/* The evaluations of s with a value, best first, into out: how many. */
static size_t ranked(const kb_tune *T, const kb_tune_search *s,
                     ranked_eval *out)
{
  size_t n = 0;
  for (size_t i = 0; i < s->n_evals; i++)
    if (s->evals[i].has_value)
      out[n++] = (ranked_eval){kb_objective_cost(&T->t->objective,
                                                 s->evals[i].value),
                               &s->evals[i]};
  qsort(out, n, sizeof *out, by_cost);
  return n;
}

/* How much worse than the best a value is: 1.000 for the best. */
static double against(const kb_tune *T, double v, double best)
{
  double r = T->t->objective.maximize ? best / v : v / best;
  return isfinite(r) ? r : NAN;
}

static void table_search(const kb_tune *T, const kb_tune_search *s)
{
  const kb_tune_problem *p = s->problem;
  ranked_eval *rows = malloc((s->n_evals ? s->n_evals : 1) * sizeof *rows);
  size_t n = rows ? ranked(T, s, rows) : 0, failed = 0;
  char on[32], text[256], value[64];
  where(T, s, on, sizeof on);
  printf("\n%s%s: %zu of %zu configuration%s evaluated (%zu measured, %zu "
         "from the cache)%s\n", p->fixed, on, s->n_evals, p->space.n,
         kb_s(p->space.n), s->measured, s->n_evals - s->measured,
         s->done ? "" : ", stopped early");
  if (n > 0) {
    printf("  %4s  %-32s %14s  %s\n", "rank", "configuration",
           T->t->objective.name, "x best");
    for (size_t i = 0; i < n && i < T->t->top; i++) {
      const kb_tune_eval *e = rows[i].e;
      kb_tune_config_text(p, T->plan, e->config, text, sizeof text);
      kb_objective_format(&T->t->objective, e->value, value, sizeof value);
      printf("  %4zu  %-32s %14s  %.3f%s\n", i + 1, text[0] ? text : "-",
             value, against(T, e->value, rows[0].e->value),
             e->cached ? "  (cached)" : "");
    }
  }
  for (size_t i = 0; i < s->n_evals; i++) {
    const kb_tune_eval *e = &s->evals[i];
    if (e->has_value)
      continue;
    if (failed++ < T->t->top) {
      kb_tune_config_text(p, T->plan, e->config, text, sizeof text);
      printf("  failed: %s: %s %s\n", text[0] ? text : "-",
             e->verdict == KB_PASS ? "no value:" : kb_verdict_word(e->verdict),
             e->note);
    }
  }
  if (failed > T->t->top)
    printf("  ... and %zu more failed\n", failed - T->t->top);
  if (n > 0) {
    kb_tune_config_text(p, T->plan, rows[0].e->config, text, sizeof text);
    printf("  best: %s%s%s\n", p->fixed, text[0] ? " " : "", text);
  } else {
    printf("  no configuration passed\n");
  }
  free(rows);
}

void kb_tune_table(const kb_tune *T, double seconds)
{
  size_t n = T->n_problems * T->n_devices;
  printf("kbench tune: %s search, objective %s (%s is better): %zu "
         "evaluations in %.1f s, %zu measured\n",
         kb_strategy_name(T->t->strategy), T->t->objective.name,
         T->t->objective.maximize ? "higher" : "lower", T->evaluations,
         seconds, T->measured);
  for (size_t i = 0; i < n; i++)
    table_search(T, &T->searches[i]);
  fflush(stdout);
}

/* The best line of s for a --cases file, "VARIANT NAME=VALUE..." with
** every parameter, or "" when none passed. */
static void best_line(const kb_tune *T, const kb_tune_search *s, char *buf,
                      size_t len)
{
  const kb_tune_problem *p = s->problem;
  buf[0] = '\0';
  if (s->best < 0)
    return;
  const kb_plan_case *pc = &T->plan->cases[p->cases[s->evals[s->best].config]];
  kb_case_text(buf, len, p->plugin, p->variant, pc->values, KB_CASE_LINE,
               NULL);
}

/* What a device is, for the file's comments. */
static void device_words(const kb_tune *T, const kb_tune_search *s,
                         char *buf, size_t len)
{
  const kb_run_device *d = &T->devices[s->lane];
  if (s->problem->variant->backend != KBENCH_BACKEND_CUDA)
    snprintf(buf, len, "device %d (a host variant)", d->ordinal);
  else if (d->opened)
    snprintf(buf, len, "device %d (%s, %s)", d->ordinal, d->report.dev.name,
             d->report.uuid);
  else
    snprintf(buf, len, "device %d", d->ordinal);
}

static int write_best(const kb_tune *T, FILE *f)
{
  size_t n = T->n_problems * T->n_devices;
  char (*lines)[2048] = calloc(n ? n : 1, sizeof *lines);
  if (!lines)
    return -1;
  fprintf(f, "# kbench tune --strategy=%s --objective=%s%s: the best "
          "configuration of each search.\n# kbench --cases=FILE reruns "
          "them.\n", kb_strategy_name(T->t->strategy), T->t->objective.name,
          T->t->objective.maximize ? ":max" : ":min");
  for (size_t i = 0; i < n; i++) {
    const kb_tune_search *s = &T->searches[i];
    char dev[512], value[64];
    device_words(T, s, dev, sizeof dev);
    best_line(T, s, lines[i], sizeof lines[i]);
    if (!lines[i][0]) {
      fprintf(f, "# %s, %s: no configuration passed (%zu evaluated)\n",
              s->problem->fixed, dev, s->n_evals);
      continue;
    }
    kb_objective_format(&T->t->objective, s->evals[s->best].value, value,
                        sizeof value);
    fprintf(f, "# %s, %s: %s %s, the best of %zu evaluation%s of %zu "
            "configuration%s\n", s->problem->fixed, dev,
            T->t->objective.name, value, s->n_evals, kb_s(s->n_evals),
            s->problem->space.n, kb_s(s->problem->space.n));
    int again = 0;
    for (size_t j = 0; j < i && !again; j++)
      again = strcmp(lines[j], lines[i]) == 0;
    fprintf(f, again ? "# (the same line as above)\n" : "%s\n", lines[i]);
  }
  free(lines);
  return 0;
}

int kb_tune_best(const kb_tune *T, const char *path, char *err, size_t len)
{
  /* Written beside the target and renamed over it: never half a file. */
  kb_replace r;
  FILE *f = kb_replace_open(&r, path, err, len);
  if (!f)
    return -1;
  if (write_best(T, f)) {
    snprintf(err, len, "cannot write %s: out of memory", path);
    kb_replace_abort(&r);
    return -1;
  }
  return kb_replace_commit(&r, err, len);
}
