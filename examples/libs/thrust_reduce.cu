/*
** thrust_reduce: thrust::reduce of n ints, its sum returned to the host.
** Thrust allocates its temporary storage, waits for the stream and frees
** the storage inside the call, so run synchronizes: the variant declares
** KBENCH_VARIANT_SYNCS, and kbench times each call by itself (nvbench's
** exec_tag::sync).  The sum is checked against a CPU sum of fresh random
** data.
*/
#include <stdlib.h>

#include <new>

#include <thrust/execution_policy.h>
#include <thrust/reduce.h>
#include <thrust/system/system_error.h>

#include <kbench/kit.h>

typedef struct {
  size_t n;
  int *in, *hin;      /* device input, and its host copy */
  int sum, want;      /* the output (on the host) and the reference */
} thrust_reduce_state;

static int setup(const kbench_host *h, void **state)
{
  thrust_reduce_state *s =
      (thrust_reduce_state *)calloc(1, sizeof *s);
  if (!(*state = s))
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  s->n = (size_t)h->param(h, "n");
  size_t bytes = s->n * sizeof(int);
  if (kbench_host_buffer(h, (void **)&s->hin, bytes))
    return KBENCH_ERROR;
  kbench_fill_int(h, s->hin, s->n, -1000, 1000);
  unsigned want = 0;   /* wraps as the GPU's int sum does */
  for (size_t i = 0; i < s->n; i++)
    want += (unsigned)s->hin[i];
  s->want = (int)want;
  int rc = kbench_device_upload(h, (void **)&s->in, s->hin, bytes);
  /* The output is the host int run stores the sum in: poisoned too. */
  return rc ? rc : h->output(h, &s->sum, sizeof s->sum, KBENCH_MEM_HOST);
}

static int run(const kbench_host *h, void *state)
{
  thrust_reduce_state *s = (thrust_reduce_state *)state;
  /* Thrust reports errors by throwing: catch them here, where a C caller
  ** can be told. */
  try {
    s->sum = thrust::reduce(thrust::cuda::par.on(kbench_stream(h)), s->in,
                            s->in + s->n, 0);
  } catch (const thrust::system_error &e) {
    return h->fail(h, KBENCH_ERROR, "thrust::reduce: %s", e.what());
  } catch (const std::bad_alloc &) {
    return h->fail(h, KBENCH_ERROR, "thrust::reduce: out of memory");
  }
  return KBENCH_OK;
}

static int verify(const kbench_host *h, void *state)
{
  thrust_reduce_state *s = (thrust_reduce_state *)state;
  if (s->sum != s->want)
    return h->fail(h, KBENCH_WRONG, "sum = %d, expected %d", s->sum,
                   s->want);
  return KBENCH_OK;
}

static void bytes(const kbench_host *, void *state, kbench_bytes *b)
{
  b->read = ((thrust_reduce_state *)state)->n * sizeof(int);
  b->written = sizeof(int);
  b->memory = KBENCH_MEM_GLOBAL;
}

static void work(const kbench_host *, void *state, kbench_work *w)
{
  w->items = ((thrust_reduce_state *)state)->n;
}

static void teardown(const kbench_host *, void *state)
{
  thrust_reduce_state *s = (thrust_reduce_state *)state;
  cudaFree(s->in);
  free(s);
}

/* nvbench timed the same call at 2^20 and 2^26 (docs/plugins.md). */
static const kbench_param params[] = {
  {"n", "ints summed", "1M,64M", 1, INT32_MAX, 0, NULL, 0}};
static const kbench_variant thrust_reduce_variant = {
  .size = sizeof(kbench_variant),
  .name = "thrust_reduce",
  .summary = "thrust::reduce to the host: a call that synchronizes",
  .origin = "Thrust (CCCL)",
  .backend = KBENCH_BACKEND_CUDA,
  .params = params,
  .n_params = KBENCH_COUNT(params),
  .setup = setup,
  .run = run,
  .verify = verify,
  .bytes_moved = bytes,
  .teardown = teardown,
  .work = work,
  .flags = KBENCH_VARIANT_SYNCS,
};
KBENCH_PLUGIN(&thrust_reduce_variant)
