/*
** reduce_interleaved: Harris's #2.  Replaces reduce_neighbored's divergent
** `tid % (2*s)` with a strided index, index = 2*s*tid, so the active threads
** are the low, contiguous ones and whole warps retire together.  The new
** problem: at step s the lanes of a warp touch addresses 2s words apart, so
** for s >= 1 several lanes hit the same shared-memory bank (an up to 16-way
** conflict when 2s = 32 words): the accesses are serialised.
*/
#include "reduce_common.cuh"

__global__ void reduce_interleaved(const int *in, int *partial, size_t n)
{
  extern __shared__ int sdata[];
  unsigned tid = threadIdx.x;
  sdata[tid] = load_or_zero(in, n, (size_t)blockIdx.x * blockDim.x + tid);
  __syncthreads();

  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;  /* < 2^21: no overflow */
    if (index < blockDim.x)
      sdata[index] += sdata[index + s];
    __syncthreads();
  }
  if (tid == 0)
    partial[blockIdx.x] = sdata[0];
}

static int run(const kbench_host *h, void *state)
{
  return reduce_launch(h, state, reduce_interleaved, sizeof(int));
}

static const kbench_param reduce_interleaved_params[] = {
  REDUCE_PARAM_N,
  REDUCE_PARAM_THREADS("256"),
};

static int reduce_interleaved_plan(const kbench_host *h, reduce_state *s)
{
  return reduce_plan_threads(h, s, 1);
}

static int reduce_interleaved_setup(const kbench_host *h, void **state)
{
  return reduce_setup(h, state, reduce_interleaved_plan);
}

static const kbench_variant reduce_interleaved_variant = {
  .size = sizeof(kbench_variant),
  .name = "reduce_interleaved",
  .summary = "shared tree, strided index 2*s*tid: no divergence, bank "
             "conflicts",
  .origin = "Harris, Optimizing Parallel Reduction in CUDA, #2",
  .backend = KBENCH_BACKEND_CUDA,
  .params = reduce_interleaved_params,
  .n_params = KBENCH_COUNT(reduce_interleaved_params),
  .setup = reduce_interleaved_setup,
  .run = run,
  .verify = reduce_verify,
  .bytes_moved = reduce_bytes,
  .teardown = reduce_teardown,
  .work = reduce_work,
};

KBENCH_PLUGIN(&reduce_interleaved_variant)
