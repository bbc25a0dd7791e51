/*
** reduce_common.cuh: what every variant of the reduction family shares, so
** that a variant file holds only its kernel, a plan (block size, grid, tile)
** and a launch.
**
** Host side: the state, setup (random inputs, CPU reference), verify,
** bytes_moved, work and teardown, which each variant's vtable points at
** (at the end of its file, after its plan and run).
** Device side: the small building blocks several variants use (the
** sequential-addressing tree, warp and block shuffle sums, the completely
** unrolled tree, the 16-byte-load kernel of reduce_vec4 and reduce_vec4_float).
**
** Output layouts.  A variant either
**   - writes one partial sum per block (n_out = blocks): block b owns the
**     tiles b, b + blocks, b + 2*blocks, ... of `tile` consecutive elements
**     (one tile per block for every variant but reduce_multi, whose blocks
**     stride over the input), and verify checks EVERY partial against a CPU
**     per-block sum: stricter than the total; or
**   - finishes the job (n_out = 1) and verify checks the total.
** Integer sums wrap modulo 2^32 like the hardware's 32-bit adds; the
** reference sums in 64 bits and wraps once at the end (a partial's tiles
** add modulo 2^32, which is the same).
*/
#ifndef REDUCE_COMMON_CUH
#define REDUCE_COMMON_CUH

#include <stdint.h>
#include <stdlib.h>

#include <kbench/kit.h>

/* ------------------------------------------------------------------ */
/* Parameters                                                          */

#define REDUCE_MAX_N ((int64_t)1 << 31)

#define REDUCE_PARAM_N \
  {"n", "number of elements to sum", "64M", 1, REDUCE_MAX_N, 0}
#define REDUCE_PARAM_THREADS(dflt) \
  {"threads", "threads per block", dflt, 32, 1024, KBENCH_PARAM_POW2}
#define REDUCE_PARAM_OFFSET \
  {"offset", "elements the input starts past a 256-byte boundary " \
   "(misaligns 16-byte loads)", "0", 0, 3, 0}

/* ------------------------------------------------------------------ */
/* State                                                               */

enum reduce_type { REDUCE_INT = 0, REDUCE_FLOAT = 1 };

typedef struct reduce_state {
  /* Set by the variant's plan. */
  int type;             /* enum reduce_type */
  unsigned threads;     /* block size */
  unsigned blocks;      /* grid size */
  size_t tile;          /* consecutive elements a block owns per pass */
  size_t n_out;         /* blocks (partial sums) or 1 (total) */
  size_t offset;        /* input starts this many elements past alignment */
  size_t scratch_bytes; /* private device buffer (global scratch, CUB temp) */
  size_t fp_depth;      /* float: most additions any input goes through */
  unsigned cluster;     /* thread-block cluster size (reduce_cluster), or 0 */
  unsigned unroll;      /* 16-byte loads per thread per tile (reduce_packed) */

  /* Set by the common setup. */
  size_t n;
  void *base;           /* cudaMalloc'ed input, n + offset elements */
  void *in;             /* base + offset elements: read only, never written */
  void *out;            /* n_out elements, declared as the output */
  void *scratch;        /* scratch_bytes, or NULL */
  int *expected;        /* int: n_out reference values (host buffer) */
  int *got;             /* int: verify's copy of out (host buffer) */
  float expected_f;     /* float: the double reference rounded to float */
  double atol_f;        /* float: absolute tolerance (see reduce_vec4_float) */
} reduce_state;

/* A plan reads the variant's parameters and device facts and fills the
** first block of reduce_state; it fails through h->fail. */
typedef int (*reduce_plan_fn)(const kbench_host *h, reduce_state *s);

/* Plan helper: one tile of `tile` elements per block, one partial each. */
static inline int reduce_plan_partials(const kbench_host *h, reduce_state *s,
                                       unsigned threads, size_t tile)
{
  size_t blocks = (s->n + tile - 1) / tile;
  if (blocks > INT32_MAX)
    return h->fail(h, KBENCH_ERROR, "%zu blocks exceed the grid limit",
                   blocks);
  s->threads = threads;
  s->tile = tile;
  s->blocks = (unsigned)blocks;
  s->n_out = blocks;
  return KBENCH_OK;
}

