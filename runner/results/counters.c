/*
** Pooling a case's counts over its repetitions and comparing them between
** two runs (counters.h).
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/counters.h"

/* The shared-memory metrics of one direction, d "ld" or "st". */
#define KB_WAYS(d) "kb__shared_" d "_ways.ratio"
#define KB_WAVEFRONTS(d) "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_" d ".sum"
#define KB_REQUESTS(d) "smsp__inst_executed_op_shared_" d ".sum"

int kb_res_is_count(const char *name)
{
  size_t n = strlen(name);
  return (n > 4 && strcmp(name + n - 4, ".sum") == 0)
         || strcmp(name, KB_WAYS("ld")) == 0
         || strcmp(name, KB_WAYS("st")) == 0;
}

static int by_value(const void *x, const void *y)
{
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

static int by_name(const void *x, const void *y)
{
  const kb_res_entry_counter *a = *(const kb_res_entry_counter *const *)x,
                             *b = *(const kb_res_entry_counter *const *)y;
  int c = strcmp(a->name, b->name);
  return c ? c : by_value(&a->value, &b->value);
}

int kb_res_counters_pool(const kb_res_entry *es, size_t n, kb_res_case *c)
{
  size_t total = 0;
  for (size_t i = 0; i < n; i++)
    total += es[i].n_counters;
  if (!total)
    return 0;
  /* Every count of every entry, by name then value: a name's run is its
  ** values in order, whose middle is the median. */
  const kb_res_entry_counter **all = malloc(total * sizeof *all);
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
    kb_res_counter *out = &c->counters[c->n_counters++];
    size_t m = i + (j - i - 1) / 2, h = i + (j - i) / 2;
    out->value = (all[m]->value + all[h]->value) / 2;
    out->lo = all[i]->value;
    out->hi = all[j - 1]->value;
    out->n = j - i;
    out->name = strdup(all[i]->name);
    out->unit = strdup(all[i]->unit ? all[i]->unit : "");
    if (!out->name || !out->unit)
      rc = -1;
    i = j;
  }
  free(all);
  return rc;
}

static int is_bytes(const kb_res_counter *c)
{
  return strcmp(c->unit, "byte") == 0 || strstr(c->name, "bytes") != NULL;
}

/* The value of the count name in c, or NAN (lists are short: a walk). */
static double value_of(const kb_res_case *c, const char *name)
{
  for (size_t i = 0; i < c->n_counters; i++)
    if (strcmp(c->counters[i].name, name) == 0)
      return c->counters[i].value;
  return NAN;
}

/* The larger of name's values in the two cases; NAN unless both have it. */
static double both(const kb_res_case *b, const kb_res_case *c,
                   const char *name)
{
  double vb = value_of(b, name), vc = value_of(c, name);
  return isnan(vb) || isnan(vc) ? NAN : fmax(fabs(vb), fabs(vc));
}

/* A case's DRAM traffic, read + write: the bytes audit's, else the
** counters'; NAN when it has neither. */
static double traffic(const kb_res_case *c)
{
  double t = value_of(c, "dram_read_bytes") + value_of(c, "dram_write_bytes");
  return isnan(t) ? value_of(c, "dram__bytes_read.sum")
                    + value_of(c, "dram__bytes_write.sum") : t;
}

/* A case's claim, bytes_read + bytes_written, each the most of its
** entries' (a case's repetitions claim the same bytes); NAN unless they
** give both. */
static double claimed(const kb_res_case *c)
{
  if (!c->given[KB_FIELD_bytes_read] || !c->given[KB_FIELD_bytes_written])
    return NAN;
  return (double)c->res.bytes.read + (double)c->res.bytes.written;
}

/* The largest of the numbers given, NANs left out. */
static double most(const double *v, size_t n)
{
  double m = NAN;
  for (size_t i = 0; i < n; i++)
    if (!isnan(v[i]) && !(v[i] <= m))
      m = v[i];
  return m;
}

