/*
** copy_cpu: memcpy of a float array on the CPU, the host's copy ceiling.
*/
#include <stdlib.h>

#include <kbench/kit.h>

typedef struct copy_cpu {
  const kbench_host *h;    /* for the parallel check's messages */
  float *in, *out;
  size_t n;
} copy_cpu;

static const kbench_param copy_cpu_params[] = {
  {.name = "n", .help = "number of float elements", .dflt = "16M", .min = 1,
   .max = (int64_t)1 << 31},
};

static int copy_cpu_setup(const kbench_host *h, void **state)
{
  copy_cpu *s = calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  *state = s;
  s->h = h;
  s->n = (size_t)h->param(h, "n");
  s->in = malloc(s->n * sizeof(float));
  s->out = malloc(s->n * sizeof(float));
  if (!s->in || !s->out)
    return h->fail(h, KBENCH_ERROR, "cannot allocate 2 x %zu host bytes",
                   s->n * sizeof(float));
  if (h->fill(h, s->in, s->n, KBENCH_TYPE_F32, -1, 1, 0) != KBENCH_OK)
    return KBENCH_ERROR;
  return h->output(h, s->out, s->n * sizeof(float), KBENCH_MEM_HOST);
}

static int copy_cpu_run(const kbench_host *h, void *state)
{
  copy_cpu *s = state;
  (void)h;
  memcpy(s->out, s->in, s->n * sizeof(float));
  return KBENCH_OK;
}

/* A copy is exact: bit patterns compared, so a NaN poison or a -0.0 for
** 0.0 fails, chunk by chunk on the runner's threads. */
static int copy_cpu_check(void *ctx, size_t begin, size_t end,
                          unsigned worker)
{
  copy_cpu *s = ctx;
  (void)worker;
  if (memcmp(s->out + begin, s->in + begin, (end - begin) * sizeof(float))
      == 0)
    return KBENCH_OK;
  while (memcmp(&s->out[begin], &s->in[begin], sizeof(float)) == 0)
    begin++;
  return s->h->fail(s->h, KBENCH_WRONG, "out[%zu] = %.9g, expected %.9g",
                    begin, s->out[begin], s->in[begin]);
}

static int copy_cpu_verify(const kbench_host *h, void *state)
{
  return h->parallel_for(h, ((copy_cpu *)state)->n, 0, copy_cpu_check,
                         state);
}

static void copy_cpu_bytes(const kbench_host *h, void *state, kbench_bytes *b)
{
  copy_cpu *s = state;
  (void)h;
  b->read = b->written = s->n * sizeof(float);
  b->memory = KBENCH_MEM_HOST;
}

static void copy_cpu_teardown(const kbench_host *h, void *state)
{
  copy_cpu *s = state;
  (void)h;
  free(s->in);
  free(s->out);
  free(s);
}

static const kbench_variant copy_cpu_variant = {
  .size = sizeof(kbench_variant),
  .name = "copy_cpu",
  .summary = "memcpy of a float array: the host's copy ceiling",
  .origin = "host baseline",
  .backend = KBENCH_BACKEND_HOST,
  .params = copy_cpu_params,
  .n_params = 1,
  .setup = copy_cpu_setup,
  .run = copy_cpu_run,
  .verify = copy_cpu_verify,
  .bytes_moved = copy_cpu_bytes,
  .teardown = copy_cpu_teardown,
};

KBENCH_PLUGIN(&copy_cpu_variant)
