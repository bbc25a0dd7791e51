/*
** placement.cu: does reduce_vec4's time depend on where its memory landed?
** (issue "One case, one number", item 1.)  The very kernel of the catalogue
** (reduce_vec4_kernel<int> from plugins/reduce/reduce_common.cuh), cold as
** kbench times it (2x L2 written before each launch, events around it),
** over:
**   acc   the 8-byte accumulator/ticket pair at 64 positions in one pool,
**         the input fixed;
**   in    8 input buffers of their own, the accumulator fixed;
**   part  the same loads with a partial per block (no same-address
**         atomic), on the first input;
**   pads  a fresh accumulator from cudaMalloc after 0..N small allocations
**         made and freed, as a case after other cases gets one.
** Each line: what, the addresses, the median and min of 15 launches (us).
**
**   nvcc -O3 -arch=sm_90 -Iinclude -Iplugins/reduce -o placement \
**        bench/tune/placement.cu
**   ./placement DEVICE [n=67108864] [positions=64]   (PHASES=acc: acc only)
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

/* The same loads, a partial per block: no atomic at all. */
__global__ void vec4_partials(const int *__restrict__ in, int *part, size_t n)
{
  int sum = block_sum_shfl(vec4_thread_sum(in, n));
  if (threadIdx.x == 0)
    part[blockIdx.x] = sum;
}

static int cmp(const void *a, const void *b)
{
  float x = *(const float *)a, y = *(const float *)b;
  return x < y ? -1 : x > y;
}

struct timing { float med, min; };

static void *flush_buf;
static size_t flush_bytes;
static cudaEvent_t ev0, ev1;

/* kind 0: reduce_vec4_kernel; 1: vec4_partials (acc is the partials). */
static timing time_it(int kind, const int *in, size_t n, int *out,
                      unsigned *acc, unsigned blocks)
{
  float t[15];
  for (int r = -2; r < 15; r++) {
    CK(cudaMemsetAsync(flush_buf, r & 0xff, flush_bytes));
    CK(cudaEventRecord(ev0));
    if (kind == 0)
      reduce_vec4_kernel<int><<<blocks, 512>>>(in, out, n, acc);
    else
      vec4_partials<<<blocks, 512>>>(in, (int *)acc, n);
    CK(cudaGetLastError());
    CK(cudaEventRecord(ev1));
    CK(cudaEventSynchronize(ev1));
    if (r >= 0)
      CK(cudaEventElapsedTime(&t[r], ev0, ev1));
  }
  qsort(t, 15, sizeof *t, cmp);
  timing x = {t[7] * 1000, t[0] * 1000};
  return x;
}

int main(int argc, char **argv)
{
  int dev = argc > 1 ? atoi(argv[1]) : 0;
  size_t n = argc > 2 ? strtoull(argv[2], NULL, 0) : (size_t)1 << 26;
  int positions = argc > 3 ? atoi(argv[3]) : 64;
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
  int *in[9], *out;
  for (int i = 0; i < 9; i++) {
    CK(cudaMalloc(&in[i], n * sizeof(int)));
    fill<<<1024, 256>>>(in[i], n, 12345u);
    CK(cudaGetLastError());
  }
  CK(cudaMalloc(&out, 256));
  char *pool;
  CK(cudaMalloc(&pool, 4 << 20));
  CK(cudaMemset(pool, 0, 4 << 20));
  int *part;
  CK(cudaMalloc(&part, blocks * sizeof(int)));
  CK(cudaDeviceSynchronize());

  /* The answer, once: the kernel is right. */
  int *host = (int *)malloc(n * sizeof(int));
  CK(cudaMemcpy(host, in[0], n * sizeof(int), cudaMemcpyDeviceToHost));
  long long ref = 0;
  for (size_t i = 0; i < n; i++)
    ref += host[i];
  reduce_vec4_kernel<int><<<blocks, 512>>>(in[0], out, n, (unsigned *)pool);
  CK(cudaGetLastError());
  int got;
  CK(cudaMemcpy(&got, out, sizeof got, cudaMemcpyDeviceToHost));
  printf("check sum %d expected %d %s\n", got, (int)ref,
         got == (int)ref ? "ok" : "WRONG");

  for (int k = 0; k < positions; k++) {
    unsigned *acc = (unsigned *)(pool + (size_t)k * 4352);
    timing t = time_it(0, in[0], n, out, acc, blocks);
    printf("acc %2d in %p acc %p med %.2f min %.2f\n", k, (void *)in[0],
           (void *)acc, t.med, t.min);
  }
  /* PHASES=acc: the accumulator's positions only (for ncu). */
  const char *phases = getenv("PHASES");
  if (phases && strcmp(phases, "acc") == 0)
    return 0;
  for (int i = 0; i < 9; i++) {
    timing t = time_it(0, in[i], n, out, (unsigned *)pool, blocks);
    printf("in %d in %p acc %p med %.2f min %.2f\n", i, (void *)in[i],
           (void *)pool, t.med, t.min);
  }
  for (int i = 0; i < 3; i++) {
    timing t = time_it(1, in[i], n, out, (unsigned *)part, blocks);
    printf("part %d in %p part %p med %.2f min %.2f\n", i, (void *)in[i],
           (void *)part, t.med, t.min);
  }
  /* A fresh accumulator after j small allocations made and kept: where a
  ** case's cudaMalloc(8) lands after other cases' small buffers. */
  void *keep[64];
  for (int j = 0; j < 64; j += 4) {
    for (int i = 0; i < 4; i++)
      CK(cudaMalloc(&keep[j + i], 4096 + 64 * (j + i)));
    unsigned *acc;
    CK(cudaMalloc(&acc, 8));
    CK(cudaMemset(acc, 0, 8));
    timing t = time_it(0, in[0], n, out, acc, blocks);
    printf("pads %2d in %p acc %p med %.2f min %.2f\n", j + 4, (void *)in[0],
           (void *)acc, t.med, t.min);
    CK(cudaFree(acc));
  }
  return 0;
}
