/*
** The life of one case, from setup to teardown, and its sample loop
** (measure.h).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/clock_events.h"
#include "util/host_facts.h"
#include "model/plausible.h"
#include "util/stats.h"
#include "worker/measure/criterion.h"
#include "worker/measure/energy.h"
#include "worker/measure/gpu_state.h"
#include "worker/measure/host_floor.h"
#include "worker/measure/measure.h"
#include "worker/measure/placement_study.h"
#include "worker/measure/sampler.h"
#include "worker/measure/stream_check.h"
#include "worker/measure/verified.h"
#include "worker/plugin/hostmem.h"

/* A batched sample should last about this long: long enough to amortise
** the two events, short enough to take many samples. */
#define KB_BATCH_TARGET_S 1e-3
#define KB_BATCH_MAX 1000
/* Runs queued behind a held stream: each may queue a few operations, and
** the launch queue holds about a thousand before cudaLaunch blocks. */
#define KB_HELD_BATCH_MAX 128

static double wall_now(void)
{
  return kb_host_clock_s();
}

static int verdict_of(int status)
{
  return status == KBENCH_WRONG ? KB_WRONG
       : status == KBENCH_UNSUPPORTED ? KB_SKIP : KB_ERROR;
}

/* Record why the case stopped; returns the verdict for chaining. */
static int stop_at(kb_result *r, const kb_case *c, const char *stage,
                   int status)
{
  r->verdict = verdict_of(status);
  snprintf(r->stage, sizeof r->stage, "%s", stage);
  snprintf(r->message, sizeof r->message, "%s", c->message);
  return r->verdict;
}

static size_t pick_batch(const kb_measure_cfg *cfg, double one_run)
{
  size_t max = cfg->hold ? KB_HELD_BATCH_MAX : KB_BATCH_MAX;
  if (cfg->batch)
    return cfg->batch < max ? cfg->batch : max;
  if (one_run <= 0)
    return max;
  double b = KB_BATCH_TARGET_S / one_run;
  return b < 1 ? 1 : b >= max ? max : (size_t)b + 1;
}

/*
** nvbench's rule: a sample taken while the SM clock is under 75% of its
** maximum measures a throttled GPU, not the kernel.  The clock is read
** right after the sample, outside the timed region, and with it why the
** clock is where it is (gpu_state.h), for a kept sample or a dropped one.
** Under --lock-clocks the maximum is the clock the run holds
** (kb_gpu_sm_clock).  Returns 1 to keep it.
*/
static int clock_ok(kb_case *c, kb_result *r)
{
  unsigned max, mhz;
  kb_gpu_state_sample(c, r);
  if (!c->gpu || (mhz = kb_gpu_sm_clock(c->gpu, &max)) == 0 || max == 0)
    return 1;
  if (mhz * 4 < max * 3) {
    r->throttled++;
    return 0;
  }
  if (r->clock_min_mhz == 0 || mhz < r->clock_min_mhz)
    r->clock_min_mhz = mhz;
  if (mhz > r->clock_max_mhz)
    r->clock_max_mhz = mhz;
  return 1;
}

