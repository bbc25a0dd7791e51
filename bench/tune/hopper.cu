/*
** Issue 20's tuning probe: candidate Hopper kernels for the three goals
** still missed (a TMA transpose at 0.98x memcpy_d2d, a bulk copy at least
** as fast as memcpy_d2d, a cluster reduction ahead of reduce_vec4 at
** 1M..16M), timed as kbench's cold mode times them and checked against
** the CPU.  A guide for choosing: the numbers that count are kbench's,
** recorded after a winner moves into its plugin.  Build in a kbench tree
** (bench/device-run.sh, stage tune20):
**   nvcc -O3 -arch=sm_90 -Iinclude -Iplugins/reduce -Iplugins/transpose \
**        -o hopper bench/tune/hopper.cu && ./hopper
** Output: one line per candidate, "family size name time GB/s ratio ok".
*/
#include <cstdint>
#include <cstring>
#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda/ptx>
#include <cooperative_groups.h>

#include "reduce_common.cuh"   /* reduce_vec4_kernel and its helpers */
#include "transpose_fast.cu"    /* transpose_tile64_vec4 (and its plugin
                                ** entry point, unused here) */
#include "tune_timing.cuh"

namespace cg = cooperative_groups;
namespace ptx = cuda::ptx;

static int g_sms;

/* ------------------------------------------------------------------ */
/* mbarrier and bulk-copy steps                                        */

__device__ __forceinline__ void bar_init(uint64_t *b, unsigned count)
{
  ptx::mbarrier_init(b, count);
}
__device__ __forceinline__ void bar_expect(uint64_t *b, uint32_t bytes)
{
  (void)ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta,
                                       ptx::space_shared, b, bytes);
}
__device__ __forceinline__ void bar_arrive(uint64_t *b)
{
  (void)ptx::mbarrier_arrive(b);
}
__device__ __forceinline__ void bar_wait(uint64_t *b, uint32_t parity)
{
  while (!ptx::mbarrier_try_wait_parity(b, parity))
    ;
}

/* An L2 policy: evict first (data read or written once). */
__device__ __forceinline__ uint64_t evict_first(void)
{
  uint64_t pol;
  asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;"
               : "=l"(pol));
  return pol;
}

template <int HINT>
__device__ __forceinline__ void bulk_load(void *dst, const void *src,
                                          uint32_t bytes, uint64_t *bar,
                                          uint64_t pol)
{
  if (HINT & 1) {
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx"
                 "::bytes.L2::cache_hint [%0], [%1], %2, [%3], %4;"
                 ::"r"((uint32_t)__cvta_generic_to_shared(dst)), "l"(src),
                 "r"(bytes), "r"((uint32_t)__cvta_generic_to_shared(bar)),
                 "l"(pol) : "memory");
  } else {
    ptx::cp_async_bulk(ptx::space_cluster, ptx::space_global, dst, src,
                       bytes, bar);
  }
}

template <int HINT>
__device__ __forceinline__ void bulk_store(void *dst, const void *src,
                                           uint32_t bytes, uint64_t pol)
{
  if (HINT & 2) {
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint"
                 " [%0], [%1], %2, %3;"
                 ::"l"(dst), "r"((uint32_t)__cvta_generic_to_shared(src)),
                 "r"(bytes), "l"(pol) : "memory");
  } else {
    ptx::cp_async_bulk(ptx::space_global, ptx::space_shared, dst, src, bytes);
  }
}

/* ------------------------------------------------------------------ */
/* copy                                                                */

/* memcpy_bulk's kernel, with L2 hints (HINT bit 0 loads, bit 1 stores). */
template <int HINT>
__global__ void __launch_bounds__(32)
copy_bulk(char *__restrict__ dst, const char *__restrict__ src, size_t bytes,
          uint32_t chunk, int stages)
{
  extern __shared__ __align__(128) unsigned char stage[];
  __shared__ uint64_t full[8];
  if (threadIdx.x != 0)
    return;
  uint64_t pol = evict_first();
  for (int s = 0; s < stages; s++)
    bar_init(&full[s], 1);
  ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  const size_t chunks = (bytes + chunk - 1) / chunk;
  auto size_of = [&](size_t c) {
    return (uint32_t)(bytes - c * chunk < chunk ? bytes - c * chunk : chunk);
  };
  auto load = [&](size_t k) {
    size_t c = blockIdx.x + k * gridDim.x;
    int s = (int)(k % stages);
    bar_expect(&full[s], size_of(c));
    bulk_load<HINT>(stage + s * chunk, src + c * chunk, size_of(c), &full[s],
                    pol);
  };
  const size_t turns = chunks > blockIdx.x
                           ? (chunks - blockIdx.x + gridDim.x - 1) / gridDim.x
                           : 0;
  for (size_t k = 0; k < turns && k < (size_t)stages; k++)
    load(k);
  for (size_t k = 0; k < turns; k++) {
    int s = (int)(k % stages);
    bar_wait(&full[s], (uint32_t)((k / stages) & 1));
    size_t c = blockIdx.x + k * gridDim.x;
    bulk_store<HINT>(dst + c * chunk, stage + s * chunk, size_of(c), pol);
    ptx::cp_async_bulk_commit_group();
    if (k >= 1 && k - 1 + stages < turns) {
      ptx::cp_async_bulk_wait_group_read(ptx::n32_t<1>());
      load(k - 1 + stages);
    }
  }
  ptx::cp_async_bulk_wait_group(ptx::n32_t<0>());
}

