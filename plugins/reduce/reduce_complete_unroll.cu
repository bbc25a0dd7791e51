/*
** reduce_complete_unroll: Harris's #6, complete unrolling.  The block size
** becomes a template parameter, so the whole tree (block_sum_unrolled in
** reduce_common.cuh) is straight-line code: every `BLOCK >= ...` test is
** decided by the compiler, no loop counter, no shift.  The run-time block
** size picks one of the six instances (32 .. 1024).  Loads as in
** reduce_unroll_warp: two elements per thread, first add at load.
*/
#include "reduce_common.cuh"

template <unsigned BLOCK>
__global__ void reduce_complete_unroll(const int *in, int *partial, size_t n)
{
  __shared__ int sdata[BLOCK];
  unsigned tid = threadIdx.x;
  size_t i = (size_t)blockIdx.x * 2 * BLOCK + tid;
  sdata[tid] = load_or_zero(in, n, i) + load_or_zero(in, n, i + BLOCK);
  __syncthreads();

  int v = block_sum_unrolled<BLOCK>(sdata, tid);
  if (tid == 0)
    partial[blockIdx.x] = v;
}

static int run(const kbench_host *h, void *state)
{
  reduce_state *s = (reduce_state *)state;
  return reduce_launch(h, state,
                       REDUCE_PICK_BLOCK(reduce_complete_unroll, s->threads),
                       0);
}

static const kbench_param reduce_complete_unroll_params[] = {
  REDUCE_PARAM_N,
  REDUCE_PARAM_THREADS("256"),
};

static int reduce_complete_unroll_plan(const kbench_host *h, reduce_state *s)
{
  return reduce_plan_threads(h, s, 2);
}

static int reduce_complete_unroll_setup(const kbench_host *h, void **state)
{
  return reduce_setup(h, state, reduce_complete_unroll_plan);
}

static const kbench_variant reduce_complete_unroll_variant = {
  .size = sizeof(kbench_variant),
  .name = "reduce_complete_unroll",
  .summary = "block size as a template parameter: the whole tree unrolled",
  .origin = "Harris, Optimizing Parallel Reduction in CUDA, #6",
  .backend = KBENCH_BACKEND_CUDA,
  .params = reduce_complete_unroll_params,
  .n_params = KBENCH_COUNT(reduce_complete_unroll_params),
  .setup = reduce_complete_unroll_setup,
  .run = run,
  .verify = reduce_verify,
  .bytes_moved = reduce_bytes,
  .teardown = reduce_teardown,
  .work = reduce_work,
};

KBENCH_PLUGIN(&reduce_complete_unroll_variant)
