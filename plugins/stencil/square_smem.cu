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

static int square_smem_setup(const kbench_host *h, void **state)
{
  return stencil_setup(h, state, square_reference);
}

static int square_smem_run(const kbench_host *h, void *state)
{
  return stencil_run(h, state, launch_square);
}

static int square_smem_verify(const kbench_host *h, void *state)
{
  return stencil_verify(h, state, 0.0);
}

static void square_smem_work(const kbench_host *h, void *state,
                             kbench_work *w)
{
  (void)h;
  stencil_work(state, w, 1);
}

static const kbench_variant square_smem_variant = {
  .size = sizeof(kbench_variant),
  .name = "square_smem",
  .summary = "res[i] = in[i]^2 through a shared tile, no data shared "
             "(baseline)",
  .origin = "seed 002 (first shared-memory example)",
  .backend = KBENCH_BACKEND_CUDA,
  .params = stencil_params,
  .n_params = KBENCH_COUNT(stencil_params),
  .setup = square_smem_setup,
  .run = square_smem_run,
  .verify = square_smem_verify,
  .bytes_moved = stencil_bytes,
  .teardown = stencil_teardown,
  .work = square_smem_work,
};

KBENCH_PLUGIN(&square_smem_variant)
