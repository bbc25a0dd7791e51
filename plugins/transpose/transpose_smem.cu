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

TR_TILED_VARIANT(transpose_smem, TR_TRANSPOSE,
                 "shared [32][32] tile: coalesced reads and writes, "
                 "32-way bank conflicts on the column read",
                 "seed 003 matrix_transpose_shared; NVIDIA transposeCoalesced",
                 transpose_shared_tile)
