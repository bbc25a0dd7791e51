/*
** Another user's job on a GPU, for the field stage of bench/device-run.sh
** (issues 40 and 41): copies a buffer back and forth on one device for a
** while, memory-bound, as a stray program would, and says when it starts
** and stops.  Usage: stray_copy DEVICE SECONDS [MiB]  (default 1024 MiB)
*/
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include <cuda_runtime.h>

#define CHECK(call)                                                        \
  do {                                                                     \
    cudaError_t e_ = (call);                                               \
    if (e_ != cudaSuccess) {                                               \
      fprintf(stderr, "stray_copy: %s: %s\n", #call, cudaGetErrorString(e_)); \
      return 1;                                                            \
    }                                                                      \
  } while (0)

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
  if (argc < 3) {
    fprintf(stderr, "usage: stray_copy DEVICE SECONDS [MiB]\n");
    return 2;
  }
  int device = atoi(argv[1]);
  double seconds = atof(argv[2]);
  size_t bytes = (size_t)(argc > 3 ? atol(argv[3]) : 1024) << 20;
  void *a, *b;
  CHECK(cudaSetDevice(device));
  CHECK(cudaMalloc(&a, bytes));
  CHECK(cudaMalloc(&b, bytes));
  CHECK(cudaMemset(a, 1, bytes));
  double t0 = now();
  long copies = 0;
  fprintf(stderr, "stray_copy: pid %ld copying %zu MiB back and forth on "
          "device %d for %.0f s\n", (long)getpid(), bytes >> 20, device,
          seconds);
  while (now() - t0 < seconds) {
    CHECK(cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice));
    CHECK(cudaMemcpy(a, b, bytes, cudaMemcpyDeviceToDevice));
    copies += 2;
  }
  fprintf(stderr, "stray_copy: %ld copies in %.1f s\n", copies, now() - t0);
  cudaFree(a);
  cudaFree(b);
  return 0;
}
