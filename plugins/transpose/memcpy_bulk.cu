/*
** memcpy_bulk: the copy of memcpy_d2d done by Hopper's bulk copy engine
** (cp.async.bulk), so that the ceiling a transpose is judged against is the
** fastest copy this GPU can do, not only the driver's cudaMemcpy.
**
** What changes against memcpy_d2d (a kernel of the driver's, loads and
** stores issued by threads): one thread per block issues the whole copy.
** A persistent block owns every gridDim.x-th chunk of BULK_CHUNK bytes and
** keeps BULK_STAGES of them in flight through a ring of shared-memory
** buffers:
**   - load: cp.async.bulk global -> shared, completing on the stage's
**     mbarrier with the byte count (complete_tx), no register touched;
**   - store: cp.async.bulk shared -> global as soon as the load landed,
**     committed as a bulk group;
**   - a stage is loaded again once its store has finished *reading* shared
**     memory (cp.async.bulk.wait_group.read), not once it is written.
** Bulk copies move multiples of 16 bytes from 16-byte aligned addresses
** (cudaMalloc gives 256): the last 0..3 floats are copied by threads.
*/
#include "hopper_common.cuh"

#define BULK_CHUNK (16 * 1024)   /* bytes per bulk copy */
#define BULK_STAGES 4            /* chunks in flight per block */
#define BULK_THREADS 32          /* one warp: lane 0 works, the rest copy the tail */
#define BULK_SMEM (BULK_STAGES * BULK_CHUNK)

__global__ void __launch_bounds__(BULK_THREADS)
memcpy_bulk_kernel(float *__restrict__ out, const float *__restrict__ in,
                   size_t n)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  extern __shared__ __align__(128) unsigned char stage[];
  __shared__ uint64_t full[BULK_STAGES];
  const size_t bytes = (n * sizeof(float)) & ~(size_t)15;  /* bulk part */
  const size_t chunks = (bytes + BULK_CHUNK - 1) / BULK_CHUNK;

  /* The 0..3 floats past the bulk part. */
  if (blockIdx.x == 0 && threadIdx.x < n - bytes / sizeof(float))
    out[bytes / sizeof(float) + threadIdx.x] =
        in[bytes / sizeof(float) + threadIdx.x];
  if (threadIdx.x != 0)
    return;

  for (int s = 0; s < BULK_STAGES; s++)
    hopper_bar_init(&full[s]);
  hopper_bar_fence_init();

  const char *src = (const char *)in;
  char *dst = (char *)out;
  /* Chunk of the block's k-th turn, its size, and its stage. */
  auto chunk_of = [&](size_t k) { return blockIdx.x + k * gridDim.x; };
  auto size_of = [&](size_t c) {
    return (uint32_t)(bytes - c * BULK_CHUNK < BULK_CHUNK
                          ? bytes - c * BULK_CHUNK : BULK_CHUNK);
  };
  auto load = [&](size_t k) {
    size_t c = chunk_of(k);
    int s = (int)(k % BULK_STAGES);
    hopper_bar_expect(&full[s], size_of(c));
    cuda::ptx::cp_async_bulk(cuda::ptx::space_cluster, cuda::ptx::space_global,
                             stage + s * BULK_CHUNK, src + c * BULK_CHUNK,
                             size_of(c), &full[s]);
  };

  const size_t turns =
      chunks > blockIdx.x ? (chunks - blockIdx.x + gridDim.x - 1) / gridDim.x
                          : 0;
  for (size_t k = 0; k < turns && k < BULK_STAGES; k++)
    load(k);
  for (size_t k = 0; k < turns; k++) {
    int s = (int)(k % BULK_STAGES);
    hopper_bar_wait(&full[s], (uint32_t)((k / BULK_STAGES) & 1));
    size_t c = chunk_of(k);
    cuda::ptx::cp_async_bulk(cuda::ptx::space_global, cuda::ptx::space_shared,
                             dst + c * BULK_CHUNK, stage + s * BULK_CHUNK,
                             size_of(c));
    cuda::ptx::cp_async_bulk_commit_group();
    /* The previous turn's stage is free once its store has read it: keep
    ** this turn's store in flight, refill the previous turn's stage. */
    if (k >= 1 && k - 1 + BULK_STAGES < turns) {
      cuda::ptx::cp_async_bulk_wait_group_read(cuda::ptx::n32_t<1>());
      load(k - 1 + BULK_STAGES);
    }
  }
  /* Shared memory must outlive the stores that read it. */
  cuda::ptx::cp_async_bulk_wait_group(cuda::ptx::n32_t<0>());
#endif
}

/* Setup: the device and binary checks, the dynamic shared memory, and the
** grid (s->ext): every resident block, or one per chunk when fewer. */
static int memcpy_bulk_prepare(const kbench_host *h, tr_state *s)
{
  int rc = hopper_require(h, (const void *)memcpy_bulk_kernel);
  if (rc != KBENCH_OK)
    return rc;
  KBENCH_CUDA(h, cudaFuncSetAttribute(
                     memcpy_bulk_kernel,
                     cudaFuncAttributeMaxDynamicSharedMemorySize, BULK_SMEM));
  unsigned *blocks = (unsigned *)malloc(sizeof *blocks);
  if (!blocks)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  s->ext = blocks;
  rc = hopper_resident(h, (const void *)memcpy_bulk_kernel, BULK_THREADS,
                       BULK_SMEM, blocks);
  size_t chunks =
      (tr_elems(s) * sizeof(float) / 16 * 16 + BULK_CHUNK - 1) / BULK_CHUNK;
  if (chunks < *blocks)
    *blocks = chunks ? (unsigned)chunks : 1;
  return rc;
}

static int memcpy_bulk_launch(const kbench_host *h, const tr_state *s)
{
  memcpy_bulk_kernel<<<*(const unsigned *)s->ext, BULK_THREADS, BULK_SMEM,
                       kbench_stream(h)>>>(s->out, s->in, tr_elems(s));
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

TR_VARIANT_PREPARED(memcpy_bulk, TR_COPY,
                    "bulk copy engine (cp.async.bulk): 16 KiB chunks, 4 "
                    "stages per block, one issuing thread (sm_90)",
                    "Hopper bulk asynchronous copies (PTX cp.async.bulk)",
                    memcpy_bulk_prepare, memcpy_bulk_launch)
