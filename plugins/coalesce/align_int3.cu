/*
** align_int3: n 12-byte int3 elements, out[i] = in[i] + (1, 1, 1).
**
** The first of the alignment trio.  int3 is 12 bytes with 4-byte
** alignment, so the compiler cannot use one wide access: each element is
** three 4-byte loads and three 4-byte stores (ld/st.global.u32 in the
** PTX).  Each of those warp instructions reads one word in every 12 bytes,
** a 384-byte span of 12-13 sectors for 128 useful bytes; the sectors are
** shared with the next two instructions, so L1 may absorb the waste, but
** the memory pipeline sees three times the requests of one wide access.
** No byte is wasted: 12 useful bytes per element each way.
*/
#include "coalesce_common.cuh"

__global__ void inc_int3(const int3 *__restrict__ in, int3 *__restrict__ out,
                         size_t n)
{
  size_t i = coalesce_index();
  if (i < n) {
    int3 v = in[i];
    out[i] = make_int3(v.x + 1, v.y + 1, v.z + 1);
  }
}

COALESCE_LAUNCH(int3_launch, inc_int3, int3)

/* ints, 3 data words in 3-word elements */
static const coalesce_kind int3_kind = {
  .fields = 3,
  .words = 3,
  .launch = int3_launch,
};

static const kbench_param int3_params[] = {
  COALESCE_PARAM_N("16M", (int64_t)1 << 28),
  COALESCE_PARAM_THREADS,
};

static int align_int3_setup(const kbench_host *h, void **state)
{
  return coalesce_setup(h, state, &int3_kind);
}

static const kbench_variant align_int3_variant = {
  .size = sizeof(kbench_variant),
  .name = "align_int3",
  .summary = "int3 elements: three 4-byte accesses per 12-byte element",
  .origin = COALESCE_ORIGIN,
  .backend = KBENCH_BACKEND_CUDA,
  .params = int3_params,
  .n_params = KBENCH_COUNT(int3_params),
  .setup = align_int3_setup,
  .run = coalesce_run,
  .verify = coalesce_verify,
  .bytes_moved = coalesce_bytes,
  .teardown = coalesce_teardown,
  .work = coalesce_work,
};

KBENCH_PLUGIN(&align_int3_variant)
