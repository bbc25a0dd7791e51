/*
** Issue 12's tuning probe: candidate reduce_vec4 and transpose_fast kernels
** timed the way kbench's cold mode times them (L2 flushed by a memset
** queued before the start event, median of 30), each checked against the
** CPU, beside cudaMemcpyAsync.  A guide for choosing, not a result: the
** numbers that count are kbench's, recorded after the winner moves into the
** plugins.  Build and run (bench/device-run.sh, stage tune):
**   nvcc -O3 -arch=sm_90 -o tune bench/tune/tune.cu && ./tune
*/
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <vector>

#include "tune_timing.cuh"

/* ---------------- reduction ---------------- */

enum { LOAD_PLAIN, LOAD_NC, LOAD_NC256, LOAD_CS };

template <int HINT> __device__ __forceinline__ int4 load4(const int4 *p)
{
  int4 v;
  if (HINT == LOAD_PLAIN)
    v = *p;
  else if (HINT == LOAD_NC)
    v = __ldg(p);
  else if (HINT == LOAD_CS)
    v = __ldcs(p);
  else
    asm volatile("ld.global.nc.L1::no_allocate.L2::256B.v4.s32 "
                 "{%0, %1, %2, %3}, [%4];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));
  return v;
}

__device__ __forceinline__ int warp_sum(int v)
{
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, o);
  return v;
}

/* PART 0: block tiles with a grid stride (today's reduce_vec4);
** PART 1: one contiguous chunk per block. */
/* UNROLL 16-byte loads blockDim.x apart from in + i, all in flight
** before any is summed. */
template <int UNROLL, int HINT>
__device__ __forceinline__ int sum_loads(const int4 *in, size_t i)
{
  int4 v[UNROLL];
#pragma unroll
  for (int k = 0; k < UNROLL; k++)
    v[k] = load4<HINT>(in + i + k * blockDim.x);
  int sum = 0;
#pragma unroll
  for (int k = 0; k < UNROLL; k++)
    sum += (v[k].x + v[k].y) + (v[k].z + v[k].w);
  return sum;
}

template <int UNROLL, int HINT, int PART>
__global__ void rv(const int4 *__restrict__ in, size_t nvec, int *out,
                   unsigned *acc)
{
  int sum = 0;
  if (PART == 0) {
    size_t tile = (size_t)blockDim.x * UNROLL;
    size_t step = (size_t)gridDim.x * tile;
    size_t i = (size_t)blockIdx.x * tile + threadIdx.x;
    for (; i + (UNROLL - 1) * blockDim.x < nvec; i += step)
      sum += sum_loads<UNROLL, HINT>(in, i);
    for (int k = 0; k < UNROLL; k++)
      if (i + k * blockDim.x < nvec) {
        int4 v = load4<HINT>(in + i + k * blockDim.x);
        sum += (v.x + v.y) + (v.z + v.w);
      }
  } else {
    size_t per = (nvec + gridDim.x - 1) / gridDim.x;
    size_t lo = blockIdx.x * per, hi = min(nvec, lo + per);
    size_t i = lo + threadIdx.x;
    for (; i + (UNROLL - 1) * blockDim.x < hi; i += UNROLL * blockDim.x)
      sum += sum_loads<UNROLL, HINT>(in, i);
    for (; i < hi; i += blockDim.x) {
      int4 v = load4<HINT>(in + i);
      sum += (v.x + v.y) + (v.z + v.w);
    }
  }
  __shared__ int part[32];
  sum = warp_sum(sum);
  if ((threadIdx.x & 31) == 0)
    part[threadIdx.x >> 5] = sum;
  __syncthreads();
  if (threadIdx.x < 32) {
    sum = threadIdx.x < (blockDim.x >> 5) ? part[threadIdx.x] : 0;
    sum = warp_sum(sum);
    if (threadIdx.x == 0) {
      atomicAdd((int *)&acc[0], sum);
      __threadfence();
      if (atomicInc(&acc[1], gridDim.x - 1) == gridDim.x - 1) {
        __threadfence();
        *out = atomicExch((int *)&acc[0], 0);
      }
    }
  }
}

typedef void (*rv_fn)(const int4 *, size_t, int *, unsigned *);

