/*
** reduce_atomic: the block tree of reduce_smem_dyn, then the block's sum
** added straight to one global int with atomicAdd: the whole sum in one
** kernel, no partials to reduce again.  Threads that have nothing left to do
** leave early, as in the seed.
**
** The seed lets the useless threads `return` inside the loop while the
** others still call __syncthreads(): a barrier that not every thread of the
** block reaches is undefined behaviour.  It also starts with `useful =
** BLOCK_SIZE` (reading past the array) and halves before the barrier.  Here
** the barrier is block-wide only while more than 32 threads are useful (a
** condition the whole block evaluates alike); from then on only warp 0
** works, the other warps return, and warp 0 synchronises with __syncwarp().
** The total is reset on the stream before each launch.
*/
#include "reduce_common.cuh"

__global__ void reduce_atomic(const int *in, int *total, size_t n)
{
  extern __shared__ int buff[];
  unsigned tid = threadIdx.x;
  buff[tid] = load_or_zero(in, n, (size_t)blockIdx.x * blockDim.x + tid);
  __syncthreads();

  for (unsigned useful = blockDim.x / 2; useful > 0; useful >>= 1) {
    if (tid < useful)
      buff[tid] += buff[tid + useful];
    if (useful > 32) {
      __syncthreads();  /* block-uniform: every thread is still here */
    } else {
      if (tid >= 32)
        return;         /* useless warps leave: no block barrier follows */
      __syncwarp();
    }
  }
  if (tid == 0)
    atomicAdd(total, buff[0]);
}

static const kbench_param params[] = {
  REDUCE_PARAM_N,
  REDUCE_PARAM_THREADS("256"),
};

static int plan(const kbench_host *h, reduce_state *s)
{
  int rc = reduce_plan_threads(h, s, 1);
  s->n_out = 1;  /* one block per blockDim.x elements, one total */
  return rc;
}

static int run(const kbench_host *h, void *state)
{
  reduce_state *s = (reduce_state *)state;
  KBENCH_CUDA(h, cudaMemsetAsync(s->out, 0, sizeof(int), kbench_stream(h)));
  reduce_atomic<<<s->blocks, s->threads, s->threads * sizeof(int),
                  kbench_stream(h)>>>((const int *)s->in, (int *)s->out,
                                      s->n);
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

static int reduce_atomic_setup(const kbench_host *h, void **state)
{
  return reduce_setup(h, state, plan);
}

static const kbench_variant reduce_atomic_variant = {
  .size = sizeof(kbench_variant),
  .name = "reduce_atomic",
  .summary = "shared tree per block, block sums atomicAdd'ed to one int",
  .origin = "seed 002 (Vialle) part 3, Reduce_kernel with atomicAdd",
  .backend = KBENCH_BACKEND_CUDA,
  .params = params,
  .n_params = KBENCH_COUNT(params),
  .setup = reduce_atomic_setup,
  .run = run,
  .verify = reduce_verify,
  .bytes_moved = reduce_bytes,
  .teardown = reduce_teardown,
  .work = reduce_work,
};

KBENCH_PLUGIN(&reduce_atomic_variant)
