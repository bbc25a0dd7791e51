/* Energy per run of a CUDA case through NVML (energy.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/energy.h"
#include "util/format.h"
#include "util/host_facts.h"
#include "gpu/nvml.h"
#include "worker/measure/energy.h"
#include "worker/measure/sampler.h"

/*
** GPU time queued per chunk.  While the host waits for a chunk it polls
** NVML, and the next chunk must keep the GPU busy meanwhile: a poll of the
** energy counter can take 4-8 ms (bench/results/2026-11-24/h100/energy/),
** and with 2 ms chunks the GPU idled between runs, so that
** the joules per run took in idle power (a 64M-int reduction's batch ran
** one run every 460 us against 88 us timed).  So a chunk lasts four
** polls, at least KB_ENERGY_CHUNK_S and at most KB_ENERGY_CHUNK_MAX_S; a
** window's ends are seen within about a poll either way.
*/
#define KB_ENERGY_CHUNK_S 2e-3
#define KB_ENERGY_CHUNK_MAX_S 50e-3
#define KB_ENERGY_CHUNK_POLLS 4
/* Runs per chunk at most: past the launch queue (about a thousand) the
** host waits in the launch, with the GPU busy. */
#define KB_ENERGY_CHUNK_MAX 16384
/* The windows must be done this long after they could have been, or the
** counter is not moving as it should. */
#define KB_ENERGY_SLACK_S 3.0

static void note(kb_result *r, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(r->energy_note, sizeof r->energy_note, fmt, ap);
  va_end(ap);
}

/* The lowest clock seen so far, 0 standing for none. */
static void keep_lowest(unsigned *kept, unsigned mhz)
{
  if (mhz && (*kept == 0 || mhz < *kept))
    *kept = mhz;
}

/* One batch: queue chunks of runs until the meter has every window.
** *trouble says why the counter gave none (the batch still ran). */
typedef struct batch {
  kb_case *c;
  void *state;
  kb_nvml *nvml;
  kb_energy_meter meter;
  size_t chunk;            /* runs per chunk */
  size_t runs;             /* queued in all */
  double started;          /* on the host's clock */
  char trouble[200];
} batch;

/* Poll the counter until fence `wait` has passed (the chunk before the
** one just queued) or the last window closed; the clocks are read at each
** window's end.  KBENCH_OK, or KBENCH_ERROR with c->message. */
static int watch(batch *b, kb_result *r, int wait, int *done)
{
  int passed = wait < 0;
  do {
    unsigned long long mj;
    if (kb_nvml_energy_mj(b->nvml, &mj, b->trouble, sizeof b->trouble))
      return KBENCH_OK;
    size_t ends = b->meter.n;
    int fed = kb_energy_meter_feed(&b->meter, kb_host_clock_s(), mj);
    if (fed < 0) {
      snprintf(b->trouble, sizeof b->trouble, "the energy counter went "
               "backwards (the driver was reloaded?)");
      return KBENCH_OK;
    }
    *done = fed;
    if (b->meter.n != ends) {
      keep_lowest(&r->energy_sm_mhz, kb_nvml_sm_mhz(b->nvml));
      keep_lowest(&r->energy_mem_mhz, kb_nvml_mem_mhz(b->nvml));
    }
    if (!passed && (passed = kb_gpu_fence_passed(b->c->gpu, wait,
                                                 b->c->message,
                                                 sizeof b->c->message)) < 0)
      return KBENCH_ERROR;
  } while (!passed && !*done);
  return KBENCH_OK;
}

