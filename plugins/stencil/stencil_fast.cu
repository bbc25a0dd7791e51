/*
** stencil_fast: the three-point filter at copy speed.  What changes against
** stencil_smem_halo (aligned tiles, a shared tile of threads + 2, edge
** threads fetching the halo):
**   - 16-byte accesses: each lane loads and stores float4s, four elements
**     at a time, so a warp moves 512 contiguous bytes per instruction;
**   - no shared memory and no block barrier: the neighbours of a float4's
**     ends are in the neighbouring lanes' registers, passed with warp
**     shuffles (__shfl_up_sync / __shfl_down_sync);
**   - a warp owns a segment of SF_UNROLL * 32 float4s (2 KiB): its loads are
**     all in flight before the first use, the seams between its float4 rows
**     are shuffles too, and only the segment's two outer neighbours come
**     from memory, one scalar each in a single instruction (lane 0 and lane
**     31), from lines the neighbouring segments read anyway: the halo never
**     costs a second pass through DRAM.
** The last, partial segment (n not a multiple of 4 * 32 * SF_UNROLL) runs a
** scalar loop with clamped neighbours.  Any GPU: it needs no Hopper
** feature, only 16-byte alignment (cudaMalloc) and warp-multiple blocks.
*/
#include "stencil_common.cuh"

#define SF_UNROLL 4                       /* float4s per lane per segment */
#define SF_SEGMENT (128 * SF_UNROLL)      /* floats per warp */

__global__ void stencil_fast_kernel(const float *__restrict__ in,
                                    float *__restrict__ out, size_t n)
{
  const unsigned lane = threadIdx.x & 31;
  const size_t warp = ((size_t)blockIdx.x * blockDim.x + threadIdx.x) / 32;
  const size_t first = warp * SF_SEGMENT;
  if (first >= n)
    return;
  if (n - first < SF_SEGMENT) {
    /* The partial last segment, element by element. */
    for (size_t i = first + lane; i < n; i += 32)
      out[i] = stencil3(in[stencil_clamp((long long)i - 1, n)], in[i],
                        in[stencil_clamp((long long)i + 1, n)]);
    return;
  }
  const float4 *src = reinterpret_cast<const float4 *>(in + first);
  float4 *dst = reinterpret_cast<float4 *>(out + first);
  float4 v[SF_UNROLL];
#pragma unroll
  for (int k = 0; k < SF_UNROLL; k++)
    v[k] = src[k * 32 + lane];
  /* The segment's outer neighbours (clamped at the array's ends). */
  float halo = 0.0f;
  if (lane == 0)
    halo = in[first > 0 ? first - 1 : 0];
  else if (lane == 31)
    halo = in[first + SF_SEGMENT < n ? first + SF_SEGMENT : n - 1];
  const float outer_left = __shfl_sync(0xffffffffu, halo, 0);
  const float outer_right = __shfl_sync(0xffffffffu, halo, 31);
#pragma unroll
  for (int k = 0; k < SF_UNROLL; k++) {
    /* Left of v[k].x: the previous lane's .w, or the previous row's last
    ** lane; right of v[k].w: the next lane's .x, or the next row's lane 0. */
    float left = __shfl_up_sync(0xffffffffu, v[k].w, 1);
    float right = __shfl_down_sync(0xffffffffu, v[k].x, 1);
    float seam_left =
        k > 0 ? __shfl_sync(0xffffffffu, v[k > 0 ? k - 1 : 0].w, 31)
              : outer_left;
    float seam_right =
        k < SF_UNROLL - 1
            ? __shfl_sync(0xffffffffu, v[k < SF_UNROLL - 1 ? k + 1 : k].x, 0)
            : outer_right;
    if (lane == 0)
      left = seam_left;
    if (lane == 31)
      right = seam_right;
    dst[k * 32 + lane] = make_float4(stencil3(left, v[k].x, v[k].y),
                                     stencil3(v[k].x, v[k].y, v[k].z),
                                     stencil3(v[k].y, v[k].z, v[k].w),
                                     stencil3(v[k].z, v[k].w, right));
  }
}

static void launch_fast(const stencil_state *s, cudaStream_t st)
{
  size_t warps = (s->n + SF_SEGMENT - 1) / SF_SEGMENT;
  unsigned blocks = kbench_blocks(warps * 32, s->threads);
  stencil_fast_kernel<<<blocks, s->threads, 0, st>>>(s->in, s->out, s->n);
}

/* threads: whole warps (the shuffles need all 32 lanes). */
static const kbench_param stencil_fast_params[] = {
  {"n", "number of float elements", "64M", 1, (int64_t)1 << 31, 0},
  {"threads", "threads per block", "256", 32, 1024, KBENCH_PARAM_POW2},
};

static int stencil_fast_setup(const kbench_host *h, void **state)
{
  return stencil_setup(h, state, stencil_reference);
}

static int stencil_fast_run(const kbench_host *h, void *state)
{
  return stencil_run(h, state, launch_fast);
}

static int stencil_fast_verify(const kbench_host *h, void *state)
{
  return stencil_verify(h, state, STENCIL_ATOL);
}

static void stencil_fast_work(const kbench_host *h, void *state,
                              kbench_work *w)
{
  (void)h;
  stencil_work(state, w, 5);
}

static const kbench_variant stencil_fast_variant = {
  .size = sizeof(kbench_variant),
  .name = "stencil_fast",
  .summary = "3-point stencil: float4 loads and stores, halo by warp "
             "shuffles, 2 KiB per warp, no shared memory",
  .origin = "seed 002 (filtering) at copy speed",
  .backend = KBENCH_BACKEND_CUDA,
  .params = stencil_fast_params,
  .n_params = KBENCH_COUNT(stencil_fast_params),
  .setup = stencil_fast_setup,
  .run = stencil_fast_run,
  .verify = stencil_fast_verify,
  .bytes_moved = stencil_bytes,
  .teardown = stencil_teardown,
  .work = stencil_fast_work,
};

KBENCH_PLUGIN(&stencil_fast_variant)
