#define _GNU_SOURCE            /* pipe2, signalfd */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#  include <sys/prctl.h>
#endif

#include "supervisor.h"
#include "worker.h"

/* How long a worker whose reports ended may take to exit (CUDA's own
** teardown runs at exit) before it is killed. */
#define KB_EXIT_GRACE_S 5.0
/* Lines of a failed case's output shown with it. */
#define KB_TAIL_LINES 8

/* How an order ended when no answer came. */
enum kb_outcome {
  KB_ANSWERED = 0,
  KB_DIED,                 /* the worker exited or was killed */
  KB_TIMED_OUT,            /* the watchdog killed it */
  KB_STOPPED,              /* a second SIGINT/SIGTERM killed it */
  KB_GARBLED               /* it sent something that is not a report */
};

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static const char *signal_name(int sig)
{
  static const struct { int sig; const char *name; } names[] = {
    {SIGSEGV, "SIGSEGV"}, {SIGABRT, "SIGABRT"}, {SIGBUS, "SIGBUS"},
    {SIGFPE, "SIGFPE"}, {SIGILL, "SIGILL"}, {SIGKILL, "SIGKILL"},
    {SIGTERM, "SIGTERM"}, {SIGINT, "SIGINT"}, {SIGTRAP, "SIGTRAP"},
    {SIGSYS, "SIGSYS"}, {SIGPIPE, "SIGPIPE"}, {SIGHUP, "SIGHUP"},
    {SIGQUIT, "SIGQUIT"}, {SIGXCPU, "SIGXCPU"}, {SIGXFSZ, "SIGXFSZ"},
    {SIGALRM, "SIGALRM"}, {SIGUSR1, "SIGUSR1"}, {SIGUSR2, "SIGUSR2"},
  };
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (names[i].sig == sig)
      return names[i].name;
  return NULL;
}

/* --- the worker's output ------------------------------------------------ */

static void keep_tail(kb_worker_proc *w, const char *p, size_t n)
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

/* Read whatever the worker printed; the pipe is non-blocking. */
static void drain_output(kb_worker_proc *w)
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

/* The last lines printed, with control characters replaced; NULL if none. */
static char *last_lines(const kb_worker_proc *w)
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

/* --- the worker's life -------------------------------------------------- */

/* In the child: wire the pipes to the worker's fixed descriptors and start
** this binary as the worker.  It gets a process group of its own (the
** watchdog kills the group, and the terminal's Ctrl-C reaches only the
** supervisor) and dies with the supervisor, even by SIGKILL. */
static void become_worker(const char *exe, pid_t parent, int orders,
                          int reports, int output)
{
  setpgid(0, 0);
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
  int in = fcntl(orders, F_DUPFD_CLOEXEC, 10);
  int rep = fcntl(reports, F_DUPFD_CLOEXEC, 10);
  int out = fcntl(output, F_DUPFD_CLOEXEC, 10);
  int null = open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (in < 0 || rep < 0 || out < 0 || null < 0 || dup2(null, 0) < 0
      || dup2(out, 1) < 0 || dup2(out, 2) < 0
      || dup2(in, KB_WORKER_ORDERS) < 0 || dup2(rep, KB_WORKER_REPORTS) < 0)
    _exit(127);
  execl(exe, "kbench", KB_WORKER_ARG, (char *)NULL);
  fprintf(stderr, "kbench: cannot start %s: %s\n", exe, strerror(errno));
  _exit(127);
}

static int send_job(kb_supervisor *s)
{
  kb_job job = s->job;
  /* The launch floor and copy peak are measured once per run. */
  job.builtins = !s->have_device;
  kb_wbuf b;
  kb_wbuf_begin(&b, KB_MSG_CONFIG);
  kb_msg_put_job(&b, &job);
  return kb_wire_send(s->w.orders_fd, &b);
}

