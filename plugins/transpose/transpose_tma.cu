/*
** transpose_tma: the tiled transpose with Hopper's tensor copy engine (TMA)
** on both global sides.  What changes against transpose_fast:
**   - no thread issues a global load or store: one thread hands the copy
**     engine a tile's coordinates in a tensor map (cp.async.bulk.tensor),
**     the tile lands in shared memory and completes on an mbarrier; the
**     transposed tile goes back the same way, clipped at the matrix edge
**     by the engine (edge tiles need no scalar path, the loads past the
**     edge read zeros);
**   - a persistent block keeps `stages` input tiles in flight (parameter,
**     4; a ring of stages, each with its mbarrier) and two output tiles, so loads,
**     the shared-memory transpose and stores of different tiles overlap;
**   - both tiles are 32 x 32 floats laid out by the engine with its
**     128-byte swizzle (16-byte chunk c of row r stored at c ^ (r % 8)).
**     Each thread moves a 4 x 4 block: four float4 rows in, a register
**     transpose, four float4 columns out.  Threads are mapped so that the
**     eight lanes of every quarter-warp (one 128-bit wavefront) touch eight
**     distinct 16-byte bank groups on both sides: lane l of group g takes
**     input chunk l and row group (l + g) % 8.  No padding (the engine's
**     layout has none) and no bank conflict.
** Tensor maps need 16-byte row pitches: a matrix whose rows or cols are
** not a multiple of 4, or narrower than a tile (a box wider than its
** matrix), takes the padded 32 x 32 tile of transpose_smem_pad.
** The maps are built once in setup (cuTensorMapEncodeTiled through the
** runtime's driver entry point) and passed as __grid_constant__ values.
*/
#include "hopper_common.cuh"

#define TMA_TILE 32                       /* tile edge, floats: 128 bytes */
#define TMA_THREADS 64                    /* one 4 x 4 block each */
#define TMA_MAX_STAGES 8                  /* input tiles in flight, at most */
#define TMA_TILE_BYTES (TMA_TILE * TMA_TILE * 4)
/* Swizzled tiles must start on 1024 bytes: room to align the base. */
#define TMA_SMEM(stages) (((stages) + 2) * TMA_TILE_BYTES + 1024)

/* float4 index of logical chunk c of row r in a 128-byte-swizzled tile. */
__device__ __forceinline__ int tma_chunk(int r, int c)
{
  return r * (TMA_TILE / 4) + (c ^ (r & 7));
}

