/*
** transpose_copy_smem: the tiled copy of transpose_copy, staged through a
** 32 x 32 shared tile with a barrier between the read and the write, like
** the shared-tile transposes but without swapping indices.  Row accesses to
** the tile hit 32 distinct banks, so any gap to transpose_copy is the cost of
** the staging and the barrier alone.
*/
#include "transpose_common.cuh"

__global__ void copy_through_tile(float *out, const float *in, int rows,
                                  int cols)
{
  __shared__ float tile[TR_TILE][TR_TILE];
  int x = blockIdx.x * TR_TILE + threadIdx.x;
  int y = blockIdx.y * TR_TILE + threadIdx.y;
  for (int j = 0; j < TR_TILE; j += TR_ROWS)
    if (x < cols && y + j < rows)
      tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * cols + x];
  __syncthreads();
  for (int j = 0; j < TR_TILE; j += TR_ROWS)
    if (x < cols && y + j < rows)
      out[(size_t)(y + j) * cols + x] = tile[threadIdx.y + j][threadIdx.x];
}

TR_TILED_VARIANT(transpose_copy_smem, TR_COPY,
                 "the tiled copy staged through a 32x32 shared tile",
                 "NVIDIA, An Efficient Matrix Transpose in CUDA C/C++ "
                 "(copySharedMem)",
                 copy_through_tile)
