/*
** transpose_copy: a plain tiled copy with the transpose's launch geometry:
** 32 x 32 tiles, 32 x 8 threads, each thread copies 4 rows of its tile.
** Reads and writes are both row-wise and coalesced; there is no transpose.
** It is the ceiling of the tiled kernels: whatever a transpose loses against
** it is the cost of transposing, not of the launch shape.
*/
#include "transpose_common.cuh"

__global__ void copy_tiled(float *out, const float *in, int rows, int cols)
{
  int x = blockIdx.x * TR_TILE + threadIdx.x;
  int y = blockIdx.y * TR_TILE + threadIdx.y;
  for (int j = 0; j < TR_TILE; j += TR_ROWS)
    if (x < cols && y + j < rows)
      out[(size_t)(y + j) * cols + x] = in[(size_t)(y + j) * cols + x];
}

TR_TILED_VARIANT(transpose_copy, TR_COPY,
                 "tiled copy with the transpose's 32x32 tile / 32x8 "
                 "threads: the kernel ceiling",
                 "NVIDIA, An Efficient Matrix Transpose in CUDA C/C++ (copy)",
                 copy_tiled)