__global__ void __launch_bounds__(TMA_THREADS)
transpose_tma_kernel(const __grid_constant__ CUtensorMap in_map,
                     const __grid_constant__ CUtensorMap out_map,
                     int tiles_x, int tiles, int stages)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  extern __shared__ unsigned char smem_raw[];
  __shared__ uint64_t full[TMA_MAX_STAGES];
  /* Align the tiles to 1024 bytes of the shared window. */
  uint32_t base = (uint32_t)__cvta_generic_to_shared(smem_raw);
  float4 *tiles_mem =
      (float4 *)(smem_raw + (((base + 1023) & ~1023u) - base));
  float4 *in_tile = tiles_mem;                     /* [TMA_STAGES][256] */
  float4 *out_tile = tiles_mem + stages * 256;     /* [2][256] */

  const int t = threadIdx.x;
  const int l = t & 7, g = t >> 3;
  const int cx = l;               /* input chunk: output rows 4cx..4cx+3 */
  const int ry = (l + g) & 7;     /* input rows 4ry..4ry+3: output chunk */
  const bool issuer = t == 0;

  /* The block's k-th tile and its coordinates (x = column, y = row). */
  auto tile_of = [&](int k) { return (int)blockIdx.x + k * (int)gridDim.x; };
  auto load = [&](int k) {
    int tile = tile_of(k), s = k % stages;
    int32_t at[2] = {(tile % tiles_x) * TMA_TILE, (tile / tiles_x) * TMA_TILE};
    hopper_bar_expect(&full[s], TMA_TILE_BYTES);
    cuda::ptx::cp_async_bulk_tensor(cuda::ptx::space_cluster,
                                    cuda::ptx::space_global,
                                    in_tile + s * 256, &in_map, at, &full[s]);
  };

  const int turns =
      tiles > (int)blockIdx.x
          ? (tiles - (int)blockIdx.x + (int)gridDim.x - 1) / (int)gridDim.x
          : 0;
  if (issuer) {
    for (int s = 0; s < stages; s++)
      hopper_bar_init(&full[s]);
    hopper_bar_fence_init();
    for (int k = 0; k < turns && k < stages; k++)
      load(k);
  }
  __syncthreads();  /* the barriers are initialised before anyone waits */

  for (int k = 0; k < turns; k++) {
    const int s = k % stages, o = k & 1;
    hopper_bar_wait(&full[s], (uint32_t)((k / stages) & 1));
    const float4 *src = in_tile + s * 256;
    float4 a[4];
#pragma unroll
    for (int i = 0; i < 4; i++)
      a[i] = src[tma_chunk(4 * ry + i, cx)];
    /* Output tile o was stored two turns ago: that store must have read
    ** it.  Then, past the barrier, stage s is free for tile k + stages. */
    if (issuer)
      cuda::ptx::cp_async_bulk_wait_group_read(cuda::ptx::n32_t<1>());
    __syncthreads();
    if (issuer && k + stages < turns)
      load(k + stages);
    float4 *dst = out_tile + o * 256;
    const int R = 4 * cx;   /* output-local rows R .. R + 3 */
    dst[tma_chunk(R + 0, ry)] = make_float4(a[0].x, a[1].x, a[2].x, a[3].x);
    dst[tma_chunk(R + 1, ry)] = make_float4(a[0].y, a[1].y, a[2].y, a[3].y);
    dst[tma_chunk(R + 2, ry)] = make_float4(a[0].z, a[1].z, a[2].z, a[3].z);
    dst[tma_chunk(R + 3, ry)] = make_float4(a[0].w, a[1].w, a[2].w, a[3].w);
    /* Ordinary stores that the copy engine reads next. */
    cuda::ptx::fence_proxy_async(cuda::ptx::space_shared);
    __syncthreads();
    if (issuer) {
      int tile = tile_of(k);
      int32_t at[2] = {(tile / tiles_x) * TMA_TILE,
                       (tile % tiles_x) * TMA_TILE};
      cuda::ptx::cp_async_bulk_tensor(cuda::ptx::space_global,
                                      cuda::ptx::space_shared, &out_map, at,
                                      dst);
      cuda::ptx::cp_async_bulk_commit_group();
    }
  }
  /* Shared memory must outlive the stores that read it. */
  if (issuer)
    cuda::ptx::cp_async_bulk_wait_group(cuda::ptx::n32_t<0>());
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
  int tiles_x, tiles, stages;
  size_t smem;
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
  p->stages = (int)h->param(h, "stages");
  p->smem = TMA_SMEM(p->stages);
  p->fallback = ((s->rows | s->cols) & 3) != 0 || s->rows < TMA_TILE
                || s->cols < TMA_TILE;
  if (p->fallback)
    return KBENCH_OK;
  KBENCH_CUDA(h, cudaFuncSetAttribute(
                     transpose_tma_kernel,
                     cudaFuncAttributeMaxDynamicSharedMemorySize,
                     (int)p->smem));
  rc = hopper_map_2d(h, &p->in_map, s->in, s->cols, s->rows, TMA_TILE,
                     TMA_TILE);
  if (rc == KBENCH_OK)
    rc = hopper_map_2d(h, &p->out_map, s->out, s->rows, s->cols, TMA_TILE,
                       TMA_TILE);
  if (rc != KBENCH_OK)
    return rc;
  p->tiles_x = (s->cols + TMA_TILE - 1) / TMA_TILE;
  size_t tiles = (size_t)p->tiles_x * ((s->rows + TMA_TILE - 1) / TMA_TILE);
  if (tiles > INT32_MAX)
    return h->fail(h, KBENCH_UNSUPPORTED, "%zu tiles exceed an int", tiles);
  p->tiles = (int)tiles;
  rc = hopper_resident(h, (const void *)transpose_tma_kernel, TMA_THREADS,
                       p->smem, &p->blocks);
  if (tiles < p->blocks)
    p->blocks = (unsigned)tiles;
  return rc;
}

static int transpose_tma_launch(const kbench_host *h, const tr_state *s)
{
  const tma_plan *p = (const tma_plan *)s->ext;
  if (p->fallback)
    return tr_launch(h, s, transpose_tma_fallback,
                     tr_grid(s->cols, s->rows, TR_TILE),
                     dim3(TR_TILE, TR_ROWS));
  transpose_tma_kernel<<<p->blocks, TMA_THREADS, p->smem,
                         kbench_stream(h)>>>(p->in_map, p->out_map,
                                             p->tiles_x, p->tiles, p->stages);
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

static const kbench_param tma_params[] = {
  TR_PARAM_ROWS,
  TR_PARAM_COLS,
  {"stages", "input tiles in flight per block", "4", 2, TMA_MAX_STAGES, 0},
};

TR_VARIANT_PREPARED(transpose_tma, TR_TRANSPOSE,
                    "tensor copy engine (TMA) in and out, 128-byte-swizzled "
                    "32x32 tiles, staged, persistent blocks (sm_90)",
                    "Hopper tensor memory accelerator (cp.async.bulk.tensor)",
                    tma_params, transpose_tma_prepare, transpose_tma_launch)
