/*
** reduce_smem: reduce_gmem with the block's slice in a static __shared__
** array instead of global scratch.  The tree is the same code; only where
** the data lives changes, so each step costs on-chip shared-memory traffic
** instead of a round trip to L2/DRAM.  The array's size is fixed at
** compile time, so the block size is too (no threads parameter).
**
** The seed's reduceSmem returns early for threads past n, before the
** barriers, and its tree keeps reading the global input instead of smem;
** here threads past n contribute 0 and every thread reaches every barrier.
*/
#include "reduce_common.cuh"

#define DIM 128  /* block size = size of the static array */

__global__ void reduce_smem(const int *in, int *partial, size_t n)
{
  __shared__ int smem[DIM];
  size_t i = (size_t)blockIdx.x * DIM + threadIdx.x;

  tree_partial(smem, load_or_zero(in, n, i), partial);
}

static const kbench_param params[] = {REDUCE_PARAM_N};

static int plan(const kbench_host *h, reduce_state *s)
{
  return reduce_plan_partials(h, s, DIM, DIM);
}

static int run(const kbench_host *h, void *state)
{
  reduce_state *s = (reduce_state *)state;
  reduce_smem<<<s->blocks, DIM, 0, kbench_stream(h)>>>((const int *)s->in,
                                                       (int *)s->out, s->n);
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

static int reduce_smem_setup(const kbench_host *h, void **state)
{
  return reduce_setup(h, state, plan);
}

static const kbench_variant reduce_smem_variant = {
  .size = sizeof(kbench_variant),
  .name = "reduce_smem",
  .summary = "in-place tree in a static shared array (128 threads)",
  .origin = "seed 000 reduceSmem",
  .backend = KBENCH_BACKEND_CUDA,
  .params = params,
  .n_params = KBENCH_COUNT(params),
  .setup = reduce_smem_setup,
  .run = run,
  .verify = reduce_verify,
  .bytes_moved = reduce_bytes,
  .teardown = reduce_teardown,
  .work = reduce_work,
};

KBENCH_PLUGIN(&reduce_smem_variant)
