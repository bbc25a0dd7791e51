/*
** reduce_vec4: the fastest of the family.  reduce_shfl with
**   - 16-byte int4 loads (a quarter of the load instructions), a scalar
**     head and tail for a misaligned start (parameter offset) and n % 4;
**   - VEC4_UNROLL independent loads in flight per thread per iteration, so
**     one block per tile (blocks start in address order) keeps enough bytes
**     in flight to saturate HBM;
**   - one atomicAdd per block, and no cudaMemsetAsync before the launch: the
**     last block moves the total out and leaves the accumulator at zero.
** The kernel, reduce_vec4_kernel<T>, is in reduce_common.cuh because
** reduce_vec4_float runs the very same code on floats.
*/
#include "reduce_common.cuh"

static const kbench_param params[] = {
  REDUCE_PARAM_N,
  REDUCE_PARAM_THREADS("512"),
  REDUCE_PARAM_OFFSET,
};

static int reduce_vec4_setup(const kbench_host *h, void **state)
{
  return reduce_setup(h, state, reduce_plan_vec4<int>);
}

static const kbench_variant reduce_vec4_variant = {
  .size = sizeof(kbench_variant),
  .name = "reduce_vec4",
  .summary = "int4 loads, a block per 32 KiB tile, shuffles, one atomic per "
             "block",
  .origin = "Harris #7 + Luitjens (vector loads, shuffles, atomics)",
  .backend = KBENCH_BACKEND_CUDA,
  .params = params,
  .n_params = KBENCH_COUNT(params),
  .setup = reduce_vec4_setup,
  .run = reduce_run_vec4<int>,
  .verify = reduce_verify,
  .bytes_moved = reduce_bytes,
  .teardown = reduce_teardown,
  .work = reduce_work,
};

KBENCH_PLUGIN(&reduce_vec4_variant)
