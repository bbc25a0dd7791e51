/*
** transpose_naive_row: the first transpose.  Same geometry as
** transpose_copy, but each thread writes its element to the swapped place:
** a warp reads 32 consecutive floats of an input row (coalesced) and writes
** them down a column of the output, 32 addresses `rows` floats apart.  Each
** of those writes touches its own 32-byte sector, so the write side moves
** about 8x the useful bytes (seed 003 matrix_transpose_naive).
*/
#include "transpose_common.cuh"

__global__ void transpose_read_rows(float *out, const float *in, int rows,
                                    int cols)
{
  int x = blockIdx.x * TR_TILE + threadIdx.x;   /* input column */
  int y = blockIdx.y * TR_TILE + threadIdx.y;   /* input row */
  for (int j = 0; j < TR_TILE; j += TR_ROWS)
    if (x < cols && y + j < rows)
      out[(size_t)x * rows + y + j] = in[(size_t)(y + j) * cols + x];
}

TR_TILED_VARIANT(transpose_naive_row, TR_TRANSPOSE,
                 "naive transpose: coalesced row reads, strided column writes",
                 "seed 003 matrix_transpose_naive; NVIDIA transposeNaive",
                 transpose_read_rows)
