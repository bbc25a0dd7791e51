/* One verified sample of a case (verified.h). */
#include "worker/measure/verified.h"

static int sync_device(kb_case *c)
{
  if (c->gpu && kb_gpu_sync(c->gpu, c->message, sizeof c->message))
    return KBENCH_ERROR;
  return KBENCH_OK;
}

/* The outputs poisoned and the in-out buffers restored; the output
** checked is the one the timed code path produces; with a timed region
** (ABI 1.2), also as the region left it (region_check.c). */
int kb_verified_sample(kb_case *c, const kb_sampler *smp, kb_sampling *s,
                       double *seconds, kb_probe *probe, const char **stage,
                       kb_result *r)
{
  /* An in-out buffer is restored for one run (ABI 1.4): a batch, or a
  ** graph's replay of one, would apply the kernel to it batch times. */
  kb_sampling one;
  if (smp->batched && kb_case_has_inout(c)) {
    one = *s;
    one.batch = 1;
    s = &one;
    smp = &kb_sampler_hot;
  }
  if (kb_case_prepare_outputs(c))
    return KBENCH_ERROR;
  /* The stream audit watches the run, not verify: a copy back to the host
  ** on another stream is the plugin's business there. */
  if (probe)
    kb_probe_trace_begin(probe, 1);
  kb_region_arm(&c->region, c->outputs, c->n_outputs, c->gpu);
  int status = smp->sample(s, seconds);
  int armed = c->region.armed;
  c->region.armed = 0;
  if (status == KBENCH_OK)
    status = sync_device(c);
  if (probe && kb_probe_trace_end(probe, c, status == KBENCH_OK, r)) {
    status = KBENCH_ERROR;
    *stage = "stream check";
  }
  if (status == KBENCH_OK)
    status = kb_case_verify(c, s->state);
  const char *unchecked;
  if (status == KBENCH_OK && armed
      && (status = kb_region_check(c, s->state, &unchecked)) != KBENCH_OK)
    *stage = "timed region";
  else if (status == KBENCH_OK && armed && unchecked[0])
    kb_result_missed(r, "timed-region check", unchecked);
  return status;
}
