/*
** reduce_smem_unroll_dyn: reduce_smem_unroll with the shared array sized at
** launch (extern __shared__), so the block size is a parameter: the seed's
** last step.  The four loads per thread, blockDim.x apart, are written as
** an unrolled loop; all four are in flight before the first add.
*/
#include "reduce_common.cuh"

#define UNROLL 4  /* blocks' worth of input each block adds up first */

__global__ void reduce_smem_unroll_dyn(const int *in, int *partial, size_t n)
{
  extern __shared__ int smem[];
  unsigned tid = threadIdx.x, T = blockDim.x;
  size_t i = (size_t)blockIdx.x * UNROLL * T + tid;

  int v[UNROLL];
  if (i + (UNROLL - 1) * (size_t)T < n) {  /* all inside: no guards */
#pragma unroll
    for (int k = 0; k < UNROLL; k++)
      v[k] = in[i + k * (size_t)T];
  } else {                                /* the last, partial block */
#pragma unroll
    for (int k = 0; k < UNROLL; k++)
      v[k] = load_or_zero(in, n, i + k * (size_t)T);
  }
  tree_partial(smem, (v[0] + v[1]) + (v[2] + v[3]), partial);
}

static int run(const kbench_host *h, void *state)
{
  return reduce_launch(h, state, reduce_smem_unroll_dyn, sizeof(int));
}

REDUCE_PLUGIN_THREADS(
    reduce_smem_unroll_dyn,
    "4-way unrolled shared-memory tree, extern shared sized at launch",
    "seed 000 reduceSmemUnroll with dynamic shared memory", "128",
    UNROLL, run)
