/* A refused system call in words (refusal.h). */

#define _GNU_SOURCE            /* MAP_FIXED_NOREPLACE, MREMAP_FIXED */
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#ifdef __linux__
#  include <linux/sockios.h>
#endif

#include "process/refusal.h"
#include "process/worker_handle.h"   /* kb_signal_name */

int kb_refusal_get(kb_rbuf *r, kb_refusal *out)
{
  out->nr = kb_get_u64(r);
  for (int i = 0; i < 6; i++)
    out->args[i] = kb_get_u64(r);
  return r->bad || r->left ? -1 : 0;
}

static const char *prot_text(uint64_t prot, char *buf, size_t len)
{
  if (!(prot & (PROT_READ | PROT_WRITE | PROT_EXEC))) {
    snprintf(buf, len, "PROT_NONE");
    return buf;
  }
  snprintf(buf, len, "%s%s%s%s%s", prot & PROT_READ ? "PROT_READ" : "",
           prot & PROT_READ && prot & (PROT_WRITE | PROT_EXEC) ? "|" : "",
           prot & PROT_WRITE ? "PROT_WRITE" : "",
           prot & PROT_WRITE && prot & PROT_EXEC ? "|" : "",
           prot & PROT_EXEC ? "PROT_EXEC" : "");
  return buf;
}

static int write_exec(uint64_t prot)
{
  return (prot & (PROT_WRITE | PROT_EXEC)) == (PROT_WRITE | PROT_EXEC);
}

/* A signal aimed at the supervisor: the call, its target and the
** signal by name. */
static void signal_text(const kb_refusal *r, char *buf, size_t len)
{
  const uint64_t *a = r->args;
  int thread = r->nr == SYS_tgkill || r->nr == SYS_rt_tgsigqueueinfo;
  const char *call = r->nr == SYS_kill ? "kill" : r->nr == SYS_tkill
                     ? "tkill" : r->nr == SYS_tgkill ? "tgkill"
                     : thread ? "rt_tgsigqueueinfo" : "rt_sigqueueinfo";
  int sig = (int)(thread ? a[2] : a[1]);
  const char *name = kb_signal_name(sig);
  char num[16];
  snprintf(num, sizeof num, "signal %d", sig);
  snprintf(buf, len, "the plugin tried to signal kbench's supervisor: "
           "%s(%d, %s), refused", call, (int)(int32_t)a[0],
           name ? name : num);
}

/* An ioctl the seal refuses: one that types into a terminal or takes it
** over (worker/terminal.h), or makes a process a socket's owner
** (worker/others.h). */
static void ioctl_text(const kb_refusal *r, char *buf, size_t len)
{
  static const struct { unsigned long req; const char *name, *tried; } io[] = {
    {TIOCSTI, "TIOCSTI", "type into a terminal"},
    {TIOCLINUX, "TIOCLINUX", "reach the console's selection"},
    {TIOCCONS, "TIOCCONS", "take the console's output"},
    {TIOCSCTTY, "TIOCSCTTY", "take a controlling terminal"},
    {TIOCSPGRP, "TIOCSPGRP", "take a terminal's foreground"},
    {FIOSETOWN, "FIOSETOWN", "have another process signalled"},
    {SIOCSPGRP, "SIOCSPGRP", "have another process signalled"},
  };
  uint32_t req = (uint32_t)r->args[1];
  for (size_t i = 0; i < sizeof io / sizeof io[0]; i++)
    if (io[i].req == req) {
      snprintf(buf, len, "the plugin tried to %s: ioctl(%d, %s), refused",
               io[i].tried, (int)(int32_t)r->args[0], io[i].name);
      return;
    }
  snprintf(buf, len, "the plugin tried an ioctl the seal refuses: "
           "ioctl(%d, 0x%" PRIx32 "), refused", (int)(int32_t)r->args[0],
           req);
}

/* A call on another process's scheduling or limits, aimed at the
** supervisor or at every process of a user (worker/others.h). */
static void aimed_text(const kb_refusal *r, char *buf, size_t len)
{
  const uint64_t *a = r->args;
  const char *call = r->nr == SYS_setpriority ? "setpriority"
                     : r->nr == SYS_ioprio_set ? "ioprio_set"
                     : r->nr == SYS_prlimit64 ? "prlimit"
                     : r->nr == SYS_sched_setaffinity ? "sched_setaffinity"
                     : r->nr == SYS_sched_setparam ? "sched_setparam"
                     : r->nr == SYS_sched_setscheduler ? "sched_setscheduler"
                     : "sched_setattr";
  int by_who = r->nr == SYS_setpriority || r->nr == SYS_ioprio_set;
  int user = by_who && ((r->nr == SYS_setpriority && a[0] == 2)
                        || (r->nr == SYS_ioprio_set && a[0] == 3));
  if (user)
    snprintf(buf, len, "the plugin tried to change the scheduling of every "
             "process of a user, kbench's supervisor among them: %s(%d, "
             "%d, ...), refused", call, (int)a[0], (int)a[1]);
  else
    snprintf(buf, len, "the plugin tried to change the scheduling or limits "
             "of kbench's supervisor: %s(%s%d, ...), refused", call,
             by_who ? "which, " : "", (int)(by_who ? a[1] : a[0]));
}

