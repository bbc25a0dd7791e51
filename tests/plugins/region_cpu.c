/*
** region_cpu: ABI 1.2's timed region on the CPU (tests/shell/region.sh).
** Each run first clears `clear` bytes of a scratch buffer and sleeps
** `pause` microseconds (preparations to leave out of the time: the sleep
** is one a loaded machine can lengthen but never shorten, for region.sh's
** timing), then sums n int32 (the work verify checks).
** The parameter `use` says how the run uses the region: not at all, around
** the sum (honest), or in one of the ways the runner must refuse: the sum
** before or after the region (cheats), and the broken rules (nested,
** left open, twice, stop first, from setup or verify, in some runs only).
** Every way still computes the right sum and returns KBENCH_OK, ignoring
** what timer_start and timer_stop return: the runner alone fails them.
*/
#define _POSIX_C_SOURCE 200809L  /* nanosleep */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <kbench/plugin.h>

enum use {
  USE_NONE, USE_REGION, USE_BEFORE, USE_AFTER, USE_NESTED, USE_OPEN,
  USE_TWICE, USE_STOP_FIRST, USE_IN_SETUP, USE_IN_VERIFY, USE_FIRST_ONLY,
  USE_LATE
};
static const char *const uses[] = {
  "none", "region", "before", "after", "nested", "open", "twice",
  "stop_first", "in_setup", "in_verify", "first_only", "late"
};

typedef struct region_sum {
  int32_t *in;
  size_t n;
  unsigned char *scratch;
  size_t clear;
  long long pause;    /* microseconds */
  int use;
  size_t runs;
  int32_t total;      /* the output */
  int32_t expected;
} region_sum;

static int32_t sum(const region_sum *s)
{
  uint32_t acc = 0;
  for (size_t i = 0; i < s->n; i++)
    acc += (uint32_t)s->in[i];
  return (int32_t)acc;
}

static int rs_setup(const kbench_host *h, void **state)
{
  region_sum *s = calloc(1, sizeof *s);
  if (!(*state = s))
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  s->n = (size_t)h->param(h, "n");
  s->clear = (size_t)h->param(h, "clear");
  s->pause = h->param(h, "pause");
  s->use = (int)h->param(h, "use");
  s->in = h->host_alloc(h, s->n * sizeof *s->in);
  if (!s->in || (s->clear && !(s->scratch = malloc(s->clear))))
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  /* Fresh random data: fill is a pure function of the seed and the case. */
  if (h->fill(h, s->in, s->n, KBENCH_TYPE_I32, -1000, 1000, 0) != KBENCH_OK)
    return KBENCH_ERROR;
  uint32_t want = 0;   /* the reference: an independent loop, backwards */
  for (size_t i = s->n; i-- > 0;)
    want += (uint32_t)s->in[i];
  s->expected = (int32_t)want;
  if (s->use == USE_IN_SETUP)
    h->timer_start(h);
  return h->output(h, &s->total, sizeof s->total, KBENCH_MEM_HOST);
}

static int rs_run(const kbench_host *h, void *state)
{
  region_sum *s = state;
  /* The preparation: a value that changes each run, so it is done. */
  if (s->clear)
    memset(s->scratch, (int)(s->runs & 0x7f) + 1, s->clear);
  struct timespec left = {(time_t)(s->pause / 1000000),
                          (long)(s->pause % 1000000) * 1000};
  while (s->pause && nanosleep(&left, &left) != 0 && errno == EINTR)
    ;
  int regioned = s->use == USE_REGION || s->use == USE_NESTED
      || s->use == USE_OPEN || s->use == USE_TWICE
      || (s->use == USE_FIRST_ONLY && s->runs == 0)
      || (s->use == USE_LATE && s->runs > 0);
  s->runs++;
  switch (s->use) {
  case USE_BEFORE:          /* the work before the region */
    s->total = sum(s);
    h->timer_start(h);
    h->timer_stop(h);
    return KBENCH_OK;
  case USE_AFTER:           /* the work after it */
    h->timer_start(h);
    h->timer_stop(h);
    s->total = sum(s);
    return KBENCH_OK;
  case USE_STOP_FIRST:
    h->timer_stop(h);
    s->total = sum(s);
    return KBENCH_OK;
  default:
    break;
  }
  if (regioned)
    h->timer_start(h);
  if (s->use == USE_NESTED)
    h->timer_start(h);
  s->total = sum(s);
  if (regioned && s->use != USE_OPEN)
    h->timer_stop(h);
  if (s->use == USE_TWICE) {
    h->timer_start(h);
    h->timer_stop(h);
  }
  return KBENCH_OK;
}

static int rs_verify(const kbench_host *h, void *state)
{
  region_sum *s = state;
  if (s->use == USE_IN_VERIFY)
    h->timer_stop(h);
  if (s->total != s->expected)
    return h->fail(h, KBENCH_WRONG, "sum = %d, expected %d", s->total,
                   s->expected);
  return KBENCH_OK;
}

static void rs_bytes(const kbench_host *h, void *state, kbench_bytes *b)
{
  region_sum *s = state;
  (void)h;
  b->read = s->n * sizeof *s->in;
  b->written = sizeof s->total;
  b->memory = KBENCH_MEM_HOST;
}

static void rs_teardown(const kbench_host *h, void *state)
{
  region_sum *s = state;
  (void)h;
  free(s->scratch);
  free(s);
}

static const kbench_param params[] = {
  {"n", "int32 summed: the work", "16M", 1, 1 << 28, 0, NULL, 0},
  {"clear", "bytes cleared before the work: the preparation", "0", 0,
   (int64_t)1 << 32, 0, NULL, 0},
  {"pause", "microseconds slept before the work: the preparation", "0", 0,
   10000000, 0, NULL, 0},
  {"use", "how run uses the timed region", "region", 0, 0, 0, uses,
   sizeof uses / sizeof *uses},
};

static const kbench_variant region_cpu = {
  .size = sizeof(kbench_variant),
  .name = "region_cpu",
  .summary = "TEST ONLY: a preparation, then a sum, with or without a "
             "timed region",
  .origin = "tests",
  .backend = KBENCH_BACKEND_HOST,
  .params = params,
  .n_params = 4,
  .setup = rs_setup,
  .run = rs_run,
  .verify = rs_verify,
  .bytes_moved = rs_bytes,
  .teardown = rs_teardown,
};

KBENCH_PLUGIN(&region_cpu)
