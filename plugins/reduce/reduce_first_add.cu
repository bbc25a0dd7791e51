/*
** reduce_first_add: Harris's #4, first add during load.  reduce_sequential
** leaves half its threads idle from the first step; here each block owns
** 2 * blockDim.x elements and every thread adds two of them (blockDim.x
** apart, both loads coalesced) before the tree.  Half the blocks for the
** same n, same tree (sequential_tree_partial).
*/
#include "reduce_common.cuh"

__global__ void reduce_first_add(const int *in, int *partial, size_t n)
{
  extern __shared__ int sdata[];
  unsigned tid = threadIdx.x;
  size_t i = (size_t)blockIdx.x * 2 * blockDim.x + tid;
  sdata[tid] = load_or_zero(in, n, i) + load_or_zero(in, n, i + blockDim.x);
  __syncthreads();
  sequential_tree_partial(sdata, partial);
}

static int run(const kbench_host *h, void *state)
{
  return reduce_launch(h, state, reduce_first_add, sizeof(int));
}

REDUCE_PLUGIN_THREADS(
    reduce_first_add,
    "sequential-addressing tree, two elements added per thread at load",
    "Harris, Optimizing Parallel Reduction in CUDA, #4", "256", 2, run)
