/* scale: out = 2 * in on n floats, a whole plugin written with the kit. */
#include <stdlib.h>
#include <kbench/kit.h>

typedef struct { size_t n; float *in, *out, *want, *got; } scale;

__global__ void scale2(const float *in, float *out, size_t n)
{
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 2 * in[i];
}

static int setup(const kbench_host *h, void **state)
{
  scale *s = (scale *)calloc(1, sizeof *s);
  if (!(*state = s))
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  s->n = (size_t)h->param(h, "n");
  size_t bytes = s->n * sizeof(float);  /* host buffers: the runner's */
  if (kbench_host_buffer(h, (void **)&s->want, bytes)
      || kbench_host_buffer(h, (void **)&s->got, bytes))
    return KBENCH_ERROR;
  kbench_fill_float(h, s->want, s->n);  /* the input: uploaded, then doubled */
  int rc = kbench_device_upload(h, (void **)&s->in, s->want, bytes);
  for (size_t i = 0; i < s->n; i++)
    s->want[i] *= 2;
  return rc ? rc : kbench_device_output(h, (void **)&s->out, bytes);
}

static int run(const kbench_host *h, void *state)
{
  scale *s = (scale *)state;
  scale2<<<kbench_blocks(s->n, 256), 256, 0, kbench_stream(h)>>>(
      s->in, s->out, s->n);
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

static int verify(const kbench_host *h, void *state)
{
  scale *s = (scale *)state;
  int rc = kbench_fetch(h, s->got, s->out, s->n * sizeof(float));
  return rc ? rc : kbench_check_float(h, "out", s->got, s->want, s->n, 0, 0);
}

static void bytes(const kbench_host *, void *state, kbench_bytes *b)
{
  b->read = b->written = ((scale *)state)->n * sizeof(float);
  b->memory = KBENCH_MEM_GLOBAL;
}

static void teardown(const kbench_host *, void *state)
{
  scale *s = (scale *)state;
  cudaFree(s->in), cudaFree(s->out), free(s);
}

static const kbench_param params[] = {{"n", "floats", "64M", 1, 1 << 30, 0}};
static const kbench_variant scale_variant = {
  .size = sizeof(kbench_variant),
  .name = "scale",
  .summary = "out = 2 * in",
  .origin = "README.md",
  .backend = KBENCH_BACKEND_CUDA,
  .params = params,
  .n_params = KBENCH_COUNT(params),
  .setup = setup,
  .run = run,
  .verify = verify,
  .bytes_moved = bytes,
  .teardown = teardown,
};
KBENCH_PLUGIN(&scale_variant)