void kb_refusal_text(const kb_refusal *r, char *buf, size_t len)
{
  const uint64_t *a = r->args;
  char prot[64];
  const char *tried = "do what the worker's seal refuses";
  switch (r->nr) {
  case SYS_mprotect:
#ifdef SYS_pkey_mprotect
  case SYS_pkey_mprotect:
#endif
    tried = write_exec(a[2]) ? "make memory both writable and executable"
                             : "make the runner's memory writable";
    snprintf(buf, len, "the plugin tried to %s: %s(0x%" PRIx64 ", %" PRIu64
             ", %s), refused", tried, r->nr == SYS_mprotect ? "mprotect"
             : "pkey_mprotect", a[0], a[1], prot_text(a[2], prot,
                                                       sizeof prot));
    return;
  case SYS_mmap:
    tried = write_exec(a[2]) ? "make memory both writable and executable"
                             : "map over the runner's memory";
    snprintf(buf, len, "the plugin tried to %s: mmap(0x%" PRIx64 ", %" PRIu64
             ", %s, flags 0x%" PRIx64 "), refused", tried, a[0], a[1],
             prot_text(a[2], prot, sizeof prot), a[3]);
    return;
  case SYS_munmap:
    snprintf(buf, len, "the plugin tried to unmap the runner's memory: "
             "munmap(0x%" PRIx64 ", %" PRIu64 "), refused", a[0], a[1]);
    return;
  case SYS_mremap:
    snprintf(buf, len, "the plugin tried to move the runner's memory: "
             "mremap(0x%" PRIx64 ", %" PRIu64 ", %" PRIu64 ", flags 0x%"
             PRIx64 ", 0x%" PRIx64 "), refused", a[0], a[1], a[2], a[3],
             a[4]);
    return;
  case SYS_madvise:
    snprintf(buf, len, "the plugin tried to drop the runner's memory, "
             "whose pages would then read their file's bytes again: "
             "madvise(0x%" PRIx64 ", %" PRIu64 ", %" PRIu64 "), refused",
             a[0], a[1], a[2]);
    return;
  case SYS_kill:
  case SYS_tkill:
  case SYS_tgkill:
  case SYS_rt_sigqueueinfo:
  case SYS_rt_tgsigqueueinfo:
    signal_text(r, buf, len);
    return;
#ifdef SYS_pidfd_open
  case SYS_pidfd_open:
    tried = "take a handle on kbench's supervisor (pidfd_open)";
    break;
  case SYS_pidfd_send_signal:
    tried = "send a signal through a pidfd (pidfd_send_signal)";
    break;
#endif
  case SYS_ioctl:
    ioctl_text(r, buf, len);
    return;
  case SYS_setpriority:
  case SYS_ioprio_set:
  case SYS_prlimit64:
  case SYS_sched_setaffinity:
  case SYS_sched_setparam:
  case SYS_sched_setscheduler:
#ifdef SYS_sched_setattr
  case SYS_sched_setattr:
#endif
    aimed_text(r, buf, len);
    return;
  case SYS_fcntl:
    tried = "have kbench's supervisor signalled (fcntl F_SETOWN)";
    break;
  case SYS_setpgid:
    tried = "join kbench's supervisor's process group (setpgid)";
    break;
  case SYS_rt_sigaction:
    snprintf(buf, len, "the plugin tried to replace kbench's handler of "
             "SIGSYS (signal %" PRIu64 "), which reports what the seal "
             "refuses: refused", a[0]);
    return;
  case SYS_ptrace:
    tried = "trace a process (ptrace)";
    break;
  case SYS_process_vm_writev:
    tried = "write another process's memory (process_vm_writev)";
    break;
#ifdef SYS_pidfd_getfd
  case SYS_pidfd_getfd:
    tried = "take another process's descriptor (pidfd_getfd)";
    break;
#endif
  }
  snprintf(buf, len, "the plugin tried to %s: system call %" PRIu64
           ", refused", tried, r->nr);
}