static void reduce_probe(size_t n, int sms)
{
  std::vector<int> h(n);
  uint64_t x = 88172645463325252ull;
  int64_t want = 0;
  for (size_t i = 0; i < n; i++) {
    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
    h[i] = (int)(x % 19) - 9;
    want += h[i];
  }
  int4 *in; int *out; unsigned *acc;
  CK(cudaMalloc(&in, n * 4));
  CK(cudaMalloc(&out, 4));
  CK(cudaMalloc(&acc, 8));
  CK(cudaMemcpy(in, h.data(), n * 4, cudaMemcpyHostToDevice));
  CK(cudaMemset(acc, 0, 8));
  CK(cudaDeviceSynchronize());
  struct { const char *name; rv_fn f; int unroll; } ks[] = {
    {"u4 plain tiled", rv<4, LOAD_PLAIN, 0>, 4},
    {"u1 plain tiled", rv<1, LOAD_PLAIN, 0>, 1},
    {"u4 nc tiled", rv<4, LOAD_NC, 0>, 4},
    {"u4 nc256 tiled", rv<4, LOAD_NC256, 0>, 4},
    {"u4 cs tiled", rv<4, LOAD_CS, 0>, 4},
    {"u8 plain tiled", rv<8, LOAD_PLAIN, 0>, 8},
    {"u8 nc256 tiled", rv<8, LOAD_NC256, 0>, 8},
    {"u2 nc256 tiled", rv<2, LOAD_NC256, 0>, 2},
    {"u4 plain chunk", rv<4, LOAD_PLAIN, 1>, 4},
    {"u4 nc256 chunk", rv<4, LOAD_NC256, 1>, 4},
    {"u8 nc256 chunk", rv<8, LOAD_NC256, 1>, 8},
  };
  int threads_list[] = {256, 512, 1024};
  int per_sm_list[] = {1, 2, 4, 8, 0};   /* 0: one block per tile */
  for (auto &k : ks)
    for (int threads : threads_list)
      for (int per_sm : per_sm_list) {
        if (threads * per_sm > 2048)
          continue;
        size_t tile = (size_t)threads * k.unroll;
        unsigned blocks = per_sm ? (unsigned)(sms * per_sm)
                                 : (unsigned)((n / 4 + tile - 1) / tile);
        auto go = [&] {
          k.f<<<blocks, threads>>>(in, n / 4, out, acc);
          LAUNCHED();
        };
        double t = cold_median(go);
        int got;
        CK(cudaMemcpy(&got, out, 4, cudaMemcpyDeviceToHost));
        printf("reduce n=%zuM %-16s threads=%4d blocks/SM=%d  %8.2f us "
               "%7.1f GB/s %s\n", n >> 20, k.name, threads, per_sm, t * 1e6,
               n * 4 / t / 1e9, got == (int)want ? "ok" : "WRONG");
      }
  CK(cudaFree(in)); CK(cudaFree(out)); CK(cudaFree(acc));
}

/* ---------------- transpose ---------------- */

#define FT 64
#define FTH 16

