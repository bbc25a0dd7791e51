/*
** reduce_shfl: warp shuffles instead of a shared-memory tree.  Each thread
** of a persistent grid (sized from the SM count, as in reduce_multi) adds
** its grid-stride share of the input in a register; then __shfl_down_sync
** sums each warp in registers (5 steps, no shared memory, no barrier), the
** 32 warp sums meet in shared memory once, warp 0 shuffles them, and the
** block adds its result to the total with one atomicAdd (reduce_atomic).
** One kernel, one barrier per block, few atomics.
*/
#include "reduce_common.cuh"

__global__ void reduce_shfl(const int *__restrict__ in, int *total, size_t n)
{
  size_t stride = (size_t)gridDim.x * blockDim.x;
  int sum = 0;
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += stride)
    sum += in[i];

  sum = block_sum_shfl(sum);  /* warp_sum, then the warps' sums */
  if (threadIdx.x == 0)
    atomicAdd(total, sum);
}

static const kbench_param params[] = {
  REDUCE_PARAM_N,
  REDUCE_PARAM_THREADS("256"),
};

static int plan(const kbench_host *h, reduce_state *s)
{
  return reduce_plan_total(h, s, reduce_shfl);
}

static int run(const kbench_host *h, void *state)
{
  reduce_state *s = (reduce_state *)state;
  KBENCH_CUDA(h, cudaMemsetAsync(s->out, 0, sizeof(int), kbench_stream(h)));
  reduce_shfl<<<s->blocks, s->threads, 0, kbench_stream(h)>>>(
      (const int *)s->in, (int *)s->out, s->n);
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

static int reduce_shfl_setup(const kbench_host *h, void **state)
{
  return reduce_setup(h, state, plan);
}

static const kbench_variant reduce_shfl_variant = {
  .size = sizeof(kbench_variant),
  .name = "reduce_shfl",
  .summary = "grid-stride sums, warp-shuffle block reduce, one atomic per "
             "block",
  .origin = "Luitjens, Faster Parallel Reductions on Kepler (NVIDIA blog)",
  .backend = KBENCH_BACKEND_CUDA,
  .params = params,
  .n_params = KBENCH_COUNT(params),
  .setup = reduce_shfl_setup,
  .run = run,
  .verify = reduce_verify,
  .bytes_moved = reduce_bytes,
  .teardown = reduce_teardown,
  .work = reduce_work,
};

KBENCH_PLUGIN(&reduce_shfl_variant)
