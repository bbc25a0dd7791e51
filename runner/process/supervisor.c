/*
** The supervisor: one worker per device, each watched under its own watchdog
** (supervisor.h).
*/
#define _GNU_SOURCE            /* signalfd */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "util/host_facts.h"
#include "plan/devices.h"
#include "plan/trust.h"
#include "process/fd_pass.h"
#include "process/ipc_sweep.h"
#include "process/refusal.h"
#include "process/scratch.h"
#include "process/strays.h"
#include "process/supervisor.h"

/* How long a worker whose reports ended may take to exit (CUDA's own
** teardown runs at exit) before it is killed. */
#define KB_EXIT_GRACE_S 5.0

/* How often a worker's word may restart its order's watchdog in one
** order: an honest worker says at most that its device opened (DEVICE),
** that its wait for the device's lock ended, and that the case is
** measured again once the GPU is quiet (LOCK_TAKEN both).  A forger saying
** more moves nothing: an order lasts at most one --lock-timeout and four
** --case-timeouts. */
#define KB_RESTARTS 3

static void lane_init(kb_lane *l, const kb_worker_cfg *cfg, int ordinal)
{
  memset(l, 0, sizeof *l);
  l->cfg = *cfg;
  l->cfg.device = ordinal;
  l->w.output_fd = -1;
  l->w.pid_fd = -1;
  l->w.files_fd = -1;
  l->lock_fd = -1;
  l->identity = -1;
}

static void say(kb_supervisor *s, const char *msg);

/* Reap lane i's worker (kb_handle_reap), then whatever it left behind:
** the strays handed to the supervisor when it died. */
static int reap(kb_supervisor *s, size_t i, double grace)
{
  int status = kb_handle_reap(&s->lanes[i].w, grace);
  pid_t live[KB_MAX_DEVICES + 1];
  size_t n = 0;
  for (size_t j = 0; j < s->n_lanes && n < KB_MAX_DEVICES; j++)
    if (s->lanes[j].w.pid)
      live[n++] = s->lanes[j].w.pid;
  if (s->keeper.pid)            /* a child, and no stray */
    live[n++] = s->keeper.pid;
  kb_strays_end(live, n);
  /* Nothing of the worker's is left to write in it. */
  kb_scratch_remove(s->lanes[i].w.scratch);
  /* Nor of that uid is left alive to make more: its IPC objects go
  ** (found where its namespace could not be made: ipc_sweep.h). */
  size_t failed = 0;
  if (s->lanes[i].identity >= 0
      && (kb_ipc_sweep((uid_t)s->lanes[i].identity, &failed), failed)
      && !s->sweep_said++) {
    char left[160];
    snprintf(left, sizeof left, "%zu IPC object(s) of worker uid %lld "
             "could not be removed", failed,
             (long long)s->lanes[i].identity);
    say(s, left);
  }
  /* What it did to the supervisor, every later worker would inherit
  ** (contained runs only: own is saved under the switch alone). */
  char what[256], msg[384];
  if (s->contain && kb_own_state_restore(&s->own, what, sizeof what)
      && !s->own_said++) {
    snprintf(msg, sizeof msg, "a worker changed kbench's own %s, which "
             "could not be put back: later workers inherit it", what);
    say(s, msg);
  }
  return status;
}

/* Lane i's worker has died: take what it reported before it did (what is
** in the pipe; a descendant holding the pipe may keep it from ever ending,
** hence a bound: more than a pipe can hold), then call it ended. */
static void died(kb_lane *l)
{
  for (int reads = 0; reads < 512; reads++) {
    struct pollfd p = {l->w.reports_fd, POLLIN, 0};
    if (poll(&p, 1, 0) != 1 || !(p.revents & (POLLIN | POLLHUP))
        || kb_inbox_fill(&l->w.inbox, l->w.reports_fd) <= 0)
      break;
  }
  l->ended = 1;
}

/* A warning for the user: where the run prints them, else on stderr. */
static void say(kb_supervisor *s, const char *msg)
{
  if (s->on_note)
    s->on_note(s->note_ctx, msg);
  else
    fprintf(stderr, "kbench: warning: %s\n", msg);
}

/* --- orders ------------------------------------------------------------- */

/* A number no plugin can know before its order is sent. */
static uint64_t new_token(void)
{
  uint64_t t;
  if (getrandom(&t, sizeof t, 0) != (ssize_t)sizeof t)
    t = ((uint64_t)getpid() << 32) ^ (uint64_t)(kb_host_clock_s() * 1e9);
  return t;
}

