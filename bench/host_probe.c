/*
** host_probe: what the CPU side of a case costs on this machine, for one
** 256 MiB buffer: fresh pageable memory, pinned memory, copies each way,
** and a pass of the runner's random generator.  Plugins spend most of a
** case here (setup and verification), not in the timed kernel, so these
** numbers decide how a plugin should stage its data.
**
**   cc -O2 -I$CUDA/include bench/host_probe.c -L$CUDA/lib64 -lcudart
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>

#include <cuda_runtime.h>

#define BYTES ((size_t)256 << 20)

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static void report(const char *what, double t0)
{
  double s = now() - t0;
  printf("%-44s %8.1f ms %8.2f GB/s\n", what, s * 1e3, BYTES / s / 1e9);
}

static void check(cudaError_t e, const char *what)
{
  if (e != cudaSuccess) {
    fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
    exit(1);
  }
}

int main(void)
{
  void *dev, *pinned;
  check(cudaFree(0), "context");
  check(cudaMalloc(&dev, BYTES), "cudaMalloc");

  double t = now();
  char *a = malloc(BYTES);
  memset(a, 1, BYTES);
  report("malloc + first touch", t);
  t = now();
  memset(a, 2, BYTES);
  report("memset, pages present", t);

  t = now();
  uint64_t x = 1, *w = (uint64_t *)a;
  for (size_t i = 0; i < BYTES / 8; i++) {
    uint64_t z = (x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    w[i] = z ^ (z >> 31);
  }
  report("splitmix64 fill, inline", t);

  t = now();
  check(cudaMemcpy(dev, a, BYTES, cudaMemcpyHostToDevice), "h2d");
  report("H2D pageable", t);
  t = now();
  check(cudaMemcpy(a, dev, BYTES, cudaMemcpyDeviceToHost), "d2h");
  report("D2H pageable, pages present", t);
  char *b = malloc(BYTES);
  t = now();
  check(cudaMemcpy(b, dev, BYTES, cudaMemcpyDeviceToHost), "d2h");
  report("D2H pageable, fresh malloc", t);
  t = now();
  free(b);
  report("free of 256 MiB", t);

  t = now();
  check(cudaMallocHost(&pinned, BYTES), "cudaMallocHost");
  report("cudaMallocHost", t);
  t = now();
  memset(pinned, 3, BYTES);
  report("memset pinned", t);
  t = now();
  check(cudaMemcpy(dev, pinned, BYTES, cudaMemcpyHostToDevice), "h2d");
  report("H2D pinned", t);
  t = now();
  check(cudaMemcpy(pinned, dev, BYTES, cudaMemcpyDeviceToHost), "d2h");
  report("D2H pinned", t);
  t = now();
  check(cudaFreeHost(pinned), "cudaFreeHost");
  report("cudaFreeHost", t);

  t = now();
  check(cudaHostRegister(a, BYTES, cudaHostRegisterDefault), "register");
  report("cudaHostRegister, pages present", t);
  t = now();
  check(cudaMemcpy(a, dev, BYTES, cudaMemcpyDeviceToHost), "d2h");
  report("D2H registered", t);
  check(cudaHostUnregister(a), "unregister");
  free(a);

#ifdef MADV_HUGEPAGE
  t = now();
  char *h = aligned_alloc((size_t)2 << 20, BYTES);
  madvise(h, BYTES, MADV_HUGEPAGE);
  memset(h, 1, BYTES);
  report("aligned_alloc + MADV_HUGEPAGE + touch", t);
  free(h);
#endif
  check(cudaFree(dev), "cudaFree");
  return 0;
}