/* host, when given, gets each kept sample's time on the host's clock (a
** variant that synchronizes: its median goes into r->host_s), *host
** growing with r->samples.  The worker's CPU time over the samples, per
** run of them all, kept and dropped, is r->cpu_time, Google Benchmark's:
** read before the first and after the last, outside every timed
** region. */
static int take_samples(kb_case *c, const kb_measure_cfg *cfg,
                        const kb_sampler *smp, kb_sampling *s, kb_result *r,
                        double **host)
{
  double t;
  for (size_t i = 0; i < cfg->warmup; i++) {
    int status = smp->sample(s, &t);
    if (status != KBENCH_OK)
      return stop_at(r, c, "warm-up", status);
  }

  size_t cap = 64;
  r->samples = malloc(cap * sizeof *r->samples);
  if (host && !(*host = malloc(cap * sizeof **host))) {
    snprintf(c->message, sizeof c->message, "out of host memory");
    return stop_at(r, c, "sampling", KBENCH_ERROR);
  }
  if (!r->samples) {
    snprintf(c->message, sizeof c->message, "out of host memory");
    return stop_at(r, c, "sampling", KBENCH_ERROR);
  }
  kb_criterion_cfg stop = cfg->criterion;
  if (!c->gpu)
    stop.timeout = stop.host_timeout;
  kb_criterion k;
  kb_criterion_init(&k, &stop);
  kb_gpu_state_begin(c, r);
  double t0 = wall_now(), cpu0 = kb_cpu_clock_s();
  size_t runs = 0;
  for (;;) {
    int status = smp->sample(s, &t);
    if (status != KBENCH_OK)
      return stop_at(r, c, "timed run", status);
    runs += s->batch;
    if (!clock_ok(c, r)) {
      if (wall_now() - t0 < stop.timeout)
        continue;
      char limits[KB_CLOCK_LIMITS_TEXT_LEN];
      kb_clock_limits_text(r->clock_events, limits, sizeof limits);
      snprintf(c->message, sizeof c->message, "every sample in %.0f s was "
               "taken with the SM clock under 75%% of its maximum%s%s%s",
               stop.timeout, limits[0] ? " (NVML: " : "", limits,
               limits[0] ? ")" : "");
      return stop_at(r, c, "sampling", KBENCH_ERROR);
    }
    if (r->n_samples == cap) {
      double *grown = realloc(r->samples, 2 * cap * sizeof *grown);
      if (grown)
        r->samples = grown;
      if (grown && host && (grown = realloc(*host, 2 * cap * sizeof *grown)))
        *host = grown;
      if (!grown) {
        snprintf(c->message, sizeof c->message, "out of host memory");
        return stop_at(r, c, "sampling", KBENCH_ERROR);
      }
      cap *= 2;
    }
    if (host)
      (*host)[r->n_samples] = s->host_s;
    r->samples[r->n_samples++] = t;
    r->stop = kb_criterion_update(&k, r->samples, r->n_samples,
                                  wall_now() - t0);
    if (r->stop != KB_STOP_NOT_YET) {
      r->cpu_time = 1e9 * (kb_cpu_clock_s() - cpu0) / (double)runs;
      return KB_PASS;
    }
  }
}

