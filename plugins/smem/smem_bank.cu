/*
** smem_bank: bank conflicts.  Shared memory has 32 banks of 4-byte words
** (word w is in bank w % 32); a warp's load is served in one pass only if
** its 32 lanes hit 32 different banks, or the same word.  Here lane l reads
** word l * stride (+ a per-iteration offset, the same for the whole warp),
** so lanes l and l' collide when (l - l') * stride is a multiple of 32:
** the load is split into gcd(stride, 32) passes.  Stride 1 or any odd
** stride is conflict-free; 2 is 2-way, ..., 32 puts the whole warp in one
** bank (32-way).  The seed's `sh_data[idx % bank_conflict]` is no conflict
** test at all: lanes that share a word get a broadcast (see smem_broadcast).
**
** Bandwidth is counted in shared memory; expect it to fall by
** gcd(stride, 32) from smem_broadcast's (and stride 1's) figure.
*/
#include "smem_common.cuh"

__global__ void bank_stride(const int *in, int *out, unsigned stride, int reps)
{
  smem_sweep_block(in, out, (threadIdx.x % 32) * stride, reps);
}

static void launch_bank(const smem_sweep *s, cudaStream_t st)
{
  bank_stride<<<s->blocks, s->threads, 0, st>>>(s->in, s->out, s->stride,
                                               s->reps);
}

/* stride <= 32 keeps the 32 lanes' words distinct (31 * 32 < SWEEP_WINDOW):
** distinct words in one bank are what a conflict is. */
static const kbench_param smem_bank_params[] = {
  {"stride", "shared words between consecutive lanes; conflict degree is "
   "gcd(stride, 32)", "1,2,4,8,16,32", 1, 32, 0},
  SMEM_SWEEP_PARAMS,
};

static int smem_bank_setup(const kbench_host *h, void **state)
{
  return smem_sweep_setup(h, state, (unsigned)h->param(h, "stride"));
}

static int smem_bank_run(const kbench_host *h, void *state)
{
  return smem_sweep_run(h, state, launch_bank);
}

static const kbench_variant smem_bank_variant = {
  .size = sizeof(kbench_variant),
  .name = "smem_bank",
  .summary = "shared loads with lane stride s: gcd(s, 32)-way bank conflicts",
  .origin = "seed 003 (bank conflicts), seed 001 (bank_conflict demo)",
  .backend = KBENCH_BACKEND_CUDA,
  .params = smem_bank_params,
  .n_params = KBENCH_COUNT(smem_bank_params),
  .setup = smem_bank_setup,
  .run = smem_bank_run,
  .verify = smem_sweep_verify,
  .bytes_moved = smem_sweep_bytes,
  .teardown = smem_sweep_teardown,
};

KBENCH_PLUGIN(&smem_bank_variant)