/* An order of type for lane i, with a fresh token (protocol.h). */
static void begin_order(kb_supervisor *s, size_t i, kb_wbuf *b,
                        uint32_t type)
{
  s->lanes[i].token = new_token();
  kb_token_begin(b, type, s->lanes[i].token);
}

static int send_cfg(kb_lane *l)
{
  kb_worker_cfg cfg = l->cfg;
  /* The launch floor and copy peak are measured once per device. */
  cfg.builtins = !l->have_device;
  cfg.worker_uid = l->identity;
  kb_wbuf b;
  kb_wbuf_begin(&b, KB_MSG_CONFIG);
  kb_msg_put_worker_cfg(&b, &cfg);
  return kb_wire_send(l->w.orders_fd, &b);
}

/* End lane i's worker between orders: it exits at the end of its orders,
** given the time CUDA's teardown takes (or killed after it), so that the
** next worker finds the device's lock free. */
static void retire(kb_supervisor *s, size_t i)
{
  kb_lane *l = &s->lanes[i];
  close(l->w.orders_fd);
  l->w.orders_fd = -1;
  reap(s, i, KB_EXIT_GRACE_S);
}

/* What an order asks of CUDA in the worker. */
enum kb_gpu_use {
  KB_GPU_NONE,             /* nothing */
  KB_GPU_TOUCH,            /* CUDA, CUPTI or NVML answers it */
  KB_GPU_OPEN              /* a CUDA case, or opening the device: a fresh
                              worker opens its device before its seal */
};

/*
** Send an order on lane i, starting its worker first when none runs.  An
** order that loads a plugin names the library (plugin, else NULL): a
** worker that has loaded a library of another trust domain is replaced
** first (trust.h).  So is a worker sealed before it opened its GPU, for an
** order that needs the GPU: CUDA does not start under the seal (its
** initialisation writes beneath /proc, which the seal shuts), so the GPU
** is opened before it or not at all.  The lane is busy from now until its outcome is taken;
** an order that cannot be sent has its outcome already (the worker could
** not start, or died).
*/
static void send_order(kb_supervisor *s, size_t i, kb_wbuf *order,
                       const char *plugin, enum kb_gpu_use gpu)
{
  kb_lane *l = &s->lanes[i];
  kb_worker_handle *w = &l->w;
  char domain[PATH_MAX], why[KB_MESSAGE_LEN];
  /* Under root, a third-party domain's worker takes an identity of its
  ** own, one a lane (cli.h); the catalogue's and one with no plugin yet
  ** keep the user's (the profiler, --lock-clocks). */
  int64_t identity = -1;
  int library = -1;
  if (plugin && s->contain)
    library = kb_trust_open(&s->judged, plugin, domain, sizeof domain, why,
                            sizeof why);
  else if (plugin)
    kb_trust_domain(&s->judged, plugin, domain, sizeof domain, why,
                    sizeof why);
  if (plugin) {
    if (domain[0] && l->cfg.worker_uid >= 0)
      identity = l->cfg.worker_uid + (int64_t)i;
    int other = !l->has_domain || strcmp(l->domain, domain) != 0;
    /* Said as its worker changes: a tampered catalogue library. */
    if (why[0] && other)
      say(s, why);
    /* A worker that loaded no plugin yet was started as the user. */
    if (w->pid && (l->has_domain ? other : l->identity != identity))
      retire(s, i);
  }
  /* A worker seals itself at its first plugin (worker/worker.c). */
  if (gpu != KB_GPU_NONE && w->pid && l->has_domain && !l->gpu_first)
    retire(s, i);
  int fresh = !w->pid;
  l->busy = 1;
  l->unsent = fresh && kb_handle_start(w, s->exe, l->lock_fd, s->keeper.fd,
                                       s->contain, l->why, sizeof l->why);
  if (fresh && !l->unsent)
    l->worker = ++s->workers;
  if (fresh) {
    l->has_domain = l->gpu_first = 0;
    l->identity = identity;
  }
  if (!l->has_domain)
    l->gpu_first |= gpu == KB_GPU_OPEN;
  if (plugin && !l->unsent) {
    snprintf(l->domain, sizeof l->domain, "%s", domain);
    l->has_domain = 1;
  }
  l->refused[0] = '\0';
  l->ended = 0;
  l->waited = 0;
  l->restarts = 0;
  l->deadline = kb_host_clock_s() + s->case_timeout;
  if (l->unsent) {
    kb_wbuf_free(order);
    if (library >= 0)
      close(library);
    return;
  }
  w->stage[0] = '\0';
  w->tail_len = 0;
  /* Contained, the library judged is handed over before the order that
  ** loads it; otherwise the worker opens it by path. */
  if ((fresh && send_cfg(l))
      || (plugin && s->contain && kb_fd_send(w->files_fd, library))) {
    kb_wbuf_free(order);
    l->ended = 1;
  } else if (kb_wire_send(w->orders_fd, order)) {
    l->ended = 1;
  }
  if (library >= 0)
    close(library);
}

