/*
** gpu_inout: ABI 1.4's in-out buffer on the GPU (tests/shell/gpu_inout.sh,
** bench/inout_check.sh).  C = alpha*A*B + beta*C in FP32, row-major A
** (m x k), B (k x n), C (m x n), by a shared-memory tiled kernel that
** reads C where it writes it, as hand-written SGEMMs do.  `declare` says
** how setup declares C:
**   inout     with the kit's kbench_device_inout: the runner puts C back
**             before each verified run, and the case verifies;
**   output    as a plain output: the runner poisons it with NaN, beta * C
**             reads the poison (0 * NaN is NaN, so at beta 0 too), and the
**             case fails with the clause that says so;
**   separate  the same kernel reading C's first contents from a buffer of
**             their own and writing C, a plain output: what the in-out
**             case is timed against (the same bytes read and written).
** The reference is the product accumulated in double on the runner's
** threads, plus beta times setup's C.
*/
#include <stdlib.h>

#include <kbench/kit.h>

#define TILE 32
#define ALPHA 1.5f

enum declare { DECLARE_INOUT, DECLARE_OUTPUT, DECLARE_SEPARATE };
static const char *const declares[] = {"inout", "output", "separate"};

typedef struct {
  size_t m, n, k;
  float beta;
  int declare;
  float *a, *b, *c, *c0;            /* device; c0 only when separate */
  float *ha, *hb, *hc, *want, *got; /* host, the runner's */
} gemm;

/* One element of C per thread, A's and B's tiles staged in shared memory.
** c_in is c itself in place, or another buffer. */
__global__ void sgemm_tiled(int m, int n, int k, float alpha,
                            const float *a, const float *b, float beta,
                            const float *c_in, float *c)
{
  __shared__ float as[TILE][TILE], bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0;
  for (int t = 0; t < k; t += TILE) {
    as[ty][tx] = row < m && t + tx < k ? a[(size_t)row * k + t + tx] : 0;
    bs[ty][tx] = t + ty < k && col < n ? b[(size_t)(t + ty) * n + col] : 0;
    __syncthreads();
    for (int i = 0; i < TILE; i++)
      acc += as[ty][i] * bs[i][tx];
    __syncthreads();
  }
  if (row < m && col < n)
    c[(size_t)row * n + col] = alpha * acc + beta * c_in[(size_t)row * n + col];
}

/* Rows [begin, end) of the reference, each accumulated in double along
** B's contiguous rows. */
typedef struct {
  const gemm *s;
  double *acc;               /* n doubles per worker */
} reference;

static int reference_rows(void *ctx, size_t begin, size_t end,
                          unsigned worker)
{
  const reference *r = (const reference *)ctx;
  const gemm *s = r->s;
  double *acc = r->acc + (size_t)worker * s->n;
  for (size_t i = begin; i < end; i++) {
    for (size_t j = 0; j < s->n; j++)
      acc[j] = 0;
    for (size_t q = 0; q < s->k; q++) {
      double aiq = s->ha[i * s->k + q];
      const float *bq = s->hb + q * s->n;
      for (size_t j = 0; j < s->n; j++)
        acc[j] += aiq * bq[j];
    }
    for (size_t j = 0; j < s->n; j++)
      s->want[i * s->n + j] = (float)(ALPHA * acc[j]
                                      + s->beta * (double)s->hc[i * s->n + j]);
  }
  return KBENCH_OK;
}

/* C on the device, declared as `declare` says, holding hc. */
static int declare_c(const kbench_host *h, gemm *s, size_t bytes)
{
  int rc;
  switch (s->declare) {
  case DECLARE_INOUT:
    return kbench_device_inout(h, (void **)&s->c, s->hc, bytes);
  case DECLARE_OUTPUT:
    rc = kbench_device_upload(h, (void **)&s->c, s->hc, bytes);
    return rc ? rc : h->output(h, s->c, bytes, KBENCH_MEM_GLOBAL);
  default:
    rc = kbench_device_upload(h, (void **)&s->c0, s->hc, bytes);
    return rc ? rc : kbench_device_output(h, (void **)&s->c, bytes);
  }
}

