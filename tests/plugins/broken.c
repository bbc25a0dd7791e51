/*
** Deliberately broken host plugins for the loader, runner and isolation
** tests.  One source, built once per BROKEN_* flag (see tests/local.mk),
** each module breaking exactly one rule.  The healthy base sums 1000
** random ints.  The isolation kinds crash, exit, hang or print in one
** named callback; crash() writes to an unmapped address, a real segfault.
** BROKEN_ORPHAN_RUN leaves a process behind first: a child in a session of
** its own, holding the worker's pipes, its pid in $KBENCH_TEST_ORPHAN_PID.
** Two hang in run as hang_run does, for a supervisor killed meanwhile
** (tests/shell/orphans.sh): BROKEN_DEAF_RUN blocks every signal and
** ignores every one it may first; BROKEN_FORK_RUN forks a child first,
** which stays in the worker's process group and sleeps.
*/
#define _GNU_SOURCE            /* sigfillset, NSIG */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <unistd.h>

#include <kbench/kit.h>

static void crash(const char *where)
{
  fprintf(stderr, "broken: about to crash in %s\n", where);
  volatile int *unmapped = (volatile int *)(uintptr_t)16;
  *unmapped = 1;
}

#ifdef BROKEN_ORPHAN_RUN
/* Fork a child that escapes the worker's process group and sleeps; crash
** once it has (the pipe says so) and its pid is written down. */
static void orphan_then_crash(void)
{
  int ready[2];
  if (pipe(ready))
    return;
  pid_t child = fork();
  if (child == 0) {
    setsid();
    (void)!write(ready[1], "x", 1);
    for (int i = 0; i < 600; i++)
      sleep(1);
    _exit(0);
  }
  char c;
  if (child < 0 || read(ready[0], &c, 1) != 1)
    return;
  const char *file = getenv("KBENCH_TEST_ORPHAN_PID");
  FILE *f = file ? fopen(file, "w") : NULL;
  if (f) {
    fprintf(f, "%ld\n", (long)child);
    fclose(f);
  }
  crash("run");
}
#endif

#ifdef BROKEN_DEAF_RUN
/* Nothing but SIGKILL and SIGSTOP ends or stops it, and SIGSYS is the
** seal's (a new handler of it is refused, which would end the case). */
static void go_deaf(void)
{
  sigset_t all;
  sigfillset(&all);
  sigprocmask(SIG_BLOCK, &all, NULL);
  for (int sig = 1; sig < NSIG; sig++)
    if (sig != SIGKILL && sig != SIGSTOP && sig != SIGSYS)
      signal(sig, SIG_IGN);
}
#endif

#ifdef BROKEN_FORK_RUN
/* A child in the worker's group that sleeps ten minutes. */
static void fork_sleeper(void)
{
  if (fork() == 0) {
    for (int i = 0; i < 600; i++)
      sleep(1);
    _exit(0);
  }
}
#endif

#ifdef BROKEN_CRASH_LOAD
/* dlopen runs constructors: a plugin can crash before any callback. */
__attribute__((constructor)) static void crash_on_load(void)
{
  crash("its constructor");
}
#endif

#ifdef BROKEN_CHATTY
#  define CHAT(where) (printf("chatty: %s\n", where), \
                       fprintf(stderr, "chatty: %s on stderr\n", where))
#else
#  define CHAT(where) ((void)0)
#endif

typedef struct sum {
  int in[1000];
  int total;
  int runs;
} sum;

#ifdef BROKEN_CHOICES
/* Two choices of one name: the loader must refuse the parameter. */
static const char *const twice[] = {"f32", "f64", "f32"};
#  define SUM_CHOICES twice, 3
#else
#  define SUM_CHOICES NULL, 0
#endif

#ifdef BROKEN_PARAM_NAME
#  define SUM_N "N"      /* upper case: the loader must name it and the rule */
#else
#  define SUM_N "n"
#endif

static const kbench_param sum_params[] = {
  {SUM_N, "elements summed (at most 1000)", "1000", 1, 1000, 0, SUM_CHOICES},
#ifdef BROKEN_LONG_DEFAULT
  /* Not broken: a default longer than --list's column, which must align. */
  {"threads", "unused", "32,64,128,256,512,1024", 32, 1024, KBENCH_PARAM_POW2,
   NULL, 0},
#endif
};

static int sum_setup(const kbench_host *h, void **state)
{
  sum *s = calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of memory");
  *state = s;
  CHAT("setup");
#ifdef BROKEN_CRASH_SETUP
  crash("setup");
#endif
#ifdef BROKEN_ABORT_SETUP
  abort();
#endif
#ifdef BROKEN_HUGE
  /* More than any machine has: the plugin must get NULL and say so. */
  size_t huge = (size_t)1 << 62;
  void *big = malloc(huge);
  if (!big)
    return h->fail(h, KBENCH_ERROR, "cannot allocate %zu bytes", huge);
  free(big);
#endif
#ifdef BROKEN_SETUP
  return h->fail(h, KBENCH_ERROR, "setup refused on purpose");
#endif
#ifdef BROKEN_UNSUPPORTED
  return h->fail(h, KBENCH_UNSUPPORTED, "not on this machine, on purpose");
#endif
#ifdef BROKEN_PARAM
  (void)h->param(h, "undeclared");
#endif
  kbench_fill_int(h, s->in, 1000, -100, 100);
#ifdef BROKEN_NO_OUTPUT
  return KBENCH_OK;
#endif
  return h->output(h, &s->total, sizeof s->total, KBENCH_MEM_HOST);
}

