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

static int transpose_copy_smem_setup(const kbench_host *h, void **state)
{
  return tr_setup(h, state, TR_COPY);
}

static int transpose_copy_smem_run(const kbench_host *h, void *state)
{
  const tr_state *s = (const tr_state *)state;
  return tr_launch(h, s, copy_through_tile,
                   tr_grid(s->cols, s->rows, TR_TILE), dim3(TR_TILE, TR_ROWS));
}

static const kbench_variant transpose_copy_smem_variant = {
  .size = sizeof(kbench_variant),
  .name = "transpose_copy_smem",
  .summary = "the tiled copy staged through a 32x32 shared tile",
  .origin = "NVIDIA, An Efficient Matrix Transpose in CUDA C/C++ "
            "(copySharedMem)",
  .backend = KBENCH_BACKEND_CUDA,
  .params = tr_params,
  .n_params = KBENCH_COUNT(tr_params),
  .setup = transpose_copy_smem_setup,
  .run = transpose_copy_smem_run,
  .verify = tr_verify,
  .bytes_moved = tr_bytes,
  .teardown = tr_teardown,
};

KBENCH_PLUGIN(&transpose_copy_smem_variant)
