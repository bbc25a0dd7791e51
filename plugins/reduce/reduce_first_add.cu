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

static const kbench_param reduce_first_add_params[] = {
  REDUCE_PARAM_N,
  REDUCE_PARAM_THREADS("256"),
};

static int reduce_first_add_plan(const kbench_host *h, reduce_state *s)
{
  return reduce_plan_threads(h, s, 2);
}

static int reduce_first_add_setup(const kbench_host *h, void **state)
{
  return reduce_setup(h, state, reduce_first_add_plan);
}

static const kbench_variant reduce_first_add_variant = {
  .size = sizeof(kbench_variant),
  .name = "reduce_first_add",
  .summary = "sequential-addressing tree, two elements added per thread at "
             "load",
  .origin = "Harris, Optimizing Parallel Reduction in CUDA, #4",
  .backend = KBENCH_BACKEND_CUDA,
  .params = reduce_first_add_params,
  .n_params = KBENCH_COUNT(reduce_first_add_params),
  .setup = reduce_first_add_setup,
  .run = run,
  .verify = reduce_verify,
  .bytes_moved = reduce_bytes,
  .teardown = reduce_teardown,
  .work = reduce_work,
};

KBENCH_PLUGIN(&reduce_first_add_variant)
