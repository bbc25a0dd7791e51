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
**   ADVERSARY_DISCARD  in setup, drops the pages of the kbench binary's
**                      RELRO (madvise MADV_DONTNEED)
**   ADVERSARY_VVAR     in setup, moves a page of its own over [vvar], the
**                      vDSO's clock data (mremap MREMAP_FIXED)
**   ADVERSARY_SILENCE  in setup, sets the SIGSYS handler's report
**                      descriptor to -1 (found in the symbol table), then
**                      makes the runner's code writable (refused)
**   ADVERSARY_KILL     in setup, sends the signal it is defined to (SIGKILL,
**                      SIGINT, SIGSTOP) to kbench's supervisor, its parent
**   ADVERSARY_CHAIN    in setup, starts a chain of 150 sleeping processes,
**                      each a session of its own forking the next
**   ADVERSARY_FILES    in setup, creates kb_adv_trojan beside the kbench
**                      binary and beside its own library, and a file in
**                      its TMPDIR (its case fails where it cannot)
**   ADVERSARY_JSON     in setup, finds the run's --json file on kbench's
**                      command line; rewrites it as its worker exits
**   ADVERSARY_CLAIM    claims 100000 times the bytes it reads: a host
**                      rate no memory reaches
**   ADVERSARY_REGION   times a region around a 1 ms nap and its sum, and
**                      moves the region's start mark (in the runner's
**                      sampling, through h->opaque) to 1 us before its
**                      end; claims a MB a run
**   ADVERSARY_SMALL    with ADVERSARY_REGION: claims only the n ints it
**                      sums (under the host floor's 64 KiB)
**   ADVERSARY_EARLY    works 2 ms (by the kernel's clock) before
**                      timer_start, writing its result aside, then times
**                      only the copy of that result into its output: kib
**                      KiB, the output verify checks, made inside the
**                      region as the region check asks
**   ADVERSARY_IPC      in setup, leaves an 8 MiB SysV shared memory
**                      segment, a SysV message queue holding a message, a
**                      SysV semaphore (keys 0x6b620059, ...5a, ...5b), a
**                      POSIX message queue /kb_adv_mq holding a message
**                      and an 8 MiB /dev/shm/kb_adv_shm; and tries to make
**                      a directory at a lock's name in the GPU locks'
**                      folder ($KB_ADV_LOCK_NAME)
**   ADVERSARY_NOTE     in setup, writes a NOTE frame without a token whose
**                      text draws a fake FLAGGED row on kbench's stderr
**   ADVERSARY_WAIT     in setup, starts a thread that writes a LOCK_WAIT
**                      frame (the same text) every 200 ms, with the order's
**                      token found in the worker's memory; then hangs in
**                      run: the watchdog, deferred each time it listens,
**                      would never fire
**   ADVERSARY_TTY      in setup, finds a terminal (/dev/tty, else the
**                      supervisor's stdin, stdout or stderr through /proc)
**                      and types the interrupt character and a command
**                      line into it (TIOCSTI), then draws a row with
**                      escapes on it; and tries TIOCSTI on its own stdin
**   ADVERSARY_SETOWN   in setup, makes the supervisor a socket's owner
**                      (FIOSETOWN, else SIOCSPGRP), its signal SIGINT
**                      (F_SETSIG), and makes the socket readable
**   ADVERSARY_NICE     in setup, sets the supervisor's nice (19), policy
**                      (SCHED_IDLE), affinity (one CPU), I/O priority
**                      (idle) and open-file limit (64), each a process
**                      started after it would inherit
**   STATE_PROBE        state_probe: fails its case naming what of the above
**                      it inherited, against KB_PROBE_BASE ("nice cpus
**                      nofile", the test's own)
**   ADVERSARY_SIBLING  in setup, looks for 1 s for another worker of its
**                      supervisor (another lane's) and kills it (SIGKILL)
**   ADVERSARY_TROJAN   a trojan of copy_cpu's name: its constructor, when
**                      reduce_cpu (the catalogue) is loaded beside it,
**                      creates $KB_TROJAN_MARK
**   SESSION_PROBE      session_probe: fails its case when its worker is in
**                      its supervisor's session (the terminal's, under a
**                      terminal), saying whether /dev/tty opens; passes
**                      in a session of its own (KBENCH_CONTAIN=on)
*/
#define _GNU_SOURCE            /* dl_iterate_phdr */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
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
#  include "runner_symbol.h"

static int make_writable(void *at, size_t len)
{
  long page = sysconf(_SC_PAGESIZE);
  uintptr_t lo = (uintptr_t)at & ~(uintptr_t)(page - 1);
  return mprotect((void *)lo, (uintptr_t)at + len - lo, PROT_READ | PROT_WRITE);
}

static void attack(void)
{
#  ifdef __x86_64__
  unsigned char *code = runner_symbol("kb_host_clock_s");
  if (!code)
    return;
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

#ifdef ADVERSARY_DISCARD
/* The kbench binary's RELRO (its GOT among it), from its program
** headers: the first object dl_iterate_phdr gives. */
static int relro_of_first(struct dl_phdr_info *info, size_t size, void *ctx)
{
  (void)size;
  uintptr_t *range = ctx;
  for (int i = 0; i < info->dlpi_phnum; i++)
    if (info->dlpi_phdr[i].p_type == PT_GNU_RELRO) {
      range[0] = info->dlpi_addr + info->dlpi_phdr[i].p_vaddr;
      range[1] = range[0] + info->dlpi_phdr[i].p_memsz;
    }
  return 1;
}

/* Its pages dropped: they read the file's unrelocated bytes again, every
** GOT slot an offset from 0, which a plugin could map a clock of its own
** at.  mseal(2) does not refuse it for a mapping of a file. */
static void attack(void)
{
  uintptr_t range[2] = {0, 0};
  long page = sysconf(_SC_PAGESIZE);
  dl_iterate_phdr(relro_of_first, range);
  uintptr_t lo = range[0] & ~(uintptr_t)(page - 1);
  if (range[1] > lo)
    madvise((void *)lo, range[1] - lo, MADV_DONTNEED);
}
#endif

#ifdef ADVERSARY_VVAR
/* The kernel's clock data for the vDSO, [vvar], replaced by a page of the
** plugin's (here zeros: the vDSO then asks the kernel, but a rewritten
** copy runs the clock at the plugin's speed). */
static void attack(void)
{
  char line[512];
  uintptr_t lo = 0, hi = 0;
  FILE *maps = fopen("/proc/self/maps", "r");
  while (maps && fgets(line, sizeof line, maps))
    if (strstr(line, "[vvar]")
        && sscanf(line, "%" SCNxPTR "-%" SCNxPTR, &lo, &hi) == 2)
      break;
  if (maps)
    fclose(maps);
  if (hi <= lo)
    return;
  void *copy = mmap(NULL, hi - lo, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (copy != MAP_FAILED)
    mremap(copy, hi - lo, hi - lo, MREMAP_MAYMOVE | MREMAP_FIXED,
           (void *)lo);
}
#endif

#ifdef ADVERSARY_SILENCE
#  include "runner_symbol.h"

/* The SIGSYS handler's report descriptor (refusal_fd before issue 49,
** the first member of refusal's page after) set to -1, then a call the
** seal refuses: unreported, the case would pass and its worker go on. */
static void attack(void)
{
  long page = sysconf(_SC_PAGESIZE);
  int *fd = runner_symbol("refusal_fd");
  if (!fd)
    fd = runner_symbol("refusal");
  unsigned char *code = runner_symbol("kb_host_clock_s");
  if (!fd || !code)
    return;
  uintptr_t at = (uintptr_t)fd & ~(uintptr_t)(page - 1);
  mprotect((void *)at, (size_t)page, PROT_READ | PROT_WRITE);
  *fd = -1;
  at = (uintptr_t)code & ~(uintptr_t)(page - 1);
  mprotect((void *)at, (size_t)page, PROT_READ | PROT_WRITE);   /* EPERM */
}
#endif

#ifdef ADVERSARY_KILL
/* The signal, to kbench's supervisor: SIGKILL would end the run, SIGINT
** stop it after the current case, SIGSTOP hang it. */
static void attack(void)
{
  kill(getppid(), ADVERSARY_KILL);
}
#endif

#ifdef ADVERSARY_CHAIN
#  include <sys/prctl.h>
/* Links in the chain: more than the 64 rounds of kill kbench once had. */
#  define LINKS 150

/* Many small mappings, never touched: a link takes a while to exit, so
** that its child is handed up to kbench only after kbench has looked past
** it (a chain that dies faster than kbench lists /proc dies in one
** look). */
static void slow_exit(void)
{
  long page = sysconf(_SC_PAGESIZE);
  for (int i = 0; i < 2000; i++)
    mmap(NULL, (size_t)page, i % 2 ? PROT_READ : PROT_NONE,
         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

/* A chain of LINKS sleeping processes, each a session of its own that
** forks the next, named kb_adv_chain (the test counts them after the
** run); setup returns once the last one is up. */
static void attack(void)
{
  int ready[2];
  char byte = 1;
  if (pipe(ready))
    return;
  for (int link = 0; link < LINKS; link++) {
    pid_t pid = fork();
    if (pid < 0)
      break;
    if (pid > 0) {
      if (link > 0) {          /* a link: it sleeps while its child lives */
        close(ready[1]);
        for (;;)
          pause();
      }
      break;                   /* the worker: back to setup */
    }
    setsid();
    prctl(PR_SET_NAME, "kb_adv_chain");
    slow_exit();
    if (link == LINKS - 1) {
      if (write(ready[1], &byte, 1) < 0)
        _exit(1);
      for (;;)
        pause();
    }
  }
  close(ready[1]);
  if (read(ready[0], &byte, 1) < 0)
    byte = 0;
  close(ready[0]);
}
#endif

#ifdef ADVERSARY_JSON
/* The run's --json file, from kbench's command line (its parent's). */
static char json_path[4096];

static void attack(void)
{
  char path[64], args[16384];
  snprintf(path, sizeof path, "/proc/%d/cmdline", (int)getppid());
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  ssize_t n = fd < 0 ? -1 : read(fd, args, sizeof args - 1);
  if (fd >= 0)
    close(fd);
  for (ssize_t at = 0; at < n; at += (ssize_t)strlen(args + at) + 1)
    if (strncmp(args + at, "--json=", 7) == 0)
      snprintf(json_path, sizeof json_path, "%s", args + at + 7);
}

/* As the worker exits, after the run's last case: the file rewritten. */
__attribute__((destructor)) static void rewrite(void)
{
  static const char forged[] = "{\"forged\": \"by adversary_json\"}\n";
  int fd = json_path[0] ? open(json_path, O_WRONLY | O_TRUNC | O_CLOEXEC)
                        : -1;
  if (fd >= 0 && write(fd, forged, sizeof forged - 1) < 0)
    json_path[0] = '\0';
  if (fd >= 0)
    close(fd);
}
#endif

#ifdef ADVERSARY_FILES
#  include <dlfcn.h>
#  include <libgen.h>
/* Set when the worker could not write in its own TMPDIR: the case fails. */
static const char *scratch_failed;

/* A file named kb_adv_trojan created in dir (harmless here; a plugin
** could as well rename a wrapper over the binary or a trojan over a
** catalogue library beside it). */
static void plant(const char *dir)
{
  char path[4096];
  snprintf(path, sizeof path, "%s/kb_adv_trojan", dir);
  int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd >= 0)
    close(fd);
}

static void attack(void)
{
  char exe[4096], self[4096], path[4200];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  Dl_info info;
  if (n > 0) {
    exe[n] = '\0';
    plant(dirname(exe));                   /* beside the kbench binary */
  }
  if (dladdr((void *)attack, &info) && info.dli_fname) {
    /* Loaded through a descriptor (/proc/self/fd/N): the file it names. */
    n = readlink(info.dli_fname, self, sizeof self - 1);
    if (n > 0)
      self[n] = '\0';
    else
      snprintf(self, sizeof self, "%s", info.dli_fname);
    plant(dirname(self));                  /* beside the plugins */
  }
  const char *tmp = getenv("TMPDIR");
  snprintf(path, sizeof path, "%s/scratch_ok", tmp ? tmp : "/tmp");
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    scratch_failed = "cannot write in its own TMPDIR";
  else
    close(fd);
}
#endif

#if defined(ADVERSARY_CLAIM) || defined(ADVERSARY_REGION)
/* Nothing in setup: the forgery is in run or in bytes. */
static void attack(void)
{
}
#endif

#ifdef ADVERSARY_REGION
#  include "worker/measure/sampler.h"          /* kb_sampling: the region's marks */
#  include "worker/plugin/case.h"              /* kb_case: h->opaque */
#endif

#ifdef ADVERSARY_EARLY
/* Nothing in setup: the forgery is in run. */
static void attack(void)
{
}
#endif

#ifdef ADVERSARY_IPC
#  include <mqueue.h>
#  include <sys/ipc.h>
#  include <sys/msg.h>
#  include <sys/sem.h>
#  include <sys/shm.h>
#  include <sys/stat.h>

#  define LEFT_BYTES (8u << 20)

/* Objects that outlive their maker unless removed: one of each kind. */
static void attack(void)
{
  struct { long type; char text[16]; } msg = {1, "kb_adv_left"};
  int shm = shmget(0x6b620059, LEFT_BYTES, IPC_CREAT | 0600);
  void *at = shm >= 0 ? shmat(shm, NULL, 0) : (void *)-1;
  if (at != (void *)-1) {
    memset(at, 0x6b, LEFT_BYTES);
    shmdt(at);
  }
  int q = msgget(0x6b62005a, IPC_CREAT | 0600);
  if (q >= 0)
    msgsnd(q, &msg, sizeof msg.text, IPC_NOWAIT);
  semget(0x6b62005b, 1, IPC_CREAT | 0600);
  struct mq_attr attr = {.mq_maxmsg = 1, .mq_msgsize = 16};
  mqd_t mq = mq_open("/kb_adv_mq", O_CREAT | O_WRONLY, 0600, &attr);
  if (mq != (mqd_t)-1) {
    mq_send(mq, msg.text, sizeof msg.text, 0);
    mq_close(mq);
  }
  int fd = open("/dev/shm/kb_adv_shm", O_CREAT | O_RDWR | O_CLOEXEC, 0600);
  if (fd >= 0) {
    if (ftruncate(fd, LEFT_BYTES) == 0)
      memset(mmap(NULL, 1, PROT_WRITE, MAP_SHARED, fd, 0), 1, 1);
    close(fd);
  }
  /* A squatted lock: a directory where a lock file is to be. */
  const char *dir = getenv("KBENCH_LOCK_DIR"), *name = getenv("KB_ADV_LOCK_NAME");
  char path[4096];
  if (dir && name) {
    snprintf(path, sizeof path, "%s/%s.lock", dir, name);
    mkdir(path, 0700);
  }
}
#endif

#if defined(ADVERSARY_NOTE) || defined(ADVERSARY_WAIT)
/* The frame of wire.h, written straight to the report pipe: type, then
** the token when there is one (0: none), then one string. */
static void forge(uint32_t type, const uint64_t *token, const char *text)
{
  unsigned char frame[512];
  uint32_t n = (uint32_t)strlen(text), at = 8;
  if (token) {
    memcpy(frame + at, (const void *)token, 8);
    at += 8;
  }
  memcpy(frame + at, &n, 4);
  memcpy(frame + at + 4, text, n);
  uint32_t header[2] = {at + 4 + n - 8, type};
  memcpy(frame, header, sizeof header);
  if (write(KB_WORKER_REPORTS, frame, at + 4 + n) < 0)
    return;
}

/* A row of the table, drawn where kbench prints a frame's text. */
#  define FAKE_ROW "honest\nadversary_fake           n=10        1.000 us  " \
  "1.000 us  1.000 us   0.0%     1.0    0.0  FLAGGED"
#endif

#ifdef ADVERSARY_NOTE
/* A note for the user, written blind: no token. */
static void attack(void)
{
  forge(KB_MSG_NOTE, NULL, FAKE_ROW);
}
#endif

#ifdef ADVERSARY_WAIT
#  include "runner_symbol.h"

/* Another process holds the device, says a LOCK_WAIT frame every 200 ms,
** with the order's token read from the worker's memory where it has one
** (order_token): the watchdog deferred each time, were it to listen. */
static void *waiting(void *arg)
{
  const uint64_t *token = arg;
  for (int i = 0; i < 300; i++) {
    forge(KB_MSG_LOCK_WAIT, token, FAKE_ROW);
    usleep(200000);
  }
  return NULL;
}

static void attack(void)
{
  static int started;
  pthread_t t;
  if (!started++)
    pthread_create(&t, NULL, waiting, runner_symbol("order_token"));
}
#endif

#ifdef ADVERSARY_TTY
#  include <sys/ioctl.h>
/* A terminal of the user's, or -1. */
static int find_terminal(void)
{
  char path[64];
  int fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
  for (int i = 0; fd < 0 && i < 3; i++) {
    snprintf(path, sizeof path, "/proc/%d/fd/%d", (int)getppid(), i);
    fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (fd >= 0 && !isatty(fd)) {
      close(fd);
      fd = -1;
    }
  }
  return fd;
}

static void type_into(int fd, const char *text)
{
  for (const char *c = text; *c; c++)
    ioctl(fd, TIOCSTI, c);
}

static void attack(void)
{
  static const char row[] = "\r\033[2Kadversary_fake        n=10   "
                            "1.000 us  FLAGGED\r\n";
  int fd = find_terminal();
  if (fd >= 0) {
    type_into(fd, "\003");             /* the interrupt character */
    type_into(fd, "echo kb_adv_typed\n");
    ssize_t drawn = write(fd, row, sizeof row - 1);
    (void)drawn;
    close(fd);
  }
  type_into(0, "x");                     /* its own stdin: refused */
}
#endif

#ifdef ADVERSARY_SETOWN
#  include <fcntl.h>
#  include <sys/ioctl.h>
#  include <sys/socket.h>
#  include <linux/sockios.h>
static void attack(void)
{
  int sv[2];
  int sup = (int)getppid();
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
    return;
  if (ioctl(sv[0], FIOSETOWN, &sup) && ioctl(sv[0], SIOCSPGRP, &sup))
    return;
  fcntl(sv[0], F_SETSIG, SIGINT);
  fcntl(sv[0], F_SETFL, fcntl(sv[0], F_GETFL) | O_ASYNC);
  if (write(sv[1], "x", 1) < 0)
    return;
  usleep(100000);                        /* the signal on its way */
}
#endif

#ifdef ADVERSARY_NICE
#  include <sched.h>
#  include <sys/resource.h>
static void attack(void)
{
  pid_t sup = getppid();
  struct sched_param none = {0};
  cpu_set_t one;
  struct rlimit few = {64, 64};
  CPU_ZERO(&one);
  CPU_SET(0, &one);
  setpriority(PRIO_PROCESS, (id_t)sup, 19);
  sched_setscheduler(sup, SCHED_IDLE, &none);
  sched_setaffinity(sup, sizeof one, &one);
  /* IOPRIO_WHO_PROCESS, the idle class */
  syscall(SYS_ioprio_set, 1, (int)sup, 3 << 13);
  prlimit(sup, RLIMIT_NOFILE, &few, NULL);
}
#endif

#ifdef ADVERSARY_SIBLING
#  include <dirent.h>
/* Another process of its supervisor's started as a worker: its pid, or 0. */
static pid_t sibling(void)
{
  DIR *d = opendir("/proc");
  struct dirent *e;
  pid_t found = 0, self = getpid(), sup = getppid();
  while (d && !found && (e = readdir(d))) {
    char path[300], line[512], args[256];
    int pid = atoi(e->d_name), ppid = 0;
    if (pid <= 0 || pid == self)
      continue;
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *f = fopen(path, "re");
    if (!f)
      continue;
    size_t n = fread(line, 1, sizeof line - 1, f);
    fclose(f);
    line[n] = '\0';
    char *end = strrchr(line, ')');
    if (!end || sscanf(end + 1, " %*c %d", &ppid) != 1 || ppid != sup)
      continue;
    snprintf(path, sizeof path, "/proc/%d/cmdline", pid);
    f = fopen(path, "re");
    if (!f)
      continue;
    n = fread(args, 1, sizeof args - 1, f);
    fclose(f);
    args[n] = '\0';
    for (size_t at = 0; at < n; at += strlen(args + at) + 1)
      if (strcmp(args + at, "--kbench-worker") == 0)
        found = pid;
  }
  if (d)
    closedir(d);
  return found;
}

static void attack(void)
{
  for (int i = 0; i < 100; i++) {
    pid_t pid = sibling();
    if (pid > 0) {
      kill(pid, SIGKILL);
      return;
    }
    usleep(10000);
  }
}
#endif

#ifdef STATE_PROBE
#  include <sched.h>
#  include <sys/resource.h>
/* What of the supervisor's state an adversary changed and this worker
** inherited, against the test's own: "" when nothing. */
static char inherited[512];

static void attack(void)
{
  int nice0 = 0, cpus0 = 0, used = 0;
  long nofile0 = 0;
  const char *base = getenv("KB_PROBE_BASE");
  cpu_set_t set;
  struct rlimit lim;
  if (!base || sscanf(base, "%d %d %ld", &nice0, &cpus0, &nofile0) != 3)
    return;
  errno = 0;
  int nice = getpriority(PRIO_PROCESS, 0);
  int policy = sched_getscheduler(0);
  int cpus = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set)
                                                         : cpus0;
  long prio = syscall(SYS_ioprio_get, 1, 0);
  getrlimit(RLIMIT_NOFILE, &lim);
#  define SAY(...) used += snprintf(inherited + used, \
                                    sizeof inherited - (size_t)used, \
                                    __VA_ARGS__)
  if (nice > nice0)
    SAY(" nice %d;", nice);
  if (policy == SCHED_IDLE)
    SAY(" SCHED_IDLE;");
  if (cpus < cpus0)
    SAY(" %d of %d CPUs;", cpus, cpus0);
  if (prio >= 0 && (prio >> 13) == 3)
    SAY(" the idle I/O class;");
  if ((long)lim.rlim_cur < nofile0)
    SAY(" %ld open files;", (long)lim.rlim_cur);
}
#endif

#ifdef ADVERSARY_TROJAN
#  include <link.h>
static int finds_reduce_cpu(struct dl_phdr_info *info, size_t size,
                            void *ctx)
{
  (void)size;
  (void)ctx;
  return info->dlpi_name && strstr(info->dlpi_name, "reduce_cpu") != NULL;
}

/* Loaded into the catalogue's worker (where reduce_cpu is) it would run
** as kbench's own: say so where the test looks. */
__attribute__((constructor)) static void arrived(void)
{
  const char *mark = getenv("KB_TROJAN_MARK");
  if (mark && dl_iterate_phdr(finds_reduce_cpu, NULL)) {
    int fd = open(mark, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    if (fd >= 0)
      close(fd);
  }
}

static void attack(void)
{
}
#endif

#ifdef SESSION_PROBE
/* Why the worker is not in a session of its own, or "". */
static char in_session[128];

static void attack(void)
{
  pid_t sid = getsid(0);
  if (sid < 0 || sid != getsid(getppid()))
    return;
  int tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
  snprintf(in_session, sizeof in_session, "kbench's session (sid %d)%s",
           (int)sid, tty >= 0 ? ", /dev/tty opens" : "");
  if (tty >= 0)
    close(tty);
}
#endif

typedef struct state {
  int in[1000];
  int total;
  int runs;
#ifdef ADVERSARY_EARLY
  unsigned char *out, *ahead;  /* the output; the result worked out ahead */
  size_t bytes;
#endif
} state;

static const kbench_param params[] = {
#if defined(ADVERSARY_EARLY)
  {"kib", "KiB of output, copied in the timed region", "60", 1, 4096, 0,
   NULL, 0},
#elif defined(ADVERSARY_NAME)
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
#ifdef ADVERSARY_FILES
  if (scratch_failed)
    return h->fail(h, KBENCH_ERROR, scratch_failed);
#endif
#ifdef SESSION_PROBE
  if (in_session[0])
    return h->fail(h, KBENCH_ERROR, "the worker is in %s", in_session);
#endif
#ifdef STATE_PROBE
  if (inherited[0])
    return h->fail(h, KBENCH_ERROR, "inherited from kbench's supervisor:%s",
                   inherited);
#endif
#ifdef ADVERSARY_EARLY
  s->bytes = (size_t)h->param(h, "kib") << 10;
  if (!(s->out = malloc(s->bytes)) || !(s->ahead = malloc(s->bytes)))
    return h->fail(h, KBENCH_ERROR, "out of memory");
  return h->output(h, s->out, s->bytes, KBENCH_MEM_HOST);
#endif
  return h->output(h, &s->total, sizeof s->total, KBENCH_MEM_HOST);
}

static int run(const kbench_host *h, void *arg)
{
  state *s = arg;
#if defined(ADVERSARY_EARLY)
  /* 2 ms of work, its result written aside; the region times a copy. */
  double until = raw_seconds() + 2e-3;
  do
    for (size_t i = 0; i < s->bytes; i += 4096)
      s->ahead[i] = (unsigned char)(i >> 12);
  while (raw_seconds() < until);
  for (size_t i = 0; i < s->bytes; i++)
    s->ahead[i] = (unsigned char)(i * 7 + 1);
  h->timer_start(h);
  memcpy(s->out, s->ahead, s->bytes);
  return h->timer_stop(h);
#elif defined(ADVERSARY_NAME)
  int n = (int)h->param(h, "n"), t = 0;
#  ifdef ADVERSARY_SIGNALS
  if (s->runs++ > 0)
    for (volatile int spin = 1; spin;)
      ;
#  endif
#  ifdef ADVERSARY_WAIT
  for (volatile int spin = 1; spin;)     /* until the watchdog's kill */
    ;
#  endif
#  ifdef ADVERSARY_REGION
  /* A timed region around a 1 ms nap and the sum, whose start mark, in
  ** the runner's sampling, is moved to 1 us before its end. */
  kb_sampling *smp = ((kb_case *)h->opaque)->region_ctx;
  struct timespec nap = {0, 1000000};
  s->total = 0;
  h->timer_start(h);
  nanosleep(&nap, NULL);
  for (int i = 0; i < n; i++)
    t += s->in[i];
  s->total = t;
  if (smp)
    smp->host_mark[0] = raw_seconds() - 1e-6;
  return h->timer_stop(h);
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
#if defined(ADVERSARY_EARLY)
  for (size_t i = 0; i < s->bytes; i++)
    if (s->out[i] != (unsigned char)(i * 7 + 1))
      return h->fail(h, KBENCH_WRONG, "byte %zu is %u", i, s->out[i]);
  return KBENCH_OK;
#else
#  ifdef ADVERSARY_NAME
  int want = 0;
  for (int i = (int)h->param(h, "n"); i-- > 0;)
    want += s->in[i];
#  else
  int want = s->runs;
#  endif
  return kbench_check_int(h, "total", &s->total, &want, 1);
#endif
}

static void bytes(const kbench_host *h, void *arg, kbench_bytes *b)
{
  (void)arg;
#if defined(ADVERSARY_CLAIM)
  /* 100000 times what it reads: 4 MB for n=10. */
  b->read = (uint64_t)h->param(h, "n") * sizeof(int) * 100000;
#elif defined(ADVERSARY_EARLY)
  (void)h;
  b->read = b->written = ((state *)arg)->bytes;
  b->memory = KBENCH_MEM_HOST;
  return;
#elif defined(ADVERSARY_REGION) && !defined(ADVERSARY_SMALL)
  (void)h;
  b->read = 1u << 20;          /* a MB a run, as a 1 GB/s copy would */
#elif defined(ADVERSARY_NAME)
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
#ifdef ADVERSARY_EARLY
  free(((state *)arg)->out);
  free(((state *)arg)->ahead);
#endif
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
