/*
** flagship: issue 27's probe.  One reduction family, three choices, timed
** cold beside CUB in one process, every result checked against the CPU:
**   - the schedule: "tiles" (one tile per block in address order, the grid
**     capped at 65535 blocks, blocks striding by the grid beyond), or
**     "share" (a grid of k blocks per SM, each block streaming one
**     contiguous share of the tiles, CUB's even-share);
**   - the loads: U 16-byte loads in flight per thread per tile, plain
**     (ld.global.nc) or with an L2 prefetch hint of 256 bytes;
**   - the tail: "ticket" (reduce_vec4's atomicAdd, fence, ticket, fence,
**     exchange) or "packed" (one 64-bit atomicAdd per block carries the
**     biased sum in bits 0..47 and the ticket in 48..63; no fence).
** Also: the launch floor (a one-thread kernel, cold), and, with "grid", the
** grid the share schedule uses against what the device can hold at once.
**   nvcc -O3 -arch=sm_90 -o flagship bench/tune/flagship.cu && ./flagship
** Output lines: "reduce N config us GB/s ratio-to-cub ok|WRONG".
*/
#include <cub/device/device_reduce.cuh>

#include <cstdint>
#include <cstring>

#include "tune_timing.cuh"

static int g_sms;

enum { SCHED_TILES = 0, SCHED_SHARE = 1 };
enum { TAIL_TICKET = 0, TAIL_PACKED = 1 };

