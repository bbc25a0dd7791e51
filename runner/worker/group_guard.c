/* The worker's group guard (group_guard.h). */

#define _GNU_SOURCE            /* syscall, NSIG */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "worker/group_guard.h"

static int pidfd_of(pid_t pid)
{
#ifdef SYS_pidfd_open
  /* Through syscall(): glibc wraps it only since 2.36. */
  return (int)syscall(SYS_pidfd_open, pid, 0);
#else
  (void)pid;
  return -1;
#endif
}

/* Every descriptor from first up closed. */
static void close_from(int first)
{
#ifdef SYS_close_range
  if (syscall(SYS_close_range, (unsigned)first, ~0u, 0) == 0)
    return;
#endif
  for (long fd = first, max = sysconf(_SC_OPEN_MAX); fd < max; fd++)
    close((int)fd);
}

/* The guard: worker and supervisor are their pidfds (supervisor -1 when
** it could not be had), group the worker's process group. */
static void guard(int worker, int supervisor, pid_t group)
{
  /* 0 to 2 are the worker's standard streams (process/worker_start.h),
  ** so the pidfds lie above them. */
  if (dup2(worker, 0) < 0 || (supervisor >= 0 && dup2(supervisor, 1) < 0))
    _exit(0);
  close_from(supervisor >= 0 ? 2 : 1);
  for (int sig = 1; sig < NSIG; sig++)
    if (sig != SIGKILL && sig != SIGSTOP)
      signal(sig, SIG_IGN);
  prctl(PR_SET_NAME, "kbench-guard");
  struct pollfd ends[2] = {{0, POLLIN, 0},
                           {supervisor >= 0 ? 1 : -1, POLLIN, 0}};
  while (poll(ends, 2, -1) < 0 && errno == EINTR)
    ;
  /* A pidfd is readable once its process has ended; anything else (an
  ** error) ends the guard alone. */
  if ((ends[0].revents | ends[1].revents) & POLLIN)
    kill(-group, SIGKILL);
  _exit(0);
}

void kb_group_guard_start(void)
{
  pid_t self = getpid(), supervisor = getppid();
  /* Only a group the worker leads is its own alone. */
  if (getpgrp() != self)
    return;
  int worker_fd = pidfd_of(self);
  if (worker_fd < 0)
    return;
  int supervisor_fd = pidfd_of(supervisor);
  /* Still the parent: the pidfd is the supervisor's, not a process that
  ** took its number.  Otherwise the supervisor is gone already. */
  if (getppid() != supervisor)
    _exit(1);
  pid_t pid = fork();
  if (pid == 0)
    guard(worker_fd, supervisor_fd, self);
  close(worker_fd);
  if (supervisor_fd >= 0)
    close(supervisor_fd);
}