/* Bulk copy, a block per tile: block b copies `stages` contiguous chunks,
** all loads issued at once, each stored as it lands; blocks start in
** address order as others finish (reduce_vec4's way of streaming). */
__global__ void __launch_bounds__(32)
copy_bulk_tile(char *__restrict__ dst, const char *__restrict__ src,
               size_t bytes, uint32_t chunk, int stages)
{
  extern __shared__ __align__(128) unsigned char stage[];
  __shared__ uint64_t full[16];
  if (threadIdx.x != 0)
    return;
  for (int s = 0; s < stages; s++)
    bar_init(&full[s], 1);
  ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  size_t first = (size_t)blockIdx.x * stages * chunk;
  int used = 0;
  for (int s = 0; s < stages && first + (size_t)s * chunk < bytes; s++) {
    size_t at = first + (size_t)s * chunk;
    uint32_t len = (uint32_t)(bytes - at < chunk ? bytes - at : chunk);
    bar_expect(&full[s], len);
    bulk_load<0>(stage + s * chunk, src + at, len, &full[s], 0);
    used++;
  }
  for (int s = 0; s < used; s++) {
    size_t at = first + (size_t)s * chunk;
    uint32_t len = (uint32_t)(bytes - at < chunk ? bytes - at : chunk);
    bar_wait(&full[s], 0);
    bulk_store<0>(dst + at, stage + s * chunk, len, 0);
    ptx::cp_async_bulk_commit_group();
  }
  ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>());
}

/* Threads copy: a block per tile of blockDim * U int4, all U loads in
** flight before the stores (reduce_vec4's way of streaming).  CS: the
** streaming (evict-first) forms. */
template <int U, int CS>
__global__ void copy_vec4(int4 *__restrict__ dst, const int4 *__restrict__ src,
                          size_t nvec)
{
  size_t i = (size_t)blockIdx.x * blockDim.x * U + threadIdx.x;
  int4 v[U];
#pragma unroll
  for (int k = 0; k < U; k++)
    if (i + k * blockDim.x < nvec)
      v[k] = CS ? __ldcs(src + i + k * blockDim.x) : src[i + k * blockDim.x];
#pragma unroll
  for (int k = 0; k < U; k++)
    if (i + k * blockDim.x < nvec) {
      if (CS)
        __stcs(dst + i + k * blockDim.x, v[k]);
      else
        dst[i + k * blockDim.x] = v[k];
    }
}

static void copy_probe(size_t bytes)
{
  char *in, *out;
  CK(cudaMalloc(&in, bytes));
  CK(cudaMalloc(&out, bytes));
  CK(cudaMemset(in, 0x5a, bytes));
  std::vector<unsigned char> h(bytes), back(bytes);
  for (size_t i = 0; i < bytes; i++)
    h[i] = (unsigned char)(i * 2654435761u >> 13);
  CK(cudaMemcpy(in, h.data(), bytes, cudaMemcpyHostToDevice));
  double tm = cold_median([&] {
    CK(cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice));
  });
  printf("copy %zuM %-34s %8.2f us %7.1f GB/s  %.3f x memcpy ok\n",
         bytes >> 20, "cudaMemcpyAsync", tm * 1e6, 2 * bytes / tm / 1e9, 1.0);
  auto check = [&](const char *name, double t) {
    CK(cudaMemcpy(back.data(), out, bytes, cudaMemcpyDeviceToHost));
    bool ok = memcmp(back.data(), h.data(), bytes) == 0;
    printf("copy %zuM %-34s %8.2f us %7.1f GB/s  %.3f x memcpy %s\n",
           bytes >> 20, name, t * 1e6, 2 * bytes / t / 1e9, tm / t,
           ok ? "ok" : "WRONG");
    CK(cudaMemset(out, 0, bytes));
  };
  typedef void (*bulk_fn)(char *, const char *, size_t, uint32_t, int);
  const bulk_fn bulks[4] = {copy_bulk<0>, copy_bulk<1>, copy_bulk<2>,
                            copy_bulk<3>};
  const int chunks_k[] = {16, 32};
  for (int hint = 0; hint < 4; hint += 3)
    for (int ck : chunks_k)
      for (int stages : {4, 8}) {
        uint32_t chunk = ck * 1024;
        size_t smem = (size_t)chunk * stages;
        if (smem > 227 * 1024)
          continue;
        CK(cudaFuncSetAttribute(bulks[hint],
                                cudaFuncAttributeMaxDynamicSharedMemorySize,
                                (int)smem));
        int per_sm;
        CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, bulks[hint],
                                                         32, smem));
        for (int mult : {1, 2}) {
          /* mult 2: twice the resident blocks (a second wave waits). */
          unsigned grid = per_sm * g_sms * mult;
          double t = cold_median([&] {
            bulks[hint]<<<grid, 32, smem>>>(out, in, bytes, chunk, stages);
            LAUNCHED();
          });
          char name[64];
          snprintf(name, sizeof name, "bulk h%d c%dK s%d x%d (%d/SM)", hint,
                   ck, stages, mult, per_sm);
          check(name, t);
        }
      }
  const int tile_cfg[][2] = {{8, 8},   {16, 8},  {16, 10}, {16, 12},
                             {16, 13}, {32, 4},  {32, 6},  {8, 16},
                             {4, 16},  {16, 4},  {8, 12}};
  for (auto cfg : tile_cfg) {
      int ck = cfg[0], stages = cfg[1];
      uint32_t chunk = ck * 1024;
      size_t smem = (size_t)chunk * stages;
      CK(cudaFuncSetAttribute(copy_bulk_tile,
                              cudaFuncAttributeMaxDynamicSharedMemorySize,
                              (int)smem));
      int per_sm;
      CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
          &per_sm, copy_bulk_tile, 32, smem));
      unsigned grid = (unsigned)((bytes + smem - 1) / smem);
      double t = cold_median([&] {
        copy_bulk_tile<<<grid, 32, smem>>>(out, in, bytes, chunk, stages);
        LAUNCHED();
      });
      char name[64];
      snprintf(name, sizeof name, "bulk tile c%dK s%d (%d/SM)", ck, stages,
               per_sm);
      check(name, t);
    }
  size_t nvec = bytes / 16;
  auto vec = [&](const char *name, auto kern, int u, int threads) {
    unsigned grid = (unsigned)((nvec + (size_t)threads * u - 1) /
                               ((size_t)threads * u));
    double t = cold_median([&] {
      kern<<<grid, threads>>>((int4 *)out, (const int4 *)in, nvec);
      LAUNCHED();
    });
    char n2[64];
    snprintf(n2, sizeof n2, "%s t%d", name, threads);
    check(n2, t);
  };
  for (int threads : {256, 512}) {
    vec("vec4 u4", copy_vec4<4, 0>, 4, threads);
    vec("vec4 u8", copy_vec4<8, 0>, 8, threads);
  }
  CK(cudaFree(in));
  CK(cudaFree(out));
}

