/*
** memcpy_bulk: the copy of memcpy_d2d done by Hopper's bulk copy engine
** (cp.async.bulk), so that the ceiling a transpose is judged against is the
** fastest copy this GPU can do, not only the driver's cudaMemcpy.
**
** What changes against memcpy_d2d (a copy of the driver's): one thread per
** block issues the whole copy, no data passes through registers.  Block b
** owns `stages` contiguous chunks of `chunk` bytes (parameters, 8 x 16
** KiB: 128 KiB, one block per SM at a time):
**   - every load is issued at once (cp.async.bulk global -> shared), each
**     completing on its own mbarrier with the byte count (complete_tx);
**   - each chunk is stored (cp.async.bulk shared -> global, one bulk group)
**     as soon as its load has landed;
**   - the block waits until its stores have *read* shared memory
**     (cp.async.bulk.wait_group.read), then exits, and the next block
**     takes the SM.
** Blocks start in address order as others finish, as reduce_vec4's do: on
** the H100 that streamed 3018 GB/s at 1 GiB against 2929 for a persistent
** ring of stages (bench/tune/hopper.cu, bench/results/2026-11-23-
** hopper2/).  Bulk copies move multiples of 16 bytes from 16-byte aligned
** addresses (cudaMalloc gives 256): the last 0..3 floats are copied by
** threads.
*/
#include "hopper_common.cuh"

#define BULK_MAX_STAGES 16
#define BULK_THREADS 32   /* one warp: lane 0 works, the rest copy the tail */

__global__ void __launch_bounds__(BULK_THREADS)
memcpy_bulk_kernel(float *__restrict__ out, const float *__restrict__ in,
                   size_t n, uint32_t chunk, int stages)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  extern __shared__ __align__(128) unsigned char stage[];
  __shared__ uint64_t full[BULK_MAX_STAGES];
  const size_t bytes = (n * sizeof(float)) & ~(size_t)15;  /* bulk part */

  /* The 0..3 floats past the bulk part. */
  if (blockIdx.x == 0 && threadIdx.x < n - bytes / sizeof(float))
    out[bytes / sizeof(float) + threadIdx.x] =
        in[bytes / sizeof(float) + threadIdx.x];
  if (threadIdx.x != 0)
    return;

  const char *src = (const char *)in;
  char *dst = (char *)out;
  const size_t first = (size_t)blockIdx.x * stages * chunk;
  /* Chunk s of this block: its offset and size (the last may be short). */
  auto size_of = [&](int s) {
    size_t at = first + (size_t)s * chunk;
    return (uint32_t)(bytes - at < chunk ? bytes - at : chunk);
  };
  int used = 0;
  while (used < stages && first + (size_t)used * chunk < bytes)
    used++;

  for (int s = 0; s < used; s++)
    hopper_bar_init(&full[s]);
  hopper_bar_fence_init();
  for (int s = 0; s < used; s++) {
    hopper_bar_expect(&full[s], size_of(s));
    cuda::ptx::cp_async_bulk(cuda::ptx::space_cluster, cuda::ptx::space_global,
                             stage + (size_t)s * chunk,
                             src + first + (size_t)s * chunk, size_of(s),
                             &full[s]);
  }
  for (int s = 0; s < used; s++) {
    hopper_bar_wait(&full[s], 0);
    cuda::ptx::cp_async_bulk(cuda::ptx::space_global, cuda::ptx::space_shared,
                             dst + first + (size_t)s * chunk,
                             stage + (size_t)s * chunk, size_of(s));
    cuda::ptx::cp_async_bulk_commit_group();
  }
  /* Shared memory must outlive the stores that read it. */
  cuda::ptx::cp_async_bulk_wait_group_read(cuda::ptx::n32_t<0>());
#endif
}

/* What setup decides (s->ext). */
typedef struct bulk_plan {
  unsigned blocks;   /* one per `stages` chunks */
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
  size_t bytes = tr_elems(s) * sizeof(float) / 16 * 16;
  size_t blocks = (bytes + p->smem - 1) / p->smem;
  if (blocks > INT32_MAX)
    return h->fail(h, KBENCH_UNSUPPORTED, "%zu blocks exceed the grid",
                   blocks);
  p->blocks = blocks ? (unsigned)blocks : 1;
  return KBENCH_OK;
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
  {"stages", "chunks per block, all in flight at once", "8", 1,
   BULK_MAX_STAGES, 0},
};

static int memcpy_bulk_setup(const kbench_host *h, void **state)
{
  int rc = tr_setup(h, state, TR_COPY);
  return rc == KBENCH_OK ? memcpy_bulk_prepare(h, (tr_state *)*state) : rc;
}

static int memcpy_bulk_run(const kbench_host *h, void *state)
{
  return memcpy_bulk_launch(h, (const tr_state *)state);
}

static const kbench_variant memcpy_bulk_variant = {
  .size = sizeof(kbench_variant),
  .name = "memcpy_bulk",
  .summary = "bulk copy engine (cp.async.bulk): a block per 8 x 16 KiB, all "
             "loads in flight, each stored as it lands (sm_90)",
  .origin = "Hopper bulk asynchronous copies (PTX cp.async.bulk)",
  .backend = KBENCH_BACKEND_CUDA,
  .params = bulk_params,
  .n_params = KBENCH_COUNT(bulk_params),
  .setup = memcpy_bulk_setup,
  .run = memcpy_bulk_run,
  .verify = tr_verify,
  .bytes_moved = tr_bytes,
  .teardown = tr_teardown,
};

KBENCH_PLUGIN(&memcpy_bulk_variant)
