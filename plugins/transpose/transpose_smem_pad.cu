/*
** transpose_smem_pad: transpose_smem with one padding word per tile row,
** [32][33].  Element (i, j) sits at word 33 i + j, so the column read
** (i = 0..31, fixed j) lands in banks (i + j) mod 32: all 32 distinct, no
** conflict, at the price of 32 unused words (seed 003 "padding"; NVIDIA
** transposeNoBankConflicts).
*/
#include "transpose_common.cuh"

struct padded_tile {
  enum { WORDS = TR_TILE * (TR_TILE + 1) };
  static __device__ int at(int i, int j) { return i * (TR_TILE + 1) + j; }
};

__global__ void transpose_padded_tile(float *out, const float *in, int rows,
                                      int cols)
{
  tr_tile_transpose<padded_tile>(out, in, rows, cols, blockIdx.x, blockIdx.y);
}

static int transpose_smem_pad_setup(const kbench_host *h, void **state)
{
  return tr_setup(h, state, TR_TRANSPOSE);
}

static int transpose_smem_pad_run(const kbench_host *h, void *state)
{
  const tr_state *s = (const tr_state *)state;
  return tr_launch(h, s, transpose_padded_tile,
                   tr_grid(s->cols, s->rows, TR_TILE), dim3(TR_TILE, TR_ROWS));
}

static const kbench_variant transpose_smem_pad_variant = {
  .size = sizeof(kbench_variant),
  .name = "transpose_smem_pad",
  .summary = "shared [32][33] tile: the padding column removes the bank "
             "conflicts",
  .origin = "seed 003 (padding); NVIDIA transposeNoBankConflicts",
  .backend = KBENCH_BACKEND_CUDA,
  .params = tr_params,
  .n_params = KBENCH_COUNT(tr_params),
  .setup = transpose_smem_pad_setup,
  .run = transpose_smem_pad_run,
  .verify = tr_verify,
  .bytes_moved = tr_bytes,
  .teardown = tr_teardown,
};

KBENCH_PLUGIN(&transpose_smem_pad_variant)
