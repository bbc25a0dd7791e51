/*
** kbench tune's additions to the JSON results (tune.h): each entry's
** "tune" object (which search, which evaluation, the objective's value
** and the best so far) and the context's (the strategy, seed, budget,
** restrictions and each search's space and best), the names
** docs/results.md and docs/tuning.md describe.
*/
#include <stdio.h>

#include "results/json_write.h"
#include "tune/tune.h"

/* The best value of s so far, or NULL. */
static const kb_tune_eval *best_of(const kb_tune_search *s)
{
  return s->best >= 0 ? &s->evals[s->best] : NULL;
}

static void tune_object(FILE *f, const kb_tune *T, const kb_tune_search *s,
                        const kb_tune_eval *e)
{
  const kb_objective *o = &T->t->objective;
  const kb_tune_eval *best = best_of(s);
  fprintf(f, "{\"evaluation\": %zu", (size_t)(e - s->evals) + 1);
  kb_jw_key(f, "search");
  kb_jw_string(f, s->problem->name);
  kb_jw_key(f, "strategy");
  kb_jw_string(f, kb_strategy_name(T->t->strategy));
  kb_jw_key(f, "objective");
  kb_jw_string(f, o->name);
  fprintf(f, ", \"maximize\": %s", o->maximize ? "true" : "false");
  kb_jw_key(f, "unit");
  kb_jw_string(f, o->unit);
  kb_jw_key(f, "value");
  kb_jw_number_or_null(f, e->value, e->has_value);
  kb_jw_key(f, "best_so_far");
  kb_jw_number_or_null(f, best ? best->value : 0, best != NULL);
  fprintf(f, ", \"cached\": %s", e->cached ? "true" : "false");
  kb_jw_key(f, "note");
  kb_jw_string_or_null(f, e->has_value ? NULL : e->note);
  fputc('}', f);
}

void kb_tune_entry(FILE *f, void *ctx)
{
  const kb_tune *T = ctx;
  if (!T->tagging.eval)
    return;
  fputs(", \"tune\": ", f);
  tune_object(f, T, T->tagging.search, T->tagging.eval);
}

static void search_object(FILE *f, const kb_tune *T,
                          const kb_tune_search *s)
{
  const kb_tune_problem *p = s->problem;
  const kb_tune_eval *best = best_of(s);
  fputs("{\"search\": ", f);
  kb_jw_string(f, p->name);
  kb_jw_key(f, "variant");
  kb_jw_string(f, p->variant->name);
  fprintf(f, ", \"device_ordinal\": %d, \"space\": %zu, \"budget\": %zu, "
          "\"evaluations\": %zu, \"measured\": %zu, \"done\": %s, "
          "\"best\": ", T->devices[s->lane].ordinal, p->space.n, p->budget,
          s->n_evals, s->measured, s->done ? "true" : "false");
  if (!best) {
    fputs("null}", f);
    return;
  }
  fprintf(f, "{\"evaluation\": %zu, \"params\": ", (size_t)s->best + 1);
  kb_json_params(f, &T->plan->cases[p->cases[best->config]]);
  kb_jw_key(f, "value");
  kb_jw_number(f, best->value);
  fputs("}}", f);
}

static void string_list(FILE *f, const char *const *items, size_t n)
{
  fputc('[', f);
  for (size_t i = 0; i < n; i++) {
    fputs(i ? ", " : "", f);
    kb_jw_string(f, items[i]);
  }
  fputc(']', f);
}

void kb_tune_context(FILE *f, void *ctx)
{
  const kb_tune *T = ctx;
  const kb_tune_options *t = T->t;
  size_t space = 0, n = T->n_problems * T->n_devices;
  for (size_t i = 0; i < n; i++)
    space += T->searches[i].problem->space.n;
  fputs(", \"tune\": {\"strategy\": ", f);
  kb_jw_string(f, kb_strategy_name(t->strategy));
  fprintf(f, ", \"seed\": %llu", (unsigned long long)t->seed);
  kb_jw_key(f, "objective");
  kb_jw_string(f, t->objective.name);
  fprintf(f, ", \"maximize\": %s", t->objective.maximize ? "true" : "false");
  kb_jw_key(f, "unit");
  kb_jw_string(f, t->objective.unit);
  fputs(", \"budget\": {\"evaluations\": ", f);
  kb_jw_number_or_null(f, (double)t->budget, t->budget > 0);
  kb_jw_key(f, "seconds");
  kb_jw_number_or_null(f, t->budget_s, t->budget_s > 0);
  fputs("}, \"restrictions\": ", f);
  string_list(f, t->restrict_text, t->n_restricts);
  fputs(", \"per\": ", f);
  string_list(f, t->per, t->n_per);
  fprintf(f, ", \"space\": %zu, \"evaluations\": %zu, \"measured\": %zu, "
          "\"searches\": [", space, T->evaluations, T->measured);
  for (size_t i = 0; i < n; i++) {
    fputs(i ? ", " : "", f);
    search_object(f, T, &T->searches[i]);
  }
  fputs("]}", f);
}
