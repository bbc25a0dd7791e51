/*
** reduce_unroll_warp: Harris's #5, unroll the last warp.  reduce_first_add
** runs a __syncthreads() per tree step even when only one warp is left
** working.  Here the block-wide loop stops at 64 values; warp 0 folds them
** to 32 and finishes with register shuffles, no barrier.
**
** Harris's original finishes with `volatile int *` and no synchronisation,
** relying on the 32 lanes of a warp executing in lockstep.  Since Volta,
** lanes are scheduled independently: nothing guarantees lane t's store to
** sdata[t] lands before lane t - s loads it, so that code has a race.
** __shfl_down_sync exchanges registers with an explicit mask: it synchronises
** the named lanes itself and touches no shared memory.
*/
#include "reduce_common.cuh"

__global__ void reduce_unroll_warp(const int *in, int *partial, size_t n)
{
  extern __shared__ int sdata[];
  unsigned tid = threadIdx.x;
  size_t i = (size_t)blockIdx.x * 2 * blockDim.x + tid;
  sdata[tid] = load_or_zero(in, n, i) + load_or_zero(in, n, i + blockDim.x);
  __syncthreads();

  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {  /* down to 64 */
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) {  /* warp 0 only, no more block barriers */
    int v = sdata[tid];
    if (blockDim.x >= 64)
      v += sdata[tid + 32];
    v = warp_sum(v);
    if (tid == 0)
      partial[blockIdx.x] = v;
  }
}

static int run(const kbench_host *h, void *state)
{
  return reduce_launch(h, state, reduce_unroll_warp, sizeof(int));
}

static const kbench_param reduce_unroll_warp_params[] = {
  REDUCE_PARAM_N,
  REDUCE_PARAM_THREADS("256"),
};

static int reduce_unroll_warp_plan(const kbench_host *h, reduce_state *s)
{
  return reduce_plan_threads(h, s, 2);
}

static int reduce_unroll_warp_setup(const kbench_host *h, void **state)
{
  return reduce_setup(h, state, reduce_unroll_warp_plan);
}

static const kbench_variant reduce_unroll_warp_variant = {
  .size = sizeof(kbench_variant),
  .name = "reduce_unroll_warp",
  .summary = "first add at load, last warp finished with shuffles (no "
             "barriers)",
  .origin = "Harris, Optimizing Parallel Reduction in CUDA, #5",
  .backend = KBENCH_BACKEND_CUDA,
  .params = reduce_unroll_warp_params,
  .n_params = KBENCH_COUNT(reduce_unroll_warp_params),
  .setup = reduce_unroll_warp_setup,
  .run = run,
  .verify = reduce_verify,
  .bytes_moved = reduce_bytes,
  .teardown = reduce_teardown,
  .work = reduce_work,
};

KBENCH_PLUGIN(&reduce_unroll_warp_variant)
