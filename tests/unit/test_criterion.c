/* The stopping criterion on synthetic sample streams. */
#include <stdlib.h>

#include "worker/measure/criterion.h"
#include "util/rng.h"
#include "tap.h"

typedef double (*stream_fn)(kb_rng *r, size_t i);

static double uniform(kb_rng *r)
{
  return (double)(kb_rng_next(r) >> 11) / 9007199254740992.0;
}
static double stable(kb_rng *r, size_t i) { (void)i; return 1e-3 * (1 + 1e-4 * uniform(r)); }
static double noisy(kb_rng *r, size_t i) { (void)i; return 1e-3 * (1 + 0.4 * uniform(r)); }
static double drifting(kb_rng *r, size_t i) { (void)r; return 1e-3 * (1 + 1e-3 * (double)i); }

/* Feed a stream until the criterion stops; wall time advances by the
** samples themselves.  Returns the stop reason, count in *n. */
static int feed(const kb_criterion_cfg *cfg, stream_fn f, size_t *n)
{
  kb_criterion k;
  kb_rng r;
  size_t cap = cfg->max_samples + 1;
  double *x = malloc(cap * sizeof *x), wall = 0;
  int stop = KB_STOP_NOT_YET;
  kb_rng_seed(&r, 42, 0);
  kb_criterion_init(&k, cfg);
  for (*n = 0; stop == KB_STOP_NOT_YET; ) {
    x[*n] = f(&r, *n);
    wall += x[*n];
    (*n)++;
    stop = kb_criterion_update(&k, x, *n, wall);
  }
  free(x);
  return stop;
}

int main(void)
{
  kb_criterion_cfg cfg;
  size_t n;
  kb_criterion_cfg_default(&cfg);
  cfg.min_time = 0;

  int stop = feed(&cfg, stable, &n);
  ok(stop == KB_STOP_NOISE && n == cfg.min_samples,
     "stable stream stops on noise at the minimum count (%zu)", n);

  stop = feed(&cfg, noisy, &n);
  ok(stop == KB_STOP_NOISE && n > cfg.min_samples,
     "a 40%% noisy stream needs more samples but converges (%zu, %s)", n,
     kb_stop_name(stop));

  cfg.max_samples = 500;
  cfg.max_noise = 1e-6;
  stop = feed(&cfg, drifting, &n);
  ok(stop == KB_STOP_MAX_SAMPLES && n == 500,
     "a drifting stream never converges and stops on the sample cap");

  cfg.max_samples = 100000;
  cfg.timeout = 0.05;
  stop = feed(&cfg, drifting, &n);
  ok(stop == KB_STOP_TIMEOUT && n >= 45 && n <= 55,
     "the time cap stops it after ~50 ms of 1 ms samples (%zu)", n);

  kb_criterion_cfg_default(&cfg);
  cfg.min_time = 0.1;
  stop = feed(&cfg, stable, &n);
  ok(stop == KB_STOP_NOISE && n >= 99 && n <= 101,
     "min-time 0.1 s keeps a stable 1 ms stream going for ~100 (%zu)", n);
  return tap_done();
}
