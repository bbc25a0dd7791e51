/*
** transpose_smem_swizzle: the bank conflicts of transpose_smem removed
** without padding.  Element (i, j) of the [32][32] tile is stored in column
** j XOR i of row i.  XOR with a fixed i permutes 0..31, so a row write still
** hits 32 distinct banks; a column read (i = 0..31, fixed j) hits banks
** j XOR i, again all distinct.  Same speed as the padded tile, no wasted
** words, and the tile stays a power of two (what CUTLASS-style kernels do).
*/
#include "transpose_common.cuh"

struct swizzled_tile {
  enum { WORDS = TR_TILE * TR_TILE };
  static __device__ int at(int i, int j) { return i * TR_TILE + (j ^ i); }
};

__global__ void transpose_swizzled_tile(float *out, const float *in,
                                        int rows, int cols)
{
  tr_tile_transpose<swizzled_tile>(out, in, rows, cols, blockIdx.x,
                                   blockIdx.y);
}

static int transpose_smem_swizzle_setup(const kbench_host *h, void **state)
{
  return tr_setup(h, state, TR_TRANSPOSE);
}

static int transpose_smem_swizzle_run(const kbench_host *h, void *state)
{
  const tr_state *s = (const tr_state *)state;
  return tr_launch(h, s, transpose_swizzled_tile,
                   tr_grid(s->cols, s->rows, TR_TILE), dim3(TR_TILE, TR_ROWS));
}

static const kbench_variant transpose_smem_swizzle_variant = {
  .size = sizeof(kbench_variant),
  .name = "transpose_smem_swizzle",
  .summary = "shared [32][32] tile with an XOR-swizzled column index: no "
             "conflicts, no padding",
  .origin = "seed 003 (bank conflicts); XOR swizzle as in CUTLASS",
  .backend = KBENCH_BACKEND_CUDA,
  .params = tr_params,
  .n_params = KBENCH_COUNT(tr_params),
  .setup = transpose_smem_swizzle_setup,
  .run = transpose_smem_swizzle_run,
  .verify = tr_verify,
  .bytes_moved = tr_bytes,
  .teardown = tr_teardown,
};

KBENCH_PLUGIN(&transpose_smem_swizzle_variant)
