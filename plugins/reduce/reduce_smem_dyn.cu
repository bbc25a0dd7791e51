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

static const kbench_param reduce_smem_dyn_params[] = {
  REDUCE_PARAM_N,
  REDUCE_PARAM_THREADS("128"),
};

static int reduce_smem_dyn_plan(const kbench_host *h, reduce_state *s)
{
  return reduce_plan_threads(h, s, 1);
}

static int reduce_smem_dyn_setup(const kbench_host *h, void **state)
{
  return reduce_setup(h, state, reduce_smem_dyn_plan);
}

static const kbench_variant reduce_smem_dyn_variant = {
  .size = sizeof(kbench_variant),
  .name = "reduce_smem_dyn",
  .summary = "in-place tree in dynamically sized (extern) shared memory",
  .origin = "seed 000 dynamic shared memory",
  .backend = KBENCH_BACKEND_CUDA,
  .params = reduce_smem_dyn_params,
  .n_params = KBENCH_COUNT(reduce_smem_dyn_params),
  .setup = reduce_smem_dyn_setup,
  .run = run,
  .verify = reduce_verify,
  .bytes_moved = reduce_bytes,
  .teardown = reduce_teardown,
  .work = reduce_work,
};

KBENCH_PLUGIN(&reduce_smem_dyn_variant)
