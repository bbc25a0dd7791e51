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

static const kbench_param params[] = {
  REDUCE_PARAM_N,
  REDUCE_PARAM_THREADS("128"),
};

static int plan(const kbench_host *h, reduce_state *s)
{
  return reduce_plan_threads(h, s, 1);
}

static int run(const kbench_host *h, void *state)
{
  reduce_state *s = (reduce_state *)state;
  size_t smem = s->threads * sizeof(int);  /* at most 4 KiB */
  reduce_smem_dyn<<<s->blocks, s->threads, smem, KB_STREAM(h)>>>(
      (const int *)s->in, (int *)s->out, s->n);
  KB_LAUNCHED(h);
  return KBENCH_OK;
}

REDUCE_PLUGIN(reduce_smem_dyn,
              "in-place tree in dynamically sized (extern) shared memory",
              "seed 000 dynamic shared memory", params, plan, run)
