/*
** reduce_interleaved: Harris's #2.  Replaces reduce_neighbored's divergent
** `tid % (2*s)` with a strided index, index = 2*s*tid, so the active threads
** are the low, contiguous ones and whole warps retire together.  The new
** problem: at step s the lanes of a warp touch addresses 2s words apart, so
** for s >= 1 several lanes hit the same shared-memory bank (an up to 16-way
** conflict when 2s = 32 words): the accesses are serialised.
*/
#include "reduce_common.cuh"

__global__ void reduce_interleaved(const int *in, int *partial, size_t n)
{
  extern __shared__ int sdata[];
  unsigned tid = threadIdx.x;
  sdata[tid] = load_or_zero(in, n, (size_t)blockIdx.x * blockDim.x + tid);
  __syncthreads();

  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;  /* < 2^21: no overflow */
    if (index < blockDim.x)
      sdata[index] += sdata[index + s];
    __syncthreads();
  }
  if (tid == 0)
    partial[blockIdx.x] = sdata[0];
}

static int run(const kbench_host *h, void *state)
{
  return reduce_launch(h, state, reduce_interleaved, sizeof(int));
}

REDUCE_PLUGIN_THREADS(
    reduce_interleaved,
    "shared tree, strided index 2*s*tid: no divergence, bank "
    "conflicts",
    "Harris, Optimizing Parallel Reduction in CUDA, #2", "256", 1,
    run)