static int spawn(kb_supervisor *s, char *err, size_t len)
{
  kb_worker_proc *w = &s->w;
  int orders[2] = {-1, -1}, reports[2] = {-1, -1}, output[2] = {-1, -1};
  if (pipe2(orders, O_CLOEXEC) || pipe2(reports, O_CLOEXEC)
      || pipe2(output, O_CLOEXEC | O_NONBLOCK)) {
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
    become_worker(s->exe, parent, orders[0], reports[1], output[1]);
  setpgid(pid, pid);       /* also here: whichever runs first wins */
  close(orders[0]);
  close(reports[1]);
  close(output[1]);
  memset(w, 0, sizeof *w);
  w->pid = pid;
  w->orders_fd = orders[1];
  w->reports_fd = reports[0];
  w->output_fd = output[0];
  return 0;
fail:
  for (int i = 0; i < 2; i++) {
    if (orders[i] >= 0) close(orders[i]);
    if (reports[i] >= 0) close(reports[i]);
    if (output[i] >= 0) close(output[i]);
  }
  return -1;
}

/* Wait for the worker to end, killing its whole group if it does not end
** by itself within grace seconds; returns its wait status.  The group is
** killed before the worker is reaped, while its number cannot be reused,
** so that nothing a plugin started outlives it either. */
static int reap(kb_worker_proc *w, double grace)
{
  siginfo_t info;
  double until = now() + grace;
  for (;;) {
    memset(&info, 0, sizeof info);
    if (waitid(P_PID, (id_t)w->pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0
        && info.si_pid == w->pid)
      break;
    if (now() >= until) {
      kill(-w->pid, SIGKILL);
      break;
    }
    struct timespec tick = {0, 5000000};
    nanosleep(&tick, NULL);
  }
  kill(-w->pid, SIGKILL);
  int status = 0;
  while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
    ;
  drain_output(w);
  if (w->output_fd >= 0)
    close(w->output_fd);
  if (w->orders_fd >= 0)
    close(w->orders_fd);
  close(w->reports_fd);
  kb_inbox_free(&w->inbox);
  w->pid = 0;
  w->output_fd = -1;
  return status;
}

/* What killed the worker, in words: "crashed: SIGSEGV in run". */
static void describe(const kb_worker_proc *w, int outcome, int status,
                     double timeout, char *buf, size_t len)
{
  const char *stage = w->stage[0] ? w->stage : "start-up";
  const char *sig = WIFSIGNALED(status) ? signal_name(WTERMSIG(status)) : NULL;
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
  }
  if (WIFEXITED(status))
    snprintf(buf, len, "exited with status %d in %s", WEXITSTATUS(status),
             stage);
  else if (sig)
    snprintf(buf, len, "crashed: %s in %s%s", sig, stage,
             WTERMSIG(status) == SIGKILL ? " (killed from outside: the "
             "out-of-memory killer?)" : "");
  else if (WIFSIGNALED(status))
    snprintf(buf, len, "crashed: signal %d in %s", WTERMSIG(status), stage);
  else
    snprintf(buf, len, "the worker was lost in %s", stage);
}

/* --- waiting for an answer ---------------------------------------------- */

/* A SIGINT or SIGTERM: the first asks to stop after this case; returns 1
** for a second one, which stops now. */
static int take_signal(kb_supervisor *s)
{
  struct signalfd_siginfo si;
  if (read(s->signal_fd, &si, sizeof si) != (ssize_t)sizeof si)
    return 0;
  if (s->interrupted)
    return 1;
  s->interrupted = (int)si.ssi_signo;
  fprintf(stderr, "\nkbench: %s: stopping after the current case (send it "
          "again to stop now)\n", signal_name((int)si.ssi_signo));
  return 0;
}

static void device_reported(kb_supervisor *s, kb_rbuf *payload)
{
  kb_device_report d;
  if (kb_msg_get_device(payload, &d) || s->have_device)
    return;
  s->have_device = 1;
  if (s->on_device)
    s->on_device(s->device_ctx, &d);
}

/*
** Wait until the worker sends an answer (a frame other than STAGE and
** DEVICE, which are taken here), dies, or overruns the deadline.  The
** device's start-up is not the case's time: a DEVICE report restarts the
** watchdog.
*/
static int await(kb_supervisor *s, uint32_t *type, kb_rbuf *payload)
{
  kb_worker_proc *w = &s->w;
  double deadline = now() + s->case_timeout;
  for (;;) {
    int got = kb_inbox_next(&w->inbox, type, payload);
    if (got < 0)
      return KB_GARBLED;
    if (got > 0 && *type == KB_MSG_STAGE) {
      kb_get_str(payload, w->stage, sizeof w->stage);
      continue;
    }
    if (got > 0 && *type == KB_MSG_DEVICE) {
      device_reported(s, payload);
      deadline = now() + s->case_timeout;
      continue;
    }
    if (got > 0)
      return KB_ANSWERED;
    double left = deadline - now();
    if (left <= 0)
      return KB_TIMED_OUT;
    struct pollfd fds[3] = {
      {w->reports_fd, POLLIN, 0}, {s->signal_fd, POLLIN, 0},
      {w->output_fd, POLLIN, 0},
    };
    int ms = left > 60 ? 60000 : (int)(left * 1000) + 1;
    if (poll(fds, w->output_fd >= 0 ? 3 : 2, ms) < 0 && errno != EINTR)
      return KB_DIED;
    if ((fds[1].revents & POLLIN) && take_signal(s))
      return KB_STOPPED;
    if (w->output_fd >= 0 && fds[2].revents)
      drain_output(w);
    if (fds[0].revents) {
      long n = kb_inbox_fill(&w->inbox, w->reports_fd);
      if (n == 0 || (n < 0 && errno != EAGAIN))
        return KB_DIED;
    }
  }
}

/*
** Send one order to a worker (started if none runs) and wait for its
** answer.  KB_ANSWERED with the answer's type and payload, or another
** outcome with the worker gone and the cause in why.
*/
static int exchange(kb_supervisor *s, kb_wbuf *order, uint32_t *type,
                    kb_rbuf *payload, char *why, size_t len)
{
  kb_worker_proc *w = &s->w;
  int fresh = !w->pid;
  if (fresh && spawn(s, why, len)) {
    kb_wbuf_free(order);
    return KB_DIED;
  }
  w->stage[0] = '\0';
  w->tail_len = 0;
  int outcome = KB_DIED;
  if (fresh && send_job(s))
    kb_wbuf_free(order);
  else if (kb_wire_send(w->orders_fd, order) == 0)
    outcome = await(s, type, payload);
  if (outcome == KB_ANSWERED)
    return outcome;
  int status = reap(w, outcome == KB_DIED ? KB_EXIT_GRACE_S : 0);
  describe(w, outcome, status, s->case_timeout, why, len);
  return outcome;
}

/* --- the interface ------------------------------------------------------- */

int kb_supervisor_init(kb_supervisor *s, const kb_job *job,
                       double case_timeout, char *err, size_t len)
{
  memset(s, 0, sizeof *s);
  s->job = *job;
  s->case_timeout = case_timeout;
  s->w.output_fd = -1;
  ssize_t n = readlink("/proc/self/exe", s->exe, sizeof s->exe - 1);
  if (n <= 0) {
    snprintf(err, len, "cannot find the kbench binary: %s", strerror(errno));
    return -1;
  }
  s->exe[n] = '\0';
  /* A worker's death must not kill the supervisor as it writes an order. */
  signal(SIGPIPE, SIG_IGN);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigprocmask(SIG_BLOCK, &set, NULL);
  s->signal_fd = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
  if (s->signal_fd < 0) {
    snprintf(err, len, "cannot create a signalfd: %s", strerror(errno));
    return -1;
  }
  return 0;
}

void kb_supervisor_close(kb_supervisor *s)
{
  if (s->w.pid) {
    /* End of orders: the worker exits by itself. */
    close(s->w.orders_fd);
    s->w.orders_fd = -1;
    reap(&s->w, KB_EXIT_GRACE_S);
  }
  if (s->signal_fd >= 0)
    close(s->signal_fd);
  s->signal_fd = -1;
}

int kb_supervisor_load(kb_supervisor *s, const char *path, kb_plugin *p,
                       char *err, size_t len)
{
  uint32_t type;
  kb_rbuf payload;
  kb_wbuf b;
  kb_wbuf_begin(&b, KB_MSG_LOAD);
  kb_put_str(&b, path);
  if (exchange(s, &b, &type, &payload, err, len) != KB_ANSWERED)
    return -1;
  if (type == KB_MSG_PLUGIN && kb_msg_get_plugin(&payload, p) == 0)
    return 0;
  if (type == KB_MSG_LOAD_FAILED) {
    char ignored[16];
    kb_get_str(&payload, ignored, sizeof ignored);
    kb_get_str(&payload, err, len);
    if (!payload.bad)
      return -1;
  }
  reap(&s->w, 0);
  snprintf(err, len, "the worker sent a malformed answer while loading");
  return -1;
}

void kb_supervisor_run(kb_supervisor *s, const kb_order *o, kb_result *res)
{
  uint32_t type;
  kb_rbuf payload;
  kb_wbuf b;
  char why[KB_MESSAGE_LEN];
  kb_wbuf_begin(&b, KB_MSG_CASE);
  kb_msg_put_order(&b, o);
  int outcome = exchange(s, &b, &type, &payload, why, sizeof why);
  if (outcome == KB_ANSWERED) {
    if (type == KB_MSG_RESULT && kb_msg_get_result(&payload, res) == 0) {
      drain_output(&s->w);
      if (res->verdict != KB_PASS)
        res->output = last_lines(&s->w);
      /* A worker whose context is gone exits after reporting. */
      if (res->device_lost)
        reap(&s->w, KB_EXIT_GRACE_S);
      return;
    }
    snprintf(why, sizeof why, "the worker sent a malformed result");
    reap(&s->w, 0);
  }
  memset(res, 0, sizeof *res);
  res->verdict = KB_CRASH;
  res->busy_after_s = -1;
  snprintf(res->stage, sizeof res->stage, "%s",
           s->w.stage[0] ? s->w.stage : "start-up");
  snprintf(res->message, sizeof res->message, "%s", why);
  res->output = last_lines(&s->w);
}
