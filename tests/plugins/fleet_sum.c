/*
** A healthy host variant whose speed the environment sets, for kbench
** fleet's tests (tests/fleet.sh): a slow rank among healthy ones.
** KBENCH_TEST_SLOWDOWN=N makes each run sum its input N times, each pass
** starting one element further on, so that the passes are real work that
** no compiler folds into one, and the result is the same.
** KBENCH_TEST_SLOWDOWN=N@SIZE slows only the case of n=SIZE: the other
** sizes are the unchanged cases beside it (tests/shell/history.sh).  A
** second case of this plugin, not reduce_cpu: on the CI's 2-core VM
** under load, reduce_cpu's vectorized sum at 64K runs at 49 or 64 us in
** phases of 1-3 ms, so runs as short as --min-time=0's differ by 30%
** from one to the next, where this scalar loop moved at most 5% in 20
** runs beside it.
** KBENCH_TEST_WRONG=1 drops the last element instead, as wrong_sum does:
** a rank whose case fails.
*/
#include <stdlib.h>

#include <kbench/kit.h>

typedef struct fleet_sum {
  int *in;
  size_t n;
  unsigned passes;
  int wrong;
  int total;       /* the output */
  int expected;    /* summed differently, in setup */
} fleet_sum;

static const kbench_param fleet_sum_params[] = {
  {"n", "int32 elements summed", "64K", 1, 1 << 24, 0},
};

static int fleet_sum_setup(const kbench_host *h, void **state)
{
  fleet_sum *s = calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of memory");
  *state = s;
  const char *slow = getenv("KBENCH_TEST_SLOWDOWN");
  const char *wrong = getenv("KBENCH_TEST_WRONG");
  char *at = NULL;
  s->n = (size_t)h->param(h, "n");
  s->passes = slow ? (unsigned)strtoul(slow, &at, 10) : 1;
  if (at && *at == '@' && strtoull(at + 1, NULL, 10) != s->n)
    s->passes = 1;
  s->passes = s->passes ? s->passes : 1;
  s->wrong = wrong && *wrong == '1';
  if (!(s->in = malloc(s->n * sizeof *s->in)))
    return h->fail(h, KBENCH_ERROR, "out of memory");
  kbench_fill_int(h, s->in, s->n, -1000, 1000);
  int64_t wide = 0;
  for (size_t i = s->n; i-- > 0;)
    wide += s->in[i];
  s->expected = (int)(uint32_t)(uint64_t)wide;
  return h->output(h, &s->total, sizeof s->total, KBENCH_MEM_HOST);
}

static int fleet_sum_run(const kbench_host *h, void *state)
{
  fleet_sum *s = state;
  size_t n = s->wrong ? s->n - 1 : s->n;
  uint32_t acc = 0;  /* unsigned: wrap-around is defined */
  (void)h;
  for (unsigned p = 0; p < s->passes; p++) {
    size_t start = p % s->n;
    acc = 0;
    for (size_t i = 0; i < n; i++) {
      size_t k = start + i;
      acc += (uint32_t)s->in[k < s->n ? k : k - s->n];
    }
  }
  s->total = (int)acc;
  return KBENCH_OK;
}

static int fleet_sum_verify(const kbench_host *h, void *state)
{
  fleet_sum *s = state;
  return kbench_check_int(h, "total", &s->total, &s->expected, 1);
}

static void fleet_sum_bytes(const kbench_host *h, void *state,
                            kbench_bytes *b)
{
  fleet_sum *s = state;
  (void)h;
  b->read = s->n * sizeof(int);
  b->written = sizeof(int);
  b->memory = KBENCH_MEM_HOST;
}

static void fleet_sum_teardown(const kbench_host *h, void *state)
{
  fleet_sum *s = state;
  (void)h;
  free(s->in);
  free(s);
}

static const kbench_variant fleet_sum_variant = {
  .size = sizeof(kbench_variant),
  .name = "fleet_sum",
  .summary = "TEST ONLY: int32 sum, KBENCH_TEST_SLOWDOWN times per run",
  .origin = "tests",
  .backend = KBENCH_BACKEND_HOST,
  .params = fleet_sum_params,
  .n_params = 1,
  .setup = fleet_sum_setup,
  .run = fleet_sum_run,
  .verify = fleet_sum_verify,
  .bytes_moved = fleet_sum_bytes,
  .teardown = fleet_sum_teardown,
};

KBENCH_PLUGIN(&fleet_sum_variant)
