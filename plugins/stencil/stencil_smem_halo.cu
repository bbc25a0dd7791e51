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

STENCIL_PLUGIN(stencil_smem_halo,
               "3-point stencil: tile of blockDim.x + 2, halo cells loaded "
               "into shared by the edge threads",
               "seed 002 (filtering), halo-tile form", launch_halo,
               stencil_reference, STENCIL_ATOL, 5)
