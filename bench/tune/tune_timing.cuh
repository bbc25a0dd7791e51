/*
** Shared by the tuning probes (tune.cu, hopper.cu): a checked CUDA call,
** and kbench's cold timing (read twice the L2 before each sample, median of
** 30 after 3 warm-ups).  Call tune_flush_init() once before timing.
*/
#ifndef TUNE_TIMING_CUH
#define TUNE_TIMING_CUH
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x)                                                               \
  do {                                                                      \
    cudaError_t e_ = (x);                                                   \
    if (e_ != cudaSuccess) {                                                \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x,           \
              cudaGetErrorString(e_));                                      \
      exit(1);                                                              \
    }                                                                       \
  } while (0)
#define LAUNCHED() CK(cudaGetLastError())

static void *flush_buf;
static size_t flush_bytes;
static int *flush_sink;

/* kbench's way: read twice the L2, so that no dirty line is left to be
** written back during the timed kernel (a memset flush leaves 100 MB). */
__global__ void flush_read(const int4 *p, size_t n, int *sink)
{
  int acc = 0;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x) {
    int4 v = p[i];
    acc ^= v.x ^ v.y ^ v.z ^ v.w;
  }
  if (acc == 0x7fffffff)
    *sink = acc;
}

/* Median of 30 cold samples of launch(), in seconds. */
template <typename F> static double cold_median(F launch)
{
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  std::vector<double> t;
  for (int i = 0; i < 33; i++) {
    flush_read<<<528, 512>>>((const int4 *)flush_buf, flush_bytes / 16,
                             flush_sink);
    LAUNCHED();
    CK(cudaEventRecord(a));
    launch();
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    float ms;
    CK(cudaEventElapsedTime(&ms, a, b));
    if (i >= 3)
      t.push_back(ms * 1e-3);
  }
  std::sort(t.begin(), t.end());
  CK(cudaEventDestroy(a));
  CK(cudaEventDestroy(b));
  return t[t.size() / 2];
}

/* A flush buffer twice the L2 of the current device. */
static void tune_flush_init(void)
{
  int dev, l2;
  CK(cudaGetDevice(&dev));
  CK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, dev));
  flush_bytes = 2 * (size_t)l2;
  CK(cudaMalloc(&flush_buf, flush_bytes));
  CK(cudaMemset(flush_buf, 1, flush_bytes));
  CK(cudaMalloc(&flush_sink, sizeof(int)));
}

/* Whether `out` holds the n x n transpose of `in`, on every row_step-th
** input row (a guide's check: kbench verifies every element). */
static bool tune_transposed(const std::vector<float> &in,
                            const std::vector<float> &out, size_t n,
                            size_t row_step)
{
  for (size_t r = 0; r < n; r += row_step)
    for (size_t c = 0; c < n; c++)
      if (out[c * n + r] != in[r * n + c])
        return false;
  return true;
}

#endif /* TUNE_TIMING_CUH */
