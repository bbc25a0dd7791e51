/*
** transpose_smem: both global accesses coalesced, through a shared tile
** (NVIDIA transposeCoalesced, seed 003 matrix_transpose_shared).  A block
** reads a 32 x 32 tile row by row into shared memory and writes it out row
** by row; the transpose happens when the write phase reads a COLUMN of the
** tile.  With a plain [32][32] tile the 32 words of that column are 32 floats
** apart, all in the same bank: a 32-way bank conflict that replays the load
** 32 times.  transpose_smem_pad fixes that.
*/
#include "transpose_common.cuh"

struct plain_tile {
  enum { WORDS = TR_TILE * TR_TILE };
  static __device__ int at(int i, int j) { return i * TR_TILE + j; }
};

__global__ void transpose_shared_tile(float *out, const float *in, int rows,
                                      int cols)
{
  tr_tile_transpose<plain_tile>(out, in, rows, cols, blockIdx.x, blockIdx.y);
}

static int transpose_smem_setup(const kbench_host *h, void **state)
{
  return tr_setup(h, state, TR_TRANSPOSE);
}

static int transpose_smem_run(const kbench_host *h, void *state)
{
  const tr_state *s = (const tr_state *)state;
  return tr_launch(h, s, transpose_shared_tile,
                   tr_grid(s->cols, s->rows, TR_TILE), dim3(TR_TILE, TR_ROWS));
}

static const kbench_variant transpose_smem_variant = {
  .size = sizeof(kbench_variant),
  .name = "transpose_smem",
  .summary = "shared [32][32] tile: coalesced reads and writes, 32-way bank "
             "conflicts on the column read",
  .origin = "seed 003 matrix_transpose_shared; NVIDIA transposeCoalesced",
  .backend = KBENCH_BACKEND_CUDA,
  .params = tr_params,
  .n_params = KBENCH_COUNT(tr_params),
  .setup = transpose_smem_setup,
  .run = transpose_smem_run,
  .verify = tr_verify,
  .bytes_moved = tr_bytes,
  .teardown = tr_teardown,
};

KBENCH_PLUGIN(&transpose_smem_variant)
