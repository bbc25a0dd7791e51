/*
** stencil_gmem (seed 002, v1/v2): juxtaposed blocks, one element per
** thread.  Each block copies its blockDim.x inputs into a shared tile once,
** instead of every thread reading three elements from global memory; the
** two halo cells (the neighbours just outside the tile) are read from
** global memory by the threads at the tile's edges.
**
** Fixes to the seed: v1 assumes n is a multiple of the block; v2 calls
** __syncthreads() inside `if (idx < Nd)` (a barrier not every thread
** reaches) and, in the last, partial block, its last live thread reads
** shdata[threadIdx.x + 1], a slot nobody loaded.  Here every thread reaches
** the barrier, and the right edge is the last LIVE thread (len - 1).  The
** array edges use clamped neighbours (see stencil_common.cuh).
*/
#include "stencil_common.cuh"

__global__ void stencil_gmem_halo(const float *in, float *out, size_t n)
{
  extern __shared__ float tile[];  /* blockDim.x floats */
  unsigned t = threadIdx.x;
  size_t base = (size_t)blockIdx.x * blockDim.x;
  size_t i = base + t;
  size_t left = n - base;          /* > 0: the grid covers n exactly */
  unsigned len = left < blockDim.x ? (unsigned)left : blockDim.x;
  if (t < len)
    tile[t] = in[i];
  __syncthreads();
  if (t >= len)
    return;
  float l = t > 0 ? tile[t - 1] : in[stencil_clamp((long long)i - 1, n)];
  float r = t + 1 < len ? tile[t + 1] : in[stencil_clamp((long long)i + 1, n)];
  out[i] = stencil3(l, tile[t], r);
}

static void launch_gmem(const stencil_state *s, cudaStream_t st)
{
  stencil_gmem_halo<<<kbench_blocks(s->n, s->threads), s->threads,
                      s->threads * sizeof(float), st>>>(s->in, s->out, s->n);
}

static int stencil_gmem_setup(const kbench_host *h, void **state)
{
  return stencil_setup(h, state, stencil_reference);
}

static int stencil_gmem_run(const kbench_host *h, void *state)
{
  return stencil_run(h, state, launch_gmem);
}

static int stencil_gmem_verify(const kbench_host *h, void *state)
{
  return stencil_verify(h, state, STENCIL_ATOL);
}

static void stencil_gmem_work(const kbench_host *h, void *state,
                              kbench_work *w)
{
  (void)h;
  stencil_work(state, w, 5);
}

static const kbench_variant stencil_gmem_variant = {
  .size = sizeof(kbench_variant),
  .name = "stencil_gmem",
  .summary = "3-point stencil: shared tile, halo cells read from global "
             "memory by the edge threads",
  .origin = "seed 002 (filtering, juxtaposed blocks, v1/v2)",
  .backend = KBENCH_BACKEND_CUDA,
  .params = stencil_params,
  .n_params = KBENCH_COUNT(stencil_params),
  .setup = stencil_gmem_setup,
  .run = stencil_gmem_run,
  .verify = stencil_gmem_verify,
  .bytes_moved = stencil_bytes,
  .teardown = stencil_teardown,
  .work = stencil_gmem_work,
};

KBENCH_PLUGIN(&stencil_gmem_variant)
