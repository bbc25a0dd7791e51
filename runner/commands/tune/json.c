/*
** kbench tune's additions to the JSON results (tune.h): each entry's
** "tune" object (which search, which evaluation, the objective's value
** and the best so far) and the context's (the strategy, seed, budget,
** restrictions and each search's space and best), the names
** docs/results.md and docs/tuning.md describe.
*/
#include <stdio.h>

#include "results/json_write.h"
#include "commands/tune/tune.h"

/* The best value of s so far, or NULL. */
static const kb_tune_eval *best_of(const kb_tune_search *s)
{
  return s->best >= 0 ? &s->evals[s->best] : NULL;
}

static void tune_object(kb_jw *w, const kb_tune *T,
                        const kb_tune_search *s, const kb_tune_eval *e)
{
  const kb_objective *o = &T->t->objective;
  const kb_tune_eval *best = best_of(s);
  kb_jw_object(w, "tune");
  kb_jw_uint(w, "evaluation", (size_t)(e - s->evals) + 1);
  kb_jw_string(w, "search", s->problem->name);
  kb_jw_string(w, "strategy", kb_strategy_name(T->t->strategy));
  kb_jw_string(w, "objective", o->name);
  kb_jw_bool(w, "maximize", o->maximize);
  kb_jw_string(w, "unit", o->unit);
  kb_jw_number_or_null(w, "value", e->value, e->has_value);
  kb_jw_number_or_null(w, "best_so_far", best ? best->value : 0,
                       best != NULL);
  kb_jw_bool(w, "cached", e->cached);
  kb_jw_string(w, "note", e->has_value ? NULL : e->note);
  kb_jw_end(w);
}

void kb_tune_entry(kb_jw *w, void *ctx)
{
  const kb_tune *T = ctx;
  if (!T->tagging.eval)
    return;
  tune_object(w, T, T->tagging.search, T->tagging.eval);
}

static void search_object(kb_jw *w, const kb_tune *T,
                          const kb_tune_search *s)
{
  const kb_tune_problem *p = s->problem;
  const kb_tune_eval *best = best_of(s);
  kb_jw_object(w, NULL);
  kb_jw_string(w, "search", p->name);
  kb_jw_string(w, "variant", p->variant->name ? p->variant->name : "");
  kb_jw_int(w, "device_ordinal", T->devices[s->lane].ordinal);
  kb_jw_uint(w, "space", p->space.n);
  kb_jw_uint(w, "budget", p->budget);
  kb_jw_uint(w, "evaluations", s->n_evals);
  kb_jw_uint(w, "measured", s->measured);
  kb_jw_bool(w, "done", s->done);
  if (best) {
    kb_jw_object(w, "best");
    kb_jw_uint(w, "evaluation", (size_t)s->best + 1);
    kb_jw_object(w, "params");
    kb_json_params(w, &T->plan->cases[p->cases[best->config]]);
    kb_jw_end(w);
    kb_jw_number(w, "value", best->value);
    kb_jw_end(w);
  } else {
    kb_jw_null(w, "best");
  }
  kb_jw_end(w);
}

static void string_list(kb_jw *w, const char *key, const char *const *items,
                        size_t n)
{
  kb_jw_array(w, key);
  for (size_t i = 0; i < n; i++)
    kb_jw_string(w, NULL, items[i] ? items[i] : "");
  kb_jw_end(w);
}

void kb_tune_context(kb_jw *w, void *ctx)
{
  const kb_tune *T = ctx;
  const kb_tune_options *t = T->t;
  size_t space = 0, n = T->n_problems * T->n_devices;
  for (size_t i = 0; i < n; i++)
    space += T->searches[i].problem->space.n;
  kb_jw_object(w, "tune");
  kb_jw_string(w, "strategy", kb_strategy_name(t->strategy));
  kb_jw_uint(w, "seed", (unsigned long long)t->seed);
  kb_jw_string(w, "objective", t->objective.name);
  kb_jw_bool(w, "maximize", t->objective.maximize);
  kb_jw_string(w, "unit", t->objective.unit);
  kb_jw_object(w, "budget");
  kb_jw_number_or_null(w, "evaluations", (double)t->budget, t->budget > 0);
  kb_jw_number_or_null(w, "seconds", t->budget_s, t->budget_s > 0);
  kb_jw_end(w);
  string_list(w, "restrictions", t->restrict_text, t->n_restricts);
  string_list(w, "per", t->per, t->n_per);
  kb_jw_uint(w, "space", space);
  kb_jw_uint(w, "evaluations", T->evaluations);
  kb_jw_uint(w, "measured", T->measured);
  kb_jw_array(w, "searches");
  for (size_t i = 0; i < n; i++)
    search_object(w, T, &T->searches[i]);
  kb_jw_end(w);
  kb_jw_end(w);
}
