/*
** cublas_sgemm: C = A B in single precision with cublasSgemm, column-major
** A (m x k), B (k x n), C (m x n), reported in FLOP/s through the work
** callback (2 m n k per run).  The handle, its stream (the runner's) and a
** workspace of its own are set in setup, so run only queues the call: no
** synchronization, nothing to declare.  C is checked against a CPU product
** of the same fresh random inputs, accumulated in double on the runner's
** threads.
*/
#include <math.h>
#include <stdlib.h>

#include <cublas_v2.h>

#include <kbench/kit.h>

/* cuBLAS asks for at least 32 MiB of workspace on Hopper. */
#define WORKSPACE_BYTES ((size_t)32 << 20)

typedef struct {
  size_t m, n, k;
  float *a, *b, *c;          /* device */
  float *ha, *hb, *want, *got;  /* host */
  void *workspace;
  cublasHandle_t handle;
} cublas_sgemm_state;

#define CUBLAS(h, call)                                                     \
  do {                                                                      \
    cublasStatus_t st_ = (call);                                            \
    if (st_ != CUBLAS_STATUS_SUCCESS)                                       \
      return (h)->fail((h), KBENCH_ERROR, "%s: %s", #call,                  \
                       cublasGetStatusString(st_));                                   \
  } while (0)

/* Columns [begin, end) of the reference C = A B, each accumulated in
** double down its column (the inner loop runs along A's contiguous
** columns). */
typedef struct {
  const cublas_sgemm_state *s;
  double *acc;               /* m doubles per worker */
} product;

static int product_columns(void *ctx, size_t begin, size_t end,
                           unsigned worker)
{
  const product *p = (const product *)ctx;
  const cublas_sgemm_state *s = p->s;
  double *acc = p->acc + (size_t)worker * s->m;
  for (size_t j = begin; j < end; j++) {
    for (size_t i = 0; i < s->m; i++)
      acc[i] = 0;
    for (size_t q = 0; q < s->k; q++) {
      double bqj = s->hb[q + j * s->k];
      const float *aq = s->ha + q * s->m;
      for (size_t i = 0; i < s->m; i++)
        acc[i] += (double)aq[i] * bqj;
    }
    for (size_t i = 0; i < s->m; i++)
      s->want[i + j * s->m] = (float)acc[i];
  }
  return KBENCH_OK;
}

static int setup(const kbench_host *h, void **state)
{
  cublas_sgemm_state *s = (cublas_sgemm_state *)calloc(1, sizeof *s);
  if (!(*state = s))
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  s->m = (size_t)h->param(h, "m");
  s->n = (size_t)h->param(h, "n");
  s->k = (size_t)h->param(h, "k");
  size_t abytes = s->m * s->k * sizeof(float);
  size_t bbytes = s->k * s->n * sizeof(float);
  size_t cbytes = s->m * s->n * sizeof(float);
  if (kbench_host_buffer(h, (void **)&s->ha, abytes)
      || kbench_host_buffer(h, (void **)&s->hb, bbytes)
      || kbench_host_buffer(h, (void **)&s->want, cbytes)
      || kbench_host_buffer(h, (void **)&s->got, cbytes))
    return KBENCH_ERROR;
  kbench_fill_float(h, s->ha, s->m * s->k);
  kbench_fill_float(h, s->hb, s->k * s->n);
  int rc = kbench_device_upload(h, (void **)&s->a, s->ha, abytes);
  if (rc == KBENCH_OK)
    rc = kbench_device_upload(h, (void **)&s->b, s->hb, bbytes);
  if (rc == KBENCH_OK)
    rc = kbench_device_output(h, (void **)&s->c, cbytes);
  if (rc == KBENCH_OK)
    rc = kbench_device_alloc(h, &s->workspace, WORKSPACE_BYTES);
  if (rc != KBENCH_OK)
    return rc;
  CUBLAS(h, cublasCreate(&s->handle));
  CUBLAS(h, cublasSetStream(s->handle, kbench_stream(h)));
  /* A workspace of its own: cuBLAS allocates none inside run. */
  CUBLAS(h, cublasSetWorkspace(s->handle, s->workspace, WORKSPACE_BYTES));
  /* Plain FP32 arithmetic, no TF32 tensor cores: the reference is FP32's. */
  CUBLAS(h, cublasSetMathMode(s->handle, CUBLAS_DEFAULT_MATH));
  double *acc = (double *)h->host_alloc(h, (size_t)h->workers(h) * s->m
                                              * sizeof(double));
  if (!acc)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  product p = {s, acc};
  return kbench_parallel(h, s->n, 0, product_columns, &p);
}

static int run(const kbench_host *h, void *state)
{
  cublas_sgemm_state *s = (cublas_sgemm_state *)state;
  const float one = 1.0f, zero = 0.0f;
  CUBLAS(h, cublasSgemm(s->handle, CUBLAS_OP_N, CUBLAS_OP_N, (int)s->m,
                        (int)s->n, (int)s->k, &one, s->a, (int)s->m, s->b,
                        (int)s->k, &zero, s->c, (int)s->m));
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

/* FP32 sums of k products of [-1, 1) values: rounding grows with k, about
** 1e-7 of the partial sums' size per step; the bound leaves room for
** cuBLAS's order of summation and stays far below a dropped product. */
static int verify(const kbench_host *h, void *state)
{
  cublas_sgemm_state *s = (cublas_sgemm_state *)state;
  int rc = kbench_fetch(h, s->got, s->c, s->m * s->n * sizeof(float));
  float atol = 4e-7f * (float)s->k;
  return rc ? rc : kbench_check_float(h, "C", s->got, s->want, s->m * s->n,
                                      1e-5f, atol);
}

static void bytes(const kbench_host *, void *state, kbench_bytes *b)
{
  cublas_sgemm_state *s = (cublas_sgemm_state *)state;
  b->read = (s->m * s->k + s->k * s->n) * sizeof(float);
  b->written = s->m * s->n * sizeof(float);
  b->memory = KBENCH_MEM_GLOBAL;
}

static void work(const kbench_host *, void *state, kbench_work *w)
{
  cublas_sgemm_state *s = (cublas_sgemm_state *)state;
  w->flops = 2 * (uint64_t)s->m * s->n * s->k;   /* a multiply-add is 2 */
}

static void teardown(const kbench_host *, void *state)
{
  cublas_sgemm_state *s = (cublas_sgemm_state *)state;
  if (s->handle)
    cublasDestroy(s->handle);
  cudaFree(s->a);
  cudaFree(s->b);
  cudaFree(s->c);
  cudaFree(s->workspace);
  free(s);
}

static const kbench_param params[] = {
  {"m", "rows of A and C", "4096", 1, 1 << 16, 0, NULL, 0},
  {"n", "columns of B and C", "4096", 1, 1 << 16, 0, NULL, 0},
  {"k", "columns of A, rows of B", "4096", 1, 1 << 16, 0, NULL, 0},
};
static const kbench_variant cublas_sgemm_variant = {
  .size = sizeof(kbench_variant),
  .name = "cublas_sgemm",
  .summary = "cublasSgemm: C = A B in FP32, FLOP/s through work",
  .origin = "cuBLAS",
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
KBENCH_PLUGIN(&cublas_sgemm_variant)
