/*
** One worker process as the supervisor sees it: start, drain, reap, describe
** (worker_handle.h).
*/
#define _GNU_SOURCE            /* pipe2 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#  include <sys/prctl.h>
#endif

#include "process/ipc_private.h"
#include "process/scratch.h"
#include "process/worker_handle.h"
#include "process/worker_start.h"

/* Lines of a failed case's output shown with it. */
#define KB_TAIL_LINES 8

const char *kb_signal_name(int sig)
{
  static const struct { int sig; const char *name; } names[] = {
    {SIGSEGV, "SIGSEGV"}, {SIGABRT, "SIGABRT"}, {SIGBUS, "SIGBUS"},
    {SIGFPE, "SIGFPE"}, {SIGILL, "SIGILL"}, {SIGKILL, "SIGKILL"},
    {SIGTERM, "SIGTERM"}, {SIGINT, "SIGINT"}, {SIGTRAP, "SIGTRAP"},
    {SIGSYS, "SIGSYS"}, {SIGPIPE, "SIGPIPE"}, {SIGHUP, "SIGHUP"},
    {SIGQUIT, "SIGQUIT"}, {SIGXCPU, "SIGXCPU"}, {SIGXFSZ, "SIGXFSZ"},
    {SIGALRM, "SIGALRM"}, {SIGUSR1, "SIGUSR1"}, {SIGUSR2, "SIGUSR2"},
    {SIGSTOP, "SIGSTOP"}, {SIGTSTP, "SIGTSTP"}, {SIGCONT, "SIGCONT"},
  };
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (names[i].sig == sig)
      return names[i].name;
  return NULL;
}

/* --- its output --------------------------------------------------------- */

static void keep_tail(kb_worker_handle *w, const char *p, size_t n)
{
  if (n >= KB_TAIL_BYTES) {
    p += n - KB_TAIL_BYTES;
    n = KB_TAIL_BYTES;
    w->tail_len = 0;
  }
  if (w->tail_len + n > KB_TAIL_BYTES) {
    size_t drop = w->tail_len + n - KB_TAIL_BYTES;
    memmove(w->tail, w->tail + drop, w->tail_len - drop);
    w->tail_len -= drop;
  }
  memcpy(w->tail + w->tail_len, p, n);
  w->tail_len += n;
}

void kb_handle_drain(kb_worker_handle *w)
{
  char buf[4096];
  while (w->output_fd >= 0) {
    ssize_t n = read(w->output_fd, buf, sizeof buf);
    if (n > 0) {
      keep_tail(w, buf, (size_t)n);
    } else if (n == 0) {
      close(w->output_fd);
      w->output_fd = -1;
    } else if (errno != EINTR) {
      break;
    }
  }
}

char *kb_handle_last_lines(const kb_worker_handle *w)
{
  size_t end = w->tail_len, start;
  while (end > 0 && (w->tail[end - 1] == '\n' || w->tail[end - 1] == '\r'))
    end--;
  int lines = 0;
  for (start = end; start > 0; start--)
    if (w->tail[start - 1] == '\n' && ++lines == KB_TAIL_LINES)
      break;
  if (start == end)
    return NULL;
  char *s = malloc(end - start + 1);
  if (!s)
    return NULL;
  for (size_t i = start; i < end; i++) {
    unsigned char ch = (unsigned char)w->tail[i];
    s[i - start] = ch == '\n' || ch == '\t' || (ch >= 0x20 && ch != 0x7f)
                   ? (char)ch : '?';
  }
  s[end - start] = '\0';
  return s;
}

/* --- its life ----------------------------------------------------------- */

/* The kernel's count of processes the out-of-memory killer has killed
** (/proc/vmstat, Linux 4.13), or -1: a worker killed while it did not
** move was killed by another process.  (Who sent a signal is told to the
** process that dies of it, not to its parent's waitid.) */
static long oom_kills(void)
{
  char line[128];
  long n = -1;
  FILE *f = fopen("/proc/vmstat", "re");
  while (f && fgets(line, sizeof line, f))
    if (sscanf(line, "oom_kill %ld", &n) == 1)
      break;
  if (f)
    fclose(f);
  return n;
}

