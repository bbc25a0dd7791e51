/*
** kbench tune's problems: the plan's cases of each variant, split by the
** values of the --per parameters, each a space on the grid of the
** parameters that vary in it, less what --restrict rules out (tune.h).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/params.h"
#include "commands/tune/tune.h"

/* Parameter i of case c. */
static int64_t value_of(const kb_plan *plan, size_t c, size_t i)
{
  return plan->cases[c].values[i];
}

/* Whether v declares a parameter named name. */
static long param_index(const kb_plugin *p, const kbench_variant *v,
                        const char *name)
{
  for (uint32_t i = 0; i < v->n_params; i++)
    if (strcmp(kb_variant_param(p, v, i)->name, name) == 0)
      return (long)i;
  return -1;
}

/* Every name --restrict and --per use must be some planned variant's
** parameter: a typo must not silently search everything. */
static int check_names(const kb_tune *T)
{
  const kb_tune_options *t = T->t;
  const kb_plan *plan = T->plan;
  for (size_t r = 0; r <= t->n_restricts; r++) {
    size_t n = r < t->n_restricts ? kb_restrict_n_names(t->restricts[r])
                                  : t->n_per;
    for (size_t k = 0; k < n; k++) {
      const char *name = r < t->n_restricts
                         ? kb_restrict_name(t->restricts[r], k) : t->per[k];
      int found = 0;
      for (size_t c = 0; c < plan->n && !found; c++)
        found = param_index(plan->cases[c].plugin, plan->cases[c].variant,
                            name) >= 0;
      if (found)
        continue;
      if (r < t->n_restricts)
        fprintf(stderr, "kbench tune: --restrict '%s': no variant to tune "
                "has a parameter '%s' (see kbench --list)\n",
                t->restrict_text[r], name);
      else
        fprintf(stderr, "kbench tune: --per %s: no variant to tune has "
                "such a parameter (see kbench --list)\n", name);
      return -1;
    }
  }
  return 0;
}

/* Whether parameter i is one of --per's. */
static int is_per(const kb_tune *T, const kb_plugin *p,
                  const kbench_variant *v, uint32_t i)
{
  const char *name = kb_variant_param(p, v, i)->name;
  for (size_t k = 0; k < T->t->n_per; k++)
    if (strcmp(T->t->per[k], name) == 0)
      return 1;
  return 0;
}

/* Whether cases a and b have the same values of the --per parameters. */
static int same_per(const kb_tune *T, size_t a, size_t b)
{
  const kb_plan_case *pa = &T->plan->cases[a];
  for (uint32_t i = 0; i < pa->variant->n_params; i++)
    if (is_per(T, pa->plugin, pa->variant, i)
        && value_of(T->plan, a, i) != value_of(T->plan, b, i))
      return 0;
  return 1;
}

static int cmp_i64(const void *a, const void *b)
{
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return (x > y) - (x < y);
}

/* The sorted distinct values of parameter i over the n cases: their count
** (out allocated), 0 out of memory. */
static size_t axis_values(const kb_plan *plan, const size_t *cases, size_t n,
                          uint32_t i, int64_t **out)
{
  int64_t *v = malloc(n * sizeof *v);
  size_t k = 0;
  if (!v)
    return 0;
  for (size_t c = 0; c < n; c++)
    v[c] = value_of(plan, cases[c], i);
  qsort(v, n, sizeof *v, cmp_i64);
  for (size_t c = 0; c < n; c++)
    if (k == 0 || v[c] != v[k - 1])
      v[k++] = v[c];
  *out = v;
  return k;
}

/* Whether case c passes every restriction that applies to its variant (a
** restriction naming a parameter it lacks does not). */
static int allowed(const kb_tune *T, size_t c)
{
  const kb_plan_case *pc = &T->plan->cases[c];
  for (size_t r = 0; r < T->t->n_restricts; r++) {
    const kb_restrict *x = T->t->restricts[r];
    int64_t values[KB_MAX_PARAMS];
    size_t k = 0;
    for (; k < kb_restrict_n_names(x) && k < KB_MAX_PARAMS; k++) {
      long i = param_index(pc->plugin, pc->variant, kb_restrict_name(x, k));
      if (i < 0)
        break;
      values[k] = pc->values[i];
    }
    if (k == kb_restrict_n_names(x) && kb_restrict_eval(x, values) != 1)
      return 0;
  }
  return 1;
}

/* The problem's names: its case name without the searched parameters, and
** the same as "VARIANT NAME=VALUE...". */
static void name_problem(kb_tune_problem *p, const kb_plan_case *pc,
                         const int *searched)
{
  int fixed[KB_MAX_PARAMS];
  for (uint32_t i = 0; i < p->variant->n_params; i++)
    fixed[i] = !searched[i];
  kb_case_text(p->name, sizeof p->name, p->plugin, p->variant, pc->values,
               KB_CASE_NAME, fixed);
  kb_case_text(p->fixed, sizeof p->fixed, p->plugin, p->variant, pc->values,
               KB_CASE_LINE, fixed);
}

