/*
** smem_broadcast: every lane of a warp reads the SAME shared word in each
** iteration.  One word is one bank, but a single word is broadcast to all
** lanes in one pass: no conflict.  Same loop, same loads per thread and the
** same shared-byte accounting as smem_bank, so its bandwidth should equal
** smem_bank at stride 1 (and be 32x smem_bank at stride 32, where the 32
** lanes read 32 DIFFERENT words of one bank).
*/
#include "smem_common.cuh"

__global__ void broadcast_word(const int *in, int *out, int reps)
{
  smem_sweep_block(in, out, 0, reps);
}

static void launch_broadcast(const smem_sweep *s, cudaStream_t st)
{
  broadcast_word<<<s->blocks, s->threads, 0, st>>>(s->in, s->out, s->reps);
}

static const kbench_param smem_broadcast_params[] = {SMEM_SWEEP_PARAMS};

static int smem_broadcast_setup(const kbench_host *h, void **state)
{
  return smem_sweep_setup(h, state, 0);
}

static int smem_broadcast_run(const kbench_host *h, void *state)
{
  return smem_sweep_run(h, state, launch_broadcast);
}

static const kbench_variant smem_broadcast_variant = {
  .size = sizeof(kbench_variant),
  .name = "smem_broadcast",
  .summary = "all lanes of a warp read one shared word: a broadcast, no "
             "conflict",
  .origin = "seed 001 / seed 003 (shared memory broadcast)",
  .backend = KBENCH_BACKEND_CUDA,
  .params = smem_broadcast_params,
  .n_params = KBENCH_COUNT(smem_broadcast_params),
  .setup = smem_broadcast_setup,
  .run = smem_broadcast_run,
  .verify = smem_sweep_verify,
  .bytes_moved = smem_sweep_bytes,
  .teardown = smem_sweep_teardown,
};

KBENCH_PLUGIN(&smem_broadcast_variant)
