/*
** stencil_smem_halo: every operand in shared memory WITHOUT overlapping
** blocks.  The tile holds blockDim.x + 2 cells: tile[t + 1] is thread t's
** own element and the two halo cells tile[0] and tile[blockDim.x + 1] are
** loaded by the block's first and last threads.  Back to n / blockDim.x
** aligned blocks as in stencil_gmem, and the compute step has no branch.
**
** In the last, partial block the threads past n load in[n-1] (a clamped
** read that hits the cache), which also fills the slot right of the last
** live element with the clamped boundary value.
*/
#include "stencil_common.cuh"

__global__ void stencil_halo(const float *in, float *out, size_t n)
{
  extern __shared__ float tile[];  /* blockDim.x + 2 floats */
  unsigned t = threadIdx.x;
  size_t base = (size_t)blockIdx.x * blockDim.x;
  size_t i = base + t;
  tile[t + 1] = in[i < n ? i : n - 1];
  if (t == 0)
    tile[0] = in[stencil_clamp((long long)base - 1, n)];
  if (t == blockDim.x - 1)
    tile[blockDim.x + 1] = in[stencil_clamp((long long)base + blockDim.x, n)];
  __syncthreads();
  if (i < n)
    out[i] = stencil3(tile[t], tile[t + 1], tile[t + 2]);
}

static void launch_halo(const stencil_state *s, cudaStream_t st)
{
  stencil_halo<<<kbench_blocks(s->n, s->threads), s->threads,
                 (s->threads + 2) * sizeof(float), st>>>(s->in, s->out, s->n);
}

static int stencil_smem_halo_setup(const kbench_host *h, void **state)
{
  return stencil_setup(h, state, stencil_reference);
}

static int stencil_smem_halo_run(const kbench_host *h, void *state)
{
  return stencil_run(h, state, launch_halo);
}

static int stencil_smem_halo_verify(const kbench_host *h, void *state)
{
  return stencil_verify(h, state, STENCIL_ATOL);
}

static void stencil_smem_halo_work(const kbench_host *h, void *state,
                                   kbench_work *w)
{
  (void)h;
  stencil_work(state, w, 5);
}

static const kbench_variant stencil_smem_halo_variant = {
  .size = sizeof(kbench_variant),
  .name = "stencil_smem_halo",
  .summary = "3-point stencil: tile of blockDim.x + 2, halo cells loaded "
             "into shared by the edge threads",
  .origin = "seed 002 (filtering), halo-tile form",
  .backend = KBENCH_BACKEND_CUDA,
  .params = stencil_params,
  .n_params = KBENCH_COUNT(stencil_params),
  .setup = stencil_smem_halo_setup,
  .run = stencil_smem_halo_run,
  .verify = stencil_smem_halo_verify,
  .bytes_moved = stencil_bytes,
  .teardown = stencil_teardown,
  .work = stencil_smem_halo_work,
};

KBENCH_PLUGIN(&stencil_smem_halo_variant)
