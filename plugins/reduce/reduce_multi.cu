/*
** reduce_multi: Harris's #7, several elements per thread.  Instead of one
** block per 2 * BLOCK elements, launch only as many blocks as the device
** holds at once (from the SM count and the kernel's occupancy) and let each
** thread walk the input with a grid stride, adding as it goes.  Fewer
** blocks, the tree's cost amortised over many elements, and many loads in
** flight per thread.  Block b owns the tiles of 2 * BLOCK elements
** b, b + gridDim.x, b + 2 * gridDim.x, ...; its partial is checked against
** exactly those.
*/
#include "reduce_common.cuh"

template <unsigned BLOCK>
__global__ void reduce_multi(const int *in, int *partial, size_t n)
{
  __shared__ int sdata[BLOCK];
  unsigned tid = threadIdx.x;
  size_t grid_tile = (size_t)2 * BLOCK * gridDim.x;

  int sum = 0;
  for (size_t i = (size_t)blockIdx.x * 2 * BLOCK + tid; i < n;
       i += grid_tile) {
    sum += in[i];
    if (i + BLOCK < n)
      sum += in[i + BLOCK];
  }
  sdata[tid] = sum;
  __syncthreads();

  int v = block_sum_unrolled<BLOCK>(sdata, tid);
  if (tid == 0)
    partial[blockIdx.x] = v;
}

static const kbench_param params[] = {
  REDUCE_PARAM_N,
  REDUCE_PARAM_THREADS("256"),
};

static int plan(const kbench_host *h, reduce_state *s)
{
  s->threads = (unsigned)h->param(h, "threads");
  s->tile = (size_t)2 * s->threads;
  int rc = reduce_persistent_blocks(
      h, REDUCE_PICK_BLOCK(reduce_multi, s->threads), s->threads, 0, s->n,
      s->tile, &s->blocks);
  s->n_out = s->blocks;
  return rc;
}

static int run(const kbench_host *h, void *state)
{
  reduce_state *s = (reduce_state *)state;
  return reduce_launch(h, state, REDUCE_PICK_BLOCK(reduce_multi, s->threads),
                       0);
}

static int reduce_multi_setup(const kbench_host *h, void **state)
{
  return reduce_setup(h, state, plan);
}

static const kbench_variant reduce_multi_variant = {
  .size = sizeof(kbench_variant),
  .name = "reduce_multi",
  .summary = "grid-stride loads, grid sized from the SM count, unrolled tree",
  .origin = "Harris, Optimizing Parallel Reduction in CUDA, #7",
  .backend = KBENCH_BACKEND_CUDA,
  .params = params,
  .n_params = KBENCH_COUNT(params),
  .setup = reduce_multi_setup,
  .run = run,
  .verify = reduce_verify,
  .bytes_moved = reduce_bytes,
  .teardown = reduce_teardown,
  .work = reduce_work,
};

KBENCH_PLUGIN(&reduce_multi_variant)
