/*
** reduce_vec4_float: reduce_vec4's kernel on float (float4 loads, float
** atomicAdd).  The integer variant checks the indexing exactly; this one
** shows the cost and the verification of a floating-point sum, whose order
** (grid stride, shuffles, atomics in any block order) is not the CPU's and
** changes from run to run.
**
** Tolerance.  Inputs are uniform in [-1, 1).  Any summation tree of depth d
** is within gamma_d * sum|x| of the exact sum (gamma_d = d*u / (1 - d*u),
** u = 2^-24; reduce_common.cuh).  Here an input goes through at most:
** 2 adds inside its float4, one per later vector of its thread
** (<= ceil(n / (4 * threads * blocks))), 2 for the scalar head and tail,
** 5 + 5 shuffle steps (warp, then the warps' sums), and up to blocks - 1
** atomic adds onto the total.  Since sum|x| <= n, the bound grows like
** n * (n / (4 * threads * blocks) + blocks) * u: an "n * eps * sum|x|" bound
** made tighter by the actual tree.  It is a worst case; the observed error
** is far smaller (rounding errors of random signs largely cancel).
*/
#include "reduce_common.cuh"

static const kbench_param params[] = {
  REDUCE_PARAM_N,
  REDUCE_PARAM_THREADS("512"),
  REDUCE_PARAM_OFFSET,
};

static int plan(const kbench_host *h, reduce_state *s)
{
  s->type = REDUCE_FLOAT;
  int rc = reduce_plan_vec4<float>(h, s);
  size_t lanes = (size_t)4 * s->threads * s->blocks;
  s->fp_depth = 2 + (s->n + lanes - 1) / lanes + 2 + 10 + s->blocks;
  return rc;
}

static int reduce_vec4_float_setup(const kbench_host *h, void **state)
{
  return reduce_setup(h, state, plan);
}

static const kbench_variant reduce_vec4_float_variant = {
  .size = sizeof(kbench_variant),
  .name = "reduce_vec4_float",
  .summary = "reduce_vec4 on float: float4 loads, float atomics, bounded "
             "error",
  .origin = "Harris #7 + Luitjens, float",
  .backend = KBENCH_BACKEND_CUDA,
  .params = params,
  .n_params = KBENCH_COUNT(params),
  .setup = reduce_vec4_float_setup,
  .run = reduce_run_vec4<float>,
  .verify = reduce_verify,
  .bytes_moved = reduce_bytes,
  .teardown = reduce_teardown,
  .work = reduce_work,
};

KBENCH_PLUGIN(&reduce_vec4_float_variant)
