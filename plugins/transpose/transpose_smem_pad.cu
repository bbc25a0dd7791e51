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

TR_TILED_VARIANT(transpose_smem_pad, TR_TRANSPOSE,
                 "shared [32][33] tile: the padding column removes the bank "
                 "conflicts",
                 "seed 003 (padding); NVIDIA transposeNoBankConflicts",
                 transpose_padded_tile)
