/*
** copy_cpu: memcpy of a float array on the CPU, the host's copy ceiling.
*/
#include <stdlib.h>

#include "kb_util.h"

typedef struct copy_cpu {
  float *in, *out;
  size_t n;
} copy_cpu;

static const kbench_param copy_cpu_params[] = {
  {"n", "number of float elements", "16M", 1, (int64_t)1 << 31, 0},
};

static int copy_cpu_setup(const kbench_host *h, void **state)
{
  copy_cpu *s = calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  *state = s;
  s->n = (size_t)h->param(h, "n");
  s->in = malloc(s->n * sizeof(float));
  s->out = malloc(s->n * sizeof(float));
  if (!s->in || !s->out)
    return h->fail(h, KBENCH_ERROR, "cannot allocate 2 x %zu host bytes",
                   s->n * sizeof(float));
  kb_fill_float(h, s->in, s->n);
  return h->output(h, s->out, s->n * sizeof(float), KBENCH_MEM_HOST);
}

static int copy_cpu_run(const kbench_host *h, void *state)
{
  copy_cpu *s = state;
  (void)h;
  memcpy(s->out, s->in, s->n * sizeof(float));
  return KBENCH_OK;
}

static int copy_cpu_verify(const kbench_host *h, void *state)
{
  copy_cpu *s = state;
  return kb_check_float(h, "out", s->out, s->in, s->n, 0.0, 0.0);
}

static void copy_cpu_bytes(const kbench_host *h, void *state, kbench_bytes *b)
{
  copy_cpu *s = state;
  (void)h;
  b->read = b->written = s->n * sizeof(float);
  b->memory = KBENCH_MEM_HOST;
}

static void copy_cpu_teardown(const kbench_host *h, void *state)
{
  copy_cpu *s = state;
  (void)h;
  free(s->in);
  free(s->out);
  free(s);
}

static const kbench_variant copy_cpu_variant = {
  sizeof(kbench_variant), "copy_cpu",
  "memcpy of a float array: the host's copy ceiling",
  "host baseline", KBENCH_BACKEND_HOST,
  copy_cpu_params, 1,
  copy_cpu_setup, copy_cpu_run, copy_cpu_verify, copy_cpu_bytes,
  copy_cpu_teardown,
};

KBENCH_PLUGIN(&copy_cpu_variant)