/* ------------------------------------------------------------------ */
/* transpose                                                           */

/* float4 index of logical chunk c of row r in a 128-byte-swizzled box. */
__device__ __forceinline__ int swz(int r, int c)
{
  return r * 8 + (c ^ (r & 7));
}

/* Tile k's coordinates: row-major (group 0), or column-major inside bands
** of `group` tile rows, so that the tiles in flight at once cover a square
** rather than a strip (reads and writes both get runs of several tiles). */
__device__ __forceinline__ void tile_at(int k, int tiles_x, int tiles_y,
                                        int group, int *tx, int *ty)
{
  if (group <= 0) {
    *ty = k / tiles_x;
    *tx = k % tiles_x;
    return;
  }
  int band = k / (group * tiles_x);
  int first = band * group;
  int rows = min(group, tiles_y - first);
  int in_band = k - band * group * tiles_x;
  *ty = first + in_band % rows;
  *tx = in_band / rows;
}

/* One 32 x 32 sub-tile, 64 threads, as transpose_tma: four float4 rows in,
** a register transpose, four float4 columns out, conflict-free. */
struct sub_tile {
  int cx, ry;
  __device__ sub_tile(int t)
  {
    int l = t & 7, g = (t >> 3) & 7;
    cx = l;
    ry = (l + g) & 7;
  }
  __device__ void load(const float4 *src, float4 a[4]) const
  {
#pragma unroll
    for (int i = 0; i < 4; i++)
      a[i] = src[swz(4 * ry + i, cx)];
  }
  __device__ void store(float4 *dst, const float4 a[4]) const
  {
    const int R = 4 * cx;
    dst[swz(R + 0, ry)] = make_float4(a[0].x, a[1].x, a[2].x, a[3].x);
    dst[swz(R + 1, ry)] = make_float4(a[0].y, a[1].y, a[2].y, a[3].y);
    dst[swz(R + 2, ry)] = make_float4(a[0].z, a[1].z, a[2].z, a[3].z);
    dst[swz(R + 3, ry)] = make_float4(a[0].w, a[1].w, a[2].w, a[3].w);
  }
};

