/*
** reduce_gmem: the starting point of the seed's shared-memory lesson.  Each
** block reduces its blockDim.x elements in place, in GLOBAL memory: every
** step of the tree reads and writes DRAM/L2 through a barrier.
**
** The seed reduces the input array itself, destroying it, and returns early
** for threads past n (before the barriers) and so drops or corrupts the last
** block.  Here the block first copies its slice into a global scratch buffer
** padded to whole blocks (zeros past n) and reduces there; that copy and the
** in-place traffic are the price of the idea and are not counted in the
** bytes moved, so the bandwidth figure shows it.  Output: one partial sum
** per block.
*/
#include "reduce_common.cuh"

__global__ void reduce_gmem(const int *in, int *scratch, int *partial,
                            size_t n)
{
  unsigned tid = threadIdx.x;
  size_t i = (size_t)blockIdx.x * blockDim.x + tid;
  int *data = scratch + (size_t)blockIdx.x * blockDim.x;  /* this block's */

  tree_partial(data, load_or_zero(in, n, i), partial);
}

static const kbench_param params[] = {
  REDUCE_PARAM_N,
  REDUCE_PARAM_THREADS("128"),
};

static int plan(const kbench_host *h, reduce_state *s)
{
  int rc = reduce_plan_threads(h, s, 1);
  s->scratch_bytes = (size_t)s->blocks * s->threads * sizeof(int);
  return rc;
}

static int run(const kbench_host *h, void *state)
{
  reduce_state *s = (reduce_state *)state;
  reduce_gmem<<<s->blocks, s->threads, 0, kbench_stream(h)>>>(
      (const int *)s->in, (int *)s->scratch, (int *)s->out, s->n);
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

static int reduce_gmem_setup(const kbench_host *h, void **state)
{
  return reduce_setup(h, state, plan);
}

static const kbench_variant reduce_gmem_variant = {
  .size = sizeof(kbench_variant),
  .name = "reduce_gmem",
  .summary = "in-place tree in global memory (block slice copied to scratch)",
  .origin = "seed 000 reduceGmem",
  .backend = KBENCH_BACKEND_CUDA,
  .params = params,
  .n_params = KBENCH_COUNT(params),
  .setup = reduce_gmem_setup,
  .run = run,
  .verify = reduce_verify,
  .bytes_moved = reduce_bytes,
  .teardown = reduce_teardown,
  .work = reduce_work,
};

KBENCH_PLUGIN(&reduce_gmem_variant)
