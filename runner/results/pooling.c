/*
** Pooling the entries of a results file into cases: the entries of one
** name on one device become one case (pooling.h).
*/
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/measure_cfg.h"
#include "model/placement.h"
#include "util/stats.h"
#include "model/verdict.h"
#include "results/counters.h"
#include "results/pooling.h"

static int by_device_name_order(const void *x, const void *y)
{
  const kb_res_entry *a = x, *b = y;
  char ka[320], kb[320];
  kb_res_device_key(&a->device, ka, sizeof ka);
  kb_res_device_key(&b->device, kb, sizeof kb);
  int c = strcmp(ka, kb);
  if (!c)
    c = strcmp(a->name, b->name);
  return c ? c : (a->order > b->order) - (a->order < b->order);
}

/* A pooled case and where its name first appeared, for sorting. */
typedef struct pooled {
  size_t first;
  kb_res_case c;
} pooled;

static int by_first(const void *x, const void *y)
{
  const pooled *a = x, *b = y;
  return (a->first > b->first) - (a->first < b->first);
}

void kb_res_case_free(kb_res_case *c)
{
  free(c->name);
  free(c->backend);
  free(c->rep_medians);
  for (size_t i = 0; i < c->n_counters; i++) {
    free(c->counters[i].name);
    free(c->counters[i].unit);
  }
  free(c->counters);
  kb_result_free(&c->res);
  kb_res_device_free(&c->device);
}

/*
** The rows a case pools, by the table (model/result_fields.h): each row
** whose rule (enum kb_field_pool) is ANY, BITS, MOST, MEDIAN, FIRST or
** WORST, into c->res and c->given, from the entries that gave it.  A
** rule meets a row's TYPE in a function named for both, pool_RULE_TYPE:
** a row whose rule has none for its TYPE does not build.  An EACH row
** stays at its start value; the arrays (JOIN) are joined by kb_res_pool's
** own code.
*/

/* The folds: an entry's value v into the pooled *p, which already holds
** one when had; whether *p holds one now. */
static int pool_ANY_BOOL(int *p, int v, int had)
{
  (void)had;
  *p = *p || v;
  return 1;
}

static int pool_BITS_U64(uint64_t *p, uint64_t v, int had)
{
  (void)had;
  *p |= v;
  return 1;
}

static int pool_MOST_U64(uint64_t *p, uint64_t v, int had)
{
  if (!had || v > *p)
    *p = v;
  return 1;
}

static int pool_MOST_UINT(unsigned *p, unsigned v, int had)
{
  if (!had || v > *p)
    *p = v;
  return 1;
}

/* FIRST of a text member (char[size]): the first that is not "". */
static int first_text(char *p, size_t size, const char *v, int had)
{
  if (had || !v[0])
    return had;
  snprintf(p, size, "%s", v);
  return 1;
}
#define pool_FIRST_CHARS(p, v, had) first_text(*(p), sizeof *(p), v, had)

/* WORST of a text member: the worst entry's, given or not (its start
** value, "", is what a pass has). */
static int pool_WORST_CHARS_(char *p, size_t size, const char *v)
{
  snprintf(p, size, "%s", v);
  return 1;
}
#define pool_WORST_CHARS(p, v) pool_WORST_CHARS_(*(p), sizeof *(p), v)

/* The entry whose verdict is the case's: the worst, the first of equals. */
static size_t worst_entry(const kb_res_entry *es, size_t n)
{
  size_t at = 0;
  for (size_t k = 1; k < n; k++)
    if (kb_verdict_worse(es[at].res.verdict, es[k].res.verdict)
        != es[at].res.verdict)
      at = k;
  return at;
}

/* MEDIAN, not a fold: the median of the m values w into *p; whether there
** was one. */
static int pool_MEDIAN_F64(double *p, const double *w, size_t m)
{
  kb_stats s;
  if (kb_stats_compute(w, m, &s) != 0)
    return 0;
  *p = s.median;
  return 1;
}

/* Each row by its rule, the rule expanded from its shown before it is
** pasted into the names of its pooling and its function. */
#define POOL_RULE_OF(unit, out, hint, pool, table, doc) pool
#define POOL_ROW(pool, type, f, v) POOL_ROW_(pool, type, f, v)
#define POOL_ROW_(pool, type, f, v) \
  POOL_BY_##pool(pool_##pool##_##type, f, v)