/*
** Whether x, one count of base and cur, changed past tol_pct percent of
** its scale (counters.h); x->scale and x->against say what that was.
*/
static int judge(kb_res_counter_change *x, const kb_res_case *base,
                 const kb_res_case *cur, const kb_res_counter *b,
                 double tol_pct)
{
  double diff = fabs(x->cur - x->base), tol = tol_pct / 100;
  double at_least = 0;
  x->scale = fmax(fabs(x->base), fabs(x->cur));
  x->against = "itself";
  if (is_bytes(b)) {
    double s[] = {x->scale, traffic(base), traffic(cur),
                  claimed(base), claimed(cur)};
    x->scale = most(s, 5);
    if (x->scale > fmax(fabs(x->base), fabs(x->cur)))
      x->against = "the case's DRAM traffic or claimed bytes";
    at_least = KB_RES_COUNTER_BYTES_FLOOR;
  } else if (strstr(b->name, "bank_conflicts")) {
    int st = strstr(b->name, "_op_st") != NULL;
    double wavefronts = both(base, cur, st ? KB_WAVEFRONTS("st")
                                           : KB_WAVEFRONTS("ld"));
    double requests = both(base, cur, st ? KB_REQUESTS("st")
                                         : KB_REQUESTS("ld"));
    const char *ways = st ? KB_WAYS("st") : KB_WAYS("ld");
    if (!isnan(wavefronts)) {
      x->scale = wavefronts;
      x->against = "the shared wavefronts";
    } else if (!isnan(requests)) {
      x->scale = requests;
      x->against = "the shared requests";
    } else if (!isnan(both(base, cur, ways))) {
      /* With the requests unchanged, conflicts per wavefront move as the
      ** ways do: judge the ways, which the seed set has. */
      double wb = value_of(base, ways), wc = value_of(cur, ways);
      x->scale = fmax(wb, wc);
      x->against = "the conflict ways";
      diff = diff > 0 ? fabs(wc - wb) : 0;
    } else {
      at_least = KB_RES_CONFLICT_FLOOR;
    }
  }
  return diff > tol * x->scale && diff > at_least;
}

/* The repetitions' spread: with enough of them on both sides, a change
** must pass the range of each. */
static int past_spread(kb_res_counter_change *x, const kb_res_counter *b,
                       const kb_res_counter *c)
{
  x->by_spread = b->n >= KB_RES_SPREAD_REPS && c->n >= KB_RES_SPREAD_REPS;
  double diff = fabs(x->cur - x->base);
  return !x->by_spread || (diff > b->hi - b->lo && diff > c->hi - c->lo);
}

int kb_res_counters_diff(const kb_res_case *base, const kb_res_case *cur,
                         double tol_pct, kb_res_counter_change **out,
                         size_t *n)
{
  *out = NULL;
  *n = 0;
  if (!base || !cur || !base->n_counters || !cur->n_counters)
    return 0;
  kb_res_counter_change *ch = calloc(base->n_counters, sizeof *ch);
  if (!ch)
    return -1;
  int changed = 0;
  /* Both lists are sorted by name: walk them together. */
  for (size_t i = 0, j = 0; i < base->n_counters && j < cur->n_counters;) {
    const kb_res_counter *b = &base->counters[i], *c = &cur->counters[j];
    int order = strcmp(b->name, c->name);
    if (order) {
      order < 0 ? i++ : j++;
      continue;
    }
    kb_res_counter_change *x = &ch[(*n)++];
    x->name = b->name;
    x->unit = b->unit;
    x->base = b->value;
    x->cur = c->value;
    x->change = b->value != 0 ? 100 * (c->value - b->value) / fabs(b->value)
                              : NAN;
    int past_scale = judge(x, base, cur, b, tol_pct);
    x->changed = past_spread(x, b, c) && past_scale;
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

void kb_res_counter_rule(char *buf, size_t len, double tol)
{
  snprintf(buf, len, "a count changed when it moved by more than %g%% of "
           "the case's scale: bytes of its DRAM traffic or claimed bytes "
           "(and by more than %.0f KiB), bank conflicts of the shared "
           "wavefronts or requests (or, with neither, the ways by %g%%), "
           "other counts of themselves; with %d or more repetitions a side, "
           "also by more than each side's range", tol,
           KB_RES_COUNTER_BYTES_FLOOR / 1024, tol, KB_RES_SPREAD_REPS);
}

void kb_res_format_count(char *buf, size_t len, double v)
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
