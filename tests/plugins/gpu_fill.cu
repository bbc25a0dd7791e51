/*
** The runner's fill on a GPU (tests/shell/gpu_fill.sh): an input of host_alloc
** memory large enough that the case's GPU stores h->fill's values into it
** (worker/plugin/fill_device.h), in the type the dtype parameter names,
** copied to the output on the device; verify checks that every element of
** the output is the one h->element regenerates on the host, on the
** runner's threads.  corrupt=K changes element K of the input after the
** fill: a wrong fill, which verify must catch by its index.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <kbench/kit.h>

enum { I32, U8, F32, F64 };
static const char *const dtypes[] = {"i32", "u8", "f32", "f64"};
static const size_t widths[] = {4, 1, 4, 8};
static const int types[] = {KBENCH_TYPE_I32, KBENCH_TYPE_U8, KBENCH_TYPE_F32,
                            KBENCH_TYPE_F64};
/* Ranges whose floats round: lo + (hi - lo) * u is inexact in them. */
static const double lows[] = {-100000, 3, -0.3, -1.7};
static const double highs[] = {2000000000, 250, 2.9, 1e5};

typedef struct fill_test {
  const kbench_host *h;
  int dtype;
  size_t n, width;
  int64_t corrupt;
  unsigned char *in, *got;   /* host_alloc */
  void *din, *dout;          /* device */
} fill_test;

static const kbench_param fill_params[] = {
  {"n", "elements", "8M", 1, 1 << 28, 0, NULL, 0},
  {"dtype", "element type", "f32", 0, 0, 0, dtypes, 4},
  {"corrupt", "the input element changed after the fill; -1: none", "-1",
   -1, INT64_MAX, 0, NULL, 0},
};

static int fill_setup(const kbench_host *h, void **state)
{
  fill_test *s = (fill_test *)calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  *state = s;
  s->h = h;
  s->dtype = (int)h->param(h, "dtype");
  s->n = (size_t)h->param(h, "n");
  s->width = widths[s->dtype];
  s->corrupt = h->param(h, "corrupt");
  size_t bytes = s->n * s->width;
  int rc = kbench_host_buffer(h, (void **)&s->in, bytes);
  if (rc == KBENCH_OK)
    rc = kbench_host_buffer(h, (void **)&s->got, bytes);
  if (rc != KBENCH_OK)
    return rc;
  rc = h->fill(h, s->in, s->n, types[s->dtype], lows[s->dtype],
               highs[s->dtype], 7);
  if (rc != KBENCH_OK)
    return rc;
  if (s->corrupt >= 0 && (size_t)s->corrupt < s->n)
    s->in[(size_t)s->corrupt * s->width] ^= 1;
  rc = kbench_device_upload(h, &s->din, s->in, bytes);
  if (rc == KBENCH_OK)
    rc = kbench_device_output(h, &s->dout, bytes);
  return rc;
}

static int fill_run(const kbench_host *h, void *state)
{
  fill_test *s = (fill_test *)state;
  KBENCH_CUDA(h, cudaMemcpyAsync(s->dout, s->din, s->n * s->width,
                                 cudaMemcpyDeviceToDevice, kbench_stream(h)));
  return KBENCH_OK;
}

/* Elements [begin, end) of the output against h->element's, bit for bit. */
static int fill_check(void *ctx, size_t begin, size_t end, unsigned worker)
{
  const fill_test *s = (const fill_test *)ctx;
  const kbench_host *h = s->h;
  (void)worker;
  for (size_t i = begin; i < end; i++) {
    double v = h->element(h, types[s->dtype], lows[s->dtype],
                          highs[s->dtype], 7, i);
    int32_t i32 = (int32_t)v;
    uint8_t u8 = (uint8_t)v;
    float f32 = (float)v;
    const void *want = s->dtype == I32 ? (const void *)&i32
                     : s->dtype == U8 ? (const void *)&u8
                     : s->dtype == F32 ? (const void *)&f32
                     : (const void *)&v;
    if (memcmp(s->got + i * s->width, want, s->width) != 0)
      return h->fail(h, KBENCH_WRONG, "element %zu of the %s fill is not "
                     "h->element's", i, dtypes[s->dtype]);
  }
  return KBENCH_OK;
}

static int fill_verify(const kbench_host *h, void *state)
{
  fill_test *s = (fill_test *)state;
  int rc = kbench_fetch(h, s->got, s->dout, s->n * s->width);
  if (rc != KBENCH_OK)
    return rc;
  return kbench_parallel(h, s->n, 1 << 16, fill_check, s);
}

static void fill_bytes(const kbench_host *h, void *state, kbench_bytes *b)
{
  fill_test *s = (fill_test *)state;
  (void)h;
  b->read = b->written = s->n * s->width;
  b->memory = KBENCH_MEM_GLOBAL;
}

static void fill_teardown(const kbench_host *h, void *state)
{
  fill_test *s = (fill_test *)state;
  (void)h;
  cudaFree(s->din);
  cudaFree(s->dout);
  free(s);
}

static const kbench_variant fill_variant = {
  .size = sizeof(kbench_variant),
  .name = "gpu_fill",
  .summary = "h->fill stored by the GPU, checked against h->element",
  .origin = "tests/plugins/gpu_fill.cu",
  .backend = KBENCH_BACKEND_CUDA,
  .params = fill_params,
  .n_params = KBENCH_COUNT(fill_params),
  .setup = fill_setup,
  .run = fill_run,
  .verify = fill_verify,
  .bytes_moved = fill_bytes,
  .teardown = fill_teardown,
};

KBENCH_PLUGIN(&fill_variant)
