/* When to stop sampling a case (criterion.h). */
#include "worker/measure/criterion.h"

void kb_criterion_init(kb_criterion *k, const kb_criterion_cfg *cfg)
{
  k->cfg = *cfg;
  k->measured = 0;
  k->next_check = cfg->min_samples > 0 ? cfg->min_samples : 1;
  k->last.n = 0;
}

int kb_criterion_update(kb_criterion *k, const double *samples, size_t n,
                        double wall_elapsed)
{
  k->measured += samples[n - 1];
  if (n >= k->cfg.max_samples)
    return KB_STOP_MAX_SAMPLES;
  if (wall_elapsed >= k->cfg.timeout)
    return KB_STOP_TIMEOUT;
  if (n < k->next_check || k->measured < k->cfg.min_time)
    return KB_STOP_NOT_YET;
  /* Sorting is O(n log n): check again once n has grown by 5%, which keeps
  ** the total cost O(n log n) too. */
  k->next_check = n + (n / 20 > 0 ? n / 20 : 1);
  if (kb_stats_compute(samples, n, &k->last) == 0
      && k->last.noise <= k->cfg.max_noise)
    return KB_STOP_NOISE;
  return KB_STOP_NOT_YET;
}
