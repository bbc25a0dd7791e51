/*
** Kernel time on a pass of its own (worker/measure/kernel_time.h says what it
** is): after a case was timed and verified, a few runs in the case's mode
** under CUPTI's range profiler, one range per kernel, counting
** gpu__time_duration.sum, the counter ncu reports.  Never the timed
** samples: the profiler serializes kernels, and tracing them instead
** (activity records) instruments and slows them (docs/usage.md).
**
** With the bytes audit on, the same pass counts DRAM's bytes, and its
** first run, which starts from a flushed L2, serves the audit: one pass
** for both.
*/
#ifndef KB_KERNEL_PASS_H
#define KB_KERNEL_PASS_H

#include "model/measure_cfg.h"
#include "model/result.h"
#include "worker/measure/probe_state.h"
#include "worker/plugin/case.h"

/* Runs a pass may hold, and ranges (kernels and flushes) in all: 64 holds
** 10 cold runs of up to 5 kernels (more kernels, fewer runs).  A config
** sized for 512 made a worker's first pass cost 0.7 s instead of 0.17 s on
** the H100 (bench/results/2026-11-25-kerneltime). */
#define KB_KERNEL_PASS_MAX_RUNS 100
#define KB_KERNEL_PASS_MAX_RANGES 64
/* A pass's runs last about this long at most (a case of long runs takes
** fewer of them, at least KB_KERNEL_PASS_MIN_RUNS). */
#define KB_KERNEL_PASS_TARGET_S 0.02
#define KB_KERNEL_PASS_MIN_RUNS 5

/* The pass over a case that verified and was timed: each run's busy time
** into r (r->kernel_note says why none; r->kernel_pass_s, what the pass
** took), and, when the probe's config counts them (the bytes audit), the
** first run's DRAM bytes read and written into *rd and *wr (left < 0
** otherwise).  --min-samples runs (10 by default), fewer when runs are
** long.  The probe must be ready to collect (kb_cupti_counters_ready). */
void kb_kernel_pass(kb_probe *p, kb_case *c, void *state,
                    const kb_measure_cfg *cfg, kb_result *r, double *rd,
                    double *wr);

/* After a case's counted runs: with --rest-profiler, kernel time's config
** freed, which disables the range profiler until the next pass makes it
** again (enabled, it moves later cases' samples). */
void kb_kernel_pass_rest(kb_probe *p, const kb_measure_cfg *cfg);

#endif