/* Plan helper for a variant with a `threads` parameter whose blocks each
** own `per_thread` elements per thread (one tile per block). */
static inline int reduce_plan_threads(const kbench_host *h, reduce_state *s,
                                      unsigned per_thread)
{
  unsigned threads = (unsigned)h->param(h, "threads");
  return reduce_plan_partials(h, s, threads, (size_t)per_thread * threads);
}

/* Blocks for a persistent (grid-stride) kernel: as many as fit on the
** device at once, but no more than there are tiles of `tile` elements. */
template <typename K>
static int reduce_persistent_blocks(const kbench_host *h, K kernel,
                                    unsigned threads, size_t smem,
                                    size_t n, size_t tile, unsigned *blocks)
{
  int per_sm = 0;
  KBENCH_CUDA(h, cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                     &per_sm, kernel, (int)threads, smem));
  size_t resident = (size_t)(per_sm > 0 ? per_sm : 1) *
                    (size_t)(h->device(h)->sm_count > 0
                                 ? h->device(h)->sm_count : 1);
  size_t needed = (n + tile - 1) / tile;
  *blocks = (unsigned)(needed < resident ? (needed ? needed : 1) : resident);
  return KBENCH_OK;
}

/* run() of a partial-sum variant: kernel(in, partial, n) on the plan's
** grid with smem_per_thread * threads bytes of dynamic shared memory. */
template <typename K>
static int reduce_launch(const kbench_host *h, void *state, K kernel,
                         size_t smem_per_thread)
{
  reduce_state *s = (reduce_state *)state;
  kernel<<<s->blocks, s->threads, smem_per_thread * s->threads,
           kbench_stream(h)>>>((const int *)s->in, (int *)s->out, s->n);
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

/* ------------------------------------------------------------------ */
/* Setup: inputs and the CPU reference                                 */

/* Chunks of the CPU reference, on the runner's threads: 1 Mi elements
** (4 MiB), a fixed size so that the float reference's partial sums,
** combined in chunk order, are the same whatever --jobs is. */
#define REDUCE_REF_GRAIN ((size_t)1 << 20)

/* What the reference's chunks read and write. */
typedef struct reduce_ref {
  const reduce_state *s;
  const void *x;          /* the n input elements */
  int *expected;          /* int, partials: one value per block */
  int64_t *total;         /* int, one total: a partial per chunk */
  double *sum, *abs_sum;  /* float: partials per chunk */
} reduce_ref;

/* Blocks [begin, end): block b's partial is the sum of its tiles b,
** b + blocks, b + 2 * blocks, ... (the mapping of the header comment).
** The chunk goes over the grid pass after pass, so that it reads its
** blocks' tiles of each pass as one run.  Each block is the chunk's alone:
** no race, and the same result whatever the chunks. */
static int reduce_ref_blocks(void *ctx, size_t begin, size_t end,
                             unsigned worker)
{
  const reduce_ref *r = (const reduce_ref *)ctx;
  const reduce_state *s = r->s;
  const int *x = (const int *)r->x;
  size_t pass = (size_t)s->blocks * s->tile;  /* elements the grid covers */
  (void)worker;
  for (size_t b = begin; b < end; b++)
    r->expected[b] = 0;
  for (size_t base = 0; base < s->n; base += pass)
    for (size_t b = begin; b < end && base + b * s->tile < s->n; b++) {
      size_t start = base + b * s->tile;
      size_t stop = s->n - start < s->tile ? s->n : start + s->tile;
      int64_t sum = 0;
      for (size_t i = start; i < stop; i++)
        sum += x[i];
      /* Tiles add modulo 2^32: the same as their 64-bit sum wrapped once. */
      r->expected[b] = (int)((uint32_t)r->expected[b] + (uint32_t)sum);
    }
  return KBENCH_OK;
}

/* Elements [begin, end) of an int total: a 64-bit partial for the chunk
** (exact, so the order in which chunks are added does not matter). */
static int reduce_ref_total(void *ctx, size_t begin, size_t end,
                            unsigned worker)
{
  const reduce_ref *r = (const reduce_ref *)ctx;
  const int *x = (const int *)r->x;
  int64_t sum = 0;
  (void)worker;
  for (size_t i = begin; i < end; i++)
    sum += x[i];
  r->total[begin / REDUCE_REF_GRAIN] = sum;
  return KBENCH_OK;
}

/* Elements [begin, end) of a float sum: the chunk's sum and sum of
** magnitudes in double. */
static int reduce_ref_float(void *ctx, size_t begin, size_t end,
                            unsigned worker)
{
  const reduce_ref *r = (const reduce_ref *)ctx;
  const float *x = (const float *)r->x;
  double sum = 0, abs_sum = 0;
  (void)worker;
  for (size_t i = begin; i < end; i++) {
    sum += x[i];
    abs_sum += fabs((double)x[i]);
  }
  r->sum[begin / REDUCE_REF_GRAIN] = sum;
  r->abs_sum[begin / REDUCE_REF_GRAIN] = abs_sum;
  return KBENCH_OK;
}

/* Chunks of REDUCE_REF_GRAIN in n elements. */
static size_t reduce_ref_chunks(size_t n)
{
  return (n + REDUCE_REF_GRAIN - 1) / REDUCE_REF_GRAIN;
}

/* Reference for integer inputs: per-block partials following the tile
** mapping of the header comment, or the total.  64-bit sums, wrapped once,
** so the result is exact whatever the chunks. */
static int reduce_reference_int(const kbench_host *h, reduce_state *s,
                                const int *x)
{
  reduce_ref r = {s, x, s->expected, NULL, NULL, NULL};
  if (s->n_out > 1) {
    /* Whole blocks per chunk, about REDUCE_REF_GRAIN elements. */
    size_t per_block = (s->n + s->n_out - 1) / s->n_out;
    size_t grain = REDUCE_REF_GRAIN / per_block;
    return kbench_parallel(h, s->n_out, grain ? grain : 1,
                           reduce_ref_blocks, &r);
  }
  /* Zeroed: should one call cover several chunks, the rest add 0. */
  r.total = (int64_t *)calloc(reduce_ref_chunks(s->n), sizeof *r.total);
  if (!r.total)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  int rc = kbench_parallel(h, s->n, REDUCE_REF_GRAIN, reduce_ref_total, &r);
  int64_t total = 0;
  for (size_t c = 0; c < reduce_ref_chunks(s->n); c++)
    total += r.total[c];
  s->expected[0] = (int)(uint32_t)(uint64_t)total;
  free(r.total);
  return rc;
}

/* Reference for float inputs: the sum in double, and the tolerance.
** Any order of summation whose tree has depth d (no input goes through more
** than d rounded additions) is off by at most gamma_d * sum|x|, where
** gamma_d = d*u / (1 - d*u) and u = 2^-24 is float's unit roundoff (Higham,
** "Accuracy and Stability of Numerical Algorithms", 4.2).  The variant's
** plan bounds d (fp_depth) from n and its grid.  The double reference is
** itself off by at most about (n - 1) * 2^-53 * sum|x| (at most a quarter of
** the float bound, since d >= 16 and n <= 2^31), which is added to the
** tolerance; rounding it to float adds at most u * |sum|, which verify
** allows as a relative tolerance.  The double sum is taken in chunks of
** REDUCE_REF_GRAIN added in order: a tree of depth below n, covered by
** that bound, and the same sum whatever --jobs is. */
static int reduce_reference_float(const kbench_host *h, reduce_state *s,
                                  const float *x)
{
  double du = (double)s->fp_depth * 0x1p-24;
  if (du >= 0.5)
    return h->fail(h, KBENCH_ERROR, "float sum too deep (%zu) for a "
                   "meaningful error bound", s->fp_depth);
  size_t chunks = reduce_ref_chunks(s->n);
  reduce_ref r = {s, x, NULL, NULL, NULL, NULL};
  /* Zeroed: should one call cover several chunks, the rest add 0. */
  r.sum = (double *)calloc(2 * chunks, sizeof *r.sum);
  if (!r.sum)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  r.abs_sum = r.sum + chunks;
  int rc = kbench_parallel(h, s->n, REDUCE_REF_GRAIN, reduce_ref_float, &r);
  double sum = 0, abs_sum = 0;
  for (size_t c = 0; c < chunks; c++) {
    sum += r.sum[c];
    abs_sum += r.abs_sum[c];
  }
  free(r.sum);
  s->expected_f = (float)sum;
  s->atol_f = (du / (1 - du) + (double)s->n * 0x1p-53) * abs_sum;
  return rc;
}

static int reduce_setup(const kbench_host *h, void **state,
                        reduce_plan_fn plan)
{
  reduce_state *s = (reduce_state *)calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  *state = s;
  s->n = (size_t)h->param(h, "n");
  int rc = plan(h, s);
  if (rc != KBENCH_OK)
    return rc;

  /* Host staging from the runner (page-locked: uploads and fetches at the
  ** link's speed), freed by it after teardown. */
  const size_t elem = 4;  /* int32 or float */
  size_t in_bytes = (s->n + s->offset) * elem;
  void *host;
  rc = kbench_host_buffer(h, &host, in_bytes);
  if (rc == KBENCH_OK && s->type == REDUCE_INT)
    rc = kbench_host_buffer(h, (void **)&s->expected, s->n_out * sizeof(int));
  if (rc == KBENCH_OK && s->type == REDUCE_INT)
    rc = kbench_host_buffer(h, (void **)&s->got, s->n_out * sizeof(int));
  if (rc != KBENCH_OK)
    return rc;
  if (s->type == REDUCE_FLOAT) {
    float *x = (float *)host;
    kbench_fill_float(h, x, s->n + s->offset);
    rc = reduce_reference_float(h, s, x + s->offset);
  } else {
    int *x = (int *)host;
    kbench_fill_int(h, x, s->n + s->offset, -1000, 1000);
    rc = reduce_reference_int(h, s, x + s->offset);
  }
  if (rc == KBENCH_OK)
    rc = kbench_device_upload(h, &s->base, host, in_bytes);
  if (rc == KBENCH_OK)
    rc = kbench_device_output(h, &s->out, s->n_out * elem);
  if (rc == KBENCH_OK && s->scratch_bytes) {
    rc = kbench_device_alloc(h, &s->scratch, s->scratch_bytes);
    /* Accumulators in scratch start at zero (see reduce_vec4). */
    if (rc == KBENCH_OK)
      KBENCH_CUDA(h, cudaMemset(s->scratch, 0, s->scratch_bytes));
  }
  if (rc == KBENCH_OK)
    s->in = (char *)s->base + s->offset * elem;
  return rc;
}

/* ------------------------------------------------------------------ */
/* verify, bytes_moved, work, teardown                                  */

static int reduce_verify(const kbench_host *h, void *state)
{
  reduce_state *s = (reduce_state *)state;
  if (s->type == REDUCE_FLOAT) {
    float got;
    int rc = kbench_fetch(h, &got, s->out, sizeof got);
    return rc == KBENCH_OK ? kbench_check_float(h, "sum", &got,
                                                &s->expected_f, 1, 0x1p-23,
                                                s->atol_f)
                           : rc;
  }
  int rc = kbench_fetch(h, s->got, s->out, s->n_out * sizeof(int));
  return rc == KBENCH_OK ? kbench_check_int(h, s->n_out == 1 ? "sum"
                                                             : "partial",
                                            s->got, s->expected, s->n_out)
                         : rc;
}

/* Each input element read once, each output written once.  Scratch
** traffic (reduce_gmem's in-place tree) is the cost of an idea: not counted. */
static void reduce_bytes(const kbench_host *h, void *state, kbench_bytes *b)
{
  reduce_state *s = (reduce_state *)state;
  (void)h;
  b->read = (uint64_t)s->n * 4;
  b->written = (uint64_t)s->n_out * 4;
  b->memory = KBENCH_MEM_GLOBAL;
}

/* The host buffers (input copy, expected, got) are the runner's. */
/* Items are the n inputs; a float sum is n - 1 additions (integer adds
** are no floating-point operations). */
static void reduce_work(const kbench_host *h, void *state, kbench_work *w)
{
  reduce_state *s = (reduce_state *)state;
  (void)h;
  w->items = s->n;
  w->flops = s->type == REDUCE_FLOAT && s->n ? (uint64_t)s->n - 1 : 0;
}

static void reduce_teardown(const kbench_host *h, void *state)
{
  reduce_state *s = (reduce_state *)state;
  (void)h;
  cudaFree(s->base);
  cudaFree(s->out);
  cudaFree(s->scratch);
  free(s);
}

/* ------------------------------------------------------------------ */
/* Device building blocks                                              */

/* Guarded load: elements past n count as 0, the identity of +. */
__device__ __forceinline__ int load_or_zero(const int *in, size_t n,
                                            size_t i)
{
  return i < n ? in[i] : 0;
}

/*
** Sequential-addressing tree over data[0 .. T), T = blockDim.x a power of
** two >= 32, in place, wherever data lives (global scratch or shared: the
** seed's point is that only that changes).  Call after a __syncthreads()
** that published data; data[0] holds the sum for thread 0 on return.
** Active threads are always the low ones, so whole warps retire at once.
**
** The seed finishes the last warp with the warp-synchronous `volatile`
** idiom, which assumes the 32 lanes run in lockstep: since Volta they are
** scheduled independently and nothing orders one lane's store before
** another lane's load.  Each warp-level step here is guarded (tid < s: a lane
** reads data[tid + s], which no lane writes in that step) and followed by
** __syncwarp(), which orders the memory of the lanes taking part.
*/
__device__ __forceinline__ void tree_sum_inplace(int *data, unsigned tid)
{
  unsigned s = blockDim.x / 2;
  for (; s >= 32; s >>= 1) {
    if (tid < s)
      data[tid] += data[tid + s];
    __syncthreads();
  }
  if (tid < 32) {
    for (; s > 0; s >>= 1) {
      if (tid < s)
        data[tid] += data[tid + s];
      __syncwarp();
    }
  }
}

/* The seed's block epilogue: thread tid's value v goes to data[tid] (shared
** or global), the tree sums data, thread 0 writes the block's partial. */
__device__ __forceinline__ void tree_partial(int *data, int v, int *partial)
{
  unsigned tid = threadIdx.x;
  data[tid] = v;
  __syncthreads();
  tree_sum_inplace(data, tid);
  if (tid == 0)
    partial[blockIdx.x] = data[0];
}

/* Harris's sequential-addressing tree (reduce_sequential, reused as is by
** reduce_first_add): the stride halves from blockDim.x / 2, thread tid adds
** sdata[tid + s], one block barrier per step; thread 0 writes the partial.
** Call after the __syncthreads() that published sdata. */
__device__ __forceinline__ void sequential_tree_partial(int *sdata,
                                                        int *partial)
{
  unsigned tid = threadIdx.x;
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    partial[blockIdx.x] = sdata[0];
}

/* Sum over the 32 lanes of a warp with register shuffles (no shared
** memory, no race); lane 0 gets the total. */
template <typename T>
__device__ __forceinline__ T warp_sum(T v)
{
  for (int d = 16; d > 0; d >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, d);
  return v;
}

/* Sum over the block (blockDim.x a multiple of 32): each warp shuffles,
** warp leaders meet in shared memory, warp 0 shuffles again.  Every thread
** of the block must call it; thread 0 gets the total. */
template <typename T>
__device__ __forceinline__ T block_sum_shfl(T v)
{
  __shared__ T warp_total[32];
  unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  v = warp_sum(v);
  if (lane == 0)
    warp_total[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < blockDim.x / 32 ? warp_total[lane] : (T)0;
    v = warp_sum(v);
  }
  return v;
}

/*
** Harris's completely unrolled tree (his reduce5): the block size is a
** template parameter, so every `if (BLOCK >= ...)` is decided at compile
** time and no loop counter or test of blockDim remains.  sdata holds BLOCK
** values published by a __syncthreads(); thread 0 gets the sum.  The last
** warp uses shuffles instead of Harris's volatile lockstep code.
*/
template <unsigned BLOCK>
__device__ __forceinline__ int block_sum_unrolled(int *sdata, unsigned tid)
{
  if (BLOCK >= 1024) {
    if (tid < 512) sdata[tid] += sdata[tid + 512];
    __syncthreads();
  }
  if (BLOCK >= 512) {
    if (tid < 256) sdata[tid] += sdata[tid + 256];
    __syncthreads();
  }
  if (BLOCK >= 256) {
    if (tid < 128) sdata[tid] += sdata[tid + 128];
    __syncthreads();
  }
  if (BLOCK >= 128) {
    if (tid < 64) sdata[tid] += sdata[tid + 64];
    __syncthreads();
  }
  int v = 0;
  if (tid < 32) {
    v = sdata[tid];
    if (BLOCK >= 64)
      v += sdata[tid + 32];
    v = warp_sum(v);
  }
  return v;
}

/* The instance of a kernel template<unsigned BLOCK> for a block size known
** only at run time (a power of two in 32 .. 1024). */
#define REDUCE_PICK_BLOCK(kernel, threads)                                  \
  ((threads) == 1024 ? kernel<1024> : (threads) == 512 ? kernel<512>       \
   : (threads) == 256 ? kernel<256> : (threads) == 128 ? kernel<128>      \
   : (threads) == 64 ? kernel<64> : kernel<32>)

/* ------------------------------------------------------------------ */
/* The 16-byte-load kernel of reduce_vec4 (int) and reduce_vec4_float.  */

template <typename T> struct vec4_of;
template <> struct vec4_of<int> { typedef int4 type; };
template <> struct vec4_of<float> { typedef float4 type; };

#define VEC4_UNROLL 4  /* independent 16-byte loads in flight per thread */

/*
** Each block reads a tile (with a grid stride, should the grid be smaller
** than the input), each thread keeping U 16-byte loads in flight:
** vecn_thread_sum returns the thread's share (vec4_thread_sum, U =
** VEC4_UNROLL, for reduce_vec4 and reduce_cluster; reduce_packed picks U).
** Then the block sums with shuffles and adds its result with one
** atomicAdd.  The scalar head (elements before the first 16-byte boundary
** when the input is misaligned) and tail (n % 4 after it) are at most 3
** elements each, summed by the first threads.
**
** acc[0] is the running total and acc[1] a ticket counter, both zero when a
** launch starts.  The last block to take a ticket moves the total to out
** and leaves both at zero, so no cudaMemsetAsync (a second launch on the
** stream, a few microseconds at 2^26) is needed before the next run.  The
** __threadfence() pair orders every block's atomicAdd before its ticket,
** and the last block's ticket before its read of the total.
*/
template <typename T, int U>
__device__ __forceinline__ T vecn_thread_sum(const T *__restrict__ in,
                                             size_t n)
{
  typedef typename vec4_of<T>::type V;
  size_t head = ((16 - ((uintptr_t)in & 15)) & 15) / sizeof(T);
  if (head > n)
    head = n;
  size_t nvec = (n - head) / 4;
  const V *vin = (const V *)(in + head);
  /* Each block reads contiguous tiles of blockDim * U vectors (16 KiB at
  ** 256 threads and U = 4), CUB style: one DRAM page region at a time per
  ** block, rather than U loads a whole grid apart. */
  size_t tile = (size_t)blockDim.x * U;
  size_t step = (size_t)gridDim.x * tile;
  size_t i = (size_t)blockIdx.x * tile + threadIdx.x;
  size_t first = (size_t)blockIdx.x * blockDim.x + threadIdx.x;

  T sum = 0;
  for (; i + (U - 1) * blockDim.x < nvec; i += step) {
    V v[U];
#pragma unroll
    for (int k = 0; k < U; k++)
      v[k] = vin[i + k * blockDim.x];
#pragma unroll
    for (int k = 0; k < U; k++)
      sum += (v[k].x + v[k].y) + (v[k].z + v[k].w);
  }
  /* This thread's last tile is partial; no tile follows it (step > tile). */
#pragma unroll
  for (int k = 0; k < U; k++)
    if (i + k * blockDim.x < nvec) {
      V v = vin[i + k * blockDim.x];
      sum += (v.x + v.y) + (v.z + v.w);
    }
  size_t tail = head + 4 * nvec;  /* n - tail < 4 elements remain */
  if (first < head)
    sum += in[first];
  if (first < n - tail)
    sum += in[tail + first];
  return sum;
}

template <typename T>
__device__ __forceinline__ T vec4_thread_sum(const T *__restrict__ in,
                                             size_t n)
{
  return vecn_thread_sum<T, VEC4_UNROLL>(in, n);
}

/* The kernel of reduce_vec4: the loads above, then the block's sum with
** one atomic and the last-block ticket. */
template <typename T>
__global__ void reduce_vec4_kernel(const T *__restrict__ in, T *out,
                                   size_t n, unsigned *acc)
{
  T sum = block_sum_shfl(vec4_thread_sum(in, n));
  if (threadIdx.x == 0) {
    T *total = (T *)&acc[0];
    atomicAdd(total, sum);
    __threadfence();
    if (atomicInc(&acc[1], gridDim.x - 1) == gridDim.x - 1) {
      /* Last block: atomicInc wrapped the ticket to 0; take the total. */
      __threadfence();
      *out = atomicExch(total, (T)0);
    }
  }
}

/* Plan of the vec4 variants: a block per tile, one total, the acc/ticket
** pair in scratch (zeroed once by setup, then kept at zero by the kernel). */
template <typename T>
static int reduce_plan_vec4(const kbench_host *h, reduce_state *s)
{
  s->threads = (unsigned)h->param(h, "threads");
  s->offset = (size_t)h->param(h, "offset");
  /* One block per tile (VEC4_UNROLL 16-byte loads per thread), not a
  ** persistent grid: blocks then start in address order as others finish,
  ** and on the H100 that streamed 3176 against 3127 GB/s at 2^28 elements
  ** (bench/tune/tune.cu, bench/results/2026-11-23-h100-abi11/). */
  s->tile = (size_t)VEC4_UNROLL * 4 * s->threads;
  s->n_out = 1;
  s->scratch_bytes = 2 * sizeof(unsigned);
  size_t blocks = (s->n + s->tile - 1) / s->tile;
  s->blocks = blocks ? (unsigned)blocks : 1;
  (void)h;
  return KBENCH_OK;
}

template <typename T>
static int reduce_run_vec4(const kbench_host *h, void *state)
{
  reduce_state *s = (reduce_state *)state;
  reduce_vec4_kernel<T><<<s->blocks, s->threads, 0, kbench_stream(h)>>>(
      (const T *)s->in, (T *)s->out, s->n, (unsigned *)s->scratch);
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

/* Plan of a variant that finishes the job with a grid-stride kernel:
** `threads` parameter, persistent grid, one total. */
template <typename K>
static int reduce_plan_total(const kbench_host *h, reduce_state *s, K kernel)
{
  s->threads = (unsigned)h->param(h, "threads");
  s->tile = s->threads;
  s->n_out = 1;
  return reduce_persistent_blocks(h, kernel, s->threads, 0, s->n, s->tile,
                                  &s->blocks);
}

#endif /* REDUCE_COMMON_CUH */
