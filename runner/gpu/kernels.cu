/*
** The runner's only device code, behind a C interface (cuda.c calls it).
**
** kb_flush_l2: evicts the L2 by READING a buffer twice its size.  Writing
** it (cudaMemsetAsync, as nvbench does) leaves the L2 full of dirty lines,
** and the timed kernel then pays for their write-back: seen on the H100 as
** a 2^26-int reduction at 2630 GB/s cold against 2920 GB/s hot.  A read
** writes back whatever the previous sample left dirty before the timed
** region, and leaves only clean lines behind.
**
** kb_touch: the smallest launch (one thread, one store), for the launch
** floor that the report shows.
*/
#include <cuda_runtime.h>

__global__ void kb_flush_kernel(const int4 *buf, size_t n, int *sink)
{
  int acc = 0;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x) {
    int4 v = buf[i];
    acc ^= v.x ^ v.y ^ v.z ^ v.w;
  }
  /* The buffer holds zeros, so this never stores, but the compiler cannot
  ** know it and must keep every load. */
  if (acc == 0x5eed1e55)
    *sink = acc;
}

__global__ void kb_touch_kernel(int *out, int value)
{
  *out = value;
}

extern "C" int kb_launch_flush(const void *buf, size_t bytes, void *sink,
                               int sm_count, void *stream)
{
  kb_flush_kernel<<<4 * (sm_count > 0 ? sm_count : 1), 512, 0,
                    (cudaStream_t)stream>>>((const int4 *)buf,
                                            bytes / sizeof(int4), (int *)sink);
  return (int)cudaGetLastError();
}

extern "C" int kb_launch_touch(void *out, int value, void *stream)
{
  kb_touch_kernel<<<1, 1, 0, (cudaStream_t)stream>>>((int *)out, value);
  return (int)cudaGetLastError();
}
