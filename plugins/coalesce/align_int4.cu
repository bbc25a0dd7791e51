/*
** align_int4: n 16-byte int4 elements, out[i] = in[i] + (1, 1, 1, 1).
**
** Compared with align_int3, the element is 16 bytes with 16-byte
** alignment, so each thread moves it with ONE 16-byte load and ONE 16-byte
** store (ld/st.global.v4.u32 in the PTX): a warp reads 512 contiguous
** bytes, four full lines, in a single instruction.  Here all four components are data
** (16 useful bytes each way), so this is the ceiling of the trio: wide
** accesses and no wasted byte.  align_struct16 keeps the wide accesses but
** carries only three useful words, the seed's "use int4 even if you do not
** need the fourth component".
*/
#include "coalesce_common.cuh"

__global__ void inc_int4(const int4 *__restrict__ in, int4 *__restrict__ out,
                         size_t n)
{
  size_t i = coalesce_index();
  if (i < n) {
    int4 v = in[i];
    out[i] = make_int4(v.x + 1, v.y + 1, v.z + 1, v.w + 1);
  }
}

COALESCE_LAUNCH(int4_launch, inc_int4, int4)

/* ints, 4 data words in 4-word elements */
static const coalesce_kind int4_kind = {
  .fields = 4,
  .words = 4,
  .launch = int4_launch,
};

static const kbench_param int4_params[] = {
  COALESCE_PARAM_N("16M", (int64_t)1 << 28),
  COALESCE_PARAM_THREADS,
};

static int align_int4_setup(const kbench_host *h, void **state)
{
  return coalesce_setup(h, state, &int4_kind);
}

static const kbench_variant align_int4_variant = {
  .size = sizeof(kbench_variant),
  .name = "align_int4",
  .summary = "int4 elements: one 16-byte access, all 16 bytes useful",
  .origin = COALESCE_ORIGIN,
  .backend = KBENCH_BACKEND_CUDA,
  .params = int4_params,
  .n_params = KBENCH_COUNT(int4_params),
  .setup = align_int4_setup,
  .run = coalesce_run,
  .verify = coalesce_verify,
  .bytes_moved = coalesce_bytes,
  .teardown = coalesce_teardown,
  .work = coalesce_work,
};

KBENCH_PLUGIN(&align_int4_variant)
