/*
** transpose_tma: the tiled transpose with Hopper's tensor copy engine (TMA)
** on both global sides.  What changes against transpose_fast:
**   - no thread issues a global load or store: thread 0 hands the copy
**     engine the tile's coordinates in a tensor map (cp.async.bulk.tensor),
**     the tile lands in shared memory and completes on an mbarrier; the
**     transposed tile goes back the same way, clipped at the matrix edge
**     by the engine (edge tiles need no scalar path: loads past the edge
**     read zeros, stores past it are dropped);
**   - a 64 x 64 tile (16 KiB), loaded as two boxes of 32 columns x 64
**     rows and stored as two boxes of 32 columns x 64 rows, each in the
**     engine's 128-byte swizzle (16-byte chunk c of row r stored at
**     c ^ (r % 8));
**   - the transposed tile is written over the input tile (every thread
**     holds its part in registers across a barrier), so a block needs 16
**     KiB; the resident blocks are the stages.  On the H100 this beat a
**     persistent block that pipelines 32 x 32 tiles through a ring of
**     stages (0.936 against 0.874 x memcpy at 8K, bench/tune/hopper.cu):
**     the ring's one issuing thread and two block barriers per tile kept
**     too few bytes in flight.  Fewer blocks then do a little better: at
**     most `blocks_per_sm` (4; registers allow 6) took 0.8% off at 8K and
**     16K on the H100 and the H200 alike (tr_limit_blocks).
**   - 256 threads, 64 per 32 x 32 quarter; each moves a 4 x 4 block: four
**     float4 rows in, a register transpose, four float4 columns out.
**     Threads are mapped so that the eight lanes of every quarter-warp
**     (one 128-bit wavefront) touch eight distinct 16-byte bank groups on
**     both sides: lane l of group g takes input chunk l and row group
**     (l + g) % 8.  No padding (the engine's layout has none) and no bank
**     conflict.
** Tensor maps need 16-byte row pitches and boxes no larger than the
** matrix: a matrix whose rows or cols are not a multiple of 4, or below
** 64, takes the padded 32 x 32 tile of transpose_smem_pad.  The maps are
** built once in setup (cuTensorMapEncodeTiled through the runtime's driver
** entry point) and passed as __grid_constant__ values.
*/
#include "hopper_common.cuh"

#define TMA_TILE 64                        /* tile edge, floats */
#define TMA_BOX 32                         /* box width, floats: 128 bytes */
#define TMA_THREADS 256                    /* 64 per 32 x 32 quarter */
#define TMA_TILE_BYTES (TMA_TILE * TMA_TILE * 4)
/* A swizzled box must start on 1024 bytes: room to align the base. */
#define TMA_SMEM (TMA_TILE_BYTES + 1024)
#define TMA_BOX_F4 (TMA_TILE * TMA_BOX / 4)  /* float4s in one box */

/* float4 index of logical chunk c of row r in a 128-byte-swizzled box. */
__device__ __forceinline__ int tma_chunk(int r, int c)
{
  return r * (TMA_BOX / 4) + (c ^ (r & 7));
}