/* *run_min_s: the fastest whole run around a timed region, or 0. */
static void measure_prepared(kb_case *c, const kb_measure_cfg *cfg,
                             void *state, kb_probe *probe, kb_result *r,
                             double *run_min_s)
{
  const kb_sampler *smp = !c->gpu ? &kb_sampler_host
      : cfg->mode == KB_MODE_HOT ? &kb_sampler_hot
      : cfg->mode == KB_MODE_GRAPH ? &kb_sampler_graph : &kb_sampler_cold;
  /* A run that waits for the device would wait behind a held stream, and
  ** so would every launch under a profiling tool that serializes them
  ** (ncu): the worker said so once (worker.c). */
  int syncs = kb_case_syncs(c);
  char tool[8];
  kb_sampling s = {.c = c, .state = state, .batch = 1,
                   .hold = cfg->hold && !syncs
                           && !(c->gpu && kb_gpu_tool(tool, sizeof tool))};
  snprintf(r->mode, sizeof r->mode, "%s", smp->name);
  r->syncs = syncs;

  /* The first run is verified on its own, unbatched, and sizes batches.
  ** It never holds the stream: CUDA loads a plugin's module lazily at its
  ** first launch and waits for the stream to do so, which a hold would
  ** stall until it times out (seen on the H100: +2 s per case). */
  double one_run = 0;
  const kb_sampler *first = c->gpu ? &kb_sampler_cold : &kb_sampler_host;
  kb_sampling unheld = s;
  unheld.hold = 0;
  double t0 = wall_now();
  const char *stage = "first run";
  int status = kb_verified_sample(c, first, &unheld, &one_run,
                               c->gpu && (cfg->audit || cfg->kernel_time)
                               && !cfg->profile ? probe : NULL, &stage, r);
  r->verify_s = wall_now() - t0;
  if (status != KBENCH_OK) {
    stop_at(r, c, stage, status);
    return;
  }
  r->timed_region = c->region.used == 1;
  /* CUDA cannot capture the legacy stream. */
  int legacy = kb_case_timed_stream(c) == KB_GPU_TIMED_LEGACY;
  if (smp == &kb_sampler_graph && (syncs || r->timed_region || legacy)) {
    snprintf(c->message, sizeof c->message, "graph mode cannot capture %s: "
             "time it in cold or hot mode", syncs
             ? "a run that synchronizes (KBENCH_VARIANT_SYNCS)"
             : legacy ? "the legacy default stream "
                        "(KBENCH_VARIANT_LEGACY_STREAM)"
             : "the timed region of a run (timer_start, timer_stop)");
    stop_at(r, c, "mode", KBENCH_UNSUPPORTED);
    return;
  }
  if (cfg->profile) {
    /* For a profiler: the verified run is the case; its time, unheld and
    ** once, is all there is to report. */
    if (cfg->energy)
      snprintf(r->energy_note, sizeof r->energy_note, "none under --profile");
    if ((r->samples = malloc(sizeof *r->samples))) {
      r->samples[0] = one_run;
      r->n_samples = 1;
    }
    return;
  }
  /* Under a profiling tool any launch may wait for the whole device, which
  ** the check would blame on the plugin (kb_gpu_tool). */
  if (c->gpu && !kb_gpu_tool(tool, sizeof tool)
      && (status = kb_stream_check(c, state, one_run, cfg->audit ? probe
                                   : NULL, cfg->audit, r)) != KBENCH_OK) {
    stop_at(r, c, "stream check", status);
    return;
  }
  /* One run a sample for a run that synchronizes (a batch would be runs
  ** waiting one after another, the host's gaps between them timed) or
  ** times a region (a region per run would need an event pair per run). */
  if (smp->batched && !syncs && !r->timed_region)
    s.batch = pick_batch(cfg, one_run);
  r->batch = s.batch;
  if (smp->begin && (status = smp->begin(&s)) != KBENCH_OK) {
    stop_at(r, c, "preparing the mode", status);
    return;
  }
  t0 = wall_now();
  double *host = NULL;
  int sampled = take_samples(c, cfg, smp, &s, r, syncs ? &host : NULL);
  r->sampling_s = wall_now() - t0;
  *run_min_s = s.run_min_s;
  kb_gpu_state_end(c, r);
  kb_stats hs;
  if (host && r->n_samples && kb_stats_compute(host, r->n_samples, &hs) == 0)
    r->host_s = hs.median;
  free(host);
  if (sampled == KB_PASS) {
    /* Verify after timing: a kernel right only on its first run (one that
    ** consumes its input, or forgets to reset an accumulator) fails. */
    double ignored;
    t0 = wall_now();
    stage = "run after timing";
    status = kb_verified_sample(c, smp, &s, &ignored, NULL, &stage, r);
    r->verify_s += wall_now() - t0;
    if (status != KBENCH_OK)
      stop_at(r, c, stage, status);
    else if (cfg->energy && c->gpu) {
      /* The chunks are sized by a run's time: the samples' median, not the
      ** first run's, which carries the module's load and a cold launch. */
      kb_stats st;
      double run_s = kb_stats_compute(r->samples, r->n_samples, &st) == 0
                     && st.median > 0 ? st.median : one_run;
      t0 = wall_now();
      status = kb_energy_measure(c, state, run_s, cfg->energy_time, r);
      r->sampling_s += wall_now() - t0;
      if (status != KBENCH_OK)
        stop_at(r, c, "energy batch", status);
    }
  }
  if (smp->end)
    smp->end(&s);
}

