/*
** Shared glue of the transpose family: a rows x cols float matrix in device
** memory, a CPU check that compares bit patterns, and a macro that turns a
** launch function into a complete kbench variant.
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
  float *host_in;      /* the input, kept for verify */
  float *host_out;     /* verify's copy of the device output */
  int rows, cols;
  int kind;            /* enum tr_kind */
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
  size_t bytes = tr_elems(s) * sizeof(float);
  s->host_in = (float *)malloc(bytes);
  s->host_out = (float *)malloc(bytes);
  if (!s->host_in || !s->host_out)
    return h->fail(h, KBENCH_ERROR, "cannot allocate 2 x %zu host bytes",
                   bytes);
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

/*
** Transpose check: out[c * rows + r] must hold the bits of in[r * cols + c].
** The CPU walks the matrix in 64 x 64 blocks (a strided walk over 64M
** elements would take seconds) and remembers the smallest wrong output
** index, so the first mismatch in output order is reported.
*/
static int tr_check_transpose(const kbench_host *h, const tr_state *s)
{
  const size_t rows = (size_t)s->rows, cols = (size_t)s->cols;
  const size_t B = 64;
  size_t worst = SIZE_MAX;
  for (size_t c0 = 0; c0 < cols; c0 += B)
    for (size_t r0 = 0; r0 < rows; r0 += B)
      for (size_t c = c0; c < c0 + B && c < cols; c++)
        for (size_t r = r0; r < r0 + B && r < rows; r++) {
          size_t o = c * rows + r;
          if (tr_bits(s->host_out[o]) != tr_bits(s->host_in[r * cols + c]) &&
              o < worst)
            worst = o;
        }
  if (worst == SIZE_MAX)
    return KBENCH_OK;
  return tr_mismatch(h, s, worst, (worst % rows) * cols + worst / rows);
}

static int tr_check_copy(const kbench_host *h, const tr_state *s)
{
  for (size_t i = 0, n = tr_elems(s); i < n; i++)
    if (tr_bits(s->host_out[i]) != tr_bits(s->host_in[i]))
      return tr_mismatch(h, s, i, i);
  return KBENCH_OK;
}

static int tr_verify(const kbench_host *h, void *state)
{
  tr_state *s = (tr_state *)state;
  int rc =
      kbench_fetch(h, s->host_out, s->out, tr_elems(s) * sizeof(float));
  if (rc != KBENCH_OK)
    return rc;
  return s->kind == TR_COPY ? tr_check_copy(h, s) : tr_check_transpose(h, s);
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
  free(s->host_in);
  free(s->host_out);
  free(s);
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
** The descriptor of a CUDA variant.  launch(h, s) enqueues the work on
** kbench_stream(h) and returns a kbench status; kind says what verify
** expects.
*/
#define TR_VARIANT(ident, kind, summary, origin, launch)                     \
  static int ident##_setup(const kbench_host *h, void **state)               \
  {                                                                          \
    return tr_setup(h, state, kind);                                         \
  }                                                                          \
  static int ident##_run(const kbench_host *h, void *state)                  \
  {                                                                          \
    return launch(h, (const tr_state *)state);                               \
  }                                                                          \
  static const kbench_variant ident##_variant = {                            \
      sizeof(kbench_variant), #ident, summary, origin, KBENCH_BACKEND_CUDA,  \
      tr_params, sizeof tr_params / sizeof tr_params[0], ident##_setup,      \
      ident##_run, tr_verify, tr_bytes, tr_teardown};                        \
  KBENCH_PLUGIN(&ident##_variant)

/* A variant whose kernel runs on the classic geometry: 32 x 32 tiles over
** the input (cols wide, rows tall), 32 x 8 threads. */
#define TR_TILED_VARIANT(ident, kind, summary, origin, kernel)               \
  static int ident##_launch(const kbench_host *h, const tr_state *s)         \
  {                                                                          \
    return tr_launch(h, s, kernel, tr_grid(s->cols, s->rows, TR_TILE),      \
                     dim3(TR_TILE, TR_ROWS));                                \
  }                                                                          \
  TR_VARIANT(ident, kind, summary, origin, ident##_launch)

#endif /* TRANSPOSE_COMMON_CUH */