/* --- waiting ------------------------------------------------------------ */

/* A SIGINT or SIGTERM: the first asks to stop after the current cases; a
** second stops them now. */
static void take_signal(kb_supervisor *s)
{
  struct signalfd_siginfo si;
  if (read(s->signal_fd, &si, sizeof si) != (ssize_t)sizeof si)
    return;
  if (s->interrupted) {
    s->stopping = 1;
    return;
  }
  s->interrupted = (int)si.ssi_signo;
  fprintf(stderr, "\nkbench: %s: stopping after the current case (send it "
          "again to stop now)\n", kb_signal_name((int)si.ssi_signo));
}

static void device_reported(kb_supervisor *s, size_t i, kb_rbuf *payload)
{
  kb_device_report d;
  kb_lane *l = &s->lanes[i];
  if (kb_msg_get_device(payload, &d) || l->have_device)
    return;
  l->have_device = 1;
  if (s->on_device)
    s->on_device(s->device_ctx, i, &d);
}

/* Lane i's worker waits for its device's lock, held by another kbench
** (worker/device_lock.h): say so, and let the watchdog wait as long as
** the worker may (--lock-timeout, then the case's own time).  One wait
** per order: a worker's word defers its watchdog no further. */
static void lock_waiting(kb_supervisor *s, size_t i, kb_rbuf *payload)
{
  char holder[KB_MESSAGE_LEN], msg[KB_MESSAGE_LEN + 256];
  kb_lane *l = &s->lanes[i];
  kb_get_str(payload, holder, sizeof holder);
  double timeout = l->cfg.measure.lock_timeout;
  if (payload->bad || l->waited++)
    return;
  l->deadline = kb_host_clock_s() + timeout + s->case_timeout;
  snprintf(msg, sizeof msg, "device %d is in use by %s; waiting for it "
           "(at most %g s: --lock-timeout; --no-lock shares the GPU)",
           l->cfg.device, holder, timeout);
  say(s, msg);
}

/* Lane i's worker holds the device's lock at the descriptor named: keep
** a copy of it (the same open file, so the same flock), which outlives
** the worker and is handed to the lane's next one.  Where the kernel
** refuses (before Linux 5.6, or a ptrace policy that forbids it), each
** worker takes the lock anew, and another kbench may take the device
** between two of them. */
static void keep_lock(kb_lane *l, kb_rbuf *payload)
{
  uint32_t fd = kb_get_u32(payload);
  if (payload->bad || l->lock_fd >= 0 || l->w.pid_fd < 0)
    return;
#ifdef SYS_pidfd_getfd
  l->lock_fd = (int)syscall(SYS_pidfd_getfd, l->w.pid_fd, (int)fd, 0);
#endif
}

/* A call the worker's seal refused: the first of the order is kept, to
** fail its case with (kb_supervisor_next), and the worker is replaced
** after it, whatever the plugin did next. */
static void refused(kb_lane *l, kb_rbuf *payload)
{
  kb_refusal r;
  if (l->refused[0])
    return;
  snprintf(l->refused_in, sizeof l->refused_in, "%s", l->w.stage);
  if (kb_refusal_get(payload, &r))
    snprintf(l->refused, sizeof l->refused, "the worker sent a malformed "
             "report of a refused call");
  else
    kb_refusal_text(&r, l->refused, sizeof l->refused);
}

