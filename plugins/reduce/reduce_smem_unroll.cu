/*
** reduce_smem_unroll: reduce_smem (tree in shared memory) plus unrolling:
** each block owns 4 * DIM consecutive elements and each thread first adds
** 4 of them, DIM apart (coalesced), before the tree.  A quarter of the
** blocks, four independent loads in flight per thread, and the tree's cost
** spread over 4x the data: the seed's "expansion" step.
**
** The seed only loads when all four elements exist (idx + 3*DIM <= n, also
** off by one) and otherwise adds nothing, so up to 4 * DIM - 1 trailing
** elements vanish.  Here the full case takes the unguarded fast path and the
** last block loads each of its four elements under its own guard.
*/
#include "reduce_common.cuh"

#define DIM 128  /* block size, fixed at compile time by the static array */

__global__ void reduce_smem_unroll(const int *in, int *partial, size_t n)
{
  __shared__ int smem[DIM];
  unsigned tid = threadIdx.x;
  size_t i = (size_t)blockIdx.x * 4 * DIM + tid;

  int sum;
  if (i + 3 * DIM < n) {
    int a0 = in[i], a1 = in[i + DIM], a2 = in[i + 2 * DIM],
        a3 = in[i + 3 * DIM];
    sum = (a0 + a1) + (a2 + a3);
  } else {
    sum = load_or_zero(in, n, i) + load_or_zero(in, n, i + DIM) +
          load_or_zero(in, n, i + 2 * DIM) + load_or_zero(in, n, i + 3 * DIM);
  }
  tree_partial(smem, sum, partial);
}

static const kbench_param params[] = {REDUCE_PARAM_N};

static int plan(const kbench_host *h, reduce_state *s)
{
  return reduce_plan_partials(h, s, DIM, 4 * DIM);
}

static int run(const kbench_host *h, void *state)
{
  reduce_state *s = (reduce_state *)state;
  reduce_smem_unroll<<<s->blocks, DIM, 0, kbench_stream(h)>>>(
      (const int *)s->in, (int *)s->out, s->n);
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

static int reduce_smem_unroll_setup(const kbench_host *h, void **state)
{
  return reduce_setup(h, state, plan);
}

static const kbench_variant reduce_smem_unroll_variant = {
  .size = sizeof(kbench_variant),
  .name = "reduce_smem_unroll",
  .summary = "shared-memory tree, each thread first adds 4 blocks' worth "
             "(128 threads)",
  .origin = "seed 000 reduceSmemUnroll",
  .backend = KBENCH_BACKEND_CUDA,
  .params = params,
  .n_params = KBENCH_COUNT(params),
  .setup = reduce_smem_unroll_setup,
  .run = run,
  .verify = reduce_verify,
  .bytes_moved = reduce_bytes,
  .teardown = reduce_teardown,
  .work = reduce_work,
};

KBENCH_PLUGIN(&reduce_smem_unroll_variant)
