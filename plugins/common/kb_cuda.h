/*
** CUDA helpers for shipped plugins: every runtime call and every launch is
** checked, and a failure becomes a message on the runner's error channel
** instead of an abort.  Include from .cu files only.
*/
#ifndef KB_CUDA_H
#define KB_CUDA_H

#include <cuda_runtime.h>

#include "kb_util.h"

#define KB_STREAM(h) ((cudaStream_t)(h)->stream(h))

/* Evaluate a CUDA runtime call; on error, report it and return from the
** enclosing callback with KBENCH_ERROR. */
#define KB_CUDA(h, call)                                                   \
  do {                                                                     \
    cudaError_t kb_err_ = (call);                                          \
    if (kb_err_ != cudaSuccess)                                            \
      return (h)->fail((h), KBENCH_ERROR, "%s:%d: %s: %s", __FILE__,       \
                       __LINE__, #call, cudaGetErrorString(kb_err_));      \
  } while (0)

/* Check the launch just made (bad configuration, missing image). */
#define KB_LAUNCHED(h) KB_CUDA(h, cudaGetLastError())

/* cudaMalloc with a message that says how much was asked for. */
static inline int kb_device_alloc(const kbench_host *h, void **p, size_t bytes)
{
  cudaError_t e = cudaMalloc(p, bytes);
  if (e != cudaSuccess) {
    *p = NULL;
    (void)cudaGetLastError();  /* clear the sticky-free error state */
    return h->fail(h, KBENCH_ERROR, "cannot allocate %zu bytes of device "
                   "memory: %s", bytes, cudaGetErrorString(e));
  }
  return KBENCH_OK;
}

/* A device buffer holding a copy of `bytes` of host memory. */
static inline int kb_device_upload(const kbench_host *h, void **dev,
                                   const void *host, size_t bytes)
{
  int rc = kb_device_alloc(h, dev, bytes);
  if (rc == KBENCH_OK)
    KB_CUDA(h, cudaMemcpy(*dev, host, bytes, cudaMemcpyHostToDevice));
  return rc;
}

/* The device buffer verify checks, declared to the runner so that it is
** poisoned before every verified run. */
static inline int kb_device_output(const kbench_host *h, void **dev,
                                   size_t bytes)
{
  int rc = kb_device_alloc(h, dev, bytes);
  return rc == KBENCH_OK ? h->output(h, *dev, bytes, KBENCH_MEM_GLOBAL) : rc;
}

/* verify's first step: the device output into its host copy. */
static inline int kb_fetch(const kbench_host *h, void *host, const void *dev,
                           size_t bytes)
{
  KB_CUDA(h, cudaMemcpy(host, dev, bytes, cudaMemcpyDeviceToHost));
  return KBENCH_OK;
}

/* Blocks of `threads` needed to cover n items, one item per thread. */
static inline unsigned kb_blocks(size_t n, unsigned threads)
{
  return (unsigned)((n + threads - 1) / threads);
}

#endif /* KB_CUDA_H */