template <int HINT> __device__ __forceinline__ int4 load16(const int4 *p)
{
  int4 v;
  if (HINT)
    asm volatile("ld.global.nc.L2::256B.v4.s32 {%0,%1,%2,%3}, [%4];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));
  else
    v = __ldg(p);
  return v;
}

template <int T> __device__ __forceinline__ int block_sum(int v)
{
  __shared__ int warp_sums[T / 32];
  v = __reduce_add_sync(0xffffffffu, v);
  if (T == 32)
    return v;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (lane == 0)
    warp_sums[warp] = v;
  __syncthreads();
  if (warp == 0)
    v = __reduce_add_sync(0xffffffffu, lane < T / 32 ? warp_sums[lane] : 0);
  return v;
}

template <int T, int U, int SCHED, int HINT, int TAIL>
__global__ void __launch_bounds__(T)
flag_sum(const int *__restrict__ in, size_t n, int *out,
         unsigned long long *acc)
{
  const int4 *v = (const int4 *)in;
  const size_t nvec = n / 4, tile = (size_t)T * U;
  const size_t ntiles = (nvec + tile - 1) / tile;
  size_t t0, t1, step;
  if (SCHED == SCHED_TILES) {
    t0 = blockIdx.x, t1 = ntiles, step = gridDim.x;
  } else {
    t0 = blockIdx.x * ntiles / gridDim.x;
    t1 = (blockIdx.x + 1) * ntiles / gridDim.x;
    step = 1;
  }
  int sum = 0;
  for (size_t t = t0; t < t1; t += step) {
    const size_t base = t * tile + threadIdx.x;
    if (base + (U - 1) * (size_t)T < nvec) {
      int4 x[U];
#pragma unroll
      for (int k = 0; k < U; k++)
        x[k] = load16<HINT>(v + base + k * T);
#pragma unroll
      for (int k = 0; k < U; k++)
        sum += (x[k].x + x[k].y) + (x[k].z + x[k].w);
    } else {
#pragma unroll
      for (int k = 0; k < U; k++)
        if (base + k * T < nvec) {
          int4 x = v[base + k * T];
          sum += (x.x + x.y) + (x.z + x.w);
        }
    }
  }
  if (blockIdx.x == 0 && threadIdx.x < n % 4)
    sum += in[n - n % 4 + threadIdx.x];
  sum = block_sum<T>(sum);
  if (threadIdx.x != 0)
    return;
  if (TAIL == TAIL_PACKED) {
    const unsigned long long add =
        (1ull << 48) | (unsigned long long)((unsigned)sum ^ 0x80000000u);
    const unsigned long long old = atomicAdd(acc, add);
    if ((unsigned)(old >> 48) == gridDim.x - 1) {
      *out = (int)((unsigned)(old + add) - gridDim.x * 0x80000000u);
      *acc = 0;
    }
  } else {
    unsigned *a = (unsigned *)acc;
    atomicAdd((int *)&a[0], sum);
    __threadfence();
    if (atomicInc(&a[1], gridDim.x - 1) == gridDim.x - 1) {
      __threadfence();
      *out = atomicExch((int *)&a[0], 0);
    }
  }
}

__global__ void one_thread(int *p)
{
  if (p)
    *p = 1;
}

struct config {
  char name[64];
  const void *kern;
  int threads, u, sched, k;   /* k: blocks per SM (share) */
};

template <int T, int U, int SCHED, int HINT, int TAIL>
static config make(int k)
{
  config c;
  c.kern = (const void *)flag_sum<T, U, SCHED, HINT, TAIL>;
  c.threads = T, c.u = U, c.sched = SCHED, c.k = k;
  if (SCHED == SCHED_TILES)
    snprintf(c.name, sizeof c.name, "tiles t%d u%d %s%s", T, U,
             TAIL ? "packed" : "ticket", HINT ? " L2:256" : "");
  else
    snprintf(c.name, sizeof c.name, "share%d t%d u%d %s%s", k, T, U,
             TAIL ? "packed" : "ticket", HINT ? " L2:256" : "");
  return c;
}

static unsigned grid_of(const config &c, size_t n)
{
  size_t tile = (size_t)c.threads * c.u * 4;
  size_t tiles = (n + tile - 1) / tile;
  size_t g = c.sched == SCHED_TILES ? tiles : (size_t)g_sms * c.k;
  if (g > tiles)
    g = tiles;
  if (g > 65535)
    g = 65535;
  return g ? (unsigned)g : 1;
}

static void probe(size_t n, const std::vector<config> &configs)
{
  int *in, *out;
  unsigned long long *acc;
  CK(cudaMalloc(&in, n * 4));
  CK(cudaMalloc(&out, 4));
  CK(cudaMalloc(&acc, 8));
  CK(cudaMemset(acc, 0, 8));
  std::vector<int> h(n);
  uint32_t x = 12345;
  unsigned want = 0;
  for (size_t i = 0; i < n; i++) {
    x = x * 1664525u + 1013904223u;
    h[i] = (int)(x >> 8) - (1 << 23);
    want += (unsigned)h[i];
  }
  CK(cudaMemcpy(in, h.data(), n * 4, cudaMemcpyHostToDevice));
  int nn = (int)n;
  size_t temp_bytes = 0;
  CK(cub::DeviceReduce::Sum(nullptr, temp_bytes, in, out, nn));
  void *temp;
  CK(cudaMalloc(&temp, temp_bytes));
  auto check = [&](const char *name, double t, double cub_t) {
    int got;
    CK(cudaMemcpy(&got, out, 4, cudaMemcpyDeviceToHost));
    printf("reduce %5zuM %-36s %9.2f us %7.1f GB/s %6.3f x cub %s\n",
           n >> 20, name, t * 1e6, n * 4 / t / 1e9, cub_t / t,
           (unsigned)got == want ? "ok" : "WRONG");
    CK(cudaMemset(out, 0, 4));
  };
  double cub_t = cold_median([&] {
    size_t b = temp_bytes;
    CK(cub::DeviceReduce::Sum(temp, b, in, out, nn));
  });
  check("cub", cub_t, cub_t);
  for (const config &c : configs) {
    unsigned grid = grid_of(c, n);
    size_t nz = n;
    void *args[] = {&in, &nz, &out, &acc};
    double t = cold_median([&] {
      CK(cudaLaunchKernel(c.kern, grid, c.threads, args, 0, 0));
    });
    char name[96];
    snprintf(name, sizeof name, "%s g%u", c.name, grid);
    check(name, t, cub_t);
  }
  if (n == (1u << 20)) {
    double t = cold_median([&] {
      one_thread<<<1, 1>>>(nullptr);
      LAUNCHED();
    });
    printf("floor one-thread kernel %9.2f us (1.8x = %.2f us)\n", t * 1e6,
           1.8 * t * 1e6);
  }
  CK(cudaFree(temp));
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
  printf("%s, %d SMs, L2 %d MB\n", p.name, g_sms, p.l2CacheSize >> 20);
  std::vector<config> small = {
      make<128, 4, SCHED_TILES, 0, TAIL_PACKED>(0),
      make<256, 4, SCHED_TILES, 0, TAIL_PACKED>(0),
      make<512, 4, SCHED_TILES, 0, TAIL_PACKED>(0),
      make<512, 4, SCHED_TILES, 0, TAIL_TICKET>(0),
      make<256, 2, SCHED_TILES, 0, TAIL_PACKED>(0),
      make<256, 8, SCHED_TILES, 0, TAIL_PACKED>(0),
      make<512, 4, SCHED_TILES, 1, TAIL_PACKED>(0),
      make<256, 4, SCHED_SHARE, 0, TAIL_PACKED>(2),
      make<256, 4, SCHED_SHARE, 0, TAIL_PACKED>(4),
      make<512, 4, SCHED_SHARE, 0, TAIL_PACKED>(1),
      make<512, 4, SCHED_SHARE, 0, TAIL_PACKED>(2),
      make<128, 4, SCHED_SHARE, 0, TAIL_PACKED>(8),
  };
  std::vector<config> large = {
      make<512, 4, SCHED_TILES, 0, TAIL_PACKED>(0),
      make<512, 8, SCHED_TILES, 0, TAIL_PACKED>(0),
      make<256, 8, SCHED_TILES, 0, TAIL_PACKED>(0),
      make<512, 4, SCHED_TILES, 1, TAIL_PACKED>(0),
      make<256, 8, SCHED_SHARE, 0, TAIL_PACKED>(4),
      make<256, 8, SCHED_SHARE, 0, TAIL_PACKED>(8),
      make<512, 4, SCHED_SHARE, 0, TAIL_PACKED>(2),
      make<512, 4, SCHED_SHARE, 0, TAIL_PACKED>(4),
      make<512, 8, SCHED_SHARE, 0, TAIL_PACKED>(2),
      make<512, 8, SCHED_SHARE, 0, TAIL_PACKED>(4),
      make<512, 8, SCHED_SHARE, 1, TAIL_PACKED>(2),
      make<512, 8, SCHED_SHARE, 1, TAIL_PACKED>(4),
      make<1024, 4, SCHED_SHARE, 0, TAIL_PACKED>(2),
      make<1024, 8, SCHED_SHARE, 0, TAIL_PACKED>(1),
      make<1024, 8, SCHED_SHARE, 0, TAIL_PACKED>(2),
      make<256, 16, SCHED_SHARE, 0, TAIL_PACKED>(4),
  };
  const char *what = argc > 1 ? argv[1] : "all";
  for (size_t n = 1u << 20; n <= (1u << 30); n *= 4) {
    bool is_small = n <= (16u << 20);
    if (strcmp(what, "all") && strcmp(what, is_small ? "small" : "large"))
      continue;
    probe(n, is_small ? small : large);
    if (n == (16u << 20) || n == (64u << 20))
      probe(n, is_small ? large : small);
  }
  return 0;
}