/*
** TMA transpose of TH x TW tiles (input rows x cols, multiples of 32): the
** tile is loaded as TW/32 boxes of 32 cols x TH rows and stored as TH/32
** boxes of 32 cols x TW rows, every box 128-byte swizzled.  64 consumer
** threads per 32 x 32 sub-tile.  WS 0: the consumers issue the copies and
** meet at __syncthreads (transpose_tma's scheme); WS 1: one more warp is
** the producer and keeps `stages` loads in flight, freed through `empty`
** mbarriers, and the consumers meet at a named barrier of their own.
*/
template <int TH, int TW, int WS>
__global__ void tma_transpose(const __grid_constant__ CUtensorMap in_map,
                              const __grid_constant__ CUtensorMap out_map,
                              int tiles_x, int tiles_y, int stages, int group)
{
  constexpr int NC = 64 * (TH / 32) * (TW / 32);  /* consumer threads */
  constexpr int TILE_F4 = TH * TW / 4;
  constexpr uint32_t TILE_BYTES = TH * TW * 4;
  extern __shared__ unsigned char smem_raw[];
  __shared__ uint64_t full[8], empty[8];
  uint32_t base = (uint32_t)__cvta_generic_to_shared(smem_raw);
  float4 *mem = (float4 *)(smem_raw + (((base + 1023) & ~1023u) - base));
  float4 *in_tiles = mem;
  float4 *out_tiles = mem + stages * TILE_F4;
  const int t = threadIdx.x;
  const int tiles = tiles_x * tiles_y;
  const int turns = tiles > (int)blockIdx.x
                        ? (tiles - (int)blockIdx.x + (int)gridDim.x - 1) /
                              (int)gridDim.x
                        : 0;
  auto load = [&](int k) {
    int tx, ty, s = k % stages;
    tile_at((int)blockIdx.x + k * (int)gridDim.x, tiles_x, tiles_y, group,
            &tx, &ty);
    bar_expect(&full[s], TILE_BYTES);
#pragma unroll
    for (int b = 0; b < TW / 32; b++) {
      int32_t at[2] = {tx * TW + 32 * b, ty * TH};
      ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global,
                                in_tiles + s * TILE_F4 + b * (TH * 8),
                                &in_map, at, &full[s]);
    }
  };
  const bool producer = WS ? t == NC : t == 0;
  if (t == 0) {
    for (int s = 0; s < stages; s++) {
      bar_init(&full[s], 1);
      bar_init(&empty[s], NC / 32);
    }
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  }
  __syncthreads();
  if (WS && t >= NC) {
    if (producer)
      for (int k = 0; k < turns; k++) {
        if (k >= stages)
          bar_wait(&empty[k % stages], (uint32_t)(((k / stages) - 1) & 1));
        load(k);
      }
    return;
  }
  if (!WS && producer)
    for (int k = 0; k < turns && k < stages; k++)
      load(k);
  if (!WS)
    __syncthreads();
  const int q = t / 64, a = q / (TW / 32), b = q % (TW / 32);
  const sub_tile me(t);
  auto consumers_sync = [&] {
    if (WS)
      asm volatile("bar.sync 1, %0;" ::"n"(NC) : "memory");
    else
      __syncthreads();
  };
  for (int k = 0; k < turns; k++) {
    const int s = k % stages, o = k & 1;
    bar_wait(&full[s], (uint32_t)((k / stages) & 1));
    float4 v[4];
    me.load(in_tiles + s * TILE_F4 + b * (TH * 8) + a * 32 * 8, v);
    if (WS) {
      __syncwarp();
      if ((t & 31) == 0)
        bar_arrive(&empty[s]);
    }
    if (t == 0)
      ptx::cp_async_bulk_wait_group_read(ptx::n32_t<1>());
    consumers_sync();
    if (!WS && producer && k + stages < turns)
      load(k + stages);
    float4 *dst = out_tiles + o * TILE_F4;
    me.store(dst + a * (TW * 8) + b * 32 * 8, v);
    ptx::fence_proxy_async(ptx::space_shared);
    consumers_sync();
    if (t == 0) {
      int tx, ty;
      tile_at((int)blockIdx.x + k * (int)gridDim.x, tiles_x, tiles_y, group,
              &tx, &ty);
#pragma unroll
      for (int aa = 0; aa < TH / 32; aa++) {
        int32_t at[2] = {ty * TH + 32 * aa, tx * TW};
        ptx::cp_async_bulk_tensor(ptx::space_global, ptx::space_shared,
                                  &out_map, at, dst + aa * (TW * 8));
      }
      ptx::cp_async_bulk_commit_group();
    }
  }
  if (t == 0)
    ptx::cp_async_bulk_wait_group(ptx::n32_t<0>());
}

/*
** One tile per block, no pipeline inside the block: the resident blocks of
** an SM are the stages.  The tile's loads (TW/32 boxes) are issued at once
** by thread 0, the consumers transpose, thread 0 stores the TH/32 output
** boxes and waits until they have read shared memory.  INPLACE: the
** transposed tile is written over the input tile (after a barrier), so a
** block needs one tile of shared memory, not two.
*/
template <int TH, int TW, int INPLACE, int SAME = 0, int MINB = 1>
__global__ void __launch_bounds__(64 * (TH / 32) * (TW / 32), MINB)
tma_tile(const __grid_constant__ CUtensorMap in_map,
                         const __grid_constant__ CUtensorMap out_map,
                         int tiles_x)
{
  constexpr uint32_t TILE_BYTES = TH * TW * 4;
  constexpr int TILE_F4 = TH * TW / 4;
  extern __shared__ unsigned char smem_raw[];
  __shared__ uint64_t full;
  uint32_t base = (uint32_t)__cvta_generic_to_shared(smem_raw);
  float4 *tile = (float4 *)(smem_raw + (((base + 1023) & ~1023u) - base));
  float4 *out_tile = INPLACE ? tile : tile + TILE_F4;
  const int t = threadIdx.x;
  const int tx = (int)blockIdx.x % tiles_x, ty = (int)blockIdx.x / tiles_x;
  if (t == 0) {
    bar_init(&full, 1);
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
    bar_expect(&full, TILE_BYTES);
#pragma unroll
    for (int b = 0; b < TW / 32; b++) {
      int32_t at[2] = {tx * TW + 32 * b, ty * TH};
      ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global,
                                tile + b * (TH * 8), &in_map, at, &full);
    }
  }
  __syncthreads();   /* the barrier is initialised before anyone waits */
  const int q = t / 64, a = q / (TW / 32), b = q % (TW / 32);
  const sub_tile me(t);
  bar_wait(&full, 0);
  float4 v[4];
  me.load(tile + b * (TH * 8) + a * 32 * 8, v);
  if (INPLACE)
    __syncthreads();
  me.store(out_tile + a * (TW * 8) + b * 32 * 8, v);
  ptx::fence_proxy_async(ptx::space_shared);
  __syncthreads();
  if (t == 0) {
#pragma unroll
    for (int aa = 0; aa < TH / 32; aa++) {
      /* SAME (a control, square tiles): the transposed tile goes back to
      ** the input tile's place, so the work is a transpose's and the
      ** addresses are a copy's. */
      int32_t at[2] = {SAME ? tx * TW + 32 * aa : ty * TH + 32 * aa,
                       SAME ? ty * TH : tx * TW};
      ptx::cp_async_bulk_tensor(ptx::space_global, ptx::space_shared,
                                &out_map, at, out_tile + aa * (TW * 8));
    }
    ptx::cp_async_bulk_commit_group();
    ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>());
  }
}

