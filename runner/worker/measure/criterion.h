/*
** When to stop sampling a case: a minimum number of samples and of
** measured time, then as soon as the median's relative noise is below the
** target; a sample cap and a wall-time cap bound every case.  A separate
** unit so that another rule can replace it (nvbench's stdrel does the
** same job there).
*/
#ifndef KB_CRITERION_H
#define KB_CRITERION_H

#include <stddef.h>

#include "model/measure_cfg.h"
#include "util/stats.h"

typedef struct kb_criterion {
  kb_criterion_cfg cfg;
  double measured;     /* sum of sample times */
  size_t next_check;   /* statistics are recomputed only at these counts */
  kb_stats last;       /* statistics at the last check */
} kb_criterion;

void kb_criterion_init(kb_criterion *k, const kb_criterion_cfg *cfg);

/* Feed the latest sample (samples[n-1]); returns enum kb_stop. */
int kb_criterion_update(kb_criterion *k, const double *samples, size_t n,
                        double wall_elapsed);

#endif
