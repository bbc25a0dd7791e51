/*
** What page-locked host memory costs to make, four ways, and how fast each
** uploads: cudaMallocHost (what a CUDA worker's host_alloc does), malloc
** then cudaHostRegister, and an anonymous mapping with transparent huge
** pages asked for (madvise) before its pages are touched, then registered,
** with and without touching them first.  The catalogue's setup time is
** mostly locking new blocks (0.2-0.7 s each for 192-400 MiB on the H100).
**
**   cc -O2 -std=c11 bench/lock_probe.c -I$CUDA/include -L$CUDA/lib64 -lcudart
**   ./a.out [MiB]
*/
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include <cuda_runtime.h>

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

#define CHECK(x)                                                       \
  do {                                                                 \
    cudaError_t e_ = (x);                                              \
    if (e_ != cudaSuccess) {                                           \
      fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));         \
      exit(1);                                                         \
    }                                                                  \
  } while (0)

enum way { MALLOC_HOST, MALLOC_REGISTER, HUGE_REGISTER, HUGE_TOUCH_REGISTER };
static const char *const names[] = {"cudaMallocHost", "malloc+register",
                                    "thp+register", "thp+touch+register"};

static void *make(enum way w, size_t bytes)
{
  void *p = NULL;
  switch (w) {
  case MALLOC_HOST:
    CHECK(cudaMallocHost(&p, bytes));
    return p;
  case MALLOC_REGISTER:
    if (!(p = malloc(bytes)))
      exit(1);
    memset(p, 0, bytes);
    break;
  case HUGE_REGISTER:
  case HUGE_TOUCH_REGISTER:
    p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
             -1, 0);
    if (p == MAP_FAILED)
      exit(1);
    if (madvise(p, bytes, MADV_HUGEPAGE) != 0)
      perror("madvise");
    if (w == HUGE_TOUCH_REGISTER)
      memset(p, 0, bytes);
    break;
  }
  CHECK(cudaHostRegister(p, bytes, cudaHostRegisterDefault));
  return p;
}

static void unmake(enum way w, void *p, size_t bytes)
{
  if (w == MALLOC_HOST) {
    CHECK(cudaFreeHost(p));
    return;
  }
  CHECK(cudaHostUnregister(p));
  if (w == MALLOC_REGISTER)
    free(p);
  else
    munmap(p, bytes);
}

int main(int argc, char **argv)
{
  size_t mib = argc > 1 ? strtoul(argv[1], NULL, 10) : 256;
  size_t bytes = mib << 20;
  void *dev;
  CHECK(cudaFree(0));
  CHECK(cudaMalloc(&dev, bytes));
  for (int round = 0; round < 3; round++)
    for (int w = 0; w < 4; w++) {
      double t0 = now();
      void *p = make((enum way)w, bytes);
      double t1 = now();
      memset(p, 1, bytes);  /* the plugin's fill: first touch or not */
      double t2 = now();
      CHECK(cudaMemcpy(dev, p, bytes, cudaMemcpyHostToDevice));
      double t3 = now();
      printf("%zu MiB %-20s lock %7.1f ms  fill %6.1f ms  upload %5.1f ms "
             "(%.1f GB/s)\n", mib, names[w], 1e3 * (t1 - t0),
             1e3 * (t2 - t1), 1e3 * (t3 - t2), bytes / (t3 - t2) / 1e9);
      unmake((enum way)w, p, bytes);
    }
  CHECK(cudaFree(dev));
  return 0;
}
