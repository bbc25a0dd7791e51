/*
** reduce_cpu: the host reference for the reduction family.  A plain loop
** over int32 values, summed with 32-bit wrap-around like the GPU variants,
** so its bandwidth is the CPU's side of the comparison.
*/
#include <stdlib.h>

#include "kb_util.h"

typedef struct reduce_cpu {
  int *in;
  size_t n;
  int sum;        /* output of run */
  int expected;   /* reference, computed differently in setup */
} reduce_cpu;

static const kbench_param reduce_cpu_params[] = {
  {"n", "number of int32 elements", "16M", 1, (int64_t)1 << 31, 0},
};

static int reduce_cpu_setup(const kbench_host *h, void **state)
{
  reduce_cpu *s = calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  *state = s;
  s->n = (size_t)h->param(h, "n");
  s->in = malloc(s->n * sizeof *s->in);
  if (!s->in)
    return h->fail(h, KBENCH_ERROR, "cannot allocate %zu host bytes",
                   s->n * sizeof *s->in);
  kb_fill_int(h, s->in, s->n, -1000, 1000);

  /* The reference sums in 64 bits, back to front, and wraps once at the
  ** end: a different order and width from run(), same result mod 2^32. */
  int64_t wide = 0;
  for (size_t i = s->n; i-- > 0;)
    wide += s->in[i];
  s->expected = (int)(uint32_t)(uint64_t)wide;
  return h->output(h, &s->sum, sizeof s->sum, KBENCH_MEM_HOST);
}

static int reduce_cpu_run(const kbench_host *h, void *state)
{
  reduce_cpu *s = state;
  uint32_t acc = 0;  /* unsigned: wrap-around is defined */
  (void)h;
  for (size_t i = 0; i < s->n; i++)
    acc += (uint32_t)s->in[i];
  s->sum = (int)acc;
  return KBENCH_OK;
}

static int reduce_cpu_verify(const kbench_host *h, void *state)
{
  reduce_cpu *s = state;
  return kb_check_int(h, "sum", &s->sum, &s->expected, 1);
}

static void reduce_cpu_bytes(const kbench_host *h, void *state,
                             kbench_bytes *b)
{
  reduce_cpu *s = state;
  (void)h;
  b->read = s->n * sizeof(int);
  b->written = sizeof(int);
  b->memory = KBENCH_MEM_HOST;
}

static void reduce_cpu_teardown(const kbench_host *h, void *state)
{
  reduce_cpu *s = state;
  (void)h;
  free(s->in);
  free(s);
}

static const kbench_variant reduce_cpu_variant = {
  sizeof(kbench_variant), "reduce_cpu",
  "int32 sum on the CPU: the host reference for the reduction family",
  "seed 000 (reduction), host baseline", KBENCH_BACKEND_HOST,
  reduce_cpu_params, 1,
  reduce_cpu_setup, reduce_cpu_run, reduce_cpu_verify, reduce_cpu_bytes,
  reduce_cpu_teardown,
};

KBENCH_PLUGIN(&reduce_cpu_variant)
