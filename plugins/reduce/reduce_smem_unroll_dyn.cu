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

static const kbench_param reduce_smem_unroll_dyn_params[] = {
  REDUCE_PARAM_N,
  REDUCE_PARAM_THREADS("128"),
};

static int reduce_smem_unroll_dyn_plan(const kbench_host *h, reduce_state *s)
{
  return reduce_plan_threads(h, s, UNROLL);
}

static int reduce_smem_unroll_dyn_setup(const kbench_host *h, void **state)
{
  return reduce_setup(h, state, reduce_smem_unroll_dyn_plan);
}

static const kbench_variant reduce_smem_unroll_dyn_variant = {
  .size = sizeof(kbench_variant),
  .name = "reduce_smem_unroll_dyn",
  .summary = "4-way unrolled shared-memory tree, extern shared sized at "
             "launch",
  .origin = "seed 000 reduceSmemUnroll with dynamic shared memory",
  .backend = KBENCH_BACKEND_CUDA,
  .params = reduce_smem_unroll_dyn_params,
  .n_params = KBENCH_COUNT(reduce_smem_unroll_dyn_params),
  .setup = reduce_smem_unroll_dyn_setup,
  .run = run,
  .verify = reduce_verify,
  .bytes_moved = reduce_bytes,
  .teardown = reduce_teardown,
  .work = reduce_work,
};

KBENCH_PLUGIN(&reduce_smem_unroll_dyn_variant)
