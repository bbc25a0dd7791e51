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

TR_TILED_VARIANT(transpose_smem_swizzle, TR_TRANSPOSE,
                 "shared [32][32] tile with an XOR-swizzled column index: no "
                 "conflicts, no padding",
                 "seed 003 (bank conflicts); XOR swizzle as in CUTLASS",
                 transpose_swizzled_tile)
