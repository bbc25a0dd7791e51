/*
** A host variant for kbench tune's tests (tests/shell/tune.sh): a space
** with a clear best, one configuration that crashes and one that hangs.
** Each run sums a small array, then sleeps 200 us passes times, passes =
** 1 + 2 |x - 4|, so x=4 is the fastest by a factor of three over its
** neighbours; x=7 crashes in run (a real segfault, after a verified first
** run) and x=8 spins forever in run.  y only multiplies the passes, so
** y=1 is best.  Sleeps, not sums, make the passes: a busy 2-core VM
** lengthens a sleep by its wake-up's delay (tens of us) and no more,
** where it read a sum of 64K ints 2.7x slower in one run than the next,
** close to the factor of three the best is found by.
*/
#define _POSIX_C_SOURCE 200809L  /* nanosleep */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <kbench/kit.h>

#define N 4096

typedef struct trap {
  int in[N];
  int total;       /* the output */
  int expected;
  unsigned passes;
  int x, runs;
} trap;

static const kbench_param trap_params[] = {
  {"x", "4 is best; 7 crashes in run, 8 hangs in run", "4", 0, 9, 0, NULL, 0},
  {"y", "multiplies the work: 1 is best", "1", 1, 4, 0, NULL, 0},
};

static int trap_setup(const kbench_host *h, void **state)
{
  trap *s = calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of memory");
  *state = s;
  s->x = (int)h->param(h, "x");
  s->passes = (unsigned)((1 + 2 * abs(s->x - 4)) * h->param(h, "y"));
  kbench_fill_int(h, s->in, N, -1000, 1000);
  for (int i = 0; i < N; i++)
    s->expected += s->in[i];
  return h->output(h, &s->total, sizeof s->total, KBENCH_MEM_HOST);
}

static int trap_run(const kbench_host *h, void *state)
{
  trap *s = state;
  (void)h;
  if (s->x == 7 && s->runs++ > 0) {
    volatile uintptr_t address = 16;   /* unmapped, opaque to the compiler */
    fprintf(stderr, "tune_trap: about to crash\n");
    *(volatile int *)address = 1;
  }
  if (s->x == 8)
    for (volatile int spin = 1; spin;)
      ;
  uint32_t acc = 0;
  for (int i = 0; i < N; i++)
    acc += (uint32_t)s->in[i];
  s->total = (int)acc;
  long ns = 200000L * (long)s->passes;
  struct timespec left = {ns / 1000000000L, ns % 1000000000L};
  while (nanosleep(&left, &left) != 0 && errno == EINTR)
    ;
  return KBENCH_OK;
}

static int trap_verify(const kbench_host *h, void *state)
{
  trap *s = state;
  return kbench_check_int(h, "total", &s->total, &s->expected, 1);
}

static void trap_bytes(const kbench_host *h, void *state, kbench_bytes *b)
{
  (void)h;
  (void)state;
  b->read = N * sizeof(int);
  b->written = sizeof(int);
  b->memory = KBENCH_MEM_HOST;
}

static void trap_teardown(const kbench_host *h, void *state)
{
  (void)h;
  free(state);
}

static const kbench_variant trap_variant = {
  .size = sizeof(kbench_variant),
  .name = "tune_trap",
  .summary = "TEST ONLY: a tuning space with a best, a crash and a hang",
  .origin = "tests",
  .backend = KBENCH_BACKEND_HOST,
  .params = trap_params,
  .n_params = 2,
  .setup = trap_setup,
  .run = trap_run,
  .verify = trap_verify,
  .bytes_moved = trap_bytes,
  .teardown = trap_teardown,
};

KBENCH_PLUGIN(&trap_variant)
