/*
** Shared-memory family: what every variant shares.
**
** Two kinds of case live here.
**
** 1. Block reversal (smem_static, smem_dynamic).  Each block loads its tile
**    of int32 into shared memory and writes it back reversed within the
**    block: out[base + t] = in[base + len - 1 - t], where len is blockDim.x
**    or what is left of n in the last block.  Thread t reads the word that
**    thread len-1-t wrote, so the data really goes through shared memory.
**    The two variants differ only in how the shared array is declared.
**    Global bytes: n * 4 read + n * 4 written.
**
** 2. Shared read sweep (smem_bank, smem_broadcast).  Each block copies a
**    tile of SWEEP_TILE random ints from global into shared memory once,
**    then every thread reads reps * SWEEP_UNROLL shared words and sums them
**    (mod 2^32) into one output int.  In iteration it, a thread whose lane
**    starts at word `first` reads the words
**        w = (first + warp + it) % SWEEP_WINDOW + 32 * k,  k < SWEEP_UNROLL.
**    Adding multiples of 32 words keeps the bank, so all SWEEP_UNROLL loads
**    of an iteration have the bank pattern chosen by `first`, and the
**    address moves with `it`, so no load can be hoisted out of the loop.
**    The launch fills the GPU (2048 threads per SM).  Bytes are counted in
**    SHARED memory: 4 per shared load (read) and 4 per tile word stored
**    (written); the global traffic (one tile per block, one int per thread)
**    is negligible for reps >= 64 and is not counted.
*/
#ifndef SMEM_COMMON_CUH
#define SMEM_COMMON_CUH

#include <stdlib.h>

#include <kbench/kit.h>

/* ----------------------------------------------------------------------- */
/* 1. Block reversal                                                        */

typedef struct smem_reverse {
  int *in, *out;      /* device */
  int *want;          /* reference output, host (the runner's memory) */
  int *got;           /* verify's copy of the output, host (likewise);
                         setup stages the input in it */
  size_t n;
  unsigned threads;
} smem_reverse;

typedef void (*smem_reverse_launch)(const smem_reverse *s, unsigned blocks,
                                    cudaStream_t stream);

/* The whole computation; `tile` is the block's shared array of blockDim.x
** ints, however it was declared.  Every thread reaches the barrier. */
__device__ __forceinline__ void smem_reverse_block(const int *in, int *out,
                                                   size_t n, int *tile)
{
  size_t base = (size_t)blockIdx.x * blockDim.x;
  size_t left = n - base;                      /* > 0: grid covers n */
  unsigned len = left < blockDim.x ? (unsigned)left : blockDim.x;
  unsigned t = threadIdx.x;
  if (t < len)
    tile[t] = in[base + t];
  __syncthreads();
  if (t < len)
    out[base + t] = tile[len - 1 - t];
}

static const kbench_param smem_reverse_params[] = {
  {"n", "number of int32 elements", "64M", 1, (int64_t)1 << 31, 0},
  {"threads", "threads per block (= ints per shared tile)", "256", 32, 1024,
   KBENCH_PARAM_POW2},
};

/* Reference of the blocks [begin, end), from the input that setup staged
** in got: walk each block from the back, a different order from the
** kernel's. */
static inline int smem_reverse_reference(void *ctx, size_t begin,
                                         size_t end, unsigned worker)
{
  const smem_reverse *s = (const smem_reverse *)ctx;
  const int *in = s->got;
  (void)worker;
  for (size_t b = begin; b < end; b++) {
    size_t lo = b * s->threads;
    size_t hi = lo + s->threads < s->n ? lo + s->threads : s->n;
    for (size_t src = lo, dst = hi; src < hi; src++)
      s->want[--dst] = in[src];
  }
  return KBENCH_OK;
}

static inline int smem_reverse_setup(const kbench_host *h, void **state)
{
  smem_reverse *s = (smem_reverse *)calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  *state = s;
  s->n = (size_t)h->param(h, "n");
  s->threads = (unsigned)h->param(h, "threads");
  /* The kit's staging: the input in got, the reference in want, then both
  ** device buffers. */
  size_t bytes = s->n * sizeof(int);
  int rc = kbench_stage_host(h, bytes, (void **)&s->got, (void **)&s->want);
  if (rc != KBENCH_OK)
    return rc;
  kbench_fill_int(h, s->got, s->n, -1000000, 1000000);
  /* Blocks are independent: chunks of about 1 Mi elements. */
  size_t per_chunk = ((size_t)1 << 20) / s->threads;
  rc = kbench_parallel(h, kbench_blocks(s->n, s->threads), per_chunk,
                       smem_reverse_reference, s);
  return rc == KBENCH_OK ? kbench_stage_device(h, bytes, s->got,
                                               (void **)&s->in,
                                               (void **)&s->out)
                         : rc;
}

