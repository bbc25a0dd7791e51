/* Kernel time's arithmetic on synthetic passes: which ranges are whose. */
#include <string.h>

#include "worker/measure/kernel_time.h"
#include "tap.h"

/* One column of gpu__time_duration values, in ns, as a pass returns them. */
static double busy(const double *ns, size_t run, size_t per_run, int cold)
{
  return kb_kernel_time_sum(ns, 1, 0, run, per_run, cold);
}

int main(void)
{
  char why[256];
  size_t m;

  /* Cold, one kernel a run: F K F K F K. */
  const double one[] = {40000, 88000, 41000, 87500, 40500, 88500};
  ok(kb_kernel_time_layout(6, 3, 1, &m, why, sizeof why) == 0 && m == 1,
     "cold, one kernel a run: one kernel after each flush");
  ok(busy(one, 0, m, 1) == 88000 && busy(one, 1, m, 1) == 87500
     && busy(one, 2, m, 1) == 88500, "each run's kernel, never a flush");

  /* Cold, two kernels a run with a gap between them on the GPU (CUB's
  ** reduction and its single-tile pass): the busy time sums the two and
  ** leaves the gap out, as ncu sums a run's kernels. */
  const double two[] = {40000, 85000, 3000, 40000, 85500, 3500};
  ok(kb_kernel_time_layout(6, 2, 1, &m, why, sizeof why) == 0 && m == 2,
     "cold, two kernels a run");
  ok(busy(two, 0, m, 1) == 88000 && busy(two, 1, m, 1) == 89000,
     "a run's busy time is its kernels' durations summed");

  /* Two streams: a forked and joined run's kernels come back in launch
  ** order, serialized by the profiler; hot mode: one flush, then the runs
  ** back to back (the first, cold, is the caller's to leave out). */
  const double streams[] = {40000, 1000, 1100, 900, 1000, 950, 1050};
  ok(kb_kernel_time_layout(7, 3, 0, &m, why, sizeof why) == 0 && m == 2,
     "hot, two streams: one flush first, two kernels a run");
  ok(busy(streams, 0, m, 0) == 2100 && busy(streams, 1, m, 0) == 1900
     && busy(streams, 2, m, 0) == 2000, "each run's two kernels");

  /* A copy is not a kernel: a run of a kernel and a copy has one range,
  ** and a run of copies alone has none, so no kernel time. */
  ok(kb_kernel_time_layout(6, 3, 1, &m, why, sizeof why) == 0 && m == 1,
     "a kernel and a copy: the kernel's range alone");
  ok(kb_kernel_time_layout(3, 3, 1, &m, why, sizeof why) == -1 && m == 0
     && strstr(why, "no kernel") != NULL,
     "copies alone: no kernel, and why");
  ok(kb_kernel_time_layout(1, 4, 0, &m, why, sizeof why) == -1
     && strstr(why, "no kernel") != NULL, "the same in hot mode");

  /* Runs that launched different numbers of kernels cannot be told apart. */
  ok(kb_kernel_time_layout(5, 2, 1, &m, why, sizeof why) == -1
     && strstr(why, "different numbers") != NULL,
     "3 kernels in 2 runs: refused, and why");
  ok(kb_kernel_time_layout(1, 2, 1, &m, why, sizeof why) == -1,
     "fewer ranges than flushes: refused");
  ok(kb_kernel_time_layout(0, 0, 1, &m, why, sizeof why) == -1,
     "no runs: refused");

  /* The audit's DRAM bytes ride in further columns: the first run's. */
  const double cols[] = {40000, 0, 0,   88000, 268e6, 1e3,
                         40000, 0, 0,   87000, 267e6, 2e3};
  ok(kb_kernel_time_layout(4, 2, 1, &m, why, sizeof why) == 0
     && kb_kernel_time_sum(cols, 3, 1, 0, m, 1) == 268e6
     && kb_kernel_time_sum(cols, 3, 2, 1, m, 1) == 2e3
     && kb_kernel_time_sum(cols, 3, 0, 1, m, 1) == 87000,
     "a column per counter: each run's sums");
  return tap_done();
}