static PFN_cuTensorMapEncodeTiled_v12000 encoder(void)
{
  void *p = NULL;
  cudaDriverEntryPointQueryResult q;
  CK(cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &p, 12000,
                                      cudaEnableDefault, &q));
  if (q != cudaDriverEntryPointSuccess || !p) {
    fprintf(stderr, "no cuTensorMapEncodeTiled\n");
    exit(1);
  }
  return (PFN_cuTensorMapEncodeTiled_v12000)p;
}

static CUtensorMap map2d(float *base, int width, int height, int box_h)
{
  CUtensorMap m;
  cuuint64_t dim[2] = {(cuuint64_t)width, (cuuint64_t)height};
  cuuint64_t pitch[1] = {(cuuint64_t)width * 4};
  cuuint32_t box[2] = {32, (cuuint32_t)box_h};
  cuuint32_t step[2] = {1, 1};
  CUresult r = encoder()(&m, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, base, dim,
                         pitch, box, step, CU_TENSOR_MAP_INTERLEAVE_NONE,
                         CU_TENSOR_MAP_SWIZZLE_128B,
                         CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                         CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS) {
    fprintf(stderr, "cuTensorMapEncodeTiled: %d\n", (int)r);
    exit(1);
  }
  return m;
}

static void transpose_probe(int n)
{
  size_t elems = (size_t)n * n, bytes = elems * 4;
  float *in, *out;
  CK(cudaMalloc(&in, bytes));
  CK(cudaMalloc(&out, bytes));
  std::vector<float> h(elems), back(elems);
  for (size_t i = 0; i < elems; i++)
    h[i] = (float)(int)(i * 2654435761u >> 8);
  CK(cudaMemcpy(in, h.data(), bytes, cudaMemcpyHostToDevice));
  double tm = cold_median([&] {
    CK(cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice));
  });
  printf("transpose %dK %-34s %8.2f us %7.1f GB/s  %.3f x memcpy ok\n",
         n >> 10, "cudaMemcpyAsync", tm * 1e6, 2 * bytes / tm / 1e9, 1.0);
  auto check = [&](const char *name, double t) {
    CK(cudaMemcpy(back.data(), out, bytes, cudaMemcpyDeviceToHost));
    bool bad = !tune_transposed(h, back, n, 7);
    printf("transpose %dK %-34s %8.2f us %7.1f GB/s  %.3f x memcpy %s\n",
           n >> 10, name, t * 1e6, 2 * bytes / t / 1e9, tm / t,
           bad ? "WRONG" : "ok");
    CK(cudaMemset(out, 0, bytes));
  };
  /* transpose_fast's kernel, and the same with fewer blocks per SM
  ** (dynamic shared memory asked for and not used). */
  for (int want : {0, 6, 5, 4}) {
    dim3 grid(n / FT, n / FT), block(FTHREADS, FTHREADS);
    size_t pad = want ? (size_t)228 * 1024 / want - 2048 - 16384 : 0;
    CK(cudaFuncSetAttribute(transpose_tile64_vec4,
                            cudaFuncAttributeMaxDynamicSharedMemorySize,
                            (int)pad));
    int per_sm;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &per_sm, transpose_tile64_vec4, FTHREADS * FTHREADS, pad));
    double t = cold_median([&] {
      transpose_tile64_vec4<<<grid, block, pad>>>(out, in, n, n);
      LAUNCHED();
    });
    char name[64];
    snprintf(name, sizeof name, "fast (%d/SM)", per_sm);
    check(name, t);
  }
  /* transpose_tma today (32 x 32, 4 stages, persistent), for reference. */
  {
    auto kern = tma_transpose<32, 32, 0>;
    CUtensorMap im = map2d(in, n, n, 32), om = map2d(out, n, n, 32);
    size_t smem = 6 * 4096 + 1024;
    CK(cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize,
                            (int)smem));
    int per_sm;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kern, 64, smem));
    double t = cold_median([&] {
      kern<<<per_sm * g_sms, 64, smem>>>(im, om, n / 32, n / 32, 4, 0);
      LAUNCHED();
    });
    check("tma 32x32 s4 pers (plugin today)", t);
  }
  /* per_sm_want: pad the shared memory so that at most that many blocks
  ** share an SM (0: as many as fit). */
  auto once = [&](const char *tag, auto kern, int th, int tw, int inplace,
                  int per_sm_want = 0) {
    CUtensorMap im = map2d(in, n, n, th), om = map2d(out, n, n, tw);
    int threads = 64 * (th / 32) * (tw / 32);
    size_t smem = (size_t)(inplace ? 1 : 2) * th * tw * 4 + 1024;
    if (per_sm_want)
      smem = std::max(smem, (size_t)228 * 1024 / per_sm_want - 2048);
    CK(cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize,
                            (int)smem));
    int per_sm;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kern, threads,
                                                     smem));
    unsigned grid = (unsigned)((n / th) * (n / tw));
    double t = cold_median([&] {
      kern<<<grid, threads, smem>>>(im, om, n / tw);
      LAUNCHED();
    });
    char name[64];
    snprintf(name, sizeof name, "%s (%d/SM)", tag, per_sm);
    check(name, t);
  };
  once("once 64x64", tma_tile<64, 64, 0>, 64, 64, 0);
  for (int want : {5, 4, 3, 2})
    once("once 64x64 inplace, limited", tma_tile<64, 64, 1>, 64, 64, 1, want);
  once("control: 64x64 inplace, stored in place", tma_tile<64, 64, 1, 1>, 64,
       64, 1);
  once("control: 128x128 inplace, stored in place",
       tma_tile<128, 128, 1, 1>, 128, 128, 1);
  once("once 64x64 inplace", tma_tile<64, 64, 1>, 64, 64, 1);
  once("once 32x64 inplace", tma_tile<32, 64, 1>, 32, 64, 1);
  once("once 64x32 inplace", tma_tile<64, 32, 1>, 64, 32, 1);
  once("once 128x64 inplace", tma_tile<128, 64, 1>, 128, 64, 1);
  once("once 64x128 inplace", tma_tile<64, 128, 1>, 64, 128, 1);
  once("once 128x128 inplace", tma_tile<128, 128, 1>, 128, 128, 1);
  once("once 128x32 inplace", tma_tile<128, 32, 1>, 128, 32, 1);
  once("once 32x128 inplace", tma_tile<32, 128, 1>, 32, 128, 1);
  once("once 128x128", tma_tile<128, 128, 0>, 128, 128, 0);
  CK(cudaFree(in));
  CK(cudaFree(out));
}

