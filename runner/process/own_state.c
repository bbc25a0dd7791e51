/* The supervisor's scheduling and limits, saved and put back
** (own_state.h). */

#define _GNU_SOURCE            /* sched_getaffinity, syscall */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "process/own_state.h"

/* ioprio_get and ioprio_set of this process (IOPRIO_WHO_PROCESS, 0):
** the C library has no wrapper. */
#define KB_IOPRIO_WHO_PROCESS 1

void kb_own_state_save(kb_own_state *st)
{
  memset(st, 0, sizeof *st);
  errno = 0;
  st->nice = getpriority(PRIO_PROCESS, 0);
  st->policy = sched_getscheduler(0);
  sched_getparam(0, &st->param);
  st->have_cpus = sched_getaffinity(0, sizeof st->cpus,
                                    (cpu_set_t *)st->cpus) == 0;
#ifdef SYS_ioprio_get
  st->ioprio = syscall(SYS_ioprio_get, KB_IOPRIO_WHO_PROCESS, 0);
#else
  st->ioprio = -1;
#endif
  for (int r = 0; r < KB_OWN_LIMITS; r++)
    getrlimit((__rlimit_resource_t)r, &st->limits[r]);
  st->saved = 1;
}

static void failed(char *what, size_t len, const char *name)
{
  size_t used = strlen(what);
  if (used < len)
    snprintf(what + used, len - used, "%s%s", used ? ", " : "", name);
}

int kb_own_state_restore(const kb_own_state *st, char *what, size_t len)
{
  what[0] = '\0';
  if (!st->saved)
    return 0;
  struct sched_param param;
  int policy = sched_getscheduler(0);
  if ((policy != st->policy
       || (sched_getparam(0, &param) == 0
           && param.sched_priority != st->param.sched_priority))
      && sched_setscheduler(0, st->policy, &st->param))
    failed(what, len, "scheduling policy");
  errno = 0;
  int nice = getpriority(PRIO_PROCESS, 0);
  if (!errno && nice != st->nice && setpriority(PRIO_PROCESS, 0, st->nice))
    failed(what, len, "nice");
  unsigned long cpus[sizeof st->cpus / sizeof st->cpus[0]];
  if (st->have_cpus
      && sched_getaffinity(0, sizeof cpus, (cpu_set_t *)cpus) == 0
      && memcmp(cpus, st->cpus, sizeof cpus) != 0
      && sched_setaffinity(0, sizeof st->cpus, (const cpu_set_t *)st->cpus))
    failed(what, len, "CPU affinity");
#ifdef SYS_ioprio_set
  if (st->ioprio >= 0
      && syscall(SYS_ioprio_get, KB_IOPRIO_WHO_PROCESS, 0) != st->ioprio
      && syscall(SYS_ioprio_set, KB_IOPRIO_WHO_PROCESS, 0, st->ioprio))
    failed(what, len, "I/O priority");
#endif
  for (int r = 0; r < KB_OWN_LIMITS; r++) {
    struct rlimit now;
    if (getrlimit((__rlimit_resource_t)r, &now) == 0
        && (now.rlim_cur != st->limits[r].rlim_cur
            || now.rlim_max != st->limits[r].rlim_max)
        && setrlimit((__rlimit_resource_t)r, &st->limits[r])) {
      char name[32];
      snprintf(name, sizeof name, "resource limit %d", r);
      failed(what, len, name);
    }
  }
  return what[0] ? -1 : 0;
}
