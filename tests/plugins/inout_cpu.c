/*
** inout_cpu: ABI 1.4's in-out buffer on the CPU (tests/shell/inout.sh).
** run computes y = a*x + y in place on n floats (a = 2): it reads the
** buffer it writes, so each run moves y on from where the last one left
** it, and verify checks y = a*x + y0 exactly, y0 being what setup put in
** y, which holds only if the runner put y0 back before the verified run
** and ran it once.  The parameter `declare` says how setup declares y:
** with inout (right), or with output (the runner poisons it, and the NaN
** the kernel reads fails it).  `reset=region` resets y from setup's copy
** in each run before timer_start (ABI 1.2's way of leaving such work out
** of the time), which makes a plain output right too.  `misuse` breaks
** one rule of inout (from run, a NULL pointer, 0 bytes, a buffer declared
** twice, more than the runner may copy), and the case must fail with the
** rule named.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <kbench/kit.h>

enum misuse {
  MISUSE_NONE, MISUSE_IN_RUN, MISUSE_NULL, MISUSE_ZERO, MISUSE_OUTPUT_FIRST,
  MISUSE_INOUT_FIRST, MISUSE_TWICE, MISUSE_HUGE
};
static const char *const misuses[] = {
  "none", "in_run", "null", "zero", "output_first", "inout_first", "twice",
  "huge"
};
static const char *const declares[] = {"inout", "output"};
static const char *const resets[] = {"none", "region"};

#define A 2.0f

typedef struct axpy {
  size_t n;
  float *x, *y, *y0, *want;
  int output, region, misuse;
} axpy;

/* y's declaration, and the misuse asked for around it. */
static int declare(const kbench_host *h, axpy *s)
{
  size_t bytes = s->n * sizeof(float);
  switch (s->misuse) {
  case MISUSE_NULL:
    return h->inout(h, NULL, bytes, KBENCH_MEM_HOST);
  case MISUSE_ZERO:
    return h->inout(h, s->y, 0, KBENCH_MEM_HOST);
  case MISUSE_OUTPUT_FIRST:
    h->output(h, s->y, bytes, KBENCH_MEM_HOST);
    return h->inout(h, s->y + s->n / 2, bytes / 2, KBENCH_MEM_HOST);
  case MISUSE_INOUT_FIRST:
    h->inout(h, s->y, bytes, KBENCH_MEM_HOST);
    return h->output(h, s->y, bytes, KBENCH_MEM_HOST);
  case MISUSE_TWICE:
    h->inout(h, s->y, bytes, KBENCH_MEM_HOST);
    return h->inout(h, s->y, bytes, KBENCH_MEM_HOST);
  case MISUSE_HUGE:
    /* A claim the runner must refuse before it reads a byte. */
    return h->inout(h, s->y, (size_t)1 << 62, KBENCH_MEM_HOST);
  default:
    return s->output ? h->output(h, s->y, bytes, KBENCH_MEM_HOST)
                     : h->inout(h, s->y, bytes, KBENCH_MEM_HOST);
  }
}

static int ax_setup(const kbench_host *h, void **state)
{
  axpy *s = calloc(1, sizeof *s);
  if (!(*state = s))
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  s->n = (size_t)h->param(h, "n");
  s->output = (int)h->param(h, "declare") == 1;
  s->region = (int)h->param(h, "reset") == 1;
  s->misuse = (int)h->param(h, "misuse");
  size_t bytes = s->n * sizeof(float);
  if (kbench_host_buffer(h, (void **)&s->x, bytes)
      || kbench_host_buffer(h, (void **)&s->y, bytes)
      || kbench_host_buffer(h, (void **)&s->y0, bytes)
      || kbench_host_buffer(h, (void **)&s->want, bytes))
    return KBENCH_ERROR;
  kbench_fill_float(h, s->x, s->n);
  kbench_fill_float(h, s->y, s->n);
  memcpy(s->y0, s->y, bytes);
  /* Exact: a*x is exact for a = 2, and the float sum rounds once, as the
  ** double's cast does. */
  for (size_t i = 0; i < s->n; i++)
    s->want[i] = (float)((double)A * s->x[i] + (double)s->y0[i]);
  return declare(h, s);
}

static int ax_run(const kbench_host *h, void *state)
{
  axpy *s = state;
  if (s->misuse == MISUSE_IN_RUN)
    h->inout(h, s->y, s->n * sizeof(float), KBENCH_MEM_HOST);
  if (s->region) {
    memcpy(s->y, s->y0, s->n * sizeof(float));
    if (h->timer_start(h) != KBENCH_OK)
      return KBENCH_ERROR;
  }
  for (size_t i = 0; i < s->n; i++)
    s->y[i] = A * s->x[i] + s->y[i];
  return s->region ? h->timer_stop(h) : KBENCH_OK;
}

static int ax_verify(const kbench_host *h, void *state)
{
  axpy *s = state;
  return kbench_check_float(h, "y", s->y, s->want, s->n, 0, 0);
}

static void ax_bytes(const kbench_host *h, void *state, kbench_bytes *b)
{
  (void)h;
  b->read = 2 * ((axpy *)state)->n * sizeof(float);
  b->written = ((axpy *)state)->n * sizeof(float);
  b->memory = KBENCH_MEM_HOST;
}

static void ax_teardown(const kbench_host *h, void *state)
{
  (void)h;
  free(state);
}

static const kbench_param params[] = {
  {"n", "floats", "1M", 2, 1 << 28, 0, NULL, 0},
  {"declare", "how setup declares y", "inout", 0, 0, 0, declares, 2},
  {"reset", "y reset from setup's copy in run, before its timed region",
   "none", 0, 0, 0, resets, 2},
  {"misuse", "a rule of inout broken", "none", 0, 0, 0, misuses,
   KBENCH_COUNT(misuses)},
};
static const kbench_variant inout_cpu = {
  .size = sizeof(kbench_variant),
  .name = "inout_cpu",
  .summary = "TEST ONLY: y = a*x + y in place, y declared in-out or not",
  .origin = "tests",
  .backend = KBENCH_BACKEND_HOST,
  .params = params,
  .n_params = KBENCH_COUNT(params),
  .setup = ax_setup,
  .run = ax_run,
  .verify = ax_verify,
  .bytes_moved = ax_bytes,
  .teardown = ax_teardown,
};
KBENCH_PLUGIN(&inout_cpu)
