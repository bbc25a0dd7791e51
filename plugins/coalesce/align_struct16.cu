/*
** align_struct16: n structs of three ints padded to 16 bytes with
** __align__(16), out[i] = {x + 1, y + 1, z + 1}.
**
** The seed's fix for a 12-byte struct.  Compared with align_int3 the data
** are the same three ints, but __align__(16) makes sizeof == 16 and lets
** the compiler move an element with one 16-byte load and one 16-byte store,
** as align_int4 does.  The price is the 4 padding bytes per element that
** travel both ways: 33% more DRAM traffic than align_int3 for the same
** useful data.  The padding is neither checked nor counted in bytes_moved
** (12 useful bytes each way).
**
** The padding word is named and copied through: with the seed's implicit
** padding (struct __align__(16) { int x, y, z; }) nvcc 13 still loads 16
** bytes but stores only the 12 defined ones, as an 8-byte and a 4-byte
** store (seen in the PTX).  Naming it keeps sizeof and alignment at 16 and
** makes the store one 16-byte write.
*/
#include "coalesce_common.cuh"

struct __align__(16) vec3i {
  int x, y, z;
  int pad;  /* the 4 bytes __align__(16) adds, named: see above */
};

__global__ void inc_struct16(const vec3i *__restrict__ in,
                             vec3i *__restrict__ out, size_t n)
{
  size_t i = coalesce_index();
  if (i < n) {
    vec3i v = in[i];
    v.x += 1;
    v.y += 1;
    v.z += 1;
    out[i] = v;
  }
}

COALESCE_LAUNCH(struct16_launch, inc_struct16, vec3i)

/* ints, 3 data words in 4-word elements (1 word of padding) */
static const coalesce_kind struct16_kind = {
  .fields = 3,
  .words = 4,
  .launch = struct16_launch,
};

static const kbench_param struct16_params[] = {
  COALESCE_PARAM_N("16M", (int64_t)1 << 28),
  COALESCE_PARAM_THREADS,
};

static int align_struct16_setup(const kbench_host *h, void **state)
{
  return coalesce_setup(h, state, &struct16_kind);
}

static const kbench_variant align_struct16_variant = {
  .size = sizeof(kbench_variant),
  .name = "align_struct16",
  .summary = "__align__(16) struct of 3 ints: one 16-byte access, 12 useful "
             "bytes",
  .origin = COALESCE_ORIGIN,
  .backend = KBENCH_BACKEND_CUDA,
  .params = struct16_params,
  .n_params = KBENCH_COUNT(struct16_params),
  .setup = align_struct16_setup,
  .run = coalesce_run,
  .verify = coalesce_verify,
  .bytes_moved = coalesce_bytes,
  .teardown = coalesce_teardown,
  .work = coalesce_work,
};

KBENCH_PLUGIN(&align_struct16_variant)
