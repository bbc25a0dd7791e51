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

REDUCE_PLUGIN(reduce_vec4,
              "int4 loads, a block per 32 KiB tile, shuffles, one atomic "
              "per block",
              "Harris #7 + Luitjens (vector loads, shuffles, atomics)",
              params, reduce_plan_vec4<int>, reduce_run_vec4<int>)
