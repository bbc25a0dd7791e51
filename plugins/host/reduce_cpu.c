/*
** reduce_cpu: the host reference for the reduction family.  A plain loop
** over int32 values, summed with 32-bit wrap-around like the GPU variants,
** so its bandwidth is the CPU's side of the comparison.
*/
#include <stdlib.h>

#include <kbench/kit.h>

typedef struct reduce_cpu {
  int *in;
  size_t n;
  int sum;        /* output of run */
  int expected;   /* reference, computed differently in setup */
} reduce_cpu;

static const kbench_param reduce_cpu_params[] = {
  {.name = "n", .help = "number of int32 elements", .dflt = "16M", .min = 1,
   .max = (int64_t)1 << 31},
};

/* The reference's pass over one chunk: 64-bit partial sums, back to front,
** one per worker thread. */
typedef struct reference {
  const int *in;
  int64_t *partial;
} reference;

static int reduce_cpu_partial(void *ctx, size_t begin, size_t end,
                              unsigned worker)
{
  reference *r = ctx;
  int64_t wide = 0;
  for (size_t i = end; i-- > begin;)
    wide += r->in[i];
  r->partial[worker] += wide;
  return KBENCH_OK;
}

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
  if (h->fill(h, s->in, s->n, KBENCH_TYPE_I32, -1000, 1000, 0) != KBENCH_OK)
    return KBENCH_ERROR;

  /* The reference sums in 64 bits, chunks back to front on the runner's
  ** threads, and wraps once at the end: a different order and width from
  ** run(), the same result mod 2^32 whatever the threads. */
  unsigned workers = h->workers(h);
  reference r = {s->in, calloc(workers, sizeof(int64_t))};
  if (!r.partial)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  int status = h->parallel_for(h, s->n, 0, reduce_cpu_partial, &r);
  int64_t wide = 0;
  for (unsigned w = 0; w < workers; w++)
    wide += r.partial[w];
  free(r.partial);
  if (status != KBENCH_OK)
    return status;
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
  return kbench_check_int(h, "sum", &s->sum, &s->expected, 1);
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
  .size = sizeof(kbench_variant),
  .name = "reduce_cpu",
  .summary = "int32 sum on the CPU: the host reference for the reduction "
             "family",
  .origin = "seed 000 (reduction), host baseline",
  .backend = KBENCH_BACKEND_HOST,
  .params = reduce_cpu_params,
  .n_params = 1,
  .setup = reduce_cpu_setup,
  .run = reduce_cpu_run,
  .verify = reduce_cpu_verify,
  .bytes_moved = reduce_cpu_bytes,
  .teardown = reduce_cpu_teardown,
};

KBENCH_PLUGIN(&reduce_cpu_variant)