static inline int smem_reverse_run(const kbench_host *h, void *state,
                                   smem_reverse_launch launch)
{
  smem_reverse *s = (smem_reverse *)state;
  launch(s, kbench_blocks(s->n, s->threads), kbench_stream(h));
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

static inline int smem_reverse_verify(const kbench_host *h, void *state)
{
  smem_reverse *s = (smem_reverse *)state;
  int rc = kbench_fetch(h, s->got, s->out, s->n * sizeof(int));
  return rc == KBENCH_OK ? kbench_check_int(h, "out", s->got, s->want, s->n)
                         : rc;
}

static inline void smem_reverse_bytes(const kbench_host *h, void *state,
                                      kbench_bytes *b)
{
  smem_reverse *s = (smem_reverse *)state;
  (void)h;
  b->read = s->n * sizeof(int);
  b->written = s->n * sizeof(int);
  b->memory = KBENCH_MEM_GLOBAL;
}

static inline void smem_reverse_teardown(const kbench_host *h, void *state)
{
  smem_reverse *s = (smem_reverse *)state;
  (void)h;
  cudaFree(s->in);
  cudaFree(s->out);
  free(s);  /* want and got are the runner's */
}

/* ----------------------------------------------------------------------- */
/* 2. Shared read sweep                                                     */

#define SWEEP_WINDOW 1024   /* starting words, a power of two, multiple of 32 */
#define SWEEP_UNROLL 32     /* loads per iteration, 32 words (one bank row) apart */
#define SWEEP_TILE (SWEEP_WINDOW + 32 * SWEEP_UNROLL)  /* 2048 ints, 8 KiB */
#define SWEEP_THREADS_PER_SM 2048

typedef struct smem_sweep {
  int *in, *out;      /* device: blocks * SWEEP_TILE in, blocks * threads out */
  int *want;          /* reference output, host (the runner's memory) */
  int *got;           /* verify's copy of the output, host (likewise) */
  unsigned stride;    /* lane l starts at word l * stride; 0: broadcast */
  unsigned threads, blocks;
  int reps;
} smem_sweep;

typedef void (*smem_sweep_launch)(const smem_sweep *s, cudaStream_t stream);

/* Load the block's tile, then read reps * SWEEP_UNROLL words starting at
** word `first` (plus the warp number) and store their sum.  Indices stay
** below SWEEP_WINDOW - 1 + 32 * (SWEEP_UNROLL - 1) < SWEEP_TILE.  For a
** warp, the words (first + c) % SWEEP_WINDOW are distinct as long as the
** lanes' `first` values are distinct and span less than SWEEP_WINDOW. */
__device__ __forceinline__ void smem_sweep_block(const int *in, int *out,
                                                 unsigned first, int reps)
{
  __shared__ int tile[SWEEP_TILE];
  const int *src = in + (size_t)blockIdx.x * SWEEP_TILE;
  for (unsigned j = threadIdx.x; j < SWEEP_TILE; j += blockDim.x)
    tile[j] = src[j];
  __syncthreads();

  unsigned start = first + threadIdx.x / 32;
  unsigned acc = 0;  /* unsigned: wrap-around is defined */
  for (int it = 0; it < reps; it++) {
    const int *row = tile + ((start + (unsigned)it) & (SWEEP_WINDOW - 1));
#pragma unroll
    for (int k = 0; k < SWEEP_UNROLL; k++)
      acc += (unsigned)row[32 * k];
  }
  out[(size_t)blockIdx.x * blockDim.x + threadIdx.x] = (int)acc;
}

/* What setup hands each chunk of the sweep's reference. */
typedef struct smem_sweep_job {
  const smem_sweep *s;
  const int *in;
} smem_sweep_job;

/*
** Reference of the blocks [begin, end) without replaying the loads: for
** each block, column sums col[j] = sum_k tile[j + 32k], their prefix sums,
** and then each thread's sum over reps consecutive (cyclic) columns in
** O(1).  All mod 2^32, and each block on its own, so the result does not
** depend on the chunks.
*/
static inline int smem_sweep_reference(void *ctx, size_t begin,
                                       size_t end, unsigned worker)
{
  const smem_sweep_job *job = (const smem_sweep_job *)ctx;
  const smem_sweep *s = job->s;
  uint32_t col[SWEEP_WINDOW], pre[SWEEP_WINDOW + 1];
  uint32_t laps = (uint32_t)(s->reps / SWEEP_WINDOW);
  unsigned rest = (unsigned)(s->reps % SWEEP_WINDOW);
  (void)worker;
  for (size_t b = begin; b < end; b++) {
    const int *tile = job->in + b * SWEEP_TILE;
    pre[0] = 0;
    for (unsigned j = 0; j < SWEEP_WINDOW; j++) {
      col[j] = 0;
      for (unsigned k = 0; k < SWEEP_UNROLL; k++)
        col[j] += (uint32_t)tile[j + 32 * k];
      pre[j + 1] = pre[j] + col[j];
    }
    for (unsigned t = 0; t < s->threads; t++) {
      unsigned s0 = ((t % 32) * s->stride + t / 32) % SWEEP_WINDOW;
      uint32_t sum = laps * pre[SWEEP_WINDOW];
      if (s0 + rest <= SWEEP_WINDOW)
        sum += pre[s0 + rest] - pre[s0];
      else
        sum += pre[SWEEP_WINDOW] - pre[s0] + pre[s0 + rest - SWEEP_WINDOW];
      s->want[b * s->threads + t] = (int)sum;
    }
  }
  return KBENCH_OK;
}

/* The parameters every sweep variant declares, after its own. */
#define SMEM_SWEEP_PARAMS                                                   \
  {"reps", "loop iterations; each thread reads 32 shared words per "        \
   "iteration", "256", 1, 1 << 16, 0},                                      \
  {"threads", "threads per block", "256", 32, 1024, KBENCH_PARAM_POW2}

static inline int smem_sweep_setup(const kbench_host *h, void **state,
                                   unsigned stride)
{
  smem_sweep *s = (smem_sweep *)calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  *state = s;
  const kbench_device *dev = h->device(h);
  s->stride = stride;
  s->reps = (int)h->param(h, "reps");
  s->threads = (unsigned)h->param(h, "threads");
  s->blocks = (dev->sm_count > 0 ? (unsigned)dev->sm_count : 1) *
              (SWEEP_THREADS_PER_SM / s->threads);
  size_t in_n = (size_t)s->blocks * SWEEP_TILE;
  size_t out_n = (size_t)s->blocks * s->threads;
  /* Host buffers from the runner: page-locked, and freed by the runner,
  ** not teardown. */
  int *host;
  if (kbench_host_buffer(h, (void **)&host, in_n * sizeof(int))
      || kbench_host_buffer(h, (void **)&s->want, out_n * sizeof(int))
      || kbench_host_buffer(h, (void **)&s->got, out_n * sizeof(int)))
    return KBENCH_ERROR;
  kbench_fill_int(h, host, in_n, -1000000, 1000000);
  smem_sweep_job job = {s, host};
  int rc = kbench_parallel(h, s->blocks, 0, smem_sweep_reference, &job);
  if (rc != KBENCH_OK)
    return rc;
  rc = kbench_device_upload(h, (void **)&s->in, host, in_n * sizeof(int));
  return rc == KBENCH_OK
             ? kbench_device_output(h, (void **)&s->out, out_n * sizeof(int))
             : rc;
}

static inline int smem_sweep_run(const kbench_host *h, void *state,
                                 smem_sweep_launch launch)
{
  launch((const smem_sweep *)state, kbench_stream(h));
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

static inline int smem_sweep_verify(const kbench_host *h, void *state)
{
  smem_sweep *s = (smem_sweep *)state;
  size_t n = (size_t)s->blocks * s->threads;
  int rc = kbench_fetch(h, s->got, s->out, n * sizeof(int));
  return rc == KBENCH_OK ? kbench_check_int(h, "sum", s->got, s->want, n)
                         : rc;
}

static inline void smem_sweep_bytes(const kbench_host *h, void *state,
                                    kbench_bytes *b)
{
  smem_sweep *s = (smem_sweep *)state;
  (void)h;
  uint64_t threads = (uint64_t)s->blocks * s->threads;
  b->read = threads * (uint64_t)s->reps * SWEEP_UNROLL * sizeof(int);
  b->written = (uint64_t)s->blocks * SWEEP_TILE * sizeof(int);
  b->memory = KBENCH_MEM_SHARED;
}

static inline void smem_sweep_teardown(const kbench_host *h, void *state)
{
  smem_sweep *s = (smem_sweep *)state;
  (void)h;
  cudaFree(s->in);
  cudaFree(s->out);
  free(s);  /* want and got are the runner's */
}

#endif /* SMEM_COMMON_CUH */