static int setup(const kbench_host *h, void **state)
{
  gemm *s = (gemm *)calloc(1, sizeof *s);
  if (!(*state = s))
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  s->m = (size_t)h->param(h, "m");
  s->n = (size_t)h->param(h, "n");
  s->k = (size_t)h->param(h, "k");
  s->beta = (float)h->param(h, "beta");
  s->declare = (int)h->param(h, "declare");
  size_t abytes = s->m * s->k * sizeof(float);
  size_t bbytes = s->k * s->n * sizeof(float);
  size_t cbytes = s->m * s->n * sizeof(float);
  if (kbench_host_buffer(h, (void **)&s->ha, abytes)
      || kbench_host_buffer(h, (void **)&s->hb, bbytes)
      || kbench_host_buffer(h, (void **)&s->hc, cbytes)
      || kbench_host_buffer(h, (void **)&s->want, cbytes)
      || kbench_host_buffer(h, (void **)&s->got, cbytes))
    return KBENCH_ERROR;
  kbench_fill_float(h, s->ha, s->m * s->k);
  kbench_fill_float(h, s->hb, s->k * s->n);
  kbench_fill_float(h, s->hc, s->m * s->n);
  int rc = kbench_device_upload(h, (void **)&s->a, s->ha, abytes);
  if (rc == KBENCH_OK)
    rc = kbench_device_upload(h, (void **)&s->b, s->hb, bbytes);
  if (rc == KBENCH_OK)
    rc = declare_c(h, s, cbytes);
  if (rc != KBENCH_OK)
    return rc;
  double *acc = (double *)h->host_alloc(h, (size_t)h->workers(h) * s->n
                                              * sizeof(double));
  if (!acc)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  reference r = {s, acc};
  return kbench_parallel(h, s->m, 0, reference_rows, &r);
}

static int run(const kbench_host *h, void *state)
{
  gemm *s = (gemm *)state;
  dim3 threads(TILE, TILE);
  dim3 blocks(kbench_blocks(s->n, TILE), kbench_blocks(s->m, TILE));
  sgemm_tiled<<<blocks, threads, 0, kbench_stream(h)>>>(
      (int)s->m, (int)s->n, (int)s->k, ALPHA, s->a, s->b, s->beta,
      s->c0 ? s->c0 : s->c, s->c);
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

/* FP32 sums of k products of [-1, 1) values, bounded as examples/libs/
** cublas_sgemm.cu bounds them and scaled by alpha: far below a product
** applied twice. */
static int verify(const kbench_host *h, void *state)
{
  gemm *s = (gemm *)state;
  int rc = kbench_fetch(h, s->got, s->c, s->m * s->n * sizeof(float));
  float atol = 4e-7f * ALPHA * (float)s->k;
  return rc ? rc : kbench_check_float(h, "C", s->got, s->want, s->m * s->n,
                                      1e-5f, atol);
}

static void bytes(const kbench_host *, void *state, kbench_bytes *b)
{
  gemm *s = (gemm *)state;
  b->read = (s->m * s->k + s->k * s->n + s->m * s->n) * sizeof(float);
  b->written = s->m * s->n * sizeof(float);
  b->memory = KBENCH_MEM_GLOBAL;
}

static void work(const kbench_host *, void *state, kbench_work *w)
{
  gemm *s = (gemm *)state;
  w->flops = 2 * (uint64_t)s->m * s->n * s->k;   /* a multiply-add is 2 */
}

static void teardown(const kbench_host *, void *state)
{
  gemm *s = (gemm *)state;
  cudaFree(s->a);
  cudaFree(s->b);
  cudaFree(s->c);
  cudaFree(s->c0);
  free(s);
}

static const kbench_param params[] = {
  {"m", "rows of A and C", "512", 1, 1 << 14, 0, NULL, 0},
  {"n", "columns of B and C", "512", 1, 1 << 14, 0, NULL, 0},
  {"k", "columns of A, rows of B", "512", 1, 1 << 14, 0, NULL, 0},
  {"beta", "C's weight in C = alpha*A*B + beta*C", "0,1", 0, 1, 0, NULL, 0},
  {"declare", "how setup declares C", "inout", 0, 0, 0, declares,
   KBENCH_COUNT(declares)},
};
static const kbench_variant gpu_inout = {
  .size = sizeof(kbench_variant),
  .name = "gpu_inout",
  .summary = "TEST ONLY: C = alpha*A*B + beta*C, C declared in-out or not",
  .origin = "tests",
  .backend = KBENCH_BACKEND_CUDA,
  .params = params,
  .n_params = KBENCH_COUNT(params),
  .setup = setup,
  .run = run,
  .verify = verify,
  .bytes_moved = bytes,
  .teardown = teardown,
  .work = work,
};
KBENCH_PLUGIN(&gpu_inout)
