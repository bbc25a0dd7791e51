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

static int transpose_naive_row_setup(const kbench_host *h, void **state)
{
  return tr_setup(h, state, TR_TRANSPOSE);
}

static int transpose_naive_row_run(const kbench_host *h, void *state)
{
  const tr_state *s = (const tr_state *)state;
  return tr_launch(h, s, transpose_read_rows,
                   tr_grid(s->cols, s->rows, TR_TILE), dim3(TR_TILE, TR_ROWS));
}

static const kbench_variant transpose_naive_row_variant = {
  .size = sizeof(kbench_variant),
  .name = "transpose_naive_row",
  .summary = "naive transpose: coalesced row reads, strided column writes",
  .origin = "seed 003 matrix_transpose_naive; NVIDIA transposeNaive",
  .backend = KBENCH_BACKEND_CUDA,
  .params = tr_params,
  .n_params = KBENCH_COUNT(tr_params),
  .setup = transpose_naive_row_setup,
  .run = transpose_naive_row_run,
  .verify = tr_verify,
  .bytes_moved = tr_bytes,
  .teardown = tr_teardown,
};

KBENCH_PLUGIN(&transpose_naive_row_variant)
