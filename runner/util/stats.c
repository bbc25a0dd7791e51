/* Median, spread and noise of a case's samples (stats.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/stats.h"

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median_sorted(const double *x, size_t n)
{
  return n % 2 ? x[n / 2] : 0.5 * (x[n / 2 - 1] + x[n / 2]);
}

/*
** Noise is the relative standard error of the median, estimated robustly:
** sigma ~ 1.4826 * MAD for normal data, and the median's standard error is
** sqrt(pi/2) * sigma / sqrt(n).  Unlike the spread of single samples, it
** falls as samples accumulate, so a noisy kernel still converges instead
** of always running into the time cap; and a few outliers (a preempted
** sample) do not move it.
*/
int kb_stats_compute(const double *x, size_t n, kb_stats *s)
{
  memset(s, 0, sizeof *s);
  if (n == 0)
    return -1;
  double *v = malloc(n * sizeof *v);
  if (!v)
    return -1;
  memcpy(v, x, n * sizeof *v);
  qsort(v, n, sizeof *v, cmp_double);
  s->n = n;
  s->min = v[0];
  s->max = v[n - 1];
  s->median = median_sorted(v, n);
  double sum = 0;
  for (size_t i = 0; i < n; i++)
    sum += v[i];
  s->mean = sum / n;
  double ss = 0;
  for (size_t i = 0; i < n; i++)
    ss += (v[i] - s->mean) * (v[i] - s->mean);
  s->stdev = n > 1 ? sqrt(ss / (n - 1)) : 0;
  s->rel_stdev = s->mean > 0 ? s->stdev / s->mean : 0;
  for (size_t i = 0; i < n; i++)
    v[i] = fabs(v[i] - s->median);
  qsort(v, n, sizeof *v, cmp_double);
  double mad = median_sorted(v, n);
  s->noise = s->median > 0
      ? 1.2533 * 1.4826 * mad / sqrt((double)n) / s->median : 0;
  free(v);
  return 0;
}
