/*
** Shared glue of the transpose family: a rows x cols float matrix in device
** memory, a CPU check on the runner's threads that compares bit patterns,
** and a macro that turns a launch function into a complete kbench variant.
**
**   in  : rows x cols, row-major:  in[r * cols + c]
**   out : cols x rows, row-major:  out[c * rows + r] = in[r * cols + c]
**
** The copy variants (memcpy_d2d, transpose_copy, transpose_copy_smem) write
** out[i] = in[i] instead: they are the ceilings a transpose is measured
** against, on the same bytes.
**
** A transpose moves bits, so verification is exact: every output element is
** compared as a 32-bit pattern with the input element it must hold.  The
** runner poisons the output with all bits set (a NaN the random inputs never
** produce), so an element no thread wrote fails.
**
** Grids: 2D tiled kernels put the tile column in blockIdx.x and the tile row
** in blockIdx.y.  rows and cols are limited to 2^20, so a grid of 32-wide
** tiles needs at most 32768 blocks in y (the limit is 65535) and every
** kernel index fits an int; element offsets are computed in size_t.
*/
#ifndef TRANSPOSE_COMMON_CUH
#define TRANSPOSE_COMMON_CUH

#include <stdlib.h>

#include <kbench/kit.h>

#define TR_MAX_DIM (1 << 20)

/* Launch geometry of the classic kernels (NVIDIA "An Efficient Matrix
** Transpose in CUDA C/C++"): a 32 x 32 tile, 32 x 8 threads, each thread
** handles TR_TILE / TR_ROWS = 4 rows of the tile. */
#define TR_TILE 32
#define TR_ROWS 8

enum tr_kind {
  TR_COPY = 0,       /* out[i] = in[i] */
  TR_TRANSPOSE = 1   /* out[c * rows + r] = in[r * cols + c] */
};

typedef struct tr_state {
  float *in, *out;     /* device */
  float *host_in;      /* the input, kept for verify (the runner's memory) */
  float *host_out;     /* verify's copy of the device output (likewise) */
  int rows, cols;
  int kind;            /* enum tr_kind */
  void *ext;           /* a variant's own setup data (tensor maps), or NULL;
                          tr_teardown frees it */
} tr_state;

static inline size_t tr_elems(const tr_state *s)
{
  return (size_t)s->rows * (size_t)s->cols;
}

/* Tiles of `tile` elements covering a cols-wide, rows-tall matrix. */
static inline dim3 tr_grid(int cols, int rows, int tile)
{
  return dim3((unsigned)((cols + tile - 1) / tile),
              (unsigned)((rows + tile - 1) / tile));
}

static const kbench_param tr_params[] = {
  {"rows", "rows of the input matrix", "8192", 1, TR_MAX_DIM, 0},
  {"cols", "columns of the input matrix", "8192", 1, TR_MAX_DIM, 0},
};

static int tr_setup(const kbench_host *h, void **state, int kind)
{
  tr_state *s = (tr_state *)calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  *state = s;
  s->rows = (int)h->param(h, "rows");
  s->cols = (int)h->param(h, "cols");
  s->kind = kind;
  /* Host buffers from the runner: page-locked, so the upload and verify's
  ** fetch run at the link's speed, and freed by the runner, not teardown. */
  size_t bytes = tr_elems(s) * sizeof(float);
  if (kbench_host_buffer(h, (void **)&s->host_in, bytes)
      || kbench_host_buffer(h, (void **)&s->host_out, bytes))
    return KBENCH_ERROR;
  kbench_fill_float(h, s->host_in, tr_elems(s));
  int rc = kbench_device_upload(h, (void **)&s->in, s->host_in, bytes);
  return rc == KBENCH_OK ? kbench_device_output(h, (void **)&s->out, bytes)
                         : rc;
}

/* Bit pattern of a float: a transpose or a copy must reproduce it exactly. */
static inline uint32_t tr_bits(float f)
{
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}

static int tr_mismatch(const kbench_host *h, const tr_state *s, size_t o,
                       size_t i)
{
  return h->fail(h, KBENCH_WRONG,
                 "out[%zu] = %.9g (0x%08x), expected in[%zu] = %.9g (0x%08x)",
                 o, s->host_out[o], tr_bits(s->host_out[o]), i,
                 s->host_in[i], tr_bits(s->host_in[i]));
}

/* What verify's parallel checks hand each chunk. */
typedef struct tr_check {
  const kbench_host *h;
  const tr_state *s;
} tr_check;

/* Edge of the square tiles the transpose check walks: 64 x 64 floats,
** 16 KiB, so that a tile of the input, transposed, stays in L1. */
#define TR_CHECK_TILE 64

