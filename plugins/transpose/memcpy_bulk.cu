/*
** memcpy_bulk: the copy of memcpy_d2d done by Hopper's bulk copy engine
** (cp.async.bulk), so that the ceiling a transpose is judged against is the
** fastest copy this GPU can do, not only the driver's cudaMemcpy.
**
** What changes against memcpy_d2d (a kernel of the driver's, loads and
** stores issued by threads): one thread per block issues the whole copy.
** A persistent block owns every gridDim.x-th chunk of `chunk` bytes
** (parameter, 16 KiB) and keeps `stages` of them (parameter, 4) in flight
** through a ring of shared-memory buffers:
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

#define BULK_MAX_STAGES 8
#define BULK_THREADS 32   /* one warp: lane 0 works, the rest copy the tail */

__global__ void __launch_bounds__(BULK_THREADS)
memcpy_bulk_kernel(float *__restrict__ out, const float *__restrict__ in,
                   size_t n, uint32_t chunk, int stages)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  extern __shared__ __align__(128) unsigned char stage[];
  __shared__ uint64_t full[BULK_MAX_STAGES];
  const size_t bytes = (n * sizeof(float)) & ~(size_t)15;  /* bulk part */
  const size_t chunks = (bytes + chunk - 1) / chunk;

  /* The 0..3 floats past the bulk part. */
  if (blockIdx.x == 0 && threadIdx.x < n - bytes / sizeof(float))
    out[bytes / sizeof(float) + threadIdx.x] =
        in[bytes / sizeof(float) + threadIdx.x];
  if (threadIdx.x != 0)
    return;

  for (int s = 0; s < stages; s++)
    hopper_bar_init(&full[s]);
  hopper_bar_fence_init();

  const char *src = (const char *)in;
  char *dst = (char *)out;
  /* Chunk of the block's k-th turn, its size, and its stage. */
  auto chunk_of = [&](size_t k) { return blockIdx.x + k * gridDim.x; };
  auto size_of = [&](size_t c) {
    return (uint32_t)(bytes - c * chunk < chunk
                          ? bytes - c * chunk : chunk);
  };
  auto load = [&](size_t k) {
    size_t c = chunk_of(k);
    int s = (int)(k % stages);
    hopper_bar_expect(&full[s], size_of(c));
    cuda::ptx::cp_async_bulk(cuda::ptx::space_cluster, cuda::ptx::space_global,
                             stage + s * chunk, src + c * chunk,
                             size_of(c), &full[s]);
  };

  const size_t turns =
      chunks > blockIdx.x ? (chunks - blockIdx.x + gridDim.x - 1) / gridDim.x
                          : 0;
  for (size_t k = 0; k < turns && k < stages; k++)
    load(k);
  for (size_t k = 0; k < turns; k++) {
    int s = (int)(k % stages);
    hopper_bar_wait(&full[s], (uint32_t)((k / stages) & 1));
    size_t c = chunk_of(k);
    cuda::ptx::cp_async_bulk(cuda::ptx::space_global, cuda::ptx::space_shared,
                             dst + c * chunk, stage + s * chunk,
                             size_of(c));
    cuda::ptx::cp_async_bulk_commit_group();
    /* The previous turn's stage is free once its store has read it: keep
    ** this turn's store in flight, refill the previous turn's stage. */
    if (k >= 1 && k - 1 + stages < turns) {
      cuda::ptx::cp_async_bulk_wait_group_read(cuda::ptx::n32_t<1>());
      load(k - 1 + stages);
    }
  }
  /* Shared memory must outlive the stores that read it. */
  cuda::ptx::cp_async_bulk_wait_group(cuda::ptx::n32_t<0>());
#endif
}

/* What setup decides (s->ext). */
typedef struct bulk_plan {
  unsigned blocks;   /* every resident block, or one per chunk when fewer */
  uint32_t chunk;    /* bytes */
  int stages;
  size_t smem;
} bulk_plan;

/* Setup: the device and binary checks, the dynamic shared memory, the
** grid. */
static int memcpy_bulk_prepare(const kbench_host *h, tr_state *s)
{
  int rc = hopper_require(h, (const void *)memcpy_bulk_kernel);
  if (rc != KBENCH_OK)
    return rc;
  bulk_plan *p = (bulk_plan *)calloc(1, sizeof *p);
  if (!p)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  s->ext = p;
  p->chunk = (uint32_t)h->param(h, "chunk") * 1024;
  p->stages = (int)h->param(h, "stages");
  p->smem = (size_t)p->chunk * p->stages;
  if (p->smem > (size_t)h->device(h)->smem_per_block_optin)
    return h->fail(h, KBENCH_UNSUPPORTED, "stages x chunk = %zu bytes of "
                   "shared memory, the device allows %d", p->smem,
                   h->device(h)->smem_per_block_optin);
  KBENCH_CUDA(h, cudaFuncSetAttribute(
                     memcpy_bulk_kernel,
                     cudaFuncAttributeMaxDynamicSharedMemorySize,
                     (int)p->smem));
  rc = hopper_resident(h, (const void *)memcpy_bulk_kernel, BULK_THREADS,
                       p->smem, &p->blocks);
  size_t chunks =
      (tr_elems(s) * sizeof(float) / 16 * 16 + p->chunk - 1) / p->chunk;
  if (chunks < p->blocks)
    p->blocks = chunks ? (unsigned)chunks : 1;
  return rc;
}

static int memcpy_bulk_launch(const kbench_host *h, const tr_state *s)
{
  const bulk_plan *p = (const bulk_plan *)s->ext;
  memcpy_bulk_kernel<<<p->blocks, BULK_THREADS, p->smem, kbench_stream(h)>>>(
      s->out, s->in, tr_elems(s), p->chunk, p->stages);
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

static const kbench_param bulk_params[] = {
  TR_PARAM_ROWS,
  TR_PARAM_COLS,
  {"chunk", "KiB per bulk copy", "16", 1, 64, KBENCH_PARAM_POW2},
  {"stages", "chunks in flight per block", "4", 2, BULK_MAX_STAGES, 0},
};

TR_VARIANT_PREPARED(memcpy_bulk, TR_COPY,
                    "bulk copy engine (cp.async.bulk): chunks staged in "
                    "shared memory, one issuing thread per block (sm_90)",
                    "Hopper bulk asynchronous copies (PTX cp.async.bulk)",
                    bulk_params, memcpy_bulk_prepare, memcpy_bulk_launch)
