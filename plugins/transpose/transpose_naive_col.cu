/*
** transpose_naive_col: the other naive order.  Threads now walk the output:
** a warp writes 32 consecutive floats of an output row (coalesced) and reads
** them down a column of the input, 32 addresses `cols` floats apart.  The
** strided side moved from the store to the load; the sectors a strided load
** brings in stay in L1/L2 and serve the neighbouring columns read by the next
** iterations and blocks, so this order usually beats transpose_naive_row
** (seed 003: "the second implementation performs better with L1 enabled").
*/
#include "transpose_common.cuh"

__global__ void transpose_write_rows(float *out, const float *in, int rows,
                                     int cols)
{
  int x = blockIdx.x * TR_TILE + threadIdx.x;   /* output column = input row */
  int y = blockIdx.y * TR_TILE + threadIdx.y;   /* output row = input column */
  for (int j = 0; j < TR_TILE; j += TR_ROWS)
    if (x < rows && y + j < cols)
      out[(size_t)(y + j) * rows + x] = in[(size_t)x * cols + y + j];
}

static int transpose_naive_col_launch(const kbench_host *h, const tr_state *s)
{
  /* The grid covers the output: rows wide, cols tall. */
  return tr_launch(h, s, transpose_write_rows,
                   tr_grid(s->rows, s->cols, TR_TILE), dim3(TR_TILE, TR_ROWS));
}

static int transpose_naive_col_setup(const kbench_host *h, void **state)
{
  return tr_setup(h, state, TR_TRANSPOSE);
}

static int transpose_naive_col_run(const kbench_host *h, void *state)
{
  return transpose_naive_col_launch(h, (const tr_state *)state);
}

static const kbench_variant transpose_naive_col_variant = {
  .size = sizeof(kbench_variant),
  .name = "transpose_naive_col",
  .summary = "naive transpose: strided column reads, coalesced row writes",
  .origin = "seed 003 (read columns, write rows); NVIDIA transposeNaive",
  .backend = KBENCH_BACKEND_CUDA,
  .params = tr_params,
  .n_params = KBENCH_COUNT(tr_params),
  .setup = transpose_naive_col_setup,
  .run = transpose_naive_col_run,
  .verify = tr_verify,
  .bytes_moved = tr_bytes,
  .teardown = tr_teardown,
};

KBENCH_PLUGIN(&transpose_naive_col_variant)
