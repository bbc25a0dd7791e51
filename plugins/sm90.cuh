/*
** The sm_90 check of the Hopper variants (transpose_tma, memcpy_bulk,
** reduce_cluster), shared by the families that have one.
**
** Their device code needs sm_90 machine code: the kernels' bodies are
** compiled under `#if __CUDA_ARCH__ >= 900` (so that a build for older
** targets still compiles), and sm90_require checks both the device and the
** kernel's binary before a case runs, so that a GPU before sm_90, or a
** build without an sm_90 target, is a skip with its reason, not an empty
** kernel.
*/
#ifndef PLUGINS_SM90_CUH
#define PLUGINS_SM90_CUH

#include <kbench/kit.h>

/* KBENCH_OK when the device is sm_90 or newer and `kernel` was built with
** sm_90 code; otherwise KBENCH_UNSUPPORTED with the reason.  `needs` says
** what the variant uses ("thread-block clusters"). */
static inline int sm90_require(const kbench_host *h, const void *kernel,
                               const char *needs)
{
  const kbench_device *d = h->device(h);
  if (d->cc_major < 9)
    return h->fail(h, KBENCH_UNSUPPORTED, "needs sm_90 (%s), device is "
                   "sm_%d%d", needs, d->cc_major, d->cc_minor);
  cudaFuncAttributes a;
  KBENCH_CUDA(h, cudaFuncGetAttributes(&a, kernel));
  if (a.ptxVersion < 90 && a.binaryVersion < 90)
    return h->fail(h, KBENCH_UNSUPPORTED,
                   "built without an sm_90 target (binary sm_%d): "
                   "configure --with-cuda-arch=90", a.binaryVersion);
  return KBENCH_OK;
}

#endif /* PLUGINS_SM90_CUH */
