/*
** transpose_diag: the padded tile of transpose_smem_pad with the blocks
** visited in diagonal order (NVIDIA transposeDiagonal, Ruetsch and
** Micikevicius).  On old GPUs the blocks running together wrote one narrow
** column band of the output, all into the same DRAM partition ("partition
** camping"); renumbering spreads them over many bands.  For a gx x gy grid:
** linear id b = bx + gx * by, tile row = b mod gy, tile column =
** (b / gy + tile row) mod gx.  For each tile row, b / gy runs over 0..gx-1,
** so the map is a bijection for rectangular grids too.  Modern GPUs hash
** addresses over partitions, so expect no gain over the padded tile: the
** variant shows the idea and checks that it costs nothing.
*/
#include "transpose_common.cuh"

struct padded_tile {
  enum { WORDS = TR_TILE * (TR_TILE + 1) };
  static __device__ int at(int i, int j) { return i * (TR_TILE + 1) + j; }
};

__global__ void transpose_diagonal(float *out, const float *in, int rows,
                                   int cols)
{
  unsigned b = blockIdx.x + gridDim.x * blockIdx.y;
  unsigned by = b % gridDim.y;
  unsigned bx = (b / gridDim.y + by) % gridDim.x;
  tr_tile_transpose<padded_tile>(out, in, rows, cols, (int)bx, (int)by);
}

static int transpose_diag_setup(const kbench_host *h, void **state)
{
  return tr_setup(h, state, TR_TRANSPOSE);
}

static int transpose_diag_run(const kbench_host *h, void *state)
{
  const tr_state *s = (const tr_state *)state;
  return tr_launch(h, s, transpose_diagonal,
                   tr_grid(s->cols, s->rows, TR_TILE), dim3(TR_TILE, TR_ROWS));
}

static const kbench_variant transpose_diag_variant = {
  .size = sizeof(kbench_variant),
  .name = "transpose_diag",
  .summary = "padded tile with diagonal block reordering (partition camping)",
  .origin = "NVIDIA transposeDiagonal (An Efficient Matrix Transpose)",
  .backend = KBENCH_BACKEND_CUDA,
  .params = tr_params,
  .n_params = KBENCH_COUNT(tr_params),
  .setup = transpose_diag_setup,
  .run = transpose_diag_run,
  .verify = tr_verify,
  .bytes_moved = tr_bytes,
  .teardown = tr_teardown,
};

KBENCH_PLUGIN(&transpose_diag_variant)
