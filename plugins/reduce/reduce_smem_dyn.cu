/*
** reduce_smem_dyn: reduce_smem with `extern __shared__`: the array is sized
** at launch (threads * 4 bytes, the third launch parameter), so the block
** size becomes a run-time parameter.  Same kernel otherwise; compare with
** reduce_smem at threads=128 to see that dynamic allocation costs nothing.
*/
#include "reduce_common.cuh"

__global__ void reduce_smem_dyn(const int *in, int *partial, size_t n)
{
  extern __shared__ int smem[];  /* blockDim.x ints, sized by the launch */
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;

  tree_partial(smem, load_or_zero(in, n, i), partial);
}

static int run(const kbench_host *h, void *state)
{
  return reduce_launch(h, state, reduce_smem_dyn, sizeof(int));
}

REDUCE_PLUGIN_THREADS(
    reduce_smem_dyn,
    "in-place tree in dynamically sized (extern) shared memory",
    "seed 000 dynamic shared memory", "128",
    1, run)