/*
** Transpose check of the output rows [begin, end), that is the input
** columns: out[c * rows + r] must hold the bits of in[r * cols + c].  The
** band is compared tile by tile with no early exit (a strided walk over
** 64M elements would take seconds): each input tile is read row by row
** into a local tile, transposed, which is then compared with the output
** tile row by row, so both matrices are read along their rows.  Only if
** some bit differs is the band walked again in output order, so that the
** chunk reports its first wrong output index.  Chunks are bands of whole
** output rows, so the runner's lowest failed chunk holds the first
** mismatch of all.
*/
static int tr_check_transpose(void *ctx, size_t begin, size_t end,
                              unsigned worker)
{
  const tr_check *k = (const tr_check *)ctx;
  const float *in = k->s->host_in, *out = k->s->host_out;
  const size_t rows = (size_t)k->s->rows, cols = (size_t)k->s->cols;
  const size_t B = TR_CHECK_TILE;
  uint32_t want[TR_CHECK_TILE][TR_CHECK_TILE];  /* [c - c0][r - r0] */
  uint32_t diff = 0;
  (void)worker;
  for (size_t c0 = begin; c0 < end; c0 += B) {
    const size_t c1 = c0 + B < end ? c0 + B : end;
    for (size_t r0 = 0; r0 < rows; r0 += B) {
      const size_t r1 = r0 + B < rows ? r0 + B : rows;
      for (size_t r = r0; r < r1; r++)
        for (size_t c = c0; c < c1; c++)
          want[c - c0][r - r0] = tr_bits(in[r * cols + c]);
      for (size_t c = c0; c < c1; c++)
        for (size_t r = r0; r < r1; r++)
          diff |= tr_bits(out[c * rows + r]) ^ want[c - c0][r - r0];
    }
  }
  if (diff == 0)
    return KBENCH_OK;
  for (size_t c = begin; c < end; c++)
    for (size_t r = 0; r < rows; r++)
      if (tr_bits(out[c * rows + r]) != tr_bits(in[r * cols + c]))
        return tr_mismatch(k->h, k->s, c * rows + r, r * cols + c);
  return KBENCH_OK;
}

/* Copy check of out[begin, end): the same bits as in[begin, end). */
static int tr_check_copy(void *ctx, size_t begin, size_t end,
                         unsigned worker)
{
  const tr_check *k = (const tr_check *)ctx;
  const float *in = k->s->host_in, *out = k->s->host_out;
  (void)worker;
  if (memcmp(out + begin, in + begin, (end - begin) * sizeof *out) == 0)
    return KBENCH_OK;
  for (size_t i = begin; i < end; i++)
    if (tr_bits(out[i]) != tr_bits(in[i]))
      return tr_mismatch(k->h, k->s, i, i);
  return KBENCH_OK;
}

static int tr_verify(const kbench_host *h, void *state)
{
  tr_state *s = (tr_state *)state;
  const size_t n = tr_elems(s), rows = (size_t)s->rows;
  int rc = kbench_fetch(h, s->host_out, s->out, n * sizeof(float));
  if (rc != KBENCH_OK)
    return rc;
  tr_check k = {h, s};
  /* A matrix of one chunk is checked on this thread (the runner runs a
  ** single chunk there). */
  if (s->kind == TR_COPY)
    return kbench_parallel(h, n, KBENCH_CHECK_GRAIN, tr_check_copy, &k);
  /* Bands of whole tiles: 64 output rows, or more up to 256 Ki elements
  ** when the rows are short. */
  size_t tiles = ((size_t)1 << 18) / (TR_CHECK_TILE * rows);
  size_t band = TR_CHECK_TILE * (tiles > 0 ? tiles : 1);
  return kbench_parallel(h, (size_t)s->cols, band, tr_check_transpose, &k);
}

/* Effective bytes: every element read once and written once. */
static void tr_bytes(const kbench_host *h, void *state, kbench_bytes *b)
{
  tr_state *s = (tr_state *)state;
  (void)h;
  b->read = b->written = (uint64_t)tr_elems(s) * sizeof(float);
  b->memory = KBENCH_MEM_GLOBAL;
}

static void tr_teardown(const kbench_host *h, void *state)
{
  tr_state *s = (tr_state *)state;
  (void)h;
  cudaFree(s->in);
  cudaFree(s->out);
  free(s->ext);
  free(s);  /* host_in and host_out are the runner's */
}