/* In the child: wire the pipes to the worker's fixed descriptors and start
** this binary as the worker.  It gets a process group of its own (the
** watchdog kills the group, and the terminal's Ctrl-C reaches only the
** supervisor) and dies with the supervisor, even by SIGKILL: its death
** signal, set again after a change of identity (worker/identity.c), and
** its group guard (worker/group_guard.h), which does not rely on it.
** Contained (contain.h; files, the libraries' socket, is then >= 0), the
** group is that of a session of its own: no controlling terminal
** (worker/terminal.h: /dev/tty names none, and no keystroke it types
** reaches the user's shell), and its IPC namespace and /dev/shm are its
** own (ipc_private.h). */
static void become_worker(const char *exe, pid_t parent, int orders,
                          int reports, int output, int files, int lock,
                          int keeper, const char *scratch)
{
  if (files < 0)
    setpgid(0, 0);
  else if (setsid() < 0)
    _exit(127);
  /* What could not be had is the worker's seal's to say. */
  char ipc[256] = "";
  if (files >= 0) {
    kb_ipc_private(ipc, sizeof ipc);
    if (setenv(KB_WORKER_IPC_ENV, ipc, 1))
      _exit(127);
  }
  /* Its scratch directory: where it is told to write, and (its seal) the
  ** one place it may.  CUDA's JIT cache would be under $HOME. */
  if (scratch[0]) {
    char cache[PATH_MAX + 16];
    snprintf(cache, sizeof cache, "%s/cuda-cache", scratch);
    if (setenv(KB_WORKER_SCRATCH_ENV, scratch, 1)
        || setenv("TMPDIR", scratch, 1) || setenv("CUDA_CACHE_PATH", cache, 1))
      _exit(127);
  }
#ifdef __linux__
  prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
  if (getppid() != parent)
    _exit(127);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  signal(SIGPIPE, SIG_DFL);
  /* Copies above the fixed numbers first, so no dup2 overwrites a pipe
  ** that still has to be moved. */
  int in = fcntl(orders, F_DUPFD_CLOEXEC, KB_WORKER_FD_FLOOR);
  int rep = fcntl(reports, F_DUPFD_CLOEXEC, KB_WORKER_FD_FLOOR);
  int out = fcntl(output, F_DUPFD_CLOEXEC, KB_WORKER_FD_FLOOR);
  int fil = files >= 0 ? fcntl(files, F_DUPFD_CLOEXEC, KB_WORKER_FD_FLOOR)
                       : -1;
  int lk = lock >= 0 ? fcntl(lock, F_DUPFD_CLOEXEC, KB_WORKER_FD_FLOOR) : -1;
  int kp = keeper >= 0 ? fcntl(keeper, F_DUPFD_CLOEXEC, KB_WORKER_FD_FLOOR)
                       : -1;
  int null = open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (in < 0 || rep < 0 || out < 0 || (files >= 0 && fil < 0) || null < 0
      || (lock >= 0 && lk < 0)
      || (keeper >= 0 && kp < 0)
      || dup2(null, 0) < 0 || dup2(out, 1) < 0 || dup2(out, 2) < 0
      || dup2(in, KB_WORKER_ORDERS) < 0 || dup2(rep, KB_WORKER_REPORTS) < 0
      || (fil >= 0 && dup2(fil, KB_WORKER_FILES) < 0)
      || (lk >= 0 && dup2(lk, KB_WORKER_LOCK) < 0)
      || (kp >= 0 && dup2(kp, KB_WORKER_KEEPER) < 0))
    _exit(127);
  if (keeper < 0)
    close(KB_WORKER_KEEPER);   /* whatever it was, it is not a keeper's */
  execl(exe, "kbench", KB_WORKER_ARG, (char *)NULL);
  fprintf(stderr, "kbench: cannot start %s: %s\n", exe, strerror(errno));
  _exit(127);
}

int kb_handle_start(kb_worker_handle *w, const char *exe, int lock,
                    int keeper_fd, int contain, char *err, size_t len)
{
  int orders[2] = {-1, -1}, reports[2] = {-1, -1}, output[2] = {-1, -1};
  int files[2] = {-1, -1};
  char scratch[PATH_MAX] = "";
  if (kb_scratch_make(scratch, sizeof scratch, err, len))
    return -1;
  /* Close-on-exec: a worker started later must not hold this one's pipes
  ** open, or this one's end of file would never be seen. */
  if (pipe2(orders, O_CLOEXEC) || pipe2(reports, O_CLOEXEC)
      || pipe2(output, O_CLOEXEC | O_NONBLOCK)
      || (contain
          && socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, files))) {
    snprintf(err, len, "cannot create pipes: %s", strerror(errno));
    goto fail;
  }
  /* The child's ends must block: only the supervisor's output end is
  ** non-blocking. */
  fcntl(output[1], F_SETFL, 0);
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid < 0) {
    snprintf(err, len, "cannot fork: %s", strerror(errno));
    goto fail;
  }
  if (pid == 0)
    become_worker(exe, parent, orders[0], reports[1], output[1], files[1],
                  lock, keeper_fd, scratch);
  /* Not contained: also here, whichever runs first wins.  Contained, the
  ** worker's setsid() would fail were it made a group's leader first. */
  if (!contain)
    setpgid(pid, pid);
  close(orders[0]);
  close(reports[1]);
  close(output[1]);
  if (files[1] >= 0)
    close(files[1]);
  memset(w, 0, sizeof *w);
  memcpy(w->scratch, scratch, sizeof scratch);
  w->pid = pid;
  w->pid_fd = -1;
