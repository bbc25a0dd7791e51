/*
** One run as every sampler takes it (sampler.h): with ABI 1.2's timed
** region, when the run has one, marked on the GPU's events and on the
** host's clock, and the run's time on the host's clock beside them.
*/
#include "core/host_facts.h"
#include "measure/sampler.h"

/* An end of the run's timed region: the GPU's events in a CUDA case, and
** the host's clock, read as late as possible at the start and as early as
** possible at the end. */
static int mark_region(void *ctx, int start, char *err, size_t len)
{
  kb_sampling *s = ctx;
  if (!start)
    s->host_mark[1] = kb_host_clock_s();
  if (s->c->gpu && kb_gpu_region(s->c->gpu, start, err, len))
    return -1;
  if (start)
    s->host_mark[0] = kb_host_clock_s();
  return 0;
}

int kb_sampler_run(kb_sampling *s)
{
  kb_case *c = s->c;
  c->on_region = mark_region;
  c->region_ctx = s;
  double t0 = kb_host_clock_s();
  int status = kb_case_run(c, s->state);
  double t1 = kb_host_clock_s();
  c->on_region = NULL;
  c->region_ctx = NULL;
  s->host_s = c->region.state == 2 ? s->host_mark[1] - s->host_mark[0] : t1 - t0;
  return status;
}