/* A worker's seal: the first is kept (the results file's context says
** it), and what it lacks here (an old kernel, a build without libseccomp,
** KBENCH_SEAL=off) is said once per run. */
static void seal_note(kb_supervisor *s, kb_rbuf *payload)
{
  char layers[128], what[KB_MESSAGE_LEN], msg[KB_MESSAGE_LEN + 128];
  kb_get_str(payload, layers, sizeof layers);
  kb_get_str(payload, what, sizeof what);
  if (s->seal_said || payload->bad)
    return;
  s->seal_said = 1;
  snprintf(s->seal, sizeof s->seal, "%s%s%.880s", layers,
           what[0] ? "; lacking: " : "", what);
  if (!what[0])
    return;
  snprintf(msg, sizeof msg, "the worker's seal is partial: %s "
           "(docs/security.md)", what);
  say(s, msg);
}

/* A line a worker has for the user, said once per lane: every worker of a
** device would say it again. */
static void noted(kb_supervisor *s, size_t i, kb_rbuf *payload)
{
  char msg[KB_MESSAGE_LEN];
  kb_get_str(payload, msg, sizeof msg);
  if (payload->bad || s->lanes[i].noted++)
    return;
  say(s, msg);
}

/* Opening the device and waiting are not the case's time: the watchdog
** starts over, at most KB_RESTARTS times an order. */
static void restart(kb_supervisor *s, kb_lane *l)
{
  if (l->restarts++ < KB_RESTARTS)
    l->deadline = kb_host_clock_s() + s->case_timeout;
}

/*
** How lane i's order stands, without waiting: an outcome, with an
** answer's type and payload, or -1 while it runs.  Each frame's token is
** checked before anything of it is read; STAGE, DEVICE, LOCK and NOTE
** frames are taken here.
*/
static int standing(kb_supervisor *s, size_t i, uint32_t *type,
                    kb_rbuf *payload)
{
  kb_lane *l = &s->lanes[i];
  if (l->unsent)
    return KB_DIED;
  for (;;) {
    int got = kb_inbox_next(&l->w.inbox, type, payload);
    if (got < 0)
      return KB_GARBLED;
    if (got == 0)
      break;
    if (kb_get_u64(payload) != l->token || payload->bad)
      return KB_FORGED;
    if (*type == KB_MSG_STAGE) {
      kb_get_str(payload, l->w.stage, sizeof l->w.stage);
    } else if (*type == KB_MSG_DEVICE) {
      device_reported(s, i, payload);
      restart(s, l);
    } else if (*type == KB_MSG_LOCK_WAIT) {
      lock_waiting(s, i, payload);
    } else if (*type == KB_MSG_LOCK_TAKEN) {
      restart(s, l);
    } else if (*type == KB_MSG_LOCK_HELD) {
      keep_lock(l, payload);
    } else if (*type == KB_MSG_REFUSED) {
      refused(l, payload);
    } else if (*type == KB_MSG_SEAL_NOTE) {
      seal_note(s, payload);
    } else if (*type == KB_MSG_NOTE) {
      noted(s, i, payload);
    } else {
      return KB_ANSWERED;
    }
  }
  if (l->ended)
    return KB_DIED;
  if (s->stopping)
    return KB_STOPPED;
  return kb_host_clock_s() >= l->deadline ? KB_TIMED_OUT : -1;
}

/* Lane i's order is over.  A worker that gave no answer is reaped (given
** time to exit when it ended by itself) and the cause put in why.  The
** other lanes' workers go on meanwhile; only their answers wait. */
static int settle(kb_supervisor *s, size_t i, int outcome)
{
  kb_lane *l = &s->lanes[i];
  l->busy = 0;
  if (outcome == KB_ANSWERED || l->unsent)
    return outcome;
  int status = reap(s, i, outcome == KB_DIED ? KB_EXIT_GRACE_S : 0);
  kb_handle_describe(&l->w, outcome, status, s->case_timeout, l->why,
                     sizeof l->why);
  return outcome;
}

