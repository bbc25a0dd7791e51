/*
** reduce_neighbored: Harris's reduction #1, interleaved addressing with a
** divergent branch.  At step s, the threads whose index is a multiple of 2s
** add their neighbour s away.  Correct, but `tid % (2*s)` is slow (a modulo)
** and leaves every warp partly active: at s = 1 half the lanes of every warp
** idle, yet every warp still issues the whole step.
*/
#include "reduce_common.cuh"

__global__ void reduce_neighbored(const int *in, int *partial, size_t n)
{
  extern __shared__ int sdata[];
  unsigned tid = threadIdx.x;
  sdata[tid] = load_or_zero(in, n, (size_t)blockIdx.x * blockDim.x + tid);
  __syncthreads();

  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    partial[blockIdx.x] = sdata[0];
}

static int run(const kbench_host *h, void *state)
{
  return reduce_launch(h, state, reduce_neighbored, sizeof(int));
}

REDUCE_PLUGIN_THREADS(
    reduce_neighbored,
    "shared tree, interleaved addressing, divergent tid % (2*s)",
    "Harris, Optimizing Parallel Reduction in CUDA, #1", "256", 1,
    run)
