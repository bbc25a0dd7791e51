/*
** Hot: a batch of back-to-back runs between two events, reported per run.
** The data stays in L2 when it fits, and launch latency overlaps the
** previous run, which is what a kernel in a tight loop of an application
** sees.  The stream is not held: a long batch would fill the launch queue.
*/
#include "sampler.h"

static int hot_sample(kb_sampling *s, double *seconds)
{
  kb_case *c = s->c;
  int status = KBENCH_OK;
  if (kb_gpu_begin(c->gpu, 0, c->message, sizeof c->message))
    return KBENCH_ERROR;
  for (size_t i = 0; i < s->batch && status == KBENCH_OK; i++)
    status = kb_case_run(c, s->state);
  status = kb_sampler_finish(c, status, seconds);
  *seconds /= (double)s->batch;
  return status;
}

const kb_sampler kb_sampler_hot = {"hot", 1, NULL, hot_sample, NULL};
