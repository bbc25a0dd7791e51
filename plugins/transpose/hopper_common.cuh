/*
** Hopper glue of the transpose family (memcpy_bulk, transpose_tma): the
** sm_90 check, the driver's tensor-map encoder reached through the runtime,
** and the few mbarrier and bulk-copy steps, written with libcu++'s
** cuda::ptx wrappers (one PTX instruction each).
**
** kbench never links -lcuda (CI has no driver), so cuTensorMapEncodeTiled,
** a driver API, is looked up with cudaGetDriverEntryPointByVersion;
** <cudaTypedefs.h> gives only its type.
**
** The device code needs sm_90 machine code: its bodies are compiled under
** `#if __CUDA_ARCH__ >= 900`, and hopper_require (the kit's
** kbench_require_sm) skips a case on an older GPU or a build without that
** target.
*/
#ifndef TRANSPOSE_HOPPER_COMMON_CUH
#define TRANSPOSE_HOPPER_COMMON_CUH

#include <cuda.h>            /* CUtensorMap and its enums: types only */
#include <cudaTypedefs.h>    /* PFN_cuTensorMapEncodeTiled */
#include <cuda/ptx>

#include "transpose_common.cuh"

/* The sm_90 check, with what these variants use. */
static inline int hopper_require(const kbench_host *h, const void *kernel)
{
  return kbench_require_sm(h, kernel, 9, "Hopper: bulk copies, mbarrier");
}

/* The driver's cuTensorMapEncodeTiled, through the runtime. */
static inline int hopper_encoder(const kbench_host *h,
                                 PFN_cuTensorMapEncodeTiled_v12000 *fn)
{
  void *p = NULL;
  cudaDriverEntryPointQueryResult q;
  KBENCH_CUDA(h, cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled",
                                                  &p, 12000,
                                                  cudaEnableDefault, &q));
  if (q != cudaDriverEntryPointSuccess || p == NULL)
    return h->fail(h, KBENCH_UNSUPPORTED,
                   "the driver has no cuTensorMapEncodeTiled (query %d)",
                   (int)q);
  *fn = (PFN_cuTensorMapEncodeTiled_v12000)p;
  return KBENCH_OK;
}

/*
** A 2D float tensor map: a `height` x `width` row-major matrix (width
** contiguous), boxes of box_w x box_h, 128-byte swizzle (box_w * 4 must be
** at most 128).  The row pitch must be a multiple of 16 bytes (width % 4
** == 0): the caller checks.  Elements outside the matrix read as zero and
** are not written.
*/
static inline int hopper_map_2d(const kbench_host *h, CUtensorMap *map,
                                const float *base, int width, int height,
                                unsigned box_w, unsigned box_h)
{
  PFN_cuTensorMapEncodeTiled_v12000 encode = NULL;
  int rc = hopper_encoder(h, &encode);
  if (rc != KBENCH_OK)
    return rc;
  cuuint64_t dim[2] = {(cuuint64_t)width, (cuuint64_t)height};
  cuuint64_t pitch[1] = {(cuuint64_t)width * sizeof(float)};
  cuuint32_t box[2] = {box_w, box_h};
  cuuint32_t step[2] = {1, 1};
  CUresult r = encode(map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, (void *)base,
                      dim, pitch, box, step, CU_TENSOR_MAP_INTERLEAVE_NONE,
                      CU_TENSOR_MAP_SWIZZLE_128B,
                      CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                      CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS)
    return h->fail(h, KBENCH_ERROR, "cuTensorMapEncodeTiled(%d x %d, box "
                   "%u x %u): CUresult %d", width, height, box_w, box_h,
                   (int)r);
  return KBENCH_OK;
}

/* Blocks of `kernel` resident on the whole device at once (at least 1). */
static inline int hopper_resident(const kbench_host *h, const void *kernel,
                                  int threads, size_t smem, unsigned *blocks)
{
  int per_sm = 0;
  KBENCH_CUDA(h, cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                     &per_sm, kernel, threads, smem));
  int sms = h->device(h)->sm_count;
  *blocks = (unsigned)((per_sm > 0 ? per_sm : 1) * (sms > 0 ? sms : 1));
  return KBENCH_OK;
}

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
/* Device steps, each one instruction.  The mbarriers live in shared memory
** and count one arrival (the issuing thread's) plus the bytes in flight. */
__device__ __forceinline__ void hopper_bar_init(uint64_t *bar)
{
  cuda::ptx::mbarrier_init(bar, 1);
}

/* After the barriers are initialised, before the copy engine uses them. */
__device__ __forceinline__ void hopper_bar_fence_init(void)
{
  cuda::ptx::fence_mbarrier_init(cuda::ptx::sem_release,
                                 cuda::ptx::scope_cluster);
}

/* Arrive on bar, announcing `bytes` that the copy engine will deliver. */
__device__ __forceinline__ void hopper_bar_expect(uint64_t *bar,
                                                  uint32_t bytes)
{
  (void)cuda::ptx::mbarrier_arrive_expect_tx(
      cuda::ptx::sem_release, cuda::ptx::scope_cta, cuda::ptx::space_shared,
      bar, bytes);
}

/* Wait until the phase of parity `parity` of bar has completed. */
__device__ __forceinline__ void hopper_bar_wait(uint64_t *bar,
                                                uint32_t parity)
{
  while (!cuda::ptx::mbarrier_try_wait_parity(bar, parity))
    ;
}
#endif

#endif /* TRANSPOSE_HOPPER_COMMON_CUH */