/* The variant's defaults, where a local search starts first, or -1. */
static long defaults(const kb_tune_problem *p, int64_t *const *values)
{
  uint32_t at[KB_SPACE_AXES];
  for (size_t a = 0; a < p->space.n_axes; a++) {
    const kbench_param *prm = kb_variant_param(p->plugin, p->variant,
                                               (uint32_t)p->axis_param[a]);
    kb_values dflt;
    char why[256];
    if (kb_param_parse(prm, prm->dflt, &dflt, why, sizeof why))
      return -1;
    int64_t want = dflt.v[0];
    kb_values_free(&dflt);
    size_t k = 0;
    while (k < p->space.len[a] && values[a][k] != want)
      k++;
    if (k == p->space.len[a])
      return -1;
    at[a] = (uint32_t)k;
  }
  return kb_space_find(&p->space, at);
}

/* A problem of the n cases: its axes, its space of the allowed ones.  0,
** or -1 out of memory. */
static int make_problem(kb_tune *T, kb_tune_problem *p, const size_t *cases,
                        size_t n)
{
  const kb_plan_case *first = &T->plan->cases[cases[0]];
  int64_t *values[KB_SPACE_AXES] = {NULL};
  int searched[KB_MAX_PARAMS] = {0};
  size_t len[KB_SPACE_AXES], n_axes = 0;
  int rc = -1;
  p->plugin = first->plugin;
  p->variant = first->variant;
  for (uint32_t i = 0; i < p->variant->n_params; i++) {
    int64_t *v;
    size_t k = axis_values(T->plan, cases, n, i, &v);
    if (k == 0)
      goto out;
    if (k == 1) {
      free(v);
      continue;
    }
    searched[i] = 1;
    values[n_axes] = v;
    len[n_axes] = k;
    p->axis_param[n_axes++] = i;
  }
  name_problem(p, first, searched);
  if (kb_space_init(&p->space, n_axes, len)
      || !(p->cases = malloc(n * sizeof *p->cases)))
    goto out;
  for (size_t c = 0; c < n; c++) {
    uint32_t at[KB_SPACE_AXES];
    if (!allowed(T, cases[c]))
      continue;
    for (size_t a = 0; a < n_axes; a++) {
      int64_t want = value_of(T->plan, cases[c], (uint32_t)p->axis_param[a]);
      at[a] = 0;
      while (values[a][at[a]] != want)
        at[a]++;
    }
    if (kb_space_find(&p->space, at) >= 0)
      continue;                 /* a value listed twice */
    long k = kb_space_add(&p->space, at);
    if (k < 0)
      goto out;
    p->cases[k] = cases[c];
  }
  p->space.start = defaults(p, values);
  p->budget = kb_tune_budget(T->t, p->space.n);
  rc = 0;
out:
  for (size_t a = 0; a < KB_SPACE_AXES; a++)
    free(values[a]);
  return rc;
}

/* The cases of the variant block [from, to) whose --per values are case
** at's, into out: how many. */
static size_t group_of(const kb_tune *T, size_t from, size_t to, size_t at,
                       size_t *out)
{
  size_t n = 0;
  for (size_t c = from; c < to; c++)
    if (same_per(T, c, at))
      out[n++] = c;
  return n;
}

/* Add the problems of the variant whose cases are [from, to). */
static int add_variant(kb_tune *T, size_t from, size_t to, size_t *scratch)
{
  for (size_t c = from; c < to; c++) {
    int seen = 0;                 /* a group begins at its first case */
    for (size_t d = from; d < c && !seen; d++)
      seen = same_per(T, c, d);
    if (seen)
      continue;
    size_t n = group_of(T, from, to, c, scratch);
    kb_tune_problem *grown = realloc(T->problems, (T->n_problems + 1)
                                     * sizeof *grown);
    if (!grown)
      return -1;
    T->problems = grown;
    kb_tune_problem *p = &T->problems[T->n_problems++];
    memset(p, 0, sizeof *p);
    if (make_problem(T, p, scratch, n))
      return -1;
    if (p->space.n == 0) {
      fprintf(stderr, "kbench tune: --restrict leaves no configuration of "
              "%s\n", p->fixed);
      return -2;
    }
  }
  return 0;
}

int kb_tune_problems(kb_tune *T)
{
  const kb_plan *plan = T->plan;
  size_t *scratch = malloc((plan->n ? plan->n : 1) * sizeof *scratch);
  int rc = scratch ? check_names(T) : -1;
  /* A variant's cases are side by side in the plan. */
  for (size_t from = 0, to; rc == 0 && from < plan->n; from = to) {
    for (to = from + 1; to < plan->n
         && plan->cases[to].variant == plan->cases[from].variant; to++)
      ;
    rc = add_variant(T, from, to, scratch);
    if (rc == -1)
      fprintf(stderr, "kbench tune: out of memory\n");
  }
  free(scratch);
  return rc ? -1 : 0;
}

void kb_tune_problems_free(kb_tune *T)
{
  for (size_t i = 0; i < T->n_problems; i++) {
    kb_space_free(&T->problems[i].space);
    free(T->problems[i].cases);
  }
  free(T->problems);
  T->problems = NULL;
  T->n_problems = 0;
}

void kb_tune_config_text(const kb_tune_problem *p, const kb_plan *plan,
                         size_t c, char *buf, size_t len)
{
  const kb_plan_case *pc = &plan->cases[p->cases[c]];
  int searched[KB_MAX_PARAMS] = {0};
  for (size_t a = 0; a < p->space.n_axes; a++)
    searched[p->axis_param[a]] = 1;
  kb_case_text(buf, len, p->plugin, p->variant, pc->values, KB_CASE_WORDS,
               searched);
}