/*
** The shared-tile transpose of NVIDIA's transposeCoalesced, with the tile's
** layout as a parameter: a block reads a 32 x 32 tile of `in` with coalesced
** rows into shared memory, and writes it to `out` with coalesced rows, so the
** transpose happens in the shared-memory read (a column of the tile).
** Layout::at(i, j) is the word of tile element (row i, column j); (bx, by) is
** the tile this block handles, which a variant may reorder.
*/
template <class Layout>
__device__ __forceinline__ void tr_tile_transpose(float *out, const float *in,
                                                  int rows, int cols,
                                                  int bx, int by)
{
  __shared__ float tile[Layout::WORDS];
  int x = bx * TR_TILE + threadIdx.x;   /* input column */
  int y = by * TR_TILE + threadIdx.y;   /* input row */
  for (int j = 0; j < TR_TILE; j += TR_ROWS)
    if (x < cols && y + j < rows)
      tile[Layout::at(threadIdx.y + j, threadIdx.x)] =
          in[(size_t)(y + j) * cols + x];
  __syncthreads();
  x = by * TR_TILE + threadIdx.x;       /* output column = input row */
  y = bx * TR_TILE + threadIdx.y;       /* output row = input column */
  for (int j = 0; j < TR_TILE; j += TR_ROWS)
    if (x < rows && y + j < cols)
      out[(size_t)(y + j) * rows + x] =
          tile[Layout::at(threadIdx.x, threadIdx.y + j)];
}

/* Launch a tiled kernel of the family's signature on the runner's stream. */
typedef void (*tr_kernel)(float *, const float *, int, int);

static inline int tr_launch(const kbench_host *h, const tr_state *s,
                            tr_kernel k, dim3 grid, dim3 block)
{
  k<<<grid, block, 0, kbench_stream(h)>>>(s->out, s->in, s->rows, s->cols);
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

/*
** Dynamic shared memory for a kernel whose blocks should share an SM at
** most `per_sm` at a time (0: as many as fit): `used` bytes that the
** kernel needs, raised to an SM's share that it leaves unused.  Why a
** transpose wants fewer blocks: with every resident tile in flight at
** once, its output rows scatter over more DRAM pages than the device
** keeps open.  The gain is small and the device's: with 3 blocks an SM
** instead of the 6 its registers allow, transpose_fast gained 0.8% on the
** H100 and nothing on the H200; transpose_tma gained 0.8% on both with 4
** (bench/results/2026-11-23-hopper2/).  *dynamic is what the launch asks
** for: the least that leaves at most per_sm blocks, so that the driver
** keeps the rest of the SM's memory as L1.
*/
#define TR_PARAM_BLOCKS_PER_SM(dflt)                                          \
  {"blocks_per_sm", "most blocks an SM runs at once (0: as many as fit)",    \
   dflt, 0, 32, 0}

/* Blocks of `kernel` an SM holds with `dynamic` bytes each (0 on error,
** which is then cleared: the next launch check must not see it). */
static inline int tr_blocks_per_sm(const void *kernel, int threads,
                                   size_t dynamic)
{
  int got = 0;
  if (cudaFuncSetAttribute(kernel,
                           cudaFuncAttributeMaxDynamicSharedMemorySize,
                           (int)dynamic) != cudaSuccess ||
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&got, kernel, threads,
                                                    dynamic) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  return got;
}

static inline int tr_limit_blocks(const kbench_host *h, const void *kernel,
                                  int threads, size_t used, int per_sm,
                                  size_t *dynamic)
{
  *dynamic = used;
  int got = tr_blocks_per_sm(kernel, threads, used);
  if (got < 1)
    return h->fail(h, KBENCH_UNSUPPORTED, "no block of %d threads and %zu "
                   "bytes of shared memory fits an SM", threads, used);
  if (per_sm > 0 && got > per_sm) {
    /* The least padding that leaves per_sm blocks: shared memory is
    ** allocated in granules, so search the occupancy the driver reports
    ** rather than divide. */
    cudaFuncAttributes a;
    KBENCH_CUDA(h, cudaFuncGetAttributes(&a, kernel));
    /* The most a block may ask for beside its static shared memory. */
    size_t most = (size_t)h->device(h)->smem_per_block_optin
                  - a.sharedSizeBytes;
    size_t lo = used, hi = most;   /* got(lo) > per_sm >= got(hi) */
    if (tr_blocks_per_sm(kernel, threads, hi) > per_sm)
      return h->fail(h, KBENCH_ERROR, "even %zu bytes of shared memory leave "
                     "more than %d blocks an SM", most, per_sm);
    while (hi - lo > 128) {
      size_t mid = lo + (hi - lo) / 2;
      if (tr_blocks_per_sm(kernel, threads, mid) > per_sm)
        lo = mid;
      else
        hi = mid;
    }
    *dynamic = hi;
    got = tr_blocks_per_sm(kernel, threads, hi);
  }
  KBENCH_CUDA(h, cudaFuncSetAttribute(
                     kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                     (int)*dynamic));
  if (got < 1 || (per_sm > 0 && got > per_sm))
    return h->fail(h, KBENCH_ERROR, "%d blocks share an SM, asked for at "
                   "most %d", got, per_sm);
  return KBENCH_OK;
}

/* The first two entries of every transpose variant's parameters. */
#define TR_PARAM_ROWS {"rows", "rows of the input matrix", "8192", 1, TR_MAX_DIM, 0}
#define TR_PARAM_COLS {"cols", "columns of the input matrix", "8192", 1, TR_MAX_DIM, 0}

#endif /* TRANSPOSE_COMMON_CUH */