#define POOL_BY_EACH(fn, f, v)
#define POOL_BY_ANY(fn, f, v) POOL_FOLD(fn, f, v)
#define POOL_BY_BITS(fn, f, v) POOL_FOLD(fn, f, v)
#define POOL_BY_MOST(fn, f, v) POOL_FOLD(fn, f, v)
#define POOL_BY_FIRST(fn, f, v) POOL_FOLD(fn, f, v)
#define POOL_BY_WORST(fn, f, v)                                           \
  c->given[f] = fn(&c->res.v, es[worst].res.v) && es[worst].given[f];
#define POOL_FOLD(fold, f, v)                                             \
  for (size_t k = 0; k < n; k++)                                          \
    if (es[k].given[f])                                                   \
      c->given[f] = fold(&c->res.v, es[k].res.v, c->given[f]);
#define POOL_BY_MEDIAN(median, f, v)                                      \
  {                                                                       \
    size_t m = 0;                                                         \
    for (size_t k = 0; k < n; k++)                                        \
      if (es[k].given[f] && isfinite(es[k].res.v))                        \
        w[m++] = es[k].res.v;                                             \
    c->given[f] = median(&c->res.v, w, m);                                \
  }
#define POOL_F(m, type, key, shown, rule, init) \
  POOL_ROW(POOL_RULE_OF shown, type, KB_FIELD_##m, m)
#define POOL_S(m, size, key, shown, rule) \
  POOL_ROW(POOL_RULE_OF shown, CHARS, KB_FIELD_##m, m)
#define POOL_P(id, path, type, key, shown, rule, init) \
  POOL_ROW(POOL_RULE_OF shown, type, KB_FIELD_##id, path)
/* An array is joined by hand or not at all; a derived row has no value
** to pool. */
#define POOL_A(m, count, key, shown, rule)                                \
  _Static_assert(KB_POOL shown == KB_POOL_JOIN                            \
                 || KB_POOL shown == KB_POOL_EACH,                        \
                 #m ": an array is joined (JOIN) or not pooled (EACH)");
#define POOL_D(id, type, expr, key, shown, rule)                          \
  _Static_assert(KB_POOL shown == KB_POOL_EACH,                           \
                 #id ": a derived row is not pooled (EACH)");

/* c's pooled rows from its entries es[0..n): 0, or -1 out of memory. */
static int pool_rows(const kb_res_entry *es, size_t n, kb_res_case *c)
{
  double *w = malloc((n ? n : 1) * sizeof *w);  /* a MEDIAN's values */
  size_t worst = worst_entry(es, n);
  if (!w)
    return -1;
  kb_result_init(&c->res, KB_PASS);
  memset(c->given, 0, sizeof c->given);
  KB_RESULT_FIELDS(POOL_F, POOL_S, POOL_P, POOL_A, POOL_D, KB_ROW_SKIP)
  free(w);
  return 0;
}

/* One array of an entry (its energy samples, its kernel times). */
typedef const double *(*entry_array)(const kb_res_entry *e, size_t *n);

static const double *energy_of(const kb_res_entry *e, size_t *n)
{
  *n = e->res.energy_n_windows;
  return e->res.energy_windows;
}

static const double *kernel_of(const kb_res_entry *e, size_t *n)
{
  *n = e->res.kernel_stats.n;
  return e->res.kernel_samples;
}

/* The arrays get gives of entries es[0..n), one after another, into *out
** (malloc'd; left NULL when they are all empty) and *len.  0, or -1 out
** of memory. */
static int join(const kb_res_entry *es, size_t n, entry_array get,
                double **out, size_t *len)
{
  size_t total = 0, k;
  for (size_t i = 0; i < n; i++) {
    get(&es[i], &k);
    total += k;
  }
  if (!total)
    return 0;
  if (!(*out = malloc(total * sizeof **out)))
    return -1;
  for (size_t i = 0; i < n; i++) {
    const double *a = get(&es[i], &k);
    memcpy(*out + *len, a, k * sizeof **out);
    *len += k;
  }
  return 0;
}

const double *kb_res_times(const kb_res_case *c, int time, size_t *n,
                           int *used)
{
  const kb_result *r = &c->res;
  int kernel = time == KB_TIME_KERNEL && r->kernel_stats.n;
  *used = kernel ? KB_TIME_KERNEL : KB_TIME_EVENT;
  *n = kernel ? r->kernel_stats.n : r->samples ? r->n_samples : 0;
  return kernel ? r->kernel_samples : r->samples;
}

/* The kernel times of entries es[0..n) of one case, joined when every
** passed entry has them (a case judged by kernel time is judged by it in
** all its repetitions). */
static int pool_kernel(const kb_res_entry *es, size_t n, kb_res_case *c)
{
  for (size_t i = 0; i < n; i++)
    if (es[i].res.verdict == KB_PASS && !es[i].res.kernel_stats.n)
      return 0;
  return join(es, n, kernel_of, &c->res.kernel_samples,
              &c->res.kernel_stats.n);
}

/*
** Pools the entries of each name (and device) into one case (their
** samples joined, the worst verdict kept, the table's pooled rows by
** their rules), in the order they first appear.  The entries' arrays
** move into the cases.  The arrays (the table's JOIN rows: samples,
** kernel and energy) are pooled here by hand, not by pool_rows: the
** reader gives each a fallback of its own for Google Benchmark's files
** (file_read.c), and a failed repetition voids them all.
*/
int kb_res_pool(kb_res_entry *es, size_t n, kb_res_run *run)
{
  qsort(es, n, sizeof *es, by_device_name_order);
  pooled *ps = calloc(n ? n : 1, sizeof *ps);
  size_t np = 0;
  int rc = -1;
  if (!ps)
    return -1;
  for (size_t i = 0; i < n;) {
    size_t j = i, total = 0;
    while (j < n && strcmp(es[j].name, es[i].name) == 0
           && kb_res_same_device(&es[j].device, &es[i].device))
      total += es[j++].res.n_samples;
    ps[np].first = es[i].order;
    kb_res_case *c = &ps[np++].c;
    c->name = strdup(es[i].name);
    c->backend = strdup(es[i].backend ? es[i].backend : "");
    kb_result *r = &c->res;      /* pool_rows starts it */
    c->rep_medians = malloc((j - i) * sizeof *c->rep_medians);
    c->entries = j - i;
    c->device = es[i].device;             /* moved: the same for all j */
    memset(&es[i].device, 0, sizeof es[i].device);
    if (!c->name || !c->backend || !c->rep_medians
        || kb_res_counters_pool(es + i, j - i, c)
        || pool_rows(es + i, j - i, c)
        || !(r->samples = malloc((total ? total : 1) * sizeof *r->samples))
        || join(es + i, j - i, energy_of, &r->energy_windows,
                &r->energy_n_windows)
        || pool_kernel(es + i, j - i, c))
      goto done;
    r->verdict = es[i].res.verdict;
    for (size_t k = i; k < j; k++) {
      if (kb_verdict_worse(r->verdict, es[k].res.verdict) != r->verdict)
        r->verdict = es[k].res.verdict;
      const kb_result *e = &es[k].res;
      kb_stats st;
      if (e->n_samples   /* only a passing kb_res_entry has samples */
          && kb_stats_compute(e->samples, e->n_samples, &st) == 0)
        c->rep_medians[c->n_reps++] = st.median;
      if (e->n_samples)
        memcpy(r->samples + r->n_samples, e->samples,
               e->n_samples * sizeof *r->samples);
      r->n_samples += e->n_samples;
    }
    /* A failed repetition voids the timing and the energy. */
    if (r->verdict != KB_PASS)
      r->n_samples = r->energy_n_windows = c->n_reps = r->kernel_stats.n = 0;
    i = j;
  }
  qsort(ps, np, sizeof *ps, by_first);
  run->cases = calloc(np ? np : 1, sizeof *run->cases);
  if (run->cases) {
    for (size_t i = 0; i < np; i++)
      run->cases[i] = ps[i].c;
    run->n_cases = np;
    np = 0;
    rc = 0;
  }
done:
  for (size_t i = 0; i < np; i++)
    kb_res_case_free(&ps[i].c);
  free(ps);
  return rc;
}

double kb_res_placement(const kb_res_case *c)
{
  kb_stats st;
  if (c->res.verdict != KB_PASS || !c->given[KB_FIELD_placement_median]
      || !c->res.samples
      || kb_stats_compute(c->res.samples, c->res.n_samples, &st))
    return 0;
  double spread = kb_placement_spread(st.median, c->res.placement_median);
  double p = c->given[KB_FIELD_placement_p] ? c->res.placement_p : -1;
  return kb_placement_sensitive(spread, st.noise, p) ? spread : 0;
}