/* ------------------------------------------------------------------ */
/* reduction                                                           */

__global__ void empty_kernel(int *p)
{
  if (p && threadIdx.x == 1023)
    *p = 0;
}

/* Blocks of a cluster meet in distributed shared memory; one atomic and one
** ticket per cluster.  The grid is whatever the caller launches (a block
** per tile, or a persistent grid of whole clusters). */
__global__ void cluster_sum(const int *__restrict__ in, int *out, size_t n,
                            unsigned *acc)
{
  __shared__ int block_total;
  cg::cluster_group cluster = cg::this_cluster();
  int sum = block_sum_shfl(vec4_thread_sum(in, n));
  if (threadIdx.x == 0)
    block_total = sum;
  cluster.sync();
  if (cluster.block_rank() == 0 && threadIdx.x < 32) {
    unsigned lane = threadIdx.x;
    int v = lane < cluster.num_blocks()
                ? *cluster.map_shared_rank(&block_total, lane)
                : 0;
    v = warp_sum(v);
    if (lane == 0) {
      unsigned clusters = gridDim.x / cluster.num_blocks();
      atomicAdd((int *)&acc[0], v);
      __threadfence();
      if (atomicInc(&acc[1], clusters - 1) == clusters - 1) {
        __threadfence();
        *out = atomicExch((int *)&acc[0], 0);
      }
    }
  }
  cluster.sync();
}

