/* Summary statistics of a case's samples (seconds per run). */
#ifndef KB_STATS_H
#define KB_STATS_H

#include <stddef.h>

typedef struct kb_stats {
  size_t n;
  double median, mean, min, max;
  double stdev;        /* sample standard deviation */
  double rel_stdev;    /* stdev / mean: the spread of single samples */
  double noise;        /* relative standard error of the median */
} kb_stats;

/* Returns 0, or -1 when n == 0 or memory runs out. */
int kb_stats_compute(const double *x, size_t n, kb_stats *s);

#endif
