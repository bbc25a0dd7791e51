/*
** smem_static: the shared tile is a fixed-size `__shared__` array.
**
** Each block reverses its tile of ints through shared memory (the body is
** smem_reverse_block in smem_common.cuh).  The array size must be a
** compile-time constant, so the kernel is a template instantiated for every
** allowed block size and the launch picks one: that is the price of a
** static array.  smem_dynamic runs the same body on an array sized at
** launch; both move the same bytes and should time the same.
*/
#include "smem_common.cuh"

template <unsigned THREADS>
__global__ void reverse_static(const int *in, int *out, size_t n)
{
  __shared__ int tile[THREADS];
  smem_reverse_block(in, out, n, tile);
}

/* threads is a power of two in [32, 1024]: the runner checks it. */
static void launch_static(const smem_reverse *s, unsigned blocks,
                          cudaStream_t st)
{
  switch (s->threads) {
  case 32:   reverse_static<32><<<blocks, 32, 0, st>>>(s->in, s->out, s->n); break;
  case 64:   reverse_static<64><<<blocks, 64, 0, st>>>(s->in, s->out, s->n); break;
  case 128:  reverse_static<128><<<blocks, 128, 0, st>>>(s->in, s->out, s->n); break;
  case 256:  reverse_static<256><<<blocks, 256, 0, st>>>(s->in, s->out, s->n); break;
  case 512:  reverse_static<512><<<blocks, 512, 0, st>>>(s->in, s->out, s->n); break;
  default:   reverse_static<1024><<<blocks, 1024, 0, st>>>(s->in, s->out, s->n); break;
  }
}

static int smem_static_run(const kbench_host *h, void *state)
{
  return smem_reverse_run(h, state, launch_static);
}

static const kbench_variant smem_static_variant = {
  .size = sizeof(kbench_variant),
  .name = "smem_static",
  .summary = "block-local reversal through a static __shared__ array",
  .origin = "seed 001 (static shared array)",
  .backend = KBENCH_BACKEND_CUDA,
  .params = smem_reverse_params,
  .n_params = KBENCH_COUNT(smem_reverse_params),
  .setup = smem_reverse_setup,
  .run = smem_static_run,
  .verify = smem_reverse_verify,
  .bytes_moved = smem_reverse_bytes,
  .teardown = smem_reverse_teardown,
};

KBENCH_PLUGIN(&smem_static_variant)