#ifdef BROKEN_UNDEFINED
/* Defined nowhere: as a cuBLAS call in a plugin linked without -lcublas,
** and without -z defs to catch it, the dlopen fails. */
int kbench_test_undefined(void);
#endif

static int sum_run(const kbench_host *h, void *state)
{
  sum *s = state;
  int n = (int)h->param(h, "n"), t = 0;
  CHAT("run");
#ifdef BROKEN_UNDEFINED
  t = kbench_test_undefined();
#endif
#ifdef BROKEN_CRASH_RUN
  if (s->runs++ > 0)
    crash("run");          /* after a verified first run */
#endif
#ifdef BROKEN_ORPHAN_RUN
  if (s->runs++ > 0)
    orphan_then_crash();
#endif
#ifdef BROKEN_EXIT0_RUN
  if (s->runs++ > 0)
    exit(0);
#endif
#ifdef BROKEN_KILL_RUN
  raise(SIGKILL);          /* what the out-of-memory killer does */
#endif
#ifdef BROKEN_DEAF_RUN
  go_deaf();
#endif
#ifdef BROKEN_FORK_RUN
  fork_sleeper();
#endif
#if defined(BROKEN_HANG_RUN) || defined(BROKEN_DEAF_RUN) \
    || defined(BROKEN_FORK_RUN)
  for (volatile int spin = 1; spin;)
    ;
#endif
#ifdef BROKEN_WRONG
  n--;  /* drops the last element: the classic tail bug */
#endif
#ifdef BROKEN_FIRST_RUN_ONLY
  if (s->runs++ > 0)
    return KBENCH_OK;  /* leaves the output alone after the first run */
#endif
  for (int i = 0; i < n; i++)
    t += s->in[i];
  s->total = t;
  return KBENCH_OK;
}

static int sum_verify(const kbench_host *h, void *state)
{
  sum *s = state;
  long long want = 0;
  CHAT("verify");
#ifdef BROKEN_CRASH_VERIFY
  crash("verify");
#endif
#ifdef BROKEN_EXIT3_VERIFY
  exit(3);
#endif
  for (int i = (int)h->param(h, "n"); i-- > 0;)
    want += s->in[i];
  int w = (int)want;
  return kbench_check_int(h, "total", &s->total, &w, 1);
}

static void sum_bytes(const kbench_host *h, void *state, kbench_bytes *b)
{
  (void)state;
  CHAT("bytes_moved");
#ifdef BROKEN_CRASH_BYTES
  crash("bytes_moved");
#endif
  b->read = (uint64_t)h->param(h, "n") * sizeof(int);
  b->written = sizeof(int);
  b->memory = KBENCH_MEM_HOST;
}

static void sum_teardown(const kbench_host *h, void *state)
{
  (void)h;
  CHAT("teardown");
#ifdef BROKEN_CRASH_TEARDOWN
  crash("teardown");
#endif
#ifdef BROKEN_EXIT_TEARDOWN
  _exit(0);
#endif
  free(state);
}

static const kbench_variant sum_variant = {
  .size = sizeof(kbench_variant),
  .name = BROKEN_NAME,
  .summary = "TEST ONLY: " BROKEN_NAME,
  .origin = "tests",
  .backend = KBENCH_BACKEND_HOST,
  .params = sum_params,
  .n_params = KBENCH_COUNT(sum_params),
  .setup = sum_setup,
  .run = sum_run,
#ifdef BROKEN_NULL_VERIFY
  .verify = NULL,
#else
  .verify = sum_verify,
#endif
  .bytes_moved = sum_bytes,
  .teardown = sum_teardown,
#ifdef BROKEN_FLAGS
  .flags = 0x80u | KBENCH_VARIANT_SYNCS,  /* a flag no runner knows yet */
#endif
};

#if defined(BROKEN_ABI) || defined(BROKEN_ABI_NEWER)
static const kbench_variant *one(uint32_t i) { return i ? NULL : &sum_variant; }
KBENCH_EXPORT const kbench_library *kbench_plugin_library(void)
{
#  ifdef BROKEN_ABI
  static const kbench_library lib = {
    KBENCH_ABI_MAJOR + 98, 0, sizeof(kbench_library), sizeof(kbench_variant),
    sizeof(kbench_param), one};
#  else
  static const kbench_library lib = {
    KBENCH_ABI_MAJOR, KBENCH_ABI_MINOR + 1, sizeof(kbench_library),
    sizeof(kbench_variant), sizeof(kbench_param), one};
#  endif
  return &lib;
}
#elif !defined(BROKEN_NO_ENTRY)
KBENCH_PLUGIN(&sum_variant)
#else
/* No entry point: only an unrelated exported function. */
KBENCH_EXPORT int not_a_plugin(void) { return sum_variant.n_params; }
#endif
