/* saxpy_cpu: out = a * x + y on n floats on the CPU, a host plugin with the kit. */
#include <stdlib.h>
#include <kbench/kit.h>

typedef struct { size_t n; float a, *x, *y, *out, *want; } saxpy_cpu;

static int setup(const kbench_host *h, void **state)
{
  saxpy_cpu *s = calloc(1, sizeof *s);
  if (!(*state = s))
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  s->n = (size_t)h->param(h, "n");
  s->a = 2.5f;
  size_t bytes = s->n * sizeof(float);  /* the runner's, freed after teardown */
  if (kbench_host_buffer(h, (void **)&s->x, bytes)
      || kbench_host_buffer(h, (void **)&s->y, bytes)
      || kbench_host_buffer(h, (void **)&s->out, bytes)
      || kbench_host_buffer(h, (void **)&s->want, bytes))
    return KBENCH_ERROR;
  kbench_fill_float(h, s->x, s->n);
  kbench_fill_float(h, s->y, s->n);
  for (size_t i = 0; i < s->n; i++)  /* the reference, in double */
    s->want[i] = (float)((double)s->a * s->x[i] + s->y[i]);
  return h->output(h, s->out, bytes, KBENCH_MEM_HOST);  /* poisoned by the runner */
}

static int run(const kbench_host *h, void *state)
{
  saxpy_cpu *s = state;
  (void)h;
  for (size_t i = 0; i < s->n; i++)
    s->out[i] = s->a * s->x[i] + s->y[i];
  return KBENCH_OK;
}

static int verify(const kbench_host *h, void *state)
{
  saxpy_cpu *s = state;
  return kbench_check_float(h, "out", s->out, s->want, s->n, 1e-6, 1e-7);
}

static void bytes(const kbench_host *h, void *state, kbench_bytes *b)
{
  (void)h;
  b->read = 2 * ((saxpy_cpu *)state)->n * sizeof(float);
  b->written = ((saxpy_cpu *)state)->n * sizeof(float);
  b->memory = KBENCH_MEM_HOST;
}

static void teardown(const kbench_host *h, void *state)
{
  (void)h;
  free(state);
}

static const kbench_param params[] = {{"n", "floats", "16M", 1, 1 << 28, 0}};
static const kbench_variant saxpy_cpu_variant = {
  .size = sizeof(kbench_variant),
  .name = "saxpy_cpu",
  .summary = "out = a * x + y on the CPU",
  .origin = "examples/cmake",
  .backend = KBENCH_BACKEND_HOST,
  .params = params,
  .n_params = KBENCH_COUNT(params),
  .setup = setup,
  .run = run,
  .verify = verify,
  .bytes_moved = bytes,
  .teardown = teardown,
};
KBENCH_PLUGIN(&saxpy_cpu_variant)
