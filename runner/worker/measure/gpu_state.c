/* The GPU's state over a case's timed samples, from NVML (gpu_state.h). */
#include "gpu/nvml.h"
#include "worker/measure/gpu_state.h"

static kb_nvml *nvml_of(kb_case *c)
{
  const char *why;
  return c->gpu ? kb_gpu_nvml(c->gpu, &why) : NULL;
}

/* The readings taken at either end of the samples. */
static void ends(kb_nvml *n, double *temp_c, unsigned *mem_mhz,
                 double *power_w)
{
  *temp_c = kb_nvml_temp_c(n);
  *mem_mhz = kb_nvml_mem_mhz(n);
  *power_w = kb_nvml_power_w(n);
}

void kb_gpu_state_begin(kb_case *c, kb_result *r)
{
  kb_nvml *n = nvml_of(c);
  if (n)
    ends(n, &r->temp_start_c, &r->mem_start_mhz, &r->power_start_w);
}

void kb_gpu_state_sample(kb_case *c, kb_result *r)
{
  kb_nvml *n = nvml_of(c);
  uint64_t mask;
  if (n && kb_nvml_clock_events(n, &mask) == 0) {
    r->clock_events |= mask;
    r->clock_event_reads++;
  }
}

void kb_gpu_state_end(kb_case *c, kb_result *r)
{
  kb_nvml *n = nvml_of(c);
  if (n)
    ends(n, &r->temp_end_c, &r->mem_end_mhz, &r->power_end_w);
}