/*
** Wait until the order of some busy lane ends: its outcome, with the lane
** in *lane and, for KB_ANSWERED, the answer's type and payload (valid
** until that lane's next order); -1 when no lane is busy.  One poll covers
** the signalfd and every busy worker's reports and output, and sleeps at
** most until the nearest watchdog.
*/
static int wait_any(kb_supervisor *s, size_t *lane, uint32_t *type,
                    kb_rbuf *payload)
{
  struct pollfd fds[1 + 3 * KB_MAX_DEVICES];
  size_t at[KB_MAX_DEVICES];       /* lane i's reports at fds[at[i]] */
  for (;;) {
    size_t n = 1, busy = 0;
    double until = kb_host_clock_s() + 60;
    fds[0] = (struct pollfd){s->signal_fd, POLLIN, 0};
    for (size_t i = 0; i < s->n_lanes; i++) {
      kb_lane *l = &s->lanes[i];
      if (!l->busy)
        continue;
      int outcome = standing(s, i, type, payload);
      if (outcome >= 0) {
        *lane = i;
        return settle(s, i, outcome);
      }
      busy++;
      if (l->deadline < until)
        until = l->deadline;
      at[i] = n;
      /* poll skips an output_fd of -1 (its end of file came). */
      fds[n++] = (struct pollfd){l->w.reports_fd, POLLIN, 0};
      fds[n++] = (struct pollfd){l->w.output_fd, POLLIN, 0};
      fds[n++] = (struct pollfd){l->w.pid_fd, POLLIN, 0};
    }
    if (!busy)
      return -1;
    double left = until - kb_host_clock_s();
    int ms = left > 0 ? (int)(left * 1000) + 1 : 0;
    if (poll(fds, n, ms) < 0 && errno != EINTR) {
      for (size_t i = 0; i < s->n_lanes; i++)
        s->lanes[i].ended |= s->lanes[i].busy;   /* cannot watch them */
      continue;
    }
    if (fds[0].revents & POLLIN)
      take_signal(s);
    for (size_t i = 0; i < s->n_lanes; i++) {
      kb_lane *l = &s->lanes[i];
      if (!l->busy)
        continue;
      if (fds[at[i] + 1].revents)
        kb_handle_drain(&l->w);
      if (fds[at[i]].revents) {
        long got = kb_inbox_fill(&l->w.inbox, l->w.reports_fd);
        if (got == 0 || (got < 0 && errno != EAGAIN))
          l->ended = 1;
      }
      if (fds[at[i] + 2].revents)
        died(l);
    }
  }
}

/* Send an order on the first lane, alone, and wait for its outcome; the
** cause in why when it got no answer.  plugin: as send_order's. */
static int exchange(kb_supervisor *s, kb_wbuf *order, const char *plugin,
                    enum kb_gpu_use gpu, uint32_t *type, kb_rbuf *payload, char *why, size_t len)
{
  size_t lane;
  send_order(s, 0, order, plugin, gpu);
  int outcome = wait_any(s, &lane, type, payload);
  if (outcome != KB_ANSWERED)
    snprintf(why, len, "%s", s->lanes[0].refused[0] ? s->lanes[0].refused
                                                    : s->lanes[0].why);
  return outcome;
}

/* --- the interface ------------------------------------------------------- */

