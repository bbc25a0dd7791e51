/*
** transpose_fast: the padded/swizzled tile of transpose_smem_swizzle, made
** wider and vectorised so that it runs at the copy ceiling.
**
**   - A 64 x 64 tile per block of 16 x 16 threads: 16 elements per thread,
**     four times the bytes in flight of the 32 x 32 tile, and 256-byte
**     contiguous runs on both the read and the write side.
**   - 16-byte accesses to global memory.  Thread (tx, ty) loads a 4 x 4 block
**     (input rows 4ty..4ty+3, columns 4tx..4tx+3) as four float4 rows,
**     transposes it in registers, and stores its four columns into the tile
**     as float4s.  After the barrier each thread reads whole float4s of the
**     transposed tile and writes them to output rows, coalesced.
**   - The tile is float4 [64][16] with the chunk index XOR-swizzled by
**     (row / 4) mod 8: the eight lanes of each quarter-warp (one 128-bit
**     shared-memory wavefront) hit eight distinct 16-byte bank groups on the
**     float4 stores and loads, so there are no bank conflicts and no padding
**     (padding would break the 16-byte alignment of the tile rows).
**   - At most `blocks_per_sm` blocks an SM (3; its registers allow 6):
**     fewer tiles in flight, fewer DRAM pages open for the scattered output
**     rows.  A small gain, and the device's: 0.8% on the H100, none on the
**     H200 (tr_limit_blocks).
**
** float4 needs every row start 16-byte aligned, i.e. rows and cols multiples
** of 4, and a full 64 x 64 tile.  Any other tile (matrix edges, odd sizes)
** takes a scalar path in the same block: a [64][64] float view of the same
** shared memory, swizzled j ^ (i mod 32), with coalesced scalar loads and
** stores guarded element by element.  The choice is uniform per block, so the
** barriers inside each branch are reached by every thread of the block.
*/
#include "transpose_common.cuh"

#define FT 64                 /* tile edge */
#define FTHREADS 16           /* threads per block edge: FT / 4 */
#define FCHUNKS (FT / 4)      /* float4 chunks per tile row */

/* Physical chunk of logical chunk c in tile row r. */
__device__ __forceinline__ int chunk_swizzle(int r, int c)
{
  return c ^ ((r >> 2) & 7);
}

__global__ void __launch_bounds__(FTHREADS * FTHREADS)
transpose_tile64_vec4(float *__restrict__ out, const float *__restrict__ in,
                      int rows, int cols)
{
  /* Indexed [output-local row][output-local chunk]: already transposed. */
  __shared__ float4 tile[FT][FCHUNKS];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int r0 = blockIdx.y * FT, c0 = blockIdx.x * FT;

  if (((rows | cols) & 3) == 0 && r0 + FT <= rows && c0 + FT <= cols) {
    float4 a[4];
#pragma unroll
    for (int i = 0; i < 4; i++)
      a[i] = reinterpret_cast<const float4 *>(
          in + (size_t)(r0 + 4 * ty + i) * cols + c0)[tx];
    /* Column j of the 4 x 4 block is output row c0 + 4tx + j, output
    ** columns r0 + 4ty .. r0 + 4ty + 3: output chunk ty. */
    const int R = 4 * tx;
    tile[R + 0][chunk_swizzle(R + 0, ty)] =
        make_float4(a[0].x, a[1].x, a[2].x, a[3].x);
    tile[R + 1][chunk_swizzle(R + 1, ty)] =
        make_float4(a[0].y, a[1].y, a[2].y, a[3].y);
    tile[R + 2][chunk_swizzle(R + 2, ty)] =
        make_float4(a[0].z, a[1].z, a[2].z, a[3].z);
    tile[R + 3][chunk_swizzle(R + 3, ty)] =
        make_float4(a[0].w, a[1].w, a[2].w, a[3].w);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < FT; k += FTHREADS) {
      const int r = ty + k;   /* output-local row */
      reinterpret_cast<float4 *>(out + (size_t)(c0 + r) * rows + r0)[tx] =
          tile[r][chunk_swizzle(r, tx)];
    }
  } else {
    float *t = reinterpret_cast<float *>(tile);   /* [FT][FT], input order */
    const int tid = ty * FTHREADS + tx;
    for (int e = tid; e < FT * FT; e += FTHREADS * FTHREADS) {
      const int i = e / FT, j = e % FT;   /* i: input row, j: input column */
      if (r0 + i < rows && c0 + j < cols)
        t[i * FT + (j ^ (i & 31))] = in[(size_t)(r0 + i) * cols + c0 + j];
    }
    __syncthreads();
    for (int e = tid; e < FT * FT; e += FTHREADS * FTHREADS) {
      const int j = e / FT, i = e % FT;   /* same (i, j), output order */
      if (r0 + i < rows && c0 + j < cols)
        out[(size_t)(c0 + j) * rows + r0 + i] = t[i * FT + (j ^ (i & 31))];
    }
  }
}

/* The shared memory to ask for (setup's product, s->ext). */
typedef struct fast_plan {
  size_t dynamic;
} fast_plan;

static int transpose_fast_prepare(const kbench_host *h, tr_state *s)
{
  fast_plan *p = (fast_plan *)calloc(1, sizeof *p);
  if (!p)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  s->ext = p;
  return tr_limit_blocks(h, (const void *)transpose_tile64_vec4,
                         FTHREADS * FTHREADS, 0,
                         (int)h->param(h, "blocks_per_sm"), &p->dynamic);
}

static int transpose_fast_launch(const kbench_host *h, const tr_state *s)
{
  const fast_plan *p = (const fast_plan *)s->ext;
  dim3 grid = tr_grid(s->cols, s->rows, FT);
  transpose_tile64_vec4<<<grid, dim3(FTHREADS, FTHREADS), p->dynamic,
                          kbench_stream(h)>>>(s->out, s->in, s->rows,
                                              s->cols);
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

static const kbench_param fast_params[] = {
  TR_PARAM_ROWS,
  TR_PARAM_COLS,
  TR_PARAM_BLOCKS_PER_SM("3"),
};

static int transpose_fast_setup(const kbench_host *h, void **state)
{
  int rc = tr_setup(h, state, TR_TRANSPOSE);
  return rc == KBENCH_OK ? transpose_fast_prepare(h, (tr_state *)*state) : rc;
}

static int transpose_fast_run(const kbench_host *h, void *state)
{
  return transpose_fast_launch(h, (const tr_state *)state);
}

static const kbench_variant transpose_fast_variant = {
  .size = sizeof(kbench_variant),
  .name = "transpose_fast",
  .summary = "64x64 tile, float4 loads and stores, 4x4 register transpose, "
             "XOR-swizzled float4 shared tile, 3 blocks an SM",
  .origin = "NVIDIA, An Efficient Matrix Transpose in CUDA C/C++ (extended)",
  .backend = KBENCH_BACKEND_CUDA,
  .params = fast_params,
  .n_params = KBENCH_COUNT(fast_params),
  .setup = transpose_fast_setup,
  .run = transpose_fast_run,
  .verify = tr_verify,
  .bytes_moved = tr_bytes,
  .teardown = tr_teardown,
};

KBENCH_PLUGIN(&transpose_fast_variant)
