/*
** Adversarial host plugins (tests/shell/adversary.sh, docs/security.md).
** Each computes an honest sum of n ints and, on the side, tries to forge
** the time of the cases after it, as a plugin written against kbench
** could.  One source, one module per ADVERSARY_* define; with none, it is
** honest_spin, the honest plugin measured after them.
**
**   ADVERSARY_GOT      in setup, rewrites clock_gettime's GOT slot in every
**                      loaded object but its own (dl_iterate_phdr, then the
**                      relocations; mprotect first, then one store) to a
**                      clock running at a tenth of the real one
**   ADVERSARY_TEXT     in setup, patches kb_host_clock_s, the runner's one
**                      clock, in the kbench binary's text (found in its
**                      symbol table) with a jump to that clock: mprotect,
**                      write, mprotect back (x86-64)
**   ADVERSARY_SIGNALS  in setup, ignores and blocks every signal it may,
**                      SIGSYS included; then hangs in run
**   ADVERSARY_FRAME    in setup, puts a relay thread of its own between the
**                      worker and its report pipe: every RESULT frame after
**                      the first is replaced by the first (its own), and at
**                      exit (atexit) it writes that one again
*/
#define _GNU_SOURCE            /* dl_iterate_phdr */
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <kbench/kit.h>

#include "process/protocol.h"   /* KB_MSG_RESULT */
#include "process/worker_start.h" /* KB_WORKER_REPORTS */

