/*
** transpose_cpu: the host's transpose, the CPU side of the family.
** block = 0 is the naive double loop: rows read in order, the output
** written down columns, one cache line per element once the matrix outgrows
** the cache.  block = B walks B x B tiles so that the B output lines a tile
** touches stay in cache while it is filled: the CPU version of the shared
** tile of transpose_smem (32 x 32 floats = 4 KiB, an L1-sized tile).
*/
#include <stdlib.h>

#include <kbench/kit.h>

typedef struct transpose_cpu {
  const kbench_host *h;    /* for the parallel check's messages */
  float *in, *out;
  size_t rows, cols, block;
} transpose_cpu;

static const kbench_param transpose_cpu_params[] = {
  {.name = "rows", .help = "rows of the input matrix", .dflt = "2048",
   .min = 1, .max = 1 << 20},
  {.name = "cols", .help = "columns of the input matrix", .dflt = "2048",
   .min = 1, .max = 1 << 20},
  {.name = "block", .help = "tile edge of the cache-blocked loop; 0 = naive "
   "loop", .dflt = "32", .min = 0, .max = 4096},
};

static int transpose_cpu_setup(const kbench_host *h, void **state)
{
  transpose_cpu *s = calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  *state = s;
  s->h = h;
  s->rows = (size_t)h->param(h, "rows");
  s->cols = (size_t)h->param(h, "cols");
  s->block = (size_t)h->param(h, "block");
  size_t bytes = s->rows * s->cols * sizeof(float);
  s->in = malloc(bytes);
  s->out = malloc(bytes);
  if (!s->in || !s->out)
    return h->fail(h, KBENCH_ERROR, "cannot allocate 2 x %zu host bytes",
                   bytes);
  if (h->fill(h, s->in, s->rows * s->cols, KBENCH_TYPE_F32, -1, 1, 0)
      != KBENCH_OK)
    return KBENCH_ERROR;
  return h->output(h, s->out, bytes, KBENCH_MEM_HOST);
}

static int transpose_cpu_run(const kbench_host *h, void *state)
{
  transpose_cpu *s = state;
  const size_t rows = s->rows, cols = s->cols, B = s->block;
  const float *restrict in = s->in;
  float *restrict out = s->out;
  (void)h;
  if (B == 0) {
    for (size_t r = 0; r < rows; r++)
      for (size_t c = 0; c < cols; c++)
        out[c * rows + r] = in[r * cols + c];
    return KBENCH_OK;
  }
  for (size_t r0 = 0; r0 < rows; r0 += B) {
    size_t r1 = r0 + B < rows ? r0 + B : rows;
    for (size_t c0 = 0; c0 < cols; c0 += B) {
      size_t c1 = c0 + B < cols ? c0 + B : cols;
      for (size_t r = r0; r < r1; r++)
        for (size_t c = c0; c < c1; c++)
          out[c * rows + r] = in[r * cols + c];
    }
  }
  return KBENCH_OK;
}

/* Independent of run: walks the OUTPUT in order (column of the input by
** column, the columns [begin, end) of a chunk) and compares 32-bit
** patterns, so a NaN poison or a -0.0/+0.0 swap is caught; the runner
** reports the lowest chunk's first wrong output index. */
static int transpose_cpu_check(void *ctx, size_t begin, size_t end,
                               unsigned worker)
{
  transpose_cpu *s = ctx;
  const kbench_host *h = s->h;
  (void)worker;
  for (size_t c = begin; c < end; c++)
    for (size_t r = 0; r < s->rows; r++) {
      size_t o = c * s->rows + r, i = r * s->cols + c;
      uint32_t got, want;
      memcpy(&got, &s->out[o], sizeof got);
      memcpy(&want, &s->in[i], sizeof want);
      if (got != want)
        return h->fail(h, KBENCH_WRONG,
                       "out[%zu] = %.9g (0x%08x), expected in[%zu] = %.9g "
                       "(0x%08x)", o, s->out[o], (unsigned)got, i, s->in[i],
                       (unsigned)want);
    }
  return KBENCH_OK;
}

static int transpose_cpu_verify(const kbench_host *h, void *state)
{
  transpose_cpu *s = state;
  return h->parallel_for(h, s->cols, 0, transpose_cpu_check, s);
}

static void transpose_cpu_bytes(const kbench_host *h, void *state,
                                kbench_bytes *b)
{
  transpose_cpu *s = state;
  (void)h;
  b->read = b->written = (uint64_t)s->rows * s->cols * sizeof(float);
  b->memory = KBENCH_MEM_HOST;
}

static void transpose_cpu_teardown(const kbench_host *h, void *state)
{
  transpose_cpu *s = state;
  (void)h;
  free(s->in);
  free(s->out);
  free(s);
}

static const kbench_variant transpose_cpu_variant = {
  .size = sizeof(kbench_variant),
  .name = "transpose_cpu",
  .summary = "float transpose on the CPU: naive loop or cache-blocked tiles",
  .origin = "seed 003 transposeHost; NVIDIA transpose notes (CPU baseline)",
  .backend = KBENCH_BACKEND_HOST,
  .params = transpose_cpu_params,
  .n_params = 3,
  .setup = transpose_cpu_setup,
  .run = transpose_cpu_run,
  .verify = transpose_cpu_verify,
  .bytes_moved = transpose_cpu_bytes,
  .teardown = transpose_cpu_teardown,
};

KBENCH_PLUGIN(&transpose_cpu_variant)