#ifdef SYS_pidfd_open
  /* Through syscall(): glibc wraps it only since 2.36. */
  w->pid_fd = (int)syscall(SYS_pidfd_open, pid, 0);   /* close-on-exec */
#endif
  w->contain = contain;
  /* Contained only: without it a SIGKILL is described as before. */
  w->oom_kills = contain ? oom_kills() : -1;
  w->orders_fd = orders[1];
  w->reports_fd = reports[0];
  w->output_fd = output[0];
  w->files_fd = files[0];
  return 0;
fail:
  kb_scratch_remove(scratch);
  for (int i = 0; i < 2; i++) {
    if (orders[i] >= 0) close(orders[i]);
    if (reports[i] >= 0) close(reports[i]);
    if (output[i] >= 0) close(output[i]);
    if (files[i] >= 0) close(files[i]);
  }
  return -1;
}

/* The group is killed before the worker is reaped, while its number cannot
** be reused, so that nothing a plugin started outlives it either. */
int kb_handle_reap(kb_worker_handle *w, double grace)
{
  siginfo_t info;
  const struct timespec tick = {0, 5000000};
  for (double waited = 0;; waited += 0.005) {
    memset(&info, 0, sizeof info);
    if (waitid(P_PID, (id_t)w->pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0
        && info.si_pid == w->pid)
      break;
    if (waited >= grace)
      break;
    nanosleep(&tick, NULL);
  }
  kill(-w->pid, SIGKILL);
  /* Contained, the worker itself too: it may not have made its session
  ** yet (no setpgid from here, above). */
  if (w->contain)
    kill(w->pid, SIGKILL);
  int status = 0;
  while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
    ;
  kb_handle_drain(w);
  if (w->output_fd >= 0)
    close(w->output_fd);
  if (w->orders_fd >= 0)
    close(w->orders_fd);
  close(w->reports_fd);
  if (w->files_fd >= 0)
    close(w->files_fd);
  w->files_fd = -1;
  if (w->pid_fd >= 0)
    close(w->pid_fd);
  w->pid_fd = -1;
  kb_inbox_free(&w->inbox);
  w->pid = 0;
  w->output_fd = -1;
  return status;
}

void kb_handle_describe(const kb_worker_handle *w, int outcome, int status,
                        double timeout, char *buf, size_t len)
{
  const char *stage = w->stage[0] ? w->stage : "start-up";
  const char *sig = WIFSIGNALED(status) ? kb_signal_name(WTERMSIG(status))
                                        : NULL;
  switch (outcome) {
  case KB_TIMED_OUT:
    snprintf(buf, len, "timed out after %g s in %s", timeout, stage);
    return;
  case KB_STOPPED:
    snprintf(buf, len, "stopped by a second interrupt in %s", stage);
    return;
  case KB_GARBLED:
    snprintf(buf, len, "the worker sent a malformed report in %s", stage);
    return;
  case KB_FORGED:
    snprintf(buf, len, "the worker's report answers another order: "
             "something in the worker (the plugin) wrote to kbench's report "
             "pipe");
    return;
  }
  if (WIFEXITED(status))
    snprintf(buf, len, "exited with status %d in %s", WEXITSTATUS(status),
             stage);
  else if (sig && WTERMSIG(status) == SIGKILL) {
    long now = w->oom_kills < 0 ? -1 : oom_kills();
    snprintf(buf, len, "crashed: %s in %s (killed from outside: %s)", sig,
             stage, now < 0 || w->oom_kills < 0 ? "the out-of-memory killer?"
             : now > w->oom_kills ? "the out-of-memory killer killed "
             "meanwhile" : "not by the out-of-memory killer, which killed "
             "nothing meanwhile");
  } else if (sig)
    snprintf(buf, len, "crashed: %s in %s", sig, stage);
  else if (WIFSIGNALED(status))
    snprintf(buf, len, "crashed: signal %d in %s", WTERMSIG(status), stage);
  else
    snprintf(buf, len, "the worker was lost in %s", stage);
}
