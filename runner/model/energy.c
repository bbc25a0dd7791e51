/* The arithmetic of energy per run (energy.h). */
#include <math.h>
#include <string.h>

#include "model/energy.h"
#include "util/stats.h"

void kb_energy_meter_init(kb_energy_meter *m, double total_s)
{
  memset(m, 0, sizeof *m);
  size_t n = (size_t)floor(total_s / KB_ENERGY_WINDOW_S + 0.5);
  if (n < KB_ENERGY_MIN_WINDOWS)
    n = KB_ENERGY_MIN_WINDOWS;
  if (n > KB_ENERGY_MAX_WINDOWS)
    n = KB_ENERGY_MAX_WINDOWS;
  m->windows = n;
  m->window_s = total_s / (double)n;
}

int kb_energy_meter_feed(kb_energy_meter *m, double t, unsigned long long mj)
{
  if (m->n > m->windows)
    return 1;
  if (m->polled && mj < m->last)
    return -1;
  int moved = m->polled && mj != m->last;
  m->polled = 1;
  m->last = mj;
  if (!moved)
    return 0;
  m->updates++;
  /* The first end waits for KB_ENERGY_WARM updates of load; end i is
  ** the first update at least i windows after it, so the windows add up to
  ** the time asked for plus at most one update's gap. */
  if (m->n == 0 ? m->updates >= KB_ENERGY_WARM
                : t - m->at[0].t >= (double)m->n * m->window_s)
    m->at[m->n++] = (kb_energy_reading){t, mj};
  return m->n > m->windows;
}

int kb_energy_compute(const kb_energy_reading *at, size_t n, double run_s,
                      kb_energy_stats *e)
{
  memset(e, 0, sizeof *e);
  if (n < 2 || n > KB_ENERGY_MAX_WINDOWS + 1 || !(run_s > 0))
    return -1;
  for (size_t i = 1; i < n; i++) {
    double dt = at[i].t - at[i - 1].t;
    if (!(dt > 0) || at[i].mj < at[i - 1].mj)
      return -1;
    /* Joules per run in this window: its power times one run's time. */
    e->window_j[i - 1] = (double)(at[i].mj - at[i - 1].mj) / 1e3 / dt * run_s;
  }
  e->n_windows = n - 1;
  e->seconds = at[n - 1].t - at[0].t;
  e->joules = (double)(at[n - 1].mj - at[0].mj) / 1e3;
  e->runs = e->seconds / run_s;
  e->j_per_run = e->joules / e->runs;
  e->watts = e->joules / e->seconds;
  kb_stats s;
  if (kb_stats_compute(e->window_j, e->n_windows, &s) == 0)
    e->spread = s.rel_stdev;
  return 0;
}

double kb_energy_per_joule(double count_per_run, double j_per_run)
{
  if (!(count_per_run > 0) || !(j_per_run > 0))
    return 0;
  return count_per_run / j_per_run;
}
