/*
** The CUDA part of the kit (<kbench/kit.h>) under nvcc: every helper in a
** plugin, and, through the `mode` parameter, each way they must fail
** (tests/kit.sh runs them on a GPU; `make check` always compiles this).
**   0  healthy: out = in + 1 (ints) and outf = 2 * inf (floats), exact
**   1  a launch of 2048 threads per block: KBENCH_LAUNCHED reports it
**   2  a runtime call that fails: KBENCH_CUDA reports file:line and call
**   3  one float left unwritten: the runner's NaN poison is caught
**   4  one int off by one: caught with its index
**   5  a device allocation too large for any GPU: reported, not fatal
*/
#include <stdlib.h>

#include <kbench/kit.h>

#define THREADS 256
#define BAD 1000  /* the element modes 3 and 4 get wrong */

typedef struct kit_test {
  int mode;
  size_t n;
  int *in, *out;            /* device */
  float *inf, *outf;        /* device */
  int *want, *got;          /* host */
  float *wantf, *gotf;      /* host */
  void *huge;               /* mode 5 */
} kit_test;

__global__ void plus_one_twice(const int *in, int *out, const float *inf,
                               float *outf, size_t n, int mode)
{
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  out[i] = in[i] + 1 + (mode == 4 && i == BAD);
  if (!(mode == 3 && i == BAD))
    outf[i] = 2 * inf[i];
}

static const kbench_param kit_params[] = {
  {"n", "elements", "4096", BAD + 1, 1 << 24, 0},
  {"mode", "what goes wrong (see tests/plugins/kit_cuda.cu)", "0", 0, 5, 0},
};

static int kit_setup(const kbench_host *h, void **state)
{
  kit_test *s = (kit_test *)calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  *state = s;
  s->mode = (int)h->param(h, "mode");
  s->n = (size_t)h->param(h, "n");
  if (s->mode == 5)
    return kbench_device_alloc(h, &s->huge, (size_t)1 << 60);
  s->want = (int *)malloc(s->n * sizeof(int));
  s->got = (int *)malloc(s->n * sizeof(int));
  s->wantf = (float *)malloc(s->n * sizeof(float));
  s->gotf = (float *)malloc(s->n * sizeof(float));
  if (!s->want || !s->got || !s->wantf || !s->gotf)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  kbench_fill_int(h, s->got, s->n, -1000, 1000);
  kbench_fill_float(h, s->gotf, s->n);
  for (size_t i = 0; i < s->n; i++) {
    s->want[i] = s->got[i] + 1;
    s->wantf[i] = 2 * s->gotf[i];
  }
  int rc = kbench_device_upload(h, (void **)&s->in, s->got,
                                s->n * sizeof(int));
  if (rc == KBENCH_OK)
    rc = kbench_device_upload(h, (void **)&s->inf, s->gotf,
                              s->n * sizeof(float));
  if (rc == KBENCH_OK)
    rc = kbench_device_output(h, (void **)&s->out, s->n * sizeof(int));
  if (rc == KBENCH_OK)
    rc = kbench_device_output(h, (void **)&s->outf, s->n * sizeof(float));
  return rc;
}

static int kit_run(const kbench_host *h, void *state)
{
  kit_test *s = (kit_test *)state;
  if (s->mode == 2)
    KBENCH_CUDA(h, cudaMemcpyAsync(s->out, s->in, sizeof(int),
                                   (cudaMemcpyKind)99, kbench_stream(h)));
  unsigned threads = s->mode == 1 ? 2048 : THREADS;
  plus_one_twice<<<kbench_blocks(s->n, threads), threads, 0,
                   kbench_stream(h)>>>(s->in, s->out, s->inf, s->outf, s->n,
                                       s->mode);
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

static int kit_verify(const kbench_host *h, void *state)
{
  kit_test *s = (kit_test *)state;
  int rc = kbench_fetch(h, s->got, s->out, s->n * sizeof(int));
  if (rc == KBENCH_OK)
    rc = kbench_fetch(h, s->gotf, s->outf, s->n * sizeof(float));
  if (rc == KBENCH_OK)
    rc = kbench_check_int(h, "out", s->got, s->want, s->n);
  if (rc == KBENCH_OK)
    rc = kbench_check_float(h, "outf", s->gotf, s->wantf, s->n, 0.0, 0.0);
  return rc;
}

static void kit_bytes(const kbench_host *h, void *state, kbench_bytes *b)
{
  kit_test *s = (kit_test *)state;
  (void)h;
  b->read = b->written = s->n * (sizeof(int) + sizeof(float));
  b->memory = KBENCH_MEM_GLOBAL;
}

static void kit_teardown(const kbench_host *h, void *state)
{
  kit_test *s = (kit_test *)state;
  (void)h;
  cudaFree(s->in);
  cudaFree(s->out);
  cudaFree(s->inf);
  cudaFree(s->outf);
  cudaFree(s->huge);
  free(s->want);
  free(s->got);
  free(s->wantf);
  free(s->gotf);
  free(s);
}

static const kbench_variant kit_variant = {
  .size = sizeof(kbench_variant),
  .name = "kit_cuda",
  .summary = "the kit's CUDA helpers, and failures",
  .origin = "tests/plugins/kit_cuda.cu",
  .backend = KBENCH_BACKEND_CUDA,
  .params = kit_params,
  .n_params = 2,
  .setup = kit_setup,
  .run = kit_run,
  .verify = kit_verify,
  .bytes_moved = kit_bytes,
  .teardown = kit_teardown,
};

KBENCH_PLUGIN(&kit_variant)
