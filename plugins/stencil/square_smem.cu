/*
** square_smem (seed 002, the first shared-memory example): res[i] = in[i]^2
** through a shared tile, "using shared memory without sharing data": each
** thread stores its element and reads back its own slot, so no barrier is
** needed.  It is the baseline the stencils are compared with: the same
** bytes, no neighbours.  (The compiler may forward the stored value to the
** multiply: shared memory buys nothing when no data is shared.)  The
** seed assumes n is a multiple of the block; here the tail is guarded.
*/
#include "stencil_common.cuh"

__global__ void square_tile(const float *in, float *out, size_t n)
{
  extern __shared__ float tile[];  /* blockDim.x floats */
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    tile[threadIdx.x] = in[i];
    out[i] = tile[threadIdx.x] * tile[threadIdx.x];
  }
}

static void launch_square(const stencil_state *s, cudaStream_t st)
{
  square_tile<<<kbench_blocks(s->n, s->threads), s->threads,
                s->threads * sizeof(float), st>>>(s->in, s->out, s->n);
}

/* The float product is correctly rounded and the double product of two
** floats is exact, so rounding it once to float gives the GPU's result
** bit for bit: the tolerance is 0. */
static void square_reference(const float *in, float *want, size_t n,
                             size_t begin, size_t end)
{
  (void)n;
  for (size_t i = begin; i < end; i++)
    want[i] = (float)((double)in[i] * (double)in[i]);
}

STENCIL_PLUGIN(square_smem,
               "res[i] = in[i]^2 through a shared tile, no data shared "
               "(baseline)",
               "seed 002 (first shared-memory example)", launch_square,
               square_reference, 0.0, 1)
