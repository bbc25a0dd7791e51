/* Kernel time: where each run's kernels are among a pass's ranges (kernel_time.h). */
#include <stdio.h>

#include "util/format.h"
#include "worker/measure/kernel_time.h"

int kb_kernel_time_layout(size_t nranges, size_t runs, int flush_each,
                          size_t *per_run, char *why, size_t len)
{
  *per_run = 0;
  /* The flushes' ranges: one per run, or one in all. */
  size_t flushes = flush_each ? runs : 1;
  if (runs == 0 || nranges < flushes) {
    snprintf(why, len, "the pass has %zu range%s for %zu run%s and their "
             "flushes", nranges, kb_s(nranges), runs, kb_s(runs));
    return -1;
  }
  size_t kernels = nranges - flushes;
  if (kernels == 0) {
    snprintf(why, len, "the run launched no kernel (copies and memsets "
             "have no kernel time)");
    return -1;
  }
  if (kernels % runs) {
    snprintf(why, len, "%zu kernel%s in %zu runs: the runs launched "
             "different numbers of kernels", kernels, kb_s(kernels), runs);
    return -1;
  }
  *per_run = kernels / runs;
  return 0;
}

size_t kb_kernel_time_first(size_t run, size_t per_run, int flush_each)
{
  return flush_each ? run * (per_run + 1) + 1 : 1 + run * per_run;
}

double kb_kernel_time_sum(const double *values, size_t ncols, size_t col,
                          size_t run, size_t per_run, int flush_each)
{
  size_t first = kb_kernel_time_first(run, per_run, flush_each);
  double sum = 0;
  for (size_t k = 0; k < per_run; k++)
    sum += values[(first + k) * ncols + col];
  return sum;
}
