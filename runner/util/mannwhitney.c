/* The two-sided Mann-Whitney U test on two sets of samples (mannwhitney.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/mannwhitney.h"

typedef struct ranked {
  double v;
  int in_a;
} ranked;

static int cmp_ranked(const void *x, const void *y)
{
  double a = ((const ranked *)x)->v, b = ((const ranked *)y)->v;
  return (a > b) - (a < b);
}

/*
** Ranks are kept doubled (2 x the midrank of a tie group is the sum of its
** first and last rank), so that every rank and rank sum is an integer and
** the exact distribution below can be indexed by it.
*/
static void double_ranks(const ranked *x, size_t n, unsigned *w,
                         double *tie_term)
{
  *tie_term = 0;
  for (size_t i = 0; i < n;) {
    size_t j = i;
    while (j + 1 < n && x[j + 1].v == x[i].v)
      j++;
    for (size_t k = i; k <= j; k++)
      w[k] = (unsigned)(i + j + 2);
    double t = (double)(j - i + 1);
    *tie_term += t * t * t - t;
    i = j + 1;
  }
}

/*
** The exact two-sided p-value: the share of all C(N, m) ways to pick the
** smaller sample's m places among the N pooled values whose rank sum lies
** at least as far from its mean as the observed one.  Ties keep their
** midranks (a permutation test), so this stays exact where the textbook
** tables and scipy's "exact" method, which assume no ties, do not.
** Counted with the subset-sum table dp[k][s] (k values picked, doubled
** rank sum s); counts are added only, so doubles lose no more than
** rounding even where they exceed 2^53.
*/
static int exact_p(const ranked *x, const unsigned *w, size_t n, size_t na,
                   double *p)
{
  size_t nb = n - na;
  int small_is_a = na <= nb;
  size_t m = small_is_a ? na : nb;
  size_t smax = 2 * m * n;
  if ((m + 1) > (size_t)5e7 / (smax + 1))
    return -1;                     /* a table over 400 MB: refuse */
  double *dp = calloc((m + 1) * (smax + 1), sizeof *dp);
  if (!dp)
    return -1;
  dp[0] = 1;
  unsigned long observed = 0;
  for (size_t j = 0; j < n; j++) {
    if (x[j].in_a == small_is_a)
      observed += w[j];
    size_t top = j + 1 < m ? j + 1 : m;
    for (size_t k = top; k >= 1; k--) {
      double *to = dp + k * (smax + 1), *from = dp + (k - 1) * (smax + 1);
      for (size_t s = smax; s >= w[j]; s--)
        to[s] += from[s - w[j]];
    }
  }
  double mean2 = (double)m * (double)(n + 1);   /* doubled mean rank sum */
  double dev = fabs((double)observed - mean2);
  double all = 0, extreme = 0;
  const double *last = dp + m * (smax + 1);
  for (size_t s = 0; s <= smax; s++) {
    all += last[s];
    if (fabs((double)s - mean2) >= dev)
      extreme += last[s];
  }
  free(dp);
  *p = extreme / all;
  if (*p > 1)
    *p = 1;
  return 0;
}

/*
** The normal approximation as scipy.stats.mannwhitneyu computes it (its
** default, use_continuity=True), so that its results can be checked there:
** the variance shrinks with the ties, and U moves half a step toward the
** mean.  Identical samples have no variance at all: p is 1.
*/
static void normal_p(double u, size_t na, size_t nb, double tie_term,
                     kb_mwu *r)
{
  double n = (double)(na + nb), nn = (double)na * (double)nb;
  double mu = nn / 2;
  double var = nn / 12 * ((n + 1) - tie_term / (n * (n - 1)));
  double big = u > nn - u ? u : nn - u;
  if (!(var > 0)) {
    r->z = 0;
    r->p = 1;
    return;
  }
  r->z = (big - mu - 0.5) / sqrt(var);
  r->p = erfc(r->z / sqrt(2.0));
  if (r->p > 1)
    r->p = 1;
}

int kb_mwu_test(const double *a, size_t na, const double *b, size_t nb,
                int method, kb_mwu *r)
{
  memset(r, 0, sizeof *r);
  if (na == 0 || nb == 0)
    return -1;
  size_t n = na + nb;
  ranked *x = malloc(n * sizeof *x);
  unsigned *w = malloc(n * sizeof *w);
  if (!x || !w) {
    free(x);
    free(w);
    return -1;
  }
  for (size_t i = 0; i < n; i++) {
    x[i].in_a = i < na;
    x[i].v = i < na ? a[i] : b[i - na];
    if (!isfinite(x[i].v)) {
      free(x);
      free(w);
      return -1;
    }
  }
  qsort(x, n, sizeof *x, cmp_ranked);
  double tie_term;
  double_ranks(x, n, w, &tie_term);
  double rank_sum2 = 0;
  for (size_t i = 0; i < n; i++)
    if (x[i].in_a)
      rank_sum2 += w[i];
  r->u = rank_sum2 / 2 - (double)na * (double)(na + 1) / 2;
  r->ties = tie_term > 0;

  size_t small = na < nb ? na : nb;
  if (method == KB_MWU_AUTO)
    method = small <= KB_MWU_EXACT_MAX_SMALL && n <= KB_MWU_EXACT_MAX_TOTAL
                 ? KB_MWU_EXACT : KB_MWU_NORMAL;
  int rc = 0;
  r->method = method;
  if (method == KB_MWU_EXACT)
    rc = exact_p(x, w, n, na, &r->p);
  else
    normal_p(r->u, na, nb, tie_term, r);
  free(x);
  free(w);
  return rc;
}

const char *kb_mwu_method_name(int method)
{
  return method == KB_MWU_EXACT ? "exact" : "normal";
}