static int run_batch(batch *b, kb_result *r)
{
  double deadline = b->started + KB_ENERGY_SLACK_S
                    + b->meter.windows * b->meter.window_s;
  kb_case *c = b->c;
  int done = 0;
  for (int slot = 0, first = 1; !done && !b->trouble[0]; slot ^= 1) {
    for (size_t i = 0; i < b->chunk; i++) {
      int status = kb_case_run(c, b->state);
      if (status != KBENCH_OK)
        return status;
    }
    b->runs += b->chunk;
    if (kb_gpu_fence(c->gpu, slot, c->message, sizeof c->message))
      return KBENCH_ERROR;
    /* Wait for the chunk before this one: this one keeps the GPU busy. */
    if (watch(b, r, first ? -1 : !slot, &done) != KBENCH_OK)
      return KBENCH_ERROR;
    first = 0;
    if (!done && kb_host_clock_s() > deadline)
      snprintf(b->trouble, sizeof b->trouble, "the energy counter moved "
               "%zu time%s in %.1f s, too few for %zu window%s of %.2f s",
               b->meter.updates, kb_s(b->meter.updates),
               kb_host_clock_s() - b->started, b->meter.windows,
               kb_s(b->meter.windows), b->meter.window_s);
  }
  return KBENCH_OK;
}

int kb_energy_measure(kb_case *c, void *state, double one_run,
                      double total_s, kb_result *r)
{
  const char *why;
  batch b = {c, state, kb_gpu_nvml(c->gpu, &why), {0}, 1, 0, 0, ""};
  unsigned long long mj;
  if (!b.nvml) {
    note(r, "%s", why);
    return KBENCH_OK;
  }
  if (kb_nvml_energy_mj(b.nvml, &mj, b.trouble, sizeof b.trouble)) {
    note(r, "%s", b.trouble);
    return KBENCH_OK;
  }
  kb_energy_meter_init(&b.meter, total_s > 0 ? total_s : KB_ENERGY_TIME_S);
  /* What a poll costs, from three: the chunks are sized to outlast it. */
  double t0 = kb_host_clock_s();
  for (int i = 0; i < 3; i++)
    if (kb_nvml_energy_mj(b.nvml, &mj, b.trouble, sizeof b.trouble)) {
      note(r, "%s", b.trouble);
      return KBENCH_OK;
    }
  double chunk_s = KB_ENERGY_CHUNK_POLLS * (kb_host_clock_s() - t0) / 3;
  chunk_s = chunk_s < KB_ENERGY_CHUNK_S ? KB_ENERGY_CHUNK_S
          : chunk_s > KB_ENERGY_CHUNK_MAX_S ? KB_ENERGY_CHUNK_MAX_S : chunk_s;
  if (one_run > 0 && chunk_s / one_run > 1)
    b.chunk = chunk_s / one_run < KB_ENERGY_CHUNK_MAX
              ? (size_t)(chunk_s / one_run) : KB_ENERGY_CHUNK_MAX;
  r->power_limit_w = kb_nvml_power_limit_w(b.nvml);
  /* The events around the whole batch give one run's time in it; the
  ** stream is not held: the batch is long, and queued as it runs. */
  if (kb_gpu_begin(c->gpu, 0, c->message, sizeof c->message))
    return KBENCH_ERROR;
  double seconds = 0;
  b.started = kb_host_clock_s();
  int status = kb_sampler_finish(c, run_batch(&b, r), &seconds);
  if (status != KBENCH_OK)
    return status;
  kb_energy_stats e;
  if (b.trouble[0]) {
    note(r, "%s", b.trouble);
  } else if (kb_energy_compute(b.meter.at, b.meter.n, seconds / b.runs,
                               &e)) {
    note(r, "the energy counter's readings give no number (%zu window "
         "end%s, %zu run%s in %.3f s)", b.meter.n, kb_s(b.meter.n), b.runs,
         kb_s(b.runs), seconds);
  } else {
    r->energy_j = e.j_per_run;
    r->power_w = e.watts;
    r->energy_s = e.seconds;
    r->energy_runs = e.runs;
    r->energy_spread = e.spread;
    /* Each window's joules, for kbench compare's test; out of memory, the
    ** case keeps its one number (energy_j), as a reader falls back to. */
    size_t bytes = e.n_windows * sizeof *e.window_j;
    if ((r->energy_windows = malloc(bytes))) {
      memcpy(r->energy_windows, e.window_j, bytes);
      r->energy_n_windows = e.n_windows;
    }
  }
  return KBENCH_OK;
}