/*
** Push instead of pull: every block's thread 0 writes its sum into rank 0's
** shared memory (a DSMEM store) and arrives on rank 0's mbarrier with
** release at cluster scope, then the block may exit; only rank 0 waits.
** The cluster barrier that makes rank 0's mbarrier initialised everywhere
** is split: arrive (relaxed) before the loads, wait after them.
** PACKED 0: the global step of reduce_vec4 (atomicAdd, fence, ticket,
** fence, exchange).  PACKED 1: one 64-bit atomicAdd carries both: the
** ticket in bits 52..63 and the biased sum (v + 2^31, never negative) in
** bits 0..51, so the cluster that draws the last ticket has the total in
** the value it got back, with no fence; it needs fewer than 4096 clusters.
*/
template <int PACKED>
__global__ void cluster_push(const int *__restrict__ in, int *out, size_t n,
                             unsigned long long *acc)
{
  __shared__ int partial[16];
  __shared__ uint64_t arrived;
  cg::cluster_group cluster = cg::this_cluster();
  const unsigned rank = cluster.block_rank(), nb = cluster.num_blocks();
  if (rank == 0 && threadIdx.x == 0) {
    bar_init(&arrived, nb);
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  }
  asm volatile("barrier.cluster.arrive.relaxed.aligned;" ::: "memory");
  int sum = block_sum_shfl(vec4_thread_sum(in, n));
  asm volatile("barrier.cluster.wait.aligned;" ::: "memory");
  if (threadIdx.x != 0)
    return;
  *cluster.map_shared_rank(&partial[rank], 0) = sum;
  ptx::mbarrier_arrive(ptx::sem_release, ptx::scope_cluster,
                       ptx::space_cluster,
                       cluster.map_shared_rank(&arrived, 0));
  if (rank != 0)
    return;
  while (!ptx::mbarrier_try_wait_parity(ptx::sem_acquire, ptx::scope_cluster,
                                        &arrived, 0))
    ;
  int v = 0;
  for (unsigned r = 0; r < nb; r++)
    v += partial[r];
  const unsigned clusters = gridDim.x / nb;
  if (PACKED) {
    unsigned long long add =
        (1ull << 52) | (unsigned long long)((unsigned)v ^ 0x80000000u);
    unsigned long long old = atomicAdd(acc, add);
    if ((unsigned)(old >> 52) == clusters - 1) {
      unsigned low = (unsigned)(old + add) - clusters * 0x80000000u;
      *out = (int)low;
      *acc = 0;   /* every other cluster has added: ready for the next run */
    }
  } else {
    unsigned *a32 = (unsigned *)acc;
    atomicAdd((int *)&a32[0], v);
    __threadfence();
    if (atomicInc(&a32[1], clusters - 1) == clusters - 1) {
      __threadfence();
      *out = atomicExch((int *)&a32[0], 0);
    }
  }
}

/* reduce_vec4's kernel with the packed atomic (fewer than 4096 blocks). */
__global__ void vec4_packed(const int *__restrict__ in, int *out, size_t n,
                            unsigned long long *acc)
{
  int v = block_sum_shfl(vec4_thread_sum(in, n));
  if (threadIdx.x != 0)
    return;
  unsigned long long add =
      (1ull << 52) | (unsigned long long)((unsigned)v ^ 0x80000000u);
  unsigned long long old = atomicAdd(acc, add);
  if ((unsigned)(old >> 52) == gridDim.x - 1) {
    *out = (int)((unsigned)(old + add) - gridDim.x * 0x80000000u);
    *acc = 0;
  }
}

/* A launch of `grid` blocks as clusters of csize (attr: its storage). */
static cudaLaunchConfig_t cluster_config(unsigned grid, unsigned threads,
                                         unsigned csize,
                                         cudaLaunchAttribute *attr)
{
  cudaLaunchConfig_t config = {};
  *attr = cudaLaunchAttribute{};
  attr->id = cudaLaunchAttributeClusterDimension;
  attr->val.clusterDim.x = csize;
  attr->val.clusterDim.y = 1;
  attr->val.clusterDim.z = 1;
  config.gridDim = dim3(grid);
  config.blockDim = dim3(threads);
  config.attrs = attr;
  config.numAttrs = 1;
  return config;
}

static cudaError_t launch_cluster(const void *kern, unsigned grid,
                                  unsigned threads, unsigned csize,
                                  void **args)
{
  cudaLaunchAttribute attr;
  cudaLaunchConfig_t config = cluster_config(grid, threads, csize, &attr);
  return cudaLaunchKernelExC(&config, kern, args);
}

/* Clusters of csize blocks of `kern` the device holds at once. */
static int max_clusters(const void *kern, unsigned threads, unsigned csize)
{
  cudaLaunchAttribute attr;
  cudaLaunchConfig_t config = cluster_config(csize, threads, csize, &attr);
  int clusters = 0;
  CK(cudaOccupancyMaxActiveClusters(&clusters, kern, &config));
  return clusters;
}