__global__ void __launch_bounds__(TMA_THREADS)
transpose_tma_kernel(const __grid_constant__ CUtensorMap in_map,
                     const __grid_constant__ CUtensorMap out_map,
                     int tiles_x)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  extern __shared__ unsigned char smem_raw[];
  __shared__ uint64_t full;
  /* Align the tile to 1024 bytes of the shared window. */
  uint32_t base = (uint32_t)__cvta_generic_to_shared(smem_raw);
  float4 *tile = (float4 *)(smem_raw + (((base + 1023) & ~1023u) - base));
  const int t = threadIdx.x;
  /* The tile's column and row, in tiles: thread 0's alone, so that nobody
  ** else keeps them in registers. */
  auto tx = [&] { return (int)blockIdx.x % tiles_x; };
  auto ty = [&] { return (int)blockIdx.x / tiles_x; };

  if (t == 0) {
    hopper_bar_init(&full);
    hopper_bar_fence_init();
    hopper_bar_expect(&full, TMA_TILE_BYTES);
    for (int b = 0; b < TMA_TILE / TMA_BOX; b++) {
      /* Box b: input columns 32b..32b+31 of the tile, all 64 rows. */
      int32_t at[2] = {tx() * TMA_TILE + TMA_BOX * b, ty() * TMA_TILE};
      cuda::ptx::cp_async_bulk_tensor(cuda::ptx::space_cluster,
                                      cuda::ptx::space_global,
                                      tile + b * TMA_BOX_F4, &in_map, at,
                                      &full);
    }
  }
  __syncthreads();  /* the barrier is initialised before anyone waits */

  /* This thread's quarter: input rows 32qr.., columns 32qc.. (input box
  ** qc); transposed, output rows 32qc.., columns 32qr.. (output box qr). */
  const int q = t / 64, qr = q >> 1, qc = q & 1;
  const int l = t & 7, g = (t >> 3) & 7;
  const int cx = l;               /* input chunk: output rows 4cx..4cx+3 */
  const int ry = (l + g) & 7;     /* input rows 4ry..4ry+3: output chunk */
  hopper_bar_wait(&full, 0);
  const float4 *src = tile + qc * TMA_BOX_F4 + qr * TMA_BOX * (TMA_BOX / 4);
  float4 a[4];
#pragma unroll
  for (int i = 0; i < 4; i++)
    a[i] = src[tma_chunk(4 * ry + i, cx)];
  __syncthreads();  /* everyone has read the tile before it is overwritten */
  float4 *dst = tile + qr * TMA_BOX_F4 + qc * TMA_BOX * (TMA_BOX / 4);
  const int R = 4 * cx;   /* output rows R .. R + 3 of the quarter */
  dst[tma_chunk(R + 0, ry)] = make_float4(a[0].x, a[1].x, a[2].x, a[3].x);
  dst[tma_chunk(R + 1, ry)] = make_float4(a[0].y, a[1].y, a[2].y, a[3].y);
  dst[tma_chunk(R + 2, ry)] = make_float4(a[0].z, a[1].z, a[2].z, a[3].z);
  dst[tma_chunk(R + 3, ry)] = make_float4(a[0].w, a[1].w, a[2].w, a[3].w);
  /* Ordinary stores that the copy engine reads next. */
  cuda::ptx::fence_proxy_async(cuda::ptx::space_shared);
  __syncthreads();
  if (t == 0) {
    for (int b = 0; b < TMA_TILE / TMA_BOX; b++) {
      /* Output box b: output columns 32b.. (input rows), 64 rows. */
      int32_t at[2] = {ty() * TMA_TILE + TMA_BOX * b, tx() * TMA_TILE};
      cuda::ptx::cp_async_bulk_tensor(cuda::ptx::space_global,
                                      cuda::ptx::space_shared, &out_map, at,
                                      tile + b * TMA_BOX_F4);
    }
    cuda::ptx::cp_async_bulk_commit_group();
    /* Shared memory must outlive the stores that read it. */
    cuda::ptx::cp_async_bulk_wait_group_read(cuda::ptx::n32_t<0>());
  }
#endif
}

/* Sizes a tensor map cannot describe: transpose_smem_pad's padded tile. */
struct tma_pad_layout {
  enum { WORDS = TR_TILE * (TR_TILE + 1) };
  __device__ static int at(int i, int j) { return i * (TR_TILE + 1) + j; }
};

__global__ void transpose_tma_fallback(float *out, const float *in, int rows,
                                       int cols)
{
  tr_tile_transpose<tma_pad_layout>(out, in, rows, cols, blockIdx.x,
                                    blockIdx.y);
}

/* Setup's product: both maps and the grid (CUtensorMap is 64-byte
** aligned, hence aligned_alloc). */
typedef struct tma_plan {
  CUtensorMap in_map, out_map;
  unsigned blocks;
  size_t dynamic;   /* shared memory asked for: TMA_SMEM, or more */
  int tiles_x;
  int fallback;   /* no tensor map: rows or cols not a multiple of 4,
                     or below a tile */
} tma_plan;

