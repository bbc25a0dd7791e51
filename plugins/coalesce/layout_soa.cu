/*
** layout_soa: the same particle step on a structure of arrays.
**
** Compared with layout_aos, each field lives in its own array of n floats
** (x[0..n), y[0..n), ..., vz[0..n) back to back in one buffer), so each of
** the six loads and six stores of a warp covers 128 contiguous bytes: four
** sectors, fully used, as in coalesce_offset at offset 0.  The arithmetic
** (particle_step) and the useful bytes (24 each way) are those of
** layout_aos; only the layout differs.  The arrays start at multiples of
** n floats, so they are 128-byte aligned when n is a multiple of 32 (the
** default); at other n they carry a small offset penalty, no error.
*/
#include "coalesce_common.cuh"

struct particle_arrays {
  float *x, *y, *z, *vx, *vy, *vz;
};

__global__ void step_soa(particle_arrays in, particle_arrays out, size_t n)
{
  size_t i = coalesce_index();
  if (i < n) {
    float x = __ldg(in.x + i), vx = __ldg(in.vx + i);
    float y = __ldg(in.y + i), vy = __ldg(in.vy + i);
    float z = __ldg(in.z + i), vz = __ldg(in.vz + i);
    particle_step(x, vx);
    particle_step(y, vy);
    particle_step(z, vz);
    out.x[i] = x;
    out.y[i] = y;
    out.z[i] = z;
    out.vx[i] = vx;
    out.vy[i] = vy;
    out.vz[i] = vz;
  }
}

/* The six arrays of a buffer of n particles, in the order of the fields. */
static particle_arrays soa_arrays(void *base, size_t n)
{
  float *f = (float *)base;
  particle_arrays a = {f, f + n, f + 2 * n, f + 3 * n, f + 4 * n, f + 5 * n};
  return a;
}

static void soa_launch(const coalesce_state *s, cudaStream_t stream)
{
  step_soa<<<kbench_blocks(s->n, s->threads), s->threads, 0, stream>>>(
      soa_arrays(s->in, s->n), soa_arrays(s->out, s->n), s->n);
}

/* particles, 6 floats per element, field after field */
static const coalesce_kind soa_kind = {
  .particles = 1,
  .fields = 6,
  .words = 6,
  .soa = 1,
  .launch = soa_launch,
};

static const kbench_param soa_params[] = {
  COALESCE_PARAM_N("16M", (int64_t)1 << 27),
  COALESCE_PARAM_THREADS,
};

static int layout_soa_setup(const kbench_host *h, void **state)
{
  return coalesce_setup(h, state, &soa_kind);
}

static const kbench_variant layout_soa_variant = {
  .size = sizeof(kbench_variant),
  .name = "layout_soa",
  .summary = "particle step on six float arrays: every access coalesced",
  .origin = COALESCE_ORIGIN,
  .backend = KBENCH_BACKEND_CUDA,
  .params = soa_params,
  .n_params = KBENCH_COUNT(soa_params),
  .setup = layout_soa_setup,
  .run = coalesce_run,
  .verify = coalesce_verify,
  .bytes_moved = coalesce_bytes,
  .teardown = coalesce_teardown,
  .work = coalesce_work,
};

KBENCH_PLUGIN(&layout_soa_variant)
