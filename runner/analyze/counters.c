/*
** Pooling a case's counts over its repetitions and comparing them between
** two runs (counters.h).
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/counters.h"

int kb_cmp_is_count(const char *name)
{
  size_t n = strlen(name);
  return n > 4 && strcmp(name + n - 4, ".sum") == 0;
}

static int by_value(const void *x, const void *y)
{
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

static int by_name(const void *x, const void *y)
{
  const kb_cmp_entry_counter *a = *(const kb_cmp_entry_counter *const *)x,
                             *b = *(const kb_cmp_entry_counter *const *)y;
  int c = strcmp(a->name, b->name);
  return c ? c : by_value(&a->value, &b->value);
}

int kb_cmp_counters_pool(const kb_cmp_entry *es, size_t n, kb_cmp_case *c)
{
  size_t total = 0;
  for (size_t i = 0; i < n; i++)
    total += es[i].n_counters;
  if (!total)
    return 0;
  /* Every count of every entry, by name then value: a name's run is its
  ** values in order, whose middle is the median. */
  const kb_cmp_entry_counter **all = malloc(total * sizeof *all);
  c->counters = calloc(total, sizeof *c->counters);
  if (!all || !c->counters) {
    free(all);
    return -1;
  }
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < es[i].n_counters; j++)
      all[k++] = &es[i].counters[j];
  qsort(all, total, sizeof *all, by_name);
  int rc = 0;
  for (size_t i = 0; i < total;) {
    size_t j = i;
    while (j < total && strcmp(all[j]->name, all[i]->name) == 0)
      j++;
    kb_cmp_counter *out = &c->counters[c->n_counters++];
    size_t m = i + (j - i - 1) / 2, h = i + (j - i) / 2;
    out->value = (all[m]->value + all[h]->value) / 2;
    out->name = strdup(all[i]->name);
    out->unit = strdup(all[i]->unit ? all[i]->unit : "");
    if (!out->name || !out->unit)
      rc = -1;
    i = j;
  }
  free(all);
  return rc;
}

static int is_bytes(const kb_cmp_counter *c)
{
  return strcmp(c->unit, "byte") == 0 || strstr(c->name, "bytes") != NULL;
}

int kb_cmp_counters_diff(const kb_cmp_case *base, const kb_cmp_case *cur,
                         double tol_pct, kb_cmp_counter_change **out,
                         size_t *n)
{
  *out = NULL;
  *n = 0;
  if (!base || !cur || !base->n_counters || !cur->n_counters)
    return 0;
  kb_cmp_counter_change *ch = calloc(base->n_counters, sizeof *ch);
  if (!ch)
    return -1;
  int changed = 0;
  /* Both lists are sorted by name: walk them together. */
  for (size_t i = 0, j = 0; i < base->n_counters && j < cur->n_counters;) {
    const kb_cmp_counter *b = &base->counters[i], *c = &cur->counters[j];
    int order = strcmp(b->name, c->name);
    if (order) {
      order < 0 ? i++ : j++;
      continue;
    }
    kb_cmp_counter_change *x = &ch[(*n)++];
    double diff = fabs(c->value - b->value);
    double larger = fmax(fabs(b->value), fabs(c->value));
    x->name = b->name;
    x->unit = b->unit;
    x->base = b->value;
    x->cur = c->value;
    x->change = b->value != 0 ? 100 * (c->value - b->value) / fabs(b->value)
                              : NAN;
    x->changed = diff > tol_pct / 100 * larger && diff > 0
                 && !(is_bytes(b) && diff <= KB_CMP_COUNTER_BYTES_FLOOR);
    changed += x->changed;
    i++;
    j++;
  }
  if (!*n) {
    free(ch);
    ch = NULL;
  }
  *out = ch;
  return changed;
}

void kb_cmp_format_count(char *buf, size_t len, double v)
{
  static const struct { double at; const char *suffix; } steps[] = {
    {1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "K"}};
  for (size_t i = 0; i < sizeof steps / sizeof *steps; i++)
    if (fabs(v) >= steps[i].at) {
      snprintf(buf, len, "%.4g%s", v / steps[i].at, steps[i].suffix);
      return;
    }
  snprintf(buf, len, "%.4g", v);
}
