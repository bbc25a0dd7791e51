/*
** layout_aos: a particle step on an array of structures.
**
** The last pair of the family moves from the shape of one element to the
** layout of many.  Each particle is a 24-byte struct {x, y, z, vx, vy, vz}
** of floats with 4-byte alignment, so a thread moves it with six 4-byte
** loads and six 4-byte stores.  Each such warp instruction picks one float
** out of every 24 bytes: 128 useful bytes spread over 768 bytes, 24-25
** sectors.  The other five instructions want the same sectors, so L1 can
** serve them if the lines survive, but every instruction costs six times
** the sectors it uses in the memory pipeline.  The seed's advice: split the
** fields into separate arrays (layout_soa).
**
** Per particle: v' = v * DAMP, p' = p + v' * DT for each axis (the
** particle_step shared with layout_soa): same arithmetic, same 24 useful
** bytes each way.
*/
#include "coalesce_common.cuh"

struct particle {
  float x, y, z, vx, vy, vz;
};

__global__ void step_aos(const particle *__restrict__ in,
                         particle *__restrict__ out, size_t n)
{
  size_t i = coalesce_index();
  if (i < n) {
    particle p = in[i];
    particle_step(p.x, p.vx);
    particle_step(p.y, p.vy);
    particle_step(p.z, p.vz);
    out[i] = p;
  }
}

COALESCE_LAUNCH(aos_launch, step_aos, particle)

/* particles, 6 floats per element, element after element */
static const coalesce_kind aos_kind = {
  .particles = 1,
  .fields = 6,
  .words = 6,
  .launch = aos_launch,
};

static const kbench_param aos_params[] = {
  COALESCE_PARAM_N("16M", (int64_t)1 << 27),
  COALESCE_PARAM_THREADS,
};

static int layout_aos_setup(const kbench_host *h, void **state)
{
  return coalesce_setup(h, state, &aos_kind);
}

static const kbench_variant layout_aos_variant = {
  .size = sizeof(kbench_variant),
  .name = "layout_aos",
  .summary = "particle step on an array of 24-byte structs: six strided "
             "4-byte accesses",
  .origin = COALESCE_ORIGIN,
  .backend = KBENCH_BACKEND_CUDA,
  .params = aos_params,
  .n_params = KBENCH_COUNT(aos_params),
  .setup = layout_aos_setup,
  .run = coalesce_run,
  .verify = coalesce_verify,
  .bytes_moved = coalesce_bytes,
  .teardown = coalesce_teardown,
  .work = coalesce_work,
};

KBENCH_PLUGIN(&layout_aos_variant)
