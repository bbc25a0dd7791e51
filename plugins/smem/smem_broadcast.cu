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

SMEM_SWEEP_PLUGIN(smem_broadcast,
                  "all lanes of a warp read one shared word: a broadcast, "
                  "no conflict",
                  "seed 001 / seed 003 (shared memory broadcast)",
                  smem_broadcast_params, 2, 0, launch_broadcast)
