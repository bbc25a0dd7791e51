/*
** coalesce_stride: each warp reads words `stride` apart.
**
** After offset (a shifted but contiguous warp), this variant breaks the
** contiguity itself.  A warp's 32 reads span 128 * stride bytes and so touch
** min(32, 4 * stride) 32-byte sectors instead of 4; each sector brings
** 32 bytes for 4 (stride >= 8) or 32 / stride bytes of useful data.
**
** So that every stride moves the same useful bytes (n * 4 read, n * 4
** written) from the same n-element input, the reads are a permutation, not
** in[i * stride] over a buffer stride times larger: view the input as rows
** of `stride` words and read it column by column (a transpose of an
** ceil(n / stride) x stride matrix).  blockIdx.y is the column p, the
** thread's x index the row k: out[start(p) + k] = in[k * stride + p] + 1.
** Writes stay contiguous.  With n = q * stride + r, columns p < r have q + 1
** rows and the others q, so column p starts at p * q + min(p, r).  Columns
** run one after another through an input far larger than the L2, so the
** sectors a column fetched are gone before the next column needs them:
** read traffic grows with min(stride, 8) (more if DRAM fetches 64 bytes).
*/
#include "coalesce_common.cuh"

__global__ void copy_strided(const int *__restrict__ in, int *__restrict__ out,
                             size_t q, unsigned r, unsigned stride)
{
  unsigned p = blockIdx.y;
  size_t k = coalesce_index();
  if (k < q + (p < r))
    out[p * q + min(p, r) + k] = in[k * stride + p] + 1;
}

#define STRIDE_MAX 32
#define STRIDE_ROWS 512  /* rows per block of the reference's walk */

/*
** The reference does not use the kernel's closed form for where a column
** starts: it sums the column lengths into starting points, then places
** each column's elements in row order, row k of column p at start[p] + k.
** Each chunk of rows (on the runner's threads) walks its part of the input
** a block of rows at a time (at most 64 KiB, cache-resident) and column by
** column within it, so each column's outputs are written as one run: the
** columns lie a power-of-two distance apart at the default sizes, and
** `stride` streams written element by element would fight over the same
** cache sets.
*/
typedef struct stride_ref {
  const coalesce_state *s;
  const int *in;
  size_t start[STRIDE_MAX];  /* where each column begins in want */
} stride_ref;

/* Rows [begin, end) of the input into their columns. */
static int stride_reference_rows(void *ctx, size_t begin, size_t end,
                                 unsigned worker)
{
  const stride_ref *r = (const stride_ref *)ctx;
  size_t n = r->s->n, stride = r->s->arg;
  int *want = (int *)r->s->want;
  (void)worker;
  for (size_t k0 = begin; k0 < end; k0 += STRIDE_ROWS) {
    size_t k1 = end - k0 < STRIDE_ROWS ? end : k0 + STRIDE_ROWS;
    for (size_t p = 0; p < stride; p++)
      for (size_t k = k0; k < k1 && k * stride + p < n; k++)
        want[r->start[p] + k] = (int)((int64_t)r->in[k * stride + p] + 1);
  }
  return KBENCH_OK;
}

static int stride_reference(const kbench_host *h, const coalesce_state *s,
                            const int *in)
{
  stride_ref r = {s, in, {0}};
  size_t stride = s->arg;
  for (size_t p = 0, start = 0; p < stride; p++) {
    r.start[p] = start;
    start += s->n / stride + (p < s->n % stride);
  }
  size_t rows = (s->n + stride - 1) / stride;
  return kbench_parallel(h, rows, COALESCE_GRAIN_WORDS / stride,
                         stride_reference_rows, &r);
}

static void stride_launch(const coalesce_state *s, cudaStream_t stream)
{
  size_t q = s->n / s->arg;
  unsigned r = (unsigned)(s->n % s->arg);
  dim3 grid(kbench_blocks(q + (r != 0), s->threads), (unsigned)s->arg);
  copy_strided<<<grid, s->threads, 0, stream>>>(
      (const int *)s->in, (int *)s->out, q, r, (unsigned)s->arg);
}

/* ints, 1 word per element, input read column by column */
static const coalesce_kind stride_kind = {
  .arg = "stride",
  .fields = 1,
  .words = 1,
  .reference = stride_reference,
  .launch = stride_launch,
};

static const kbench_param stride_params[] = {
  COALESCE_PARAM_N("64M", (int64_t)1 << 30),
  COALESCE_PARAM_THREADS,
  {"stride", "words between a warp's reads", "1,2,4,8,16,32", 1, STRIDE_MAX,
   0},
};

static int coalesce_stride_setup(const kbench_host *h, void **state)
{
  return coalesce_setup(h, state, &stride_kind);
}

static const kbench_variant coalesce_stride_variant = {
  .size = sizeof(kbench_variant),
  .name = "coalesce_stride",
  .summary = "int copy reading column-wise, stride words apart: more sectors "
             "per warp",
  .origin = COALESCE_ORIGIN,
  .backend = KBENCH_BACKEND_CUDA,
  .params = stride_params,
  .n_params = KBENCH_COUNT(stride_params),
  .setup = coalesce_stride_setup,
  .run = coalesce_run,
  .verify = coalesce_verify,
  .bytes_moved = coalesce_bytes,
  .teardown = coalesce_teardown,
  .work = coalesce_work,
};

KBENCH_PLUGIN(&coalesce_stride_variant)