static void reduce_probe(size_t n)
{
  int *in, *out;
  unsigned *acc;
  CK(cudaMalloc(&in, n * 4));
  CK(cudaMalloc(&out, 4));
  CK(cudaMalloc(&acc, 8));
  CK(cudaMemset(acc, 0, 8));
  std::vector<int> h(n);
  long long want = 0;
  for (size_t i = 0; i < n; i++) {
    h[i] = (int)(i * 2654435761u >> 20) - 2048;
    want += h[i];
  }
  CK(cudaMemcpy(in, h.data(), n * 4, cudaMemcpyHostToDevice));
  double t0 = 0;
  auto report = [&](const char *name, double t) {
    int got;
    CK(cudaMemcpy(&got, out, 4, cudaMemcpyDeviceToHost));
    if (t0 == 0)
      t0 = t;
    printf("reduce %zuM %-34s %8.2f us %7.1f GB/s  %.3f x vec4 %s\n",
           n >> 20, name, t * 1e6, n * 4 / t / 1e9, t0 / t,
           got == (int)want ? "ok" : "WRONG");
    CK(cudaMemset(out, 0, 4));
  };
  for (int threads : {512}) {
    size_t tile = (size_t)VEC4_UNROLL * 4 * threads;
    unsigned blocks = (unsigned)((n + tile - 1) / tile);
    double t = cold_median([&] {
      reduce_vec4_kernel<int><<<blocks, threads>>>(in, out, n, acc);
      LAUNCHED();
    });
    char name[64];
    snprintf(name, sizeof name, "vec4 t%d", threads);
    report(name, t);
    /* The same kernel, a persistent grid (resident blocks). */
    int per_sm;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &per_sm, reduce_vec4_kernel<int>, threads, 0));
    unsigned pgrid = std::min<unsigned>(blocks, per_sm * g_sms);
    t = cold_median([&] {
      reduce_vec4_kernel<int><<<pgrid, threads>>>(in, out, n, acc);
      LAUNCHED();
    });
    snprintf(name, sizeof name, "vec4 t%d persistent %u", threads, pgrid);
    report(name, t);
    for (unsigned csize : {1u, 8u}) {
      for (int persistent : {0, 1}) {
        unsigned grid = (blocks + csize - 1) / csize * csize;
        if (persistent)
          grid = std::min<unsigned>(
              grid, max_clusters((const void *)cluster_sum, threads, csize) *
                        csize);
        size_t nn = n;
        void *args[] = {&in, &out, &nn, &acc};
        t = cold_median([&] {
          CK(launch_cluster((const void *)cluster_sum, grid, threads, csize,
                            args));
        });
        snprintf(name, sizeof name, "cluster%u t%d %s %u", csize, threads,
                 persistent ? "persistent" : "grid", grid);
        report(name, t);
      }
    }
  }
  {
    const unsigned threads = 512;
    size_t tile = (size_t)VEC4_UNROLL * 4 * threads;
    unsigned blocks = (unsigned)((n + tile - 1) / tile);
    char name[64];
    /* reduce_vec4's kernel launched as clusters of one: the launch path. */
    {
      size_t nn = n;
      void *args[] = {&in, &out, &nn, &acc};
      double t = cold_median([&] {
        CK(launch_cluster((const void *)reduce_vec4_kernel<int>, blocks,
                          threads, 1, args));
      });
      report("vec4 launched as cluster1", t);
    }
    unsigned long long *acc64 = (unsigned long long *)acc;
    int per_sm;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, vec4_packed,
                                                     threads, 0));
    for (unsigned grid : {std::min<unsigned>(blocks, per_sm * g_sms),
                          std::min<unsigned>(blocks, 4095u)}) {
      double t = cold_median([&] {
        vec4_packed<<<grid, threads>>>(in, out, n, acc64);
        LAUNCHED();
      });
      snprintf(name, sizeof name, "vec4 packed grid %u", grid);
      report(name, t);
    }
    for (int packed : {0, 1})
      for (unsigned csize : {2u, 4u, 8u, 16u})
        for (int persistent : {0, 1}) {
          const void *kern = packed ? (const void *)cluster_push<1>
                                    : (const void *)cluster_push<0>;
          if (csize == 16)
            CK(cudaFuncSetAttribute(
                kern, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
          unsigned grid = (blocks + csize - 1) / csize * csize;
          int clusters = max_clusters(kern, threads, csize);
          if (clusters == 0)
            continue;   /* this cluster size cannot be placed */
          if (persistent)
            grid = std::min<unsigned>(grid, clusters * csize);
          if (packed && grid / csize >= 4096)
            continue;
          size_t nn = n;
          void *args[] = {&in, &out, &nn, &acc64};
          double t = cold_median([&] {
            CK(launch_cluster(kern, grid, threads, csize, args));
          });
          snprintf(name, sizeof name, "push%s cluster%u %s %u",
                   packed ? " packed" : "", csize,
                   persistent ? "persistent" : "grid", grid);
          report(name, t);
        }
  }
  /* What a launch costs, with nothing to do: plain, and as clusters. */
  if (n == (1u << 20)) {
    for (unsigned grid : {128u, 1056u}) {
      double t = cold_median([&] {
        empty_kernel<<<grid, 512>>>(NULL);
        LAUNCHED();
      });
      printf("launch empty grid %u plain %8.2f us\n", grid, t * 1e6);
      for (unsigned csize : {1u, 2u, 8u}) {
        int *nul = NULL;
        void *args[] = {&nul};
        t = cold_median([&] {
          CK(launch_cluster((const void *)empty_kernel, grid, 512, csize,
                            args));
        });
        printf("launch empty grid %u cluster%u %8.2f us\n", grid, csize,
               t * 1e6);
      }
    }
  }
  CK(cudaFree(in));
  CK(cudaFree(out));
  CK(cudaFree(acc));
}

int main(int argc, char **argv)
{
  cudaDeviceProp p;
  CK(cudaGetDeviceProperties(&p, 0));
  g_sms = p.multiProcessorCount;
  tune_flush_init();
  printf("%s, %d SMs\n", p.name, g_sms);
  const char *what = argc > 1 ? argv[1] : "all";
  bool all = !strcmp(what, "all");
  if (all || !strcmp(what, "reduce"))
    for (size_t n = 1u << 20; n <= (256u << 20); n *= 4)
      reduce_probe(n);
  if (all || !strcmp(what, "copy")) {
    copy_probe((size_t)256 << 20);
    copy_probe((size_t)1 << 30);
  }
  if (all || !strcmp(what, "transpose")) {
    transpose_probe(8192);
    transpose_probe(16384);
  }
  return 0;
}