/* The clock's time, straight from the kernel: neither a GOT nor the vDSO
** that an adversary may have rewritten stands between. */
static inline double raw_seconds(void)
{
  struct timespec ts;
  syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#if defined(ADVERSARY_GOT) || defined(ADVERSARY_TEXT)
/* A monotonic clock running at a tenth of the real one from the moment
** it was planted: every interval the runner measures reads 10x short. */
#  define SLOWDOWN 10.0
static double origin = -1;

static double slow_seconds(void)
{
  double now = raw_seconds();
  return origin + (now - origin) / SLOWDOWN;
}

#endif

#ifdef ADVERSARY_GOT
#  include "got_rewrite.h"

static int slow_clock_gettime(clockid_t id, struct timespec *ts)
{
  if (id != CLOCK_MONOTONIC)
    return (int)syscall(SYS_clock_gettime, id, ts);
  double t = slow_seconds();
  ts->tv_sec = (time_t)t;
  ts->tv_nsec = (long)((t - (double)ts->tv_sec) * 1e9);
  return 0;
}

static void attack(void)
{
  origin = raw_seconds();
  got_rewrite("clock_gettime", (void *)slow_clock_gettime, "adversary");
}
#endif

#ifdef ADVERSARY_TEXT
/* The main program's load address: the first object dl_iterate_phdr
** gives. */
static int first_object(struct dl_phdr_info *info, size_t size, void *ctx)
{
  (void)size;
  *(uintptr_t *)ctx = info->dlpi_addr;
  return 1;
}

static int make_writable(void *at, size_t len)
{
  long page = sysconf(_SC_PAGESIZE);
  uintptr_t lo = (uintptr_t)at & ~(uintptr_t)(page - 1);
  return mprotect((void *)lo, (uintptr_t)at + len - lo, PROT_READ | PROT_WRITE);
}
/* kb_host_clock_s's offset in the kbench binary, from its symbol table. */
static uintptr_t find_symbol(const char *name)
{
  int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
  off_t size = fd < 0 ? -1 : lseek(fd, 0, SEEK_END);
  const unsigned char *f = size > 0 ? mmap(NULL, (size_t)size, PROT_READ,
                                           MAP_PRIVATE, fd, 0) : MAP_FAILED;
  uintptr_t found = 0;
  if (fd >= 0)
    close(fd);
  if (f == MAP_FAILED)
    return 0;
  const ElfW(Ehdr) *eh = (const void *)f;
  const ElfW(Shdr) *sh = (const void *)(f + eh->e_shoff);
  for (int i = 0; i < eh->e_shnum && !found; i++) {
    if (sh[i].sh_type != SHT_SYMTAB)
      continue;
    const ElfW(Sym) *sym = (const void *)(f + sh[i].sh_offset);
    const char *str = (const char *)(f + sh[sh[i].sh_link].sh_offset);
    for (size_t k = 0; k < sh[i].sh_size / sizeof *sym; k++)
      if (strcmp(str + sym[k].st_name, name) == 0 && sym[k].st_value) {
        found = sym[k].st_value;
        break;
      }
  }
  munmap((void *)f, (size_t)size);
  return found;
}

static void attack(void)
{
#  ifdef __x86_64__
  uintptr_t base = 0, at = find_symbol("kb_host_clock_s");
  if (!at)
    return;
  dl_iterate_phdr(first_object, &base);
  unsigned char *code = (unsigned char *)(base + at);
  /* movabs rax, slow_seconds; jmp rax */
  unsigned char jump[12] = {0x48, 0xb8};
  uintptr_t target = (uintptr_t)slow_seconds;
  memcpy(jump + 2, &target, sizeof target);
  jump[10] = 0xff;
  jump[11] = 0xe0;
  origin = raw_seconds();
  make_writable(code, sizeof jump);        /* refused under the seal */
  memcpy(code, jump, sizeof jump);
  long page = sysconf(_SC_PAGESIZE);
  uintptr_t lo = (uintptr_t)code & ~(uintptr_t)(page - 1);
  mprotect((void *)lo, (uintptr_t)code + sizeof jump - lo,
           PROT_READ | PROT_EXEC);
#  endif
}
#endif

#ifdef ADVERSARY_SIGNALS
static void attack(void)
{
  sigset_t all;
  for (int sig = 1; sig < NSIG; sig++)
    if (sig != SIGKILL && sig != SIGSTOP)
      signal(sig, SIG_IGN);                /* SIGSYS: refused */
  sigfillset(&all);
  sigprocmask(SIG_BLOCK, &all, NULL);
}
#endif

#ifdef ADVERSARY_FRAME
/* The worker's real report pipe, and the first RESULT frame that went
** through it. */
static int real_reports = -1;
static unsigned char *kept;
static size_t kept_len;

static int read_full(int fd, void *buf, size_t n)
{
  for (size_t done = 0; done < n;) {
    ssize_t got = read(fd, (char *)buf + done, n - done);
    if (got <= 0)
      return -1;
    done += (size_t)got;
  }
  return 0;
}

static void write_full(int fd, const void *buf, size_t n)
{
  for (size_t done = 0; done < n;) {
    ssize_t put = write(fd, (const char *)buf + done, n - done);
    if (put <= 0)
      return;
    done += (size_t)put;
  }
}

static void *relay(void *arg)
{
  int from = *(int *)arg;
  for (;;) {
    uint32_t header[2];
    if (read_full(from, header, sizeof header))
      return NULL;
    unsigned char *frame = malloc(sizeof header + header[0]);
    if (!frame)
      return NULL;
    memcpy(frame, header, sizeof header);
    if (read_full(from, frame + sizeof header, header[0]))
      return NULL;
    size_t len = sizeof header + header[0];
    if (header[1] == KB_MSG_RESULT && !kept) {
      kept = frame;                        /* its own, kept to replay */
      kept_len = len;
      write_full(real_reports, frame, len);
      continue;
    }
    if (header[1] == KB_MSG_RESULT)
      write_full(real_reports, kept, kept_len);   /* forged */
    else
      write_full(real_reports, frame, len);
    free(frame);
  }
}

static void replay_at_exit(void)
{
  if (kept)
    write_full(real_reports, kept, kept_len);
}

static void attack(void)
{
  static int ends[2];
  pthread_t t;
  if (real_reports >= 0 || pipe(ends))
    return;
  real_reports = dup(KB_WORKER_REPORTS);
  dup2(ends[1], KB_WORKER_REPORTS);
  close(ends[1]);
  atexit(replay_at_exit);
  pthread_create(&t, NULL, relay, &ends[0]);
}
#endif

typedef struct state {
  int in[1000];
  int total;
  int runs;
} state;

static const kbench_param params[] = {
#ifdef ADVERSARY_NAME
  {"n", "elements summed (at most 1000)", "1000", 1, 1000, 0, NULL, 0},
#else
  {"us", "microseconds each run spins (by the kernel's clock)", "1000", 1,
   1000000, 0, NULL, 0},
#endif
};

static int setup(const kbench_host *h, void **out)
{
  state *s = calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of memory");
  *out = s;
  kbench_fill_int(h, s->in, 1000, -100, 100);
#ifdef ADVERSARY_NAME
  attack();
#endif
  return h->output(h, &s->total, sizeof s->total, KBENCH_MEM_HOST);
}

static int run(const kbench_host *h, void *arg)
{
  state *s = arg;
#ifdef ADVERSARY_NAME
  int n = (int)h->param(h, "n"), t = 0;
#  ifdef ADVERSARY_SIGNALS
  if (s->runs++ > 0)
    for (volatile int spin = 1; spin;)
      ;
#  endif
  for (int i = 0; i < n; i++)
    t += s->in[i];
  s->total = t;
#else
  /* At least us microseconds of the real clock, whatever anyone did to
  ** the runner's: its honest time is never below that. */
  double until = raw_seconds() + (double)h->param(h, "us") * 1e-6;
  while (raw_seconds() < until)
    ;
  s->total = ++s->runs;
#endif
  return KBENCH_OK;
}

static int verify(const kbench_host *h, void *arg)
{
  state *s = arg;
#ifdef ADVERSARY_NAME
  int want = 0;
  for (int i = (int)h->param(h, "n"); i-- > 0;)
    want += s->in[i];
#else
  int want = s->runs;
#endif
  return kbench_check_int(h, "total", &s->total, &want, 1);
}

static void bytes(const kbench_host *h, void *arg, kbench_bytes *b)
{
  (void)arg;
#ifdef ADVERSARY_NAME
  b->read = (uint64_t)h->param(h, "n") * sizeof(int);
#else
  (void)h;
  b->read = 0;
#endif
  b->written = sizeof(int);
  b->memory = KBENCH_MEM_HOST;
}

static void teardown(const kbench_host *h, void *arg)
{
  (void)h;
  free(arg);
}

#ifndef ADVERSARY_NAME
#  define ADVERSARY_NAME_OR "honest_spin"
#else
#  define ADVERSARY_NAME_OR ADVERSARY_NAME
#endif

static const kbench_variant variant = {
  .size = sizeof(kbench_variant),
  .name = ADVERSARY_NAME_OR,
  .summary = "TEST ONLY: " ADVERSARY_NAME_OR,
  .origin = "tests",
  .backend = KBENCH_BACKEND_HOST,
  .params = params,
  .n_params = 1,
  .setup = setup,
  .run = run,
  .verify = verify,
  .bytes_moved = bytes,
  .teardown = teardown,
};

KBENCH_PLUGIN(&variant)
