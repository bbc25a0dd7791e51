/*
** placement_study.cu: which pads, before each of N setups of reduce_vec4,
** make the accumulator land where the kernel is fast and where it is slow
** (issue 64, item 3: a placement study that finds reduce_vec4's two speeds
** with N at most 8).  Each strategy does N setups as the plugin does them
** (cudaMalloc of the input, the output, the 8-byte acc/ticket pair), each
** behind pads of its own seeded sizes, times the kernel cold (2x L2 written
** before each of 15 launches, events around it) and frees the setup; the
** pads are kept until the strategy ends, as the study keeps them.  Each
** line: strategy, seed, setup, the accumulator's address, median and min
** (us); then each strategy's spread (max/min of its N medians).
**
**   nvcc -O3 -arch=sm_90 -Iinclude -Iplugins/reduce -o placement_study \
**        bench/tune/placement_study.cu
**   ./placement_study [device] [n=67108864] [setups=8] [seeds=3]
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reduce_common.cuh"

#define CK(x)                                                               \
  do {                                                                      \
    cudaError_t e_ = (x);                                                   \
    if (e_ != cudaSuccess) {                                                \
      fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x,             \
              cudaGetErrorString(e_));                                      \
      exit(1);                                                              \
    }                                                                       \
  } while (0)

__global__ void fill(int *x, size_t n, unsigned seed)
{
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x) {
    unsigned v = (unsigned)i * 2654435761u ^ seed;
    v ^= v >> 13;
    v *= 0x5bd1e995u;
    v ^= v >> 15;
    x[i] = (int)(v % 2001) - 1000;
  }
}

static int cmp(const void *a, const void *b)
{
  float x = *(const float *)a, y = *(const float *)b;
  return x < y ? -1 : x > y;
}

static void *flush_buf;
static size_t flush_bytes;
static cudaEvent_t ev0, ev1;

static float time_it(const int *in, size_t n, int *out, unsigned *acc,
                     unsigned blocks, float *mn)
{
  float t[15];
  for (int r = -2; r < 15; r++) {
    CK(cudaMemsetAsync(flush_buf, r & 0xff, flush_bytes));
    CK(cudaEventRecord(ev0));
    reduce_vec4_kernel<int><<<blocks, 512>>>(in, out, n, acc);
    CK(cudaGetLastError());
    CK(cudaEventRecord(ev1));
    CK(cudaEventSynchronize(ev1));
    if (r >= 0)
      CK(cudaEventElapsedTime(&t[r], ev0, ev1));
  }
  qsort(t, 15, sizeof *t, cmp);
  *mn = t[0] * 1000;
  return t[7] * 1000;
}

static unsigned long long rng;
static unsigned long long next(void)
{
  unsigned long long z = (rng += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

#define MAX_PADS 4096
static void *pads[MAX_PADS];
static int npads;

static void pad(size_t bytes)
{
  if (npads < MAX_PADS && bytes)
    CK(cudaMalloc(&pads[npads++], bytes));
}

/* The strategies: what goes before setup i of N. */
static void before(const char *s, int i, int n)
{
  if (strcmp(s, "small") == 0) {            /* 0-63 small pads, 8-4096 B */
    int k = (int)(next() % 64);
    for (int j = 0; j < k; j++)
      pad(8 + next() % 4089);
  } else if (strcmp(s, "big") == 0) {       /* 0-510 MB, 2 MB steps, + small */
    pad((next() % 256) << 21);
    int k = (int)(next() % 64);
    for (int j = 0; j < k; j++)
      pad(8 + next() % 4089);
  } else if (strcmp(s, "sweep") == 0) {     /* the slot moved by i/N of 2 MB */
    size_t step = ((size_t)2 << 20) / n / 4096 * 4096;
    for (size_t b = 0; b < step * i; b += 4096)
      pad(4096);
  } else if (strcmp(s, "mid") == 0) {       /* 0-2 MB in one pad, + 0-15 small */
    pad(((next() % 512) + 1) << 12);
    int k = (int)(next() % 16);
    for (int j = 0; j < k; j++)
      pad(8 + next() % 1017);
  }
}

int main(int argc, char **argv)
{
  int dev = argc > 1 ? atoi(argv[1]) : 0;
  size_t n = argc > 2 ? strtoull(argv[2], NULL, 0) : (size_t)1 << 26;
  int setups = argc > 3 ? atoi(argv[3]) : 8;
  int seeds = argc > 4 ? atoi(argv[4]) : 3;
  CK(cudaSetDevice(dev));
  cudaDeviceProp p;
  CK(cudaGetDeviceProperties(&p, dev));
  printf("device %d %s L2 %d MB SMs %d\n", dev, p.name, p.l2CacheSize >> 20,
         p.multiProcessorCount);
  flush_bytes = 2 * (size_t)p.l2CacheSize;
  CK(cudaMalloc(&flush_buf, flush_bytes));
  CK(cudaEventCreate(&ev0));
  CK(cudaEventCreate(&ev1));
  unsigned blocks = (unsigned)((n + 8191) / 8192);
  const char *strategies[] = {"none", "small", "big", "sweep", "mid"};
  for (size_t si = 0; si < sizeof strategies / sizeof *strategies; si++)
    for (int seed = 1; seed <= seeds; seed++) {
      const char *s = strategies[si];
      rng = 0x1234567ull * (unsigned long long)seed + si;
      float lo = 1e30f, hi = 0;
      for (int i = 0; i < setups; i++) {
        before(s, i, setups);
        int *in, *out;
        unsigned *acc;
        CK(cudaMalloc(&in, n * sizeof(int)));
        CK(cudaMalloc(&out, sizeof(int)));
        CK(cudaMalloc(&acc, 2 * sizeof(unsigned)));
        CK(cudaMemset(acc, 0, 2 * sizeof(unsigned)));
        fill<<<1024, 256>>>(in, n, 12345u);
        CK(cudaGetLastError());
        CK(cudaDeviceSynchronize());
        float mn, med = time_it(in, n, out, acc, blocks, &mn);
        printf("%-6s seed %d setup %d acc %p med %.2f min %.2f\n", s, seed, i,
               (void *)acc, med, mn);
        lo = med < lo ? med : lo;
        hi = med > hi ? med : hi;
        CK(cudaFree(in));
        CK(cudaFree(out));
        CK(cudaFree(acc));
      }
      printf("SPREAD %-6s seed %d: %.2f .. %.2f us (%.1f%%)\n", s, seed, lo,
             hi, 100.0 * (hi - lo) / lo);
      for (int j = 0; j < npads; j++)
        CK(cudaFree(pads[j]));
      npads = 0;
    }
  return 0;
}
