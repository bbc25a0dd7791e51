/*
** Graph: the batch of runs is captured once into a CUDA graph and each
** sample replays it, so launch overhead nearly disappears for kernels too
** short for a plain launch to measure.
*/
#include "worker/measure/sampler.h"

static int graph_begin(kb_sampling *s)
{
  kb_case *c = s->c;
  char scratch[KB_MESSAGE_LEN];
  int status = KBENCH_OK;
  if (kb_gpu_capture_begin(c->gpu, c->message, sizeof c->message))
    return KBENCH_ERROR;
  for (size_t i = 0; i < s->batch && status == KBENCH_OK; i++)
    status = kb_case_run(c, s->state);
  char *msg = status == KBENCH_OK ? c->message : scratch;
  if (kb_gpu_capture_end(c->gpu, &s->graph, msg, sizeof scratch)) {
    if (status == KBENCH_OK) {
      status = KBENCH_ERROR;
      kb_gpu_recover(c->gpu, scratch, sizeof scratch);
    }
  }
  return status;
}

static int graph_sample(kb_sampling *s, double *seconds)
{
  kb_case *c = s->c;
  if (kb_gpu_begin(c->gpu, s->hold, c->message, sizeof c->message))
    return KBENCH_ERROR;
  int status = kb_gpu_graph_launch(c->gpu, s->graph, c->message,
                                   sizeof c->message) ? KBENCH_ERROR
                                                      : KBENCH_OK;
  status = kb_sampler_finish(c, status, seconds);
  *seconds /= (double)s->batch;
  return status;
}

static void graph_end(kb_sampling *s)
{
  kb_gpu_graph_free(s->graph);
  s->graph = NULL;
}

const kb_sampler kb_sampler_graph = {"graph", 1, graph_begin, graph_sample,
                                     graph_end};
