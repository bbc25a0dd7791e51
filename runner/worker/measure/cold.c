/*
** Cold: every sample starts with an L2 that holds none of the case's data.
** The flush (a read of twice the L2 size) is queued before the timed
** region, and the stream is held until start, run and stop are all queued,
** so neither the flush nor the host's launch latency is measured.
**
** A sample taken without the hold (a run that synchronizes, --no-hold,
** the first run) waits for the flush before its start event: else the
** GPU would still be flushing while the host works through the run's
** first calls, and the events would leave out that much of the run (a
** Thrust reduce to the host read 110 us on the events against 141 us on
** the host's clock, H100).  nvbench's cold measurement does the same.
**
** Persisting L2 lines a case put in play survive a flush: they are made
** normal first (kb_gpu_demote_persisting), outside the timed region.
**
** A run with a timed region (ABI 1.2) is flushed again where its region
** starts (sample_run.c): the region, not the run, is what starts cold.
*/
#include "worker/measure/sampler.h"

int kb_sampler_finish(kb_case *c, int status, double *seconds)
{
  char scratch[KB_MESSAGE_LEN];
  char *msg = status == KBENCH_OK ? c->message : scratch;
  if (kb_gpu_end(c->gpu, seconds, msg, sizeof scratch))
    return status == KBENCH_OK ? KBENCH_ERROR : status;
  return status;
}

static int cold_sample(kb_sampling *s, double *seconds)
{
  kb_case *c = s->c;
  s->flush_at_region = 1;
  if (kb_gpu_demote_persisting(c->gpu, c->message, sizeof c->message)
      || kb_gpu_flush_l2(c->gpu, c->message, sizeof c->message)
      || (!s->hold && kb_gpu_sync(c->gpu, c->message, sizeof c->message))
      || kb_gpu_begin(c->gpu, s->hold, c->message, sizeof c->message))
    return KBENCH_ERROR;
  return kb_sampler_finish(c, kb_sampler_run(s), seconds);
}

const kb_sampler kb_sampler_cold = {"cold", 0, NULL, cold_sample, NULL};
