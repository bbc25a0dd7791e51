/*
** Kernel time: each run's time on the GPU's own clock, leaving out the
** queue and launch overhead that the event interval carries (and that
** depends on the host: docs/usage.md, "Kernel time").
**
** The instrument is the counter ncu reports, gpu__time_duration.sum, one
** range per kernel (the range profiler's auto range), over a pass of runs
** of its own after the timed samples (worker/measure/kernel_pass.c).  The pass
** launches kbench's L2 flush, then the runs, each after a flush of its own
** in cold mode (cold: F K.. F K.. F K..; hot and graph: F K.. K.. K..),
** and the ranges come back in launch order, unnamed: which range is whose
** follows from that layout alone.  Per run:
**   busy  its kernels' durations summed (what ncu sums over a run);
**   span  first kernel's start to last one's end: the busy time when the
**         run launches one kernel; not measured when it launches several
**         (the profiler serializes them, so the gaps between them are the
**         profiler's, not the run's).
** Copies and memsets are not kernels: a run of copies alone has no kernel
** time, and a copy beside kernels is not in their busy time.
**
** Pure: range counts in, the layout out; no CUPTI here, so the unit tests
** feed it synthetic passes.
*/
#ifndef KB_KERNEL_TIME_H
#define KB_KERNEL_TIME_H

#include <stddef.h>

/*
** The kernels per run of a pass of NRANGES ranges over RUNS runs, cold
** (FLUSH_EACH: a flush before every run) or not (one flush first): 0 with
** it in *per_run, or -1 with why when the ranges do not divide among the
** runs (a run that launched no kernel, or runs that launched different
** numbers of kernels).
*/
int kb_kernel_time_layout(size_t nranges, size_t runs, int flush_each,
                          size_t *per_run, char *why, size_t len);

/* The range of run i's first kernel in such a pass. */
size_t kb_kernel_time_first(size_t run, size_t per_run, int flush_each);

/* Run i's sum of a value per range (VALUES: NRANGES rows of NCOLS, column
** COL): its busy time from gpu__time_duration, its DRAM bytes. */
double kb_kernel_time_sum(const double *values, size_t ncols, size_t col,
                          size_t run, size_t per_run, int flush_each);

#endif
