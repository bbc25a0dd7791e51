/*
** Hot: a batch of back-to-back runs between two events, reported per run.
** The data stays in L2 when it fits, and the stream is held while the
** batch is queued, so the GPU runs it back to back at its own pace: what a
** kernel in a tight loop sees once the host has queued ahead.  Without the
** hold, a short kernel measures the host's launch rate instead (4.3 us per
** launch against 3.1 us cold, on an H100).  The batch is
** capped (KB_HELD_BATCH_MAX) so the queue never fills while held.  A
** variant that synchronizes or times a region is sampled one run at a
** time (measure.c): a region per run would need an event pair per run.
*/
#include "worker/measure/sampler.h"

static int hot_sample(kb_sampling *s, double *seconds)
{
  kb_case *c = s->c;
  int status = KBENCH_OK;
  if (kb_gpu_begin(c->gpu, s->hold, c->message, sizeof c->message))
    return KBENCH_ERROR;
  for (size_t i = 0; i < s->batch && status == KBENCH_OK; i++)
    status = kb_sampler_run(s);
  status = kb_sampler_finish(c, status, seconds);
  *seconds /= (double)s->batch;
  return status;
}

const kb_sampler kb_sampler_hot = {"hot", 1, NULL, hot_sample, NULL};
