/*
** nap: a host variant whose run sleeps, for the tests that judge the
** times of real runs (history.sh, fleet.sh, mpi.sh) or stop a run
** midway (interrupt.sh).  A run sleeps `us` microseconds: a loaded
** machine can make that longer (the wake-up comes late) but never
** shorter, and it costs no CPU, so the time barely depends on what else
** runs.  A sum over a small array's worth of work,
** as a real plugin's, would read 2x slower or faster from one run to the
** next on a loaded 2-core VM.
** KBENCH_TEST_SLOWDOWN=N makes each run sleep N times as long;
** KBENCH_TEST_SLOWDOWN=N@US only the case of us=US: the others are the
** unchanged cases beside it.  KBENCH_TEST_WRONG=US: the case of us=US
** reports a sleep it did not make, and fails verification.
** Its output is the sleep it made, which verify checks: a run that did not
** happen leaves the runner's poison there and fails.
** Built a second time with NAP_PAIR (nap_pair.so), it holds a second
** variant, nap_half, that sleeps half as long: a plugin of several
** variants for names and patterns to choose from (cli.sh).
*/
#define _POSIX_C_SOURCE 200809L  /* nanosleep */
#include <errno.h>
#include <stdlib.h>
#include <time.h>

#include <kbench/plugin.h>

typedef struct nap {
  long long us;        /* one run's sleep */
  long long slept;     /* the output: us, written by run */
  int wrong;           /* KBENCH_TEST_WRONG names this case */
} nap;

static const kbench_param nap_params[] = {
  {"us", "microseconds each run sleeps", "1000", 1, 100000000, 0, NULL, 0},
};

static int setup(const kbench_host *h, void **state, long long divisor)
{
  nap *s = calloc(1, sizeof *s);
  if (!(*state = s))
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  s->us = h->param(h, "us") / divisor;
  const char *wrong = getenv("KBENCH_TEST_WRONG");
  s->wrong = wrong && strtoll(wrong, NULL, 10) == s->us;
  const char *slow = getenv("KBENCH_TEST_SLOWDOWN");
  if (slow) {
    char *at = NULL;
    long long n = strtoll(slow, &at, 10);
    if (n > 0 && (*at != '@' || strtoll(at + 1, NULL, 10) == s->us))
      s->us *= n;
  }
  return h->output(h, &s->slept, sizeof s->slept, KBENCH_MEM_HOST);
}

static int nap_setup(const kbench_host *h, void **state)
{
  return setup(h, state, 1);
}

#ifdef NAP_PAIR
static int nap_half_setup(const kbench_host *h, void **state)
{
  return setup(h, state, 2);
}
#endif

static int nap_run(const kbench_host *h, void *state)
{
  nap *s = state;
  struct timespec left = {(time_t)(s->us / 1000000),
                          (long)(s->us % 1000000) * 1000};
  (void)h;
  while (nanosleep(&left, &left) != 0 && errno == EINTR)
    ;
  s->slept = s->us + s->wrong;
  return KBENCH_OK;
}

static int nap_verify(const kbench_host *h, void *state)
{
  nap *s = state;
  if (s->slept != s->us)
    return h->fail(h, KBENCH_WRONG, "slept = %lld, expected %lld", s->slept,
                   s->us);
  return KBENCH_OK;
}

static void nap_bytes(const kbench_host *h, void *state, kbench_bytes *b)
{
  (void)h;
  (void)state;
  b->read = 0;
  b->written = sizeof(long long);
  b->memory = KBENCH_MEM_HOST;
}

static void nap_teardown(const kbench_host *h, void *state)
{
  (void)h;
  free(state);
}

static const kbench_variant nap_variant = {
  .size = sizeof(kbench_variant),
  .name = "nap",
  .summary = "TEST ONLY: each run sleeps us microseconds "
             "(KBENCH_TEST_SLOWDOWN times)",
  .origin = "tests",
  .backend = KBENCH_BACKEND_HOST,
  .params = nap_params,
  .n_params = 1,
  .setup = nap_setup,
  .run = nap_run,
  .verify = nap_verify,
  .bytes_moved = nap_bytes,
  .teardown = nap_teardown,
};

#ifdef NAP_PAIR
static const kbench_variant nap_half_variant = {
  .size = sizeof(kbench_variant),
  .name = "nap_half",
  .summary = "TEST ONLY: each run sleeps us/2 microseconds",
  .origin = "tests",
  .backend = KBENCH_BACKEND_HOST,
  .params = nap_params,
  .n_params = 1,
  .setup = nap_half_setup,
  .run = nap_run,
  .verify = nap_verify,
  .bytes_moved = nap_bytes,
  .teardown = nap_teardown,
};

KBENCH_PLUGIN(&nap_variant, &nap_half_variant)
#else
KBENCH_PLUGIN(&nap_variant)
#endif
