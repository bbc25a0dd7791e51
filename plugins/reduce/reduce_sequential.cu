/*
** reduce_sequential: Harris's #3, sequential addressing.  The stride starts
** at half the block and halves: thread tid adds sdata[tid + s].  Active
** threads stay contiguous (no divergence inside busy warps) and a warp reads
** 32 consecutive words (no bank conflicts).  Left over: half the threads
** are idle from the very first step, after merely loading one element.
** The tree itself is sequential_tree_partial in reduce_common.cuh, shared
** with reduce_first_add, the next step.
*/
#include "reduce_common.cuh"

__global__ void reduce_sequential(const int *in, int *partial, size_t n)
{
  extern __shared__ int sdata[];
  unsigned tid = threadIdx.x;
  sdata[tid] = load_or_zero(in, n, (size_t)blockIdx.x * blockDim.x + tid);
  __syncthreads();
  sequential_tree_partial(sdata, partial);
}

static int run(const kbench_host *h, void *state)
{
  return reduce_launch(h, state, reduce_sequential, sizeof(int));
}

static const kbench_param reduce_sequential_params[] = {
  REDUCE_PARAM_N,
  REDUCE_PARAM_THREADS("256"),
};

static int reduce_sequential_plan(const kbench_host *h, reduce_state *s)
{
  return reduce_plan_threads(h, s, 1);
}

static int reduce_sequential_setup(const kbench_host *h, void **state)
{
  return reduce_setup(h, state, reduce_sequential_plan);
}

static const kbench_variant reduce_sequential_variant = {
  .size = sizeof(kbench_variant),
  .name = "reduce_sequential",
  .summary = "shared tree, sequential addressing: no divergence, no conflicts",
  .origin = "Harris, Optimizing Parallel Reduction in CUDA, #3",
  .backend = KBENCH_BACKEND_CUDA,
  .params = reduce_sequential_params,
  .n_params = KBENCH_COUNT(reduce_sequential_params),
  .setup = reduce_sequential_setup,
  .run = run,
  .verify = reduce_verify,
  .bytes_moved = reduce_bytes,
  .teardown = reduce_teardown,
  .work = reduce_work,
};

KBENCH_PLUGIN(&reduce_sequential_variant)
