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

static const kbench_param params[] = {
  REDUCE_PARAM_N,
  REDUCE_PARAM_THREADS("128"),
};

static int plan(const kbench_host *h, reduce_state *s)
{
  return reduce_plan_threads(h, s, UNROLL);
}

static int run(const kbench_host *h, void *state)
{
  reduce_state *s = (reduce_state *)state;
  reduce_smem_unroll_dyn<<<s->blocks, s->threads, s->threads * sizeof(int),
                           KB_STREAM(h)>>>((const int *)s->in,
                                           (int *)s->out, s->n);
  KB_LAUNCHED(h);
  return KBENCH_OK;
}

REDUCE_PLUGIN(reduce_smem_unroll_dyn,
              "4-way unrolled shared-memory tree, extern shared sized at launch",
              "seed 000 reduceSmemUnroll with dynamic shared memory", params,
              plan, run)
