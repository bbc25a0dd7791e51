/*
** saxpy: an out-of-tree kbench plugin, built against the installed
** <kbench/plugin.h> only (see Makefile).  out = a * x + y on floats.
**
** Note that run() writes a separate output instead of updating y in place:
** the runner calls run() many times and verifies after timing, so a run
** must not consume its own input.
*/
#include <math.h>
#include <stdlib.h>

#include <cuda_runtime.h>
#include <kbench/plugin.h>

#define CHECK(h, call)                                                   \
  do {                                                                   \
    cudaError_t e_ = (call);                                             \
    if (e_ != cudaSuccess)                                               \
      return (h)->fail((h), KBENCH_ERROR, "%s: %s", #call,               \
                       cudaGetErrorString(e_));                          \
  } while (0)

typedef struct saxpy {
  size_t n;
  float a;
  float *x, *y, *out;      /* device */
  float *hx, *hy, *hout;   /* host copies for the reference */
} saxpy;

__global__ void saxpy_kernel(size_t n, float a, const float *x,
                             const float *y, float *out)
{
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    out[i] = a * x[i] + y[i];
}

static float uniform(const kbench_host *h)
{
  return (float)(h->random(h) >> 40) / (float)(1 << 24) * 2.0f - 1.0f;
}

static const kbench_param saxpy_params[] = {
  {"n", "number of float elements", "32M", 1, (int64_t)1 << 31, 0},
};

static int saxpy_setup(const kbench_host *h, void **state)
{
  saxpy *s = (saxpy *)calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  *state = s;
  s->n = (size_t)h->param(h, "n");
  s->a = uniform(h);
  size_t bytes = s->n * sizeof(float);
  s->hx = (float *)malloc(bytes);
  s->hy = (float *)malloc(bytes);
  s->hout = (float *)malloc(bytes);
  if (!s->hx || !s->hy || !s->hout)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  for (size_t i = 0; i < s->n; i++) {
    s->hx[i] = uniform(h);
    s->hy[i] = uniform(h);
  }
  CHECK(h, cudaMalloc(&s->x, bytes));
  CHECK(h, cudaMalloc(&s->y, bytes));
  CHECK(h, cudaMalloc(&s->out, bytes));
  CHECK(h, cudaMemcpy(s->x, s->hx, bytes, cudaMemcpyHostToDevice));
  CHECK(h, cudaMemcpy(s->y, s->hy, bytes, cudaMemcpyHostToDevice));
  return h->output(h, s->out, bytes, KBENCH_MEM_GLOBAL);
}

static int saxpy_run(const kbench_host *h, void *state)
{
  saxpy *s = (saxpy *)state;
  unsigned blocks = (unsigned)((s->n + 255) / 256);
  if (blocks > 65535u * 16)
    blocks = 65535u * 16;
  saxpy_kernel<<<blocks, 256, 0, (cudaStream_t)h->stream(h)>>>(
      s->n, s->a, s->x, s->y, s->out);
  CHECK(h, cudaGetLastError());
  return KBENCH_OK;
}

static int saxpy_verify(const kbench_host *h, void *state)
{
  saxpy *s = (saxpy *)state;
  CHECK(h, cudaMemcpy(s->hout, s->out, s->n * sizeof(float),
                      cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < s->n; i++) {
    /* One rounding for the product, one for the sum (or one, fused). */
    double want = (double)s->a * s->hx[i] + s->hy[i];
    if (!(fabs(s->hout[i] - want) <= 1e-6 + 2.4e-7 * fabs(want)))
      return h->fail(h, KBENCH_WRONG, "out[%zu] = %.9g, expected %.9g", i,
                     s->hout[i], want);
  }
  return KBENCH_OK;
}

static void saxpy_bytes(const kbench_host *h, void *state, kbench_bytes *b)
{
  saxpy *s = (saxpy *)state;
  (void)h;
  b->read = 2 * s->n * sizeof(float);
  b->written = s->n * sizeof(float);
  b->memory = KBENCH_MEM_GLOBAL;
}

static void saxpy_teardown(const kbench_host *h, void *state)
{
  saxpy *s = (saxpy *)state;
  (void)h;
  cudaFree(s->x);
  cudaFree(s->y);
  cudaFree(s->out);
  free(s->hx);
  free(s->hy);
  free(s->hout);
  free(s);
}

static const kbench_variant saxpy_variant = {
  .size = sizeof(kbench_variant),
  .name = "saxpy",
  .summary = "out = a*x + y: an out-of-tree example",
  .origin = "examples/saxpy",
  .backend = KBENCH_BACKEND_CUDA,
  .params = saxpy_params,
  .n_params = 1,
  .setup = saxpy_setup,
  .run = saxpy_run,
  .verify = saxpy_verify,
  .bytes_moved = saxpy_bytes,
  .teardown = saxpy_teardown,
};

KBENCH_PLUGIN(&saxpy_variant)
