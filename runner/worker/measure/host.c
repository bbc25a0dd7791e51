/* Host: one run of a CPU variant, or its timed region, on the host's
** monotonic clock. */
#include "worker/measure/sampler.h"

static int host_sample(kb_sampling *s, double *seconds)
{
  int status = kb_sampler_run(s);
  *seconds = s->host_s;
  return status;
}

const kb_sampler kb_sampler_host = {"host", 0, NULL, host_sample, NULL};
