/*
** reduce_cub: the library reference, cub::DeviceReduce::Sum.  Its temporary
** storage is sized and allocated once in setup (as scratch), so run is just
** the call on the runner's stream.  32-bit item counts where n allows it
** (the common case and CUB's fastest path), 64-bit beyond.
*/
#include <cub/device/device_reduce.cuh>

#include "reduce_common.cuh"

static cudaError_t cub_sum(void *temp, size_t &temp_bytes, const int *in,
                           int *out, size_t n, cudaStream_t stream)
{
  if (n <= (size_t)INT32_MAX)
    return cub::DeviceReduce::Sum(temp, temp_bytes, in, out, (int)n, stream);
  return cub::DeviceReduce::Sum(temp, temp_bytes, in, out, (int64_t)n,
                                stream);
}

static const kbench_param params[] = {REDUCE_PARAM_N};

static int plan(const kbench_host *h, reduce_state *s)
{
  s->n_out = 1;
  s->blocks = 1;  /* not ours to choose: CUB picks its grid */
  /* A NULL temp pointer only asks for the size. */
  KBENCH_CUDA(h, cub_sum(NULL, s->scratch_bytes, NULL, NULL, s->n, 0));
  if (s->scratch_bytes == 0)
    s->scratch_bytes = 1;
  return KBENCH_OK;
}

static int run(const kbench_host *h, void *state)
{
  reduce_state *s = (reduce_state *)state;
  size_t bytes = s->scratch_bytes;
  KBENCH_CUDA(h, cub_sum(s->scratch, bytes, (const int *)s->in,
                         (int *)s->out, s->n, kbench_stream(h)));
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

static int reduce_cub_setup(const kbench_host *h, void **state)
{
  return reduce_setup(h, state, plan);
}

static const kbench_variant reduce_cub_variant = {
  .size = sizeof(kbench_variant),
  .name = "reduce_cub",
  .summary = "cub::DeviceReduce::Sum: the library reference",
  .origin = "CUB (CCCL) DeviceReduce",
  .backend = KBENCH_BACKEND_CUDA,
  .params = params,
  .n_params = KBENCH_COUNT(params),
  .setup = reduce_cub_setup,
  .run = run,
  .verify = reduce_verify,
  .bytes_moved = reduce_bytes,
  .teardown = reduce_teardown,
  .work = reduce_work,
};

KBENCH_PLUGIN(&reduce_cub_variant)
