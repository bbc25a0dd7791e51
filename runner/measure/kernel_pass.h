/*
** Kernel time on a pass of its own (measure/kernel_time.h says what it
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

#include "core/measure_cfg.h"
#include "core/result.h"
#include "measure/probe.h"
#include "plugin/case.h"

/* Runs a pass may hold, and ranges (kernels and flushes) in all. */
#define KB_KERNEL_PASS_MAX_RUNS 100
#define KB_KERNEL_PASS_MAX_RANGES 512

/* The pass over a case that verified and was timed: each run's busy time
** into r (r->kernel_note says why none), and, when the probe's config
** counts them (the bytes audit), the first run's DRAM bytes read and
** written into *rd and *wr (left < 0 otherwise).  The probe must be ready
** to collect (kb_cupti_counters_ready). */
void kb_kernel_pass(kb_probe *p, kb_case *c, void *state,
                    const kb_measure_cfg *cfg, kb_result *r, double *rd,
                    double *wr);

#endif