template <int HINT> __device__ __forceinline__ float4 loadf4(const float4 *p)
{
  if (HINT == LOAD_NC256) {
    float4 v;
    asm volatile("ld.global.nc.L1::no_allocate.L2::256B.v4.f32 "
                 "{%0, %1, %2, %3}, [%4];"
                 : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
    return v;
  }
  return HINT == LOAD_CS ? __ldcs(p) : *p;
}

__device__ __forceinline__ int sw(int r, int c) { return c ^ ((r >> 2) & 7); }

/* ORDER 0: blockIdx as launched; ORDER g > 0: g x g groups of tiles, so
** that blocks in flight together share input and output DRAM pages. */
template <int HINT, int CS_STORE, int ORDER, int MINB = 1>
__global__ void __launch_bounds__(256, MINB)
tp(float *__restrict__ out, const float *__restrict__ in, int rows, int cols)
{
  __shared__ float4 tile[FT][FT / 4];
  const int tx = threadIdx.x, ty = threadIdx.y;
  int bx = blockIdx.x, by = blockIdx.y;
  if (ORDER > 0) {
    int gx = gridDim.x, id = blockIdx.y * gx + blockIdx.x;
    int per_group = ORDER * gx;           /* a band of ORDER tile rows */
    int band = id / per_group, in_band = id % per_group;
    int band_rows = min(ORDER, (int)gridDim.y - band * ORDER);
    by = band * ORDER + in_band % band_rows;
    bx = in_band / band_rows;
  }
  const int r0 = by * FT, c0 = bx * FT;
  float4 a[4];
#pragma unroll
  for (int i = 0; i < 4; i++)
    a[i] = loadf4<HINT>(reinterpret_cast<const float4 *>(
        in + (size_t)(r0 + 4 * ty + i) * cols + c0) + tx);
  const int R = 4 * tx;
  tile[R + 0][sw(R + 0, ty)] = make_float4(a[0].x, a[1].x, a[2].x, a[3].x);
  tile[R + 1][sw(R + 1, ty)] = make_float4(a[0].y, a[1].y, a[2].y, a[3].y);
  tile[R + 2][sw(R + 2, ty)] = make_float4(a[0].z, a[1].z, a[2].z, a[3].z);
  tile[R + 3][sw(R + 3, ty)] = make_float4(a[0].w, a[1].w, a[2].w, a[3].w);
  __syncthreads();
#pragma unroll
  for (int k = 0; k < FT; k += FTH) {
    const int r = ty + k;
    float4 *dst = reinterpret_cast<float4 *>(out + (size_t)(c0 + r) * rows +
                                             r0) + tx;
    if (CS_STORE)
      __stcs(dst, tile[r][sw(r, tx)]);
    else
      *dst = tile[r][sw(r, tx)];
  }
}

typedef void (*tp_fn)(float *, const float *, int, int);

static void transpose_probe(int n)
{
  size_t count = (size_t)n * n, bytes = count * 4;
  std::vector<float> h(count), back(count);
  for (size_t i = 0; i < count; i++)
    h[i] = (float)(i % 1000003) * 0.5f;
  float *in, *out;
  CK(cudaMalloc(&in, bytes));
  CK(cudaMalloc(&out, bytes));
  CK(cudaMemcpy(in, h.data(), bytes, cudaMemcpyHostToDevice));
  CK(cudaDeviceSynchronize());
  double tm = cold_median([&] {
    CK(cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice));
  });
  printf("transpose %dK memcpy                          %8.2f us %7.1f GB/s\n",
         n >> 10, tm * 1e6, 2 * bytes / tm / 1e9);
  struct { const char *name; tp_fn f; int carveout; } ks[] = {
    {"plain", tp<LOAD_PLAIN, 0, 0>},
    {"plain carveout", tp<LOAD_PLAIN, 0, 0>, 100},
    {"plain minb7", tp<LOAD_PLAIN, 0, 0, 7>},
    {"plain minb8", tp<LOAD_PLAIN, 0, 0, 8>},
    {"plain minb8 carveout", tp<LOAD_PLAIN, 0, 0, 8>, 100},
    {"cs-store minb8 carveout", tp<LOAD_PLAIN, 1, 0, 8>, 100},
    {"group2 minb8 carveout", tp<LOAD_PLAIN, 0, 2, 8>, 100},
    {"nc256", tp<LOAD_NC256, 0, 0>},
    {"cs-store", tp<LOAD_PLAIN, 1, 0>},
    {"nc256+cs-store", tp<LOAD_NC256, 1, 0>},
    {"ldcs+cs-store", tp<LOAD_CS, 1, 0>},
    {"plain group2", tp<LOAD_PLAIN, 0, 2>},
    {"plain group4", tp<LOAD_PLAIN, 0, 4>},
    {"plain group8", tp<LOAD_PLAIN, 0, 8>},
    {"nc256+cs group4", tp<LOAD_NC256, 1, 4>},
    {"nc256+cs group8", tp<LOAD_NC256, 1, 8>},
  };
  dim3 grid(n / FT, n / FT), block(FTH, FTH);
  for (auto &k : ks) {
    if (k.carveout)
      CK(cudaFuncSetAttribute(k.f, cudaFuncAttributePreferredSharedMemoryCarveout,
                              k.carveout));
    CK(cudaMemset(out, 0, bytes));
    double t = cold_median([&] {
      k.f<<<grid, block>>>(out, in, n, n);
      LAUNCHED();
    });
    CK(cudaMemcpy(back.data(), out, bytes, cudaMemcpyDeviceToHost));
    bool bad = !tune_transposed(h, back, n, 61);
    printf("transpose %dK %-30s %8.2f us %7.1f GB/s  %.3f x memcpy %s\n",
           n >> 10, k.name, t * 1e6, 2 * bytes / t / 1e9, tm / t,
           bad ? "WRONG" : "ok");
  }
  CK(cudaFree(in)); CK(cudaFree(out));
}

int main()
{
  cudaDeviceProp p;
  CK(cudaGetDeviceProperties(&p, 0));
  tune_flush_init();
  printf("%s, %d SMs\n", p.name, p.multiProcessorCount);
  reduce_probe((size_t)64 << 20, p.multiProcessorCount);
  reduce_probe((size_t)256 << 20, p.multiProcessorCount);
  transpose_probe(8192);
  transpose_probe(16384);
  return 0;
}
