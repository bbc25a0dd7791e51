/* Nothing the worker does reaches another process (others.h). */

#define _GNU_SOURCE            /* syscall */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#ifdef __linux__
#  include <linux/seccomp.h>
#  include <linux/sockios.h>
#endif

#include "worker/landlock.h"
#include "worker/landlock_restrict.h"
#include "worker/others.h"

void kb_others_scope(char *note, size_t len)
{
  note[0] = '\0';
#ifdef KB_HAVE_LANDLOCK
  if (kb_landlock_abi() < KB_LANDLOCK_ABI_SCOPE) {
    snprintf(note, len, "no Landlock signal scope (Linux 6.12 or later, "
             "Landlock enabled): a signal to another lane's worker of the "
             "same uid is not refused");
    return;
  }
  int ruleset = kb_landlock_ruleset(0, KB_LANDLOCK_SCOPE_SIGNAL);
  if (ruleset < 0 || kb_landlock_restrict(ruleset))
    snprintf(note, len, "Landlock refused its signal scope: a signal to "
             "another lane's worker of the same uid is not refused");
#else
  snprintf(note, len, "no Landlock signal scope on this system");
#endif
}

#ifdef __linux__
/* Rules for a call aimed at the process its argument arg names: itself
** (0, or its pid) allowed; the supervisor (pid or process group) refused
** and named; any other process EPERM. */
static size_t aimed(kb_bpf_rule *r, int nr, int arg, pid_t self, pid_t sup,
                    pid_t sup_group)
{
  const uint64_t pid = 0xffffffffu;
  r[0] = (kb_bpf_rule){nr, arg, 0, pid, SECCOMP_RET_ALLOW};
  r[1] = (kb_bpf_rule){nr, arg, (uint32_t)self, pid, SECCOMP_RET_ALLOW};
  r[2] = (kb_bpf_rule){nr, arg, (uint32_t)sup, pid, SECCOMP_RET_TRAP};
  r[3] = (kb_bpf_rule){nr, arg, (uint32_t)sup_group, pid, SECCOMP_RET_TRAP};
  r[4] = (kb_bpf_rule){nr, -1, 0, 0, SECCOMP_RET_ERRNO | EPERM};
  return 5;
}
#endif

size_t kb_others_rules(kb_bpf_rule *rules, size_t room)
{
#ifdef __linux__
  pid_t self = getpid(), sup = getppid(), sup_group = getpgid(sup);
  kb_bpf_rule r[KB_BPF_MAX_RULES];
  size_t n = 0;
  static const int by_first[] = {
    SYS_sched_setaffinity, SYS_sched_setscheduler, SYS_sched_setparam,
#  ifdef SYS_sched_setattr
    SYS_sched_setattr,
#  endif
  };
  for (size_t i = 0; i < sizeof by_first / sizeof by_first[0]; i++)
    n += aimed(r + n, by_first[i], 0, self, sup, sup_group);
  /* Every process of a user, the supervisor among them: refused. */
  r[n++] = (kb_bpf_rule){SYS_setpriority, 0, PRIO_USER, 0xffffffffu,
                         SECCOMP_RET_TRAP};
  n += aimed(r + n, SYS_setpriority, 1, self, sup, sup_group);
  r[n++] = (kb_bpf_rule){SYS_ioprio_set, 0, 3 /* IOPRIO_WHO_USER */,
                         0xffffffffu, SECCOMP_RET_TRAP};
  n += aimed(r + n, SYS_ioprio_set, 1, self, sup, sup_group);
  /* prlimit that only reads (no new limits) is anyone's. */
  r[n++] = (kb_bpf_rule){SYS_prlimit64, 2, 0, ~(uint64_t)0,
                         SECCOMP_RET_ALLOW};
  n += aimed(r + n, SYS_prlimit64, 0, self, sup, sup_group);
  /* The GPU driver's ioctls ('F', and nvidia-uvm's plain numbers) pass at
  ** once: no rule here or in terminal.c is of those types. */
  r[n++] = (kb_bpf_rule){SYS_ioctl, 1, 0x4600, 0xff00, SECCOMP_RET_ALLOW};
  r[n++] = (kb_bpf_rule){SYS_ioctl, 1, 0x0000, 0xff00, SECCOMP_RET_ALLOW};
  r[n++] = (kb_bpf_rule){SYS_ioctl, 1, FIOSETOWN, 0xffffffffu,
                         SECCOMP_RET_TRAP};
  r[n++] = (kb_bpf_rule){SYS_ioctl, 1, SIOCSPGRP, 0xffffffffu,
                         SECCOMP_RET_TRAP};
  if (n > room)
    n = room;
  for (size_t i = 0; i < n; i++)
    rules[i] = r[i];
  return n;
#else
  (void)rules;
  (void)room;
  return 0;
#endif
}
