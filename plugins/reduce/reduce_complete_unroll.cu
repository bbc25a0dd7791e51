/*
** reduce_complete_unroll: Harris's #6, complete unrolling.  The block size
** becomes a template parameter, so the whole tree (block_sum_unrolled in
** reduce_common.cuh) is straight-line code: every `BLOCK >= ...` test is
** decided by the compiler, no loop counter, no shift.  The run-time block
** size picks one of the six instances (32 .. 1024).  Loads as in
** reduce_unroll_warp: two elements per thread, first add at load.
*/
#include "reduce_common.cuh"

template <unsigned BLOCK>
__global__ void reduce_complete_unroll(const int *in, int *partial, size_t n)
{
  __shared__ int sdata[BLOCK];
  unsigned tid = threadIdx.x;
  size_t i = (size_t)blockIdx.x * 2 * BLOCK + tid;
  sdata[tid] = load_or_zero(in, n, i) + load_or_zero(in, n, i + BLOCK);
  __syncthreads();

  int v = block_sum_unrolled<BLOCK>(sdata, tid);
  if (tid == 0)
    partial[blockIdx.x] = v;
}

static int run(const kbench_host *h, void *state)
{
  reduce_state *s = (reduce_state *)state;
  return reduce_launch(h, state,
                       REDUCE_PICK_BLOCK(reduce_complete_unroll, s->threads),
                       0);
}

REDUCE_PLUGIN_THREADS(
    reduce_complete_unroll,
    "block size as a template parameter: the whole tree unrolled",
    "Harris, Optimizing Parallel Reduction in CUDA, #6", "256", 2, run)
