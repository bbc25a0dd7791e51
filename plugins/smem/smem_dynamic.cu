/*
** smem_dynamic: the same kernel as smem_static, but the shared tile is an
** `extern __shared__` array whose size (threads * 4 bytes) is the third
** launch parameter.  One kernel serves every block size; no template, no
** dispatch.  Same bytes, same accesses: the timing should match
** smem_static.  (Over 48 KiB a dynamic array would also need
** cudaFuncSetAttribute; 1024 ints is 4 KiB.)
*/
#include "smem_common.cuh"

__global__ void reverse_dynamic(const int *in, int *out, size_t n)
{
  extern __shared__ int tile[];
  smem_reverse_block(in, out, n, tile);
}

static void launch_dynamic(const smem_reverse *s, unsigned blocks,
                           cudaStream_t st)
{
  reverse_dynamic<<<blocks, s->threads, s->threads * sizeof(int), st>>>(
      s->in, s->out, s->n);
}

static int smem_dynamic_run(const kbench_host *h, void *state)
{
  return smem_reverse_run(h, state, launch_dynamic);
}

static const kbench_variant smem_dynamic_variant = {
  .size = sizeof(kbench_variant),
  .name = "smem_dynamic",
  .summary = "block-local reversal through an extern __shared__ array sized "
             "at launch",
  .origin = "seed 001 (dynamic shared array)",
  .backend = KBENCH_BACKEND_CUDA,
  .params = smem_reverse_params,
  .n_params = KBENCH_COUNT(smem_reverse_params),
  .setup = smem_reverse_setup,
  .run = smem_dynamic_run,
  .verify = smem_reverse_verify,
  .bytes_moved = smem_reverse_bytes,
  .teardown = smem_reverse_teardown,
};

KBENCH_PLUGIN(&smem_dynamic_variant)
