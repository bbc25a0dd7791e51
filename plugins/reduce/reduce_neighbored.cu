/*
** reduce_neighbored: Harris's reduction #1, interleaved addressing with a
** divergent branch.  At step s, the threads whose index is a multiple of 2s
** add their neighbour s away.  Correct, but `tid % (2*s)` is slow (a modulo)
** and leaves every warp partly active: at s = 1 half the lanes of every warp
** idle, yet every warp still issues the whole step.
*/
#include "reduce_common.cuh"

__global__ void reduce_neighbored(const int *in, int *partial, size_t n)
{
  extern __shared__ int sdata[];
  unsigned tid = threadIdx.x;
  sdata[tid] = load_or_zero(in, n, (size_t)blockIdx.x * blockDim.x + tid);
  __syncthreads();

  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    partial[blockIdx.x] = sdata[0];
}

static int run(const kbench_host *h, void *state)
{
  return reduce_launch(h, state, reduce_neighbored, sizeof(int));
}

static const kbench_param reduce_neighbored_params[] = {
  REDUCE_PARAM_N,
  REDUCE_PARAM_THREADS("256"),
};

static int reduce_neighbored_plan(const kbench_host *h, reduce_state *s)
{
  return reduce_plan_threads(h, s, 1);
}

static int reduce_neighbored_setup(const kbench_host *h, void **state)
{
  return reduce_setup(h, state, reduce_neighbored_plan);
}

static const kbench_variant reduce_neighbored_variant = {
  .size = sizeof(kbench_variant),
  .name = "reduce_neighbored",
  .summary = "shared tree, interleaved addressing, divergent tid % (2*s)",
  .origin = "Harris, Optimizing Parallel Reduction in CUDA, #1",
  .backend = KBENCH_BACKEND_CUDA,
  .params = reduce_neighbored_params,
  .n_params = KBENCH_COUNT(reduce_neighbored_params),
  .setup = reduce_neighbored_setup,
  .run = run,
  .verify = reduce_verify,
  .bytes_moved = reduce_bytes,
  .teardown = reduce_teardown,
  .work = reduce_work,
};

KBENCH_PLUGIN(&reduce_neighbored_variant)