void kb_measure_case(kb_case *c, const kb_measure_cfg *cfg, kb_probe *probe,
                     kb_host_floor *floor, kb_result *r)
{
  double t0 = wall_now();
  kb_result_init(r, KB_PASS);
  if (cfg->energy && !c->gpu)
    snprintf(r->energy_note, sizeof r->energy_note, "host cases have no "
             "energy reading (NVML measures the GPU)");
  void *state = NULL;
  double run_min_s = 0;
  /* What the setup holds on the device, for a placement study's pads. */
  size_t free_before = c->gpu && cfg->placements > 1
                       ? kb_gpu_mem_free(c->gpu) : 0;
  int status = kb_case_setup(c, &state);
  /* The runner's stream is non-blocking: nothing orders it after what
  ** setup queued elsewhere.  A cudaMemcpy from pageable memory returns
  ** before its DMA ends, and a cudaMemset may too, so without this wait
  ** the first run can read inputs that have not arrived (seen on the H100:
  ** sweeps failed at 64K-512K elements with zeros read). */
  if (status == KBENCH_OK && c->gpu
      && kb_gpu_settle(c->gpu, c->message, sizeof c->message))
    status = KBENCH_ERROR;
  r->setup_s = wall_now() - t0;
  size_t free_after = free_before ? kb_gpu_mem_free(c->gpu) : 0;
  size_t held = free_after && free_after < free_before
                ? free_before - free_after : 0;
  if (status != KBENCH_OK)
    stop_at(r, c, "setup", status);
  else
    measure_prepared(c, cfg, state, probe, r, &run_min_s);

  if (r->verdict == KB_PASS) {
    kb_case_bytes(c, state, &r->bytes);
    kb_case_work(c, state, &r->flops, &r->items);
    kb_stats_compute(r->samples, r->n_samples, &r->stats);
    /* The probe's pass gives the kernel time (and the audits, their
    ** bytes), after which the time to judge is known. */
    if (probe)
      kb_probe_case(probe, c, state, cfg, r);
    kb_result_judge(r, cfg->time);
    if (c->gpu) {
      kb_plausible_judge(r, &c->device, cfg->strict);
    } else {
      /* A case under the floor is judged again against a floor measured
      ** now, before it is flagged: the first may have been taken while
      ** the host was busier (seen with every core busy on the H200: a
      ** 5.7 GB/s floor against copy_cpu's 11.5 GB/s). */
      double moved = (double)r->bytes.read + (double)r->bytes.written;
      if (kb_plausible_host(r, kb_host_copy_gbps(floor, moved), 0))
        kb_plausible_host(r, kb_host_copy_gbps_again(floor, moved),
                          cfg->strict);
      /* A timed region against the run around it, at any size. */
      if (!r->implausible[0] && r->timed_region)
        kb_plausible_region(r, run_min_s, cfg->strict);
    }
  }
  double t1 = wall_now();
  if (state)
    kb_case_teardown(c, state);
  kb_region_release(&c->region, c->outputs, c->n_outputs, c->gpu);
  r->teardown_s = wall_now() - t1;
  if (cfg->placements > 1) {
    t1 = wall_now();
    kb_placement_study(c, cfg, held, r);
    r->placement_s = wall_now() - t1;
  }
  r->wall_s = wall_now() - t0;
  /* A failed case must not poison the next one's measurements. */
  if (c->gpu && r->verdict == KB_ERROR) {
    char why[KB_MESSAGE_LEN];
    if (kb_gpu_recover(c->gpu, why, sizeof why)) {
      r->device_lost = 1;
      size_t used = strlen(r->message);
      snprintf(r->message + used, sizeof r->message - used,
               " (device unusable afterwards: %s)", why);
    }
  }
}