int kb_supervisor_init(kb_supervisor *s, const kb_worker_cfg *cfg,
                       double case_timeout, char *err, size_t len)
{
  memset(s, 0, sizeof *s);
  s->signal_fd = -1;
  s->keeper.fd = -1;
  s->case_timeout = case_timeout;
  /* The switch as read at the start (job.c), for the supervisor's side. */
  s->contain = cfg->contain;
  if (s->contain)
    kb_own_state_save(&s->own);
  if (!(s->lanes = malloc(sizeof *s->lanes))) {
    snprintf(err, len, "out of memory");
    return -1;
  }
  lane_init(&s->lanes[0], cfg, cfg->device);
  s->n_lanes = 1;
  ssize_t n = readlink("/proc/self/exe", s->exe, sizeof s->exe - 1);
  if (n <= 0) {
    snprintf(err, len, "cannot find the kbench binary: %s", strerror(errno));
    return -1;
  }
  s->exe[n] = '\0';
  /* Before any worker, which inherits its pipe (worker/clock_lock.h). */
  if (cfg->measure.lock_clocks && kb_keeper_start(&s->keeper, s->exe, err,
                                                  len))
    return -1;
  /* What a worker leaves behind is handed here, to be killed with it. */
  kb_strays_adopt();
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

/* End the workers of lanes [from, s->n_lanes): all are told first, so that
** their exits overlap, then each is reaped, and the lane's device lock let
** go. */
static void end_workers(kb_supervisor *s, size_t from)
{
  for (size_t i = from; i < s->n_lanes; i++)
    if (s->lanes[i].w.pid) {
      /* End of orders: the worker exits by itself. */
      close(s->lanes[i].w.orders_fd);
      s->lanes[i].w.orders_fd = -1;
    }
  for (size_t i = from; i < s->n_lanes; i++) {
    if (s->lanes[i].w.pid)
      reap(s, i, KB_EXIT_GRACE_S);
    if (s->lanes[i].lock_fd >= 0)
      close(s->lanes[i].lock_fd);
    s->lanes[i].lock_fd = -1;
  }
}

void kb_supervisor_end_workers(kb_supervisor *s)
{
  if (s->lanes)
    end_workers(s, 0);
}

int kb_supervisor_lanes(kb_supervisor *s, const int *ordinals, size_t n)
{
  if (n == 0 || n > KB_MAX_DEVICES)    /* wait_any polls that many */
    return -1;
  kb_worker_cfg cfg = s->lanes[0].cfg;
  size_t keep = ordinals[0] == cfg.device;   /* the first lane's worker */
  end_workers(s, keep);
  kb_lane *grown = realloc(s->lanes, n * sizeof *grown);
  if (!grown)
    return -1;
  s->lanes = grown;
  for (size_t i = keep; i < n; i++)
    lane_init(&s->lanes[i], &cfg, ordinals[i]);
  s->n_lanes = n;
  return 0;
}

void kb_supervisor_close(kb_supervisor *s)
{
  if (s->lanes)
    end_workers(s, 0);
  kb_keeper_end(&s->keeper);
  free(s->lanes);
  s->lanes = NULL;
  s->n_lanes = 0;
  if (s->signal_fd >= 0)
    close(s->signal_fd);
  s->signal_fd = -1;
}

/* The worker answered an exchange with something else than asked for:
** end it, and say so. */
static int malformed(kb_supervisor *s, const char *what, char *why,
                     size_t len)
{
  reap(s, 0, 0);
  snprintf(why, len, "the worker sent a malformed %s", what);
  return -1;
}

int kb_supervisor_load(kb_supervisor *s, const char *path, kb_plugin *p,
                       char *err, size_t len)
{
  uint32_t type;
  kb_rbuf payload;
  kb_wbuf b;
  begin_order(s, 0, &b, KB_MSG_LOAD);
  kb_put_str(&b, path);
  if (exchange(s, &b, path, KB_GPU_NONE, &type, &payload, err, len)
      != KB_ANSWERED)
    return -1;
  if (s->lanes[0].refused[0]) {
    /* Its constructors tried what the seal refuses. */
    snprintf(err, len, "%s", s->lanes[0].refused);
    reap(s, 0, 0);
    return -1;
  }
  if (type == KB_MSG_PLUGIN && kb_msg_get_plugin(&payload, p) == 0)
    return 0;
  if (type == KB_MSG_LOAD_FAILED) {
    char ignored[16];
    kb_get_str(&payload, ignored, sizeof ignored);
    kb_get_str(&payload, err, len);
    if (!payload.bad)
      return -1;
  }
  return malformed(s, "answer while loading", err, len);
}

int kb_supervisor_count(kb_supervisor *s, int *count, char *why, size_t len)
{
  uint32_t type;
  kb_rbuf payload;
  kb_wbuf b;
  begin_order(s, 0, &b, KB_MSG_COUNT);
  if (exchange(s, &b, NULL, KB_GPU_TOUCH, &type, &payload, why, len)
      != KB_ANSWERED)
    return -1;
  if (type == KB_MSG_COUNTED
      && kb_msg_get_count(&payload, count, why, len) == 0)
    return 0;
  return malformed(s, "device count", why, len);
}

int kb_supervisor_check_metrics(kb_supervisor *s, int *verdict, char *why,
                                size_t len)
{
  uint32_t type;
  kb_rbuf payload;
  kb_wbuf b;
  begin_order(s, 0, &b, KB_MSG_METRICS);
  if (exchange(s, &b, NULL, KB_GPU_TOUCH, &type, &payload, why, len)
      != KB_ANSWERED)
    return -1;
  if (type == KB_MSG_METRICS_CHECKED
      && kb_msg_get_checked(&payload, verdict, why, len) == 0)
    return 0;
  return malformed(s, "answer to --metrics", why, len);
}

int kb_supervisor_open(kb_supervisor *s, char *why, size_t len)
{
  uint32_t type;
  kb_rbuf payload;
  size_t lane;
  int outcome, failed = 0;
  char said[KB_MESSAGE_LEN];
  for (size_t i = 0; i < s->n_lanes; i++) {
    kb_wbuf b;
    begin_order(s, i, &b, KB_MSG_OPEN);
    send_order(s, i, &b, NULL, KB_GPU_OPEN);
  }
  while ((outcome = wait_any(s, &lane, &type, &payload)) >= 0) {
    said[0] = '\0';
    if (outcome != KB_ANSWERED) {
      snprintf(said, sizeof said, "%s", s->lanes[lane].why);
    } else if (type != KB_MSG_OPENED
               || (kb_get_str(&payload, said, sizeof said), payload.bad)) {
      reap(s, lane, 0);
      snprintf(said, sizeof said, "the worker sent a malformed answer to "
               "opening its device");
    }
    if (said[0] && failed++ == 0)
      snprintf(why, len, "device %d: %s", s->lanes[lane].cfg.device, said);
  }
  return failed;
}

void kb_supervisor_send(kb_supervisor *s, size_t lane, const kb_order *o)
{
  kb_order order = *o;
  order.token = s->lanes[lane].token = new_token();
  kb_wbuf b;
  kb_wbuf_begin(&b, KB_MSG_CASE);
  kb_msg_put_order(&b, &order);
  send_order(s, lane, &b, o->path, o->cuda ? KB_GPU_OPEN : KB_GPU_NONE);
}

/* res as a case that got no result: verdict, where and why. */
static void failed(kb_result *res, int verdict, int worker, const char *stage,
                   const char *why)
{
  kb_result_init(res, verdict);
  res->worker = worker;
  snprintf(res->stage, sizeof res->stage, "%s", stage);
  snprintf(res->message, sizeof res->message, "%s", why);
}

/* The case during which the seal refused a call fails with what the
** plugin tried, whatever it reported; its worker, whose plugin may have
** changed what the seal did not cover, is replaced. */
static void refuse_case(kb_supervisor *s, size_t lane, kb_result *res)
{
  kb_lane *l = &s->lanes[lane];
  char stage[sizeof res->stage], why[KB_MESSAGE_LEN];
  snprintf(stage, sizeof stage, "%s", l->refused_in[0] ? l->refused_in
                                                       : "load");
  if (res->verdict == KB_CRASH)
    snprintf(why, sizeof why, "%.500s (then the worker %.400s)", l->refused,
             res->message);
  else
    snprintf(why, sizeof why, "%s", l->refused);
  kb_result_free(res);
  failed(res, KB_ERROR, res->worker, stage, why);
  if (l->w.pid)
    reap(s, lane, 0);
}

int kb_supervisor_next(kb_supervisor *s, size_t *lane, kb_result *res)
{
  uint32_t type;
  kb_rbuf payload;
  int outcome = wait_any(s, lane, &type, &payload);
  if (outcome < 0)
    return -1;
  kb_lane *l = &s->lanes[*lane];
  int worker = l->worker;
  int verdict = KB_CRASH;
  /* A report for another order (a frame a plugin wrote, or one left over
  ** from an order before) proves that something in the worker writes to
  ** its reports: the worker is ended (settle), its case failed. */
  if (outcome == KB_FORGED)
    verdict = KB_ERROR;
  if (outcome == KB_ANSWERED) {
    if (type == KB_MSG_RESULT && kb_msg_get_result(&payload, res) == 0) {
      kb_handle_drain(&l->w);
      res->worker = worker;
      if (l->refused[0])
        refuse_case(s, *lane, res);
      if (res->verdict != KB_PASS)
        res->output = kb_handle_last_lines(&l->w);
      /* A worker whose context is gone, or whose profiler failed, exits
      ** after reporting. */
      if (res->worker_ends)
        reap(s, *lane, KB_EXIT_GRACE_S);
      return 0;
    } else {
      snprintf(l->why, sizeof l->why, "the worker sent a malformed result");
    }
    reap(s, *lane, 0);
  }
  failed(res, verdict, worker, l->w.stage[0] ? l->w.stage : "start-up",
         l->why);
  /* The worker died after the seal refused a call (the plugin went on to
  ** write where it could not): what it tried is the case's cause. */
  if (l->refused[0])
    refuse_case(s, *lane, res);
  res->output = kb_handle_last_lines(&l->w);
  return 0;
}

int kb_supervisor_cut_short(const kb_supervisor *s, const kb_result *res)
{
  return s->stopping && res->verdict == KB_CRASH;
}