static int transpose_tma_prepare(const kbench_host *h, tr_state *s)
{
  int rc = hopper_require(h, (const void *)transpose_tma_kernel);
  if (rc != KBENCH_OK)
    return rc;
  tma_plan *p = (tma_plan *)aligned_alloc(64, sizeof(tma_plan));
  if (!p)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  memset(p, 0, sizeof *p);
  s->ext = p;
  p->fallback = ((s->rows | s->cols) & 3) != 0 || s->rows < TMA_TILE
                || s->cols < TMA_TILE;
  if (p->fallback)
    return KBENCH_OK;
  rc = tr_limit_blocks(h, (const void *)transpose_tma_kernel, TMA_THREADS,
                       TMA_SMEM, (int)h->param(h, "blocks_per_sm"),
                       &p->dynamic);
  if (rc != KBENCH_OK)
    return rc;
  /* Input boxes: 32 columns x 64 rows of the rows x cols input; output
  ** boxes: 32 columns x 64 rows of the cols x rows output. */
  rc = hopper_map_2d(h, &p->in_map, s->in, s->cols, s->rows, TMA_BOX,
                     TMA_TILE);
  if (rc == KBENCH_OK)
    rc = hopper_map_2d(h, &p->out_map, s->out, s->rows, s->cols, TMA_BOX,
                       TMA_TILE);
  if (rc != KBENCH_OK)
    return rc;
  p->tiles_x = (s->cols + TMA_TILE - 1) / TMA_TILE;
  size_t tiles = (size_t)p->tiles_x * ((s->rows + TMA_TILE - 1) / TMA_TILE);
  if (tiles > INT32_MAX)
    return h->fail(h, KBENCH_UNSUPPORTED, "%zu tiles exceed the grid", tiles);
  p->blocks = (unsigned)tiles;
  return KBENCH_OK;
}

static int transpose_tma_launch(const kbench_host *h, const tr_state *s)
{
  const tma_plan *p = (const tma_plan *)s->ext;
  if (p->fallback)
    return tr_launch(h, s, transpose_tma_fallback,
                     tr_grid(s->cols, s->rows, TR_TILE),
                     dim3(TR_TILE, TR_ROWS));
  transpose_tma_kernel<<<p->blocks, TMA_THREADS, p->dynamic,
                         kbench_stream(h)>>>(p->in_map, p->out_map,
                                             p->tiles_x);
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

static const kbench_param tma_params[] = {
  TR_PARAM_ROWS,
  TR_PARAM_COLS,
  TR_PARAM_BLOCKS_PER_SM("4"),
};

static int transpose_tma_setup(const kbench_host *h, void **state)
{
  int rc = tr_setup(h, state, TR_TRANSPOSE);
  return rc == KBENCH_OK ? transpose_tma_prepare(h, (tr_state *)*state) : rc;
}

static int transpose_tma_run(const kbench_host *h, void *state)
{
  return transpose_tma_launch(h, (const tr_state *)state);
}

static const kbench_variant transpose_tma_variant = {
  .size = sizeof(kbench_variant),
  .name = "transpose_tma",
  .summary = "tensor copy engine (TMA) in and out, a 64x64 tile per block in "
             "the 128-byte swizzle, transposed in place, 4 blocks an SM "
             "(sm_90)",
  .origin = "Hopper tensor memory accelerator (cp.async.bulk.tensor)",
  .backend = KBENCH_BACKEND_CUDA,
  .params = tma_params,
  .n_params = KBENCH_COUNT(tma_params),
  .setup = transpose_tma_setup,
  .run = transpose_tma_run,
  .verify = tr_verify,
  .bytes_moved = tr_bytes,
  .teardown = tr_teardown,
};

KBENCH_PLUGIN(&transpose_tma_variant)
