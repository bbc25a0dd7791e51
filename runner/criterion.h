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

#include "stats.h"

typedef struct kb_criterion_cfg {
  size_t min_samples;
  size_t max_samples;
  double min_time;     /* seconds of measured time, summed over samples */
  double max_noise;    /* relative, e.g. 0.005 */
  double timeout;      /* seconds of wall time for the sampling loop */
  double host_timeout; /* the same for host cases (measure.c) */
} kb_criterion_cfg;

/*
** Host cases stop sooner by default.  On the lent VMs the median of a host
** variant moves by 0.64-1.28x between processes (bench/results/
** 2026-11-23-h100/hostnoise.txt) while 0.5 s gives it 25-50 samples: more
** samples narrow a within-process noise that the next process ignores,
** and cost the catalogue seconds (copy_cpu sampled for 10.5 s to reach
** 0.5% there).
*/
#define KB_HOST_TIMEOUT_S 0.5

enum kb_stop {
  KB_STOP_NOT_YET = 0,
  KB_STOP_NOISE,       /* converged: the answer is known */
  KB_STOP_MAX_SAMPLES,
  KB_STOP_TIMEOUT
};

typedef struct kb_criterion {
  kb_criterion_cfg cfg;
  double measured;     /* sum of sample times */
  size_t next_check;   /* statistics are recomputed only at these counts */
  kb_stats last;       /* statistics at the last check */
} kb_criterion;

void kb_criterion_init(kb_criterion *k, const kb_criterion_cfg *cfg);
void kb_criterion_cfg_default(kb_criterion_cfg *cfg);

/* Feed the latest sample (samples[n-1]); returns enum kb_stop. */
int kb_criterion_update(kb_criterion *k, const double *samples, size_t n,
                        double wall_elapsed);
const char *kb_stop_name(int stop);

#endif
