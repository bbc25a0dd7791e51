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

static int transpose_copy_setup(const kbench_host *h, void **state)
{
  return tr_setup(h, state, TR_COPY);
}

static int transpose_copy_run(const kbench_host *h, void *state)
{
  const tr_state *s = (const tr_state *)state;
  return tr_launch(h, s, copy_tiled,
                   tr_grid(s->cols, s->rows, TR_TILE), dim3(TR_TILE, TR_ROWS));
}

static const kbench_variant transpose_copy_variant = {
  .size = sizeof(kbench_variant),
  .name = "transpose_copy",
  .summary = "tiled copy with the transpose's 32x32 tile / 32x8 threads: the "
             "kernel ceiling",
  .origin = "NVIDIA, An Efficient Matrix Transpose in CUDA C/C++ (copy)",
  .backend = KBENCH_BACKEND_CUDA,
  .params = tr_params,
  .n_params = KBENCH_COUNT(tr_params),
  .setup = transpose_copy_setup,
  .run = transpose_copy_run,
  .verify = tr_verify,
  .bytes_moved = tr_bytes,
  .teardown = tr_teardown,
};

KBENCH_PLUGIN(&transpose_copy_variant)
