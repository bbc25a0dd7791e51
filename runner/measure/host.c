/* Host: one run of a CPU variant, timed with CLOCK_MONOTONIC. */
#include <time.h>

#include "measure/sampler.h"

static int host_sample(kb_sampling *s, double *seconds)
{
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  int status = kb_case_run(s->c, s->state);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  *seconds = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9;
  return status;
}

const kb_sampler kb_sampler_host = {"host", 0, NULL, host_sample, NULL};
