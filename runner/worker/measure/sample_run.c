/*
** One run as every sampler takes it (sampler.h): with ABI 1.2's timed
** region, when the run has one, marked on the GPU's events and on the
** host's clock, and the run's time on the host's clock beside them.
*/
#include "util/host_facts.h"
#include "worker/measure/sampler.h"

/* An end of the run's timed region: the GPU's events in a CUDA case, and
** the host's clock, read as late as possible at the start and as early as
** possible at the end.  In a cold sample the region starts after a flush
** of its own: what the run did before it (a 256 MiB memset) would
** otherwise leave the L2 full of dirty lines, whose write-back the region
** would pay for (+10% on a 64M-int CUB sum, H100), where a whole run
** starts from the flush's clean lines. */
static int mark_region(void *ctx, int start, char *err, size_t len)
{
  kb_sampling *s = ctx;
  kb_gpu *g = s->c->gpu;
  if (!start)
    s->host_mark[1] = kb_host_clock_s();
  if (g && start && s->flush_at_region && kb_gpu_flush_l2(g, err, len))
    return -1;
  if (g && kb_gpu_region(g, start, err, len))
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
  /* The run around the region, which a plugin that works before
  ** timer_start (or moves its marks) cannot shorten. */
  if (c->region.state == 2 && (s->run_min_s == 0 || t1 - t0 < s->run_min_s))
    s->run_min_s = t1 - t0;
  return status;
}

