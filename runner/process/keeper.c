/* The supervisor's handle on the clock keeper (keeper.h). */

#define _GNU_SOURCE            /* pipe2 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "process/keeper.h"

/* In the child: the pipe on standard input, nothing on standard output,
** the supervisor's standard error kept (for a clock it cannot restore). */
static void become_keeper(const char *exe, int in)
{
  setpgid(0, 0);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
  if (null < 0 || dup2(in, 0) < 0 || dup2(null, 1) < 0)
    _exit(127);
  execl(exe, "kbench", KB_KEEPER_ARG, (char *)NULL);
  fprintf(stderr, "kbench: cannot start %s: %s\n", exe, strerror(errno));
  _exit(127);
}

int kb_keeper_start(kb_keeper *k, const char *exe, char *err, size_t len)
{
  int p[2];
  k->pid = 0;
  k->fd = -1;
  /* Close-on-exec: only the workers' copies (moved to KB_WORKER_KEEPER)
  ** and the keeper's standard input outlive an exec. */
  if (pipe2(p, O_CLOEXEC)) {
    snprintf(err, len, "cannot create the clock keeper's pipe: %s",
             strerror(errno));
    return -1;
  }
  pid_t pid = fork();
  if (pid < 0) {
    snprintf(err, len, "cannot fork the clock keeper: %s", strerror(errno));
    close(p[0]);
    close(p[1]);
    return -1;
  }
  if (pid == 0)
    become_keeper(exe, p[0]);
  setpgid(pid, pid);
  close(p[0]);
  k->pid = pid;
  k->fd = p[1];
  return 0;
}

void kb_keeper_end(kb_keeper *k)
{
  if (k->fd >= 0)
    close(k->fd);
  k->fd = -1;
  if (!k->pid)
    return;
  const struct timespec tick = {0, 5000000};
  for (double waited = 0; waited < KB_KEEPER_WAIT_S; waited += 0.005) {
    pid_t got = waitpid(k->pid, NULL, WNOHANG);
    if (got == k->pid || (got < 0 && errno != EINTR)) {
      k->pid = 0;
      return;
    }
    nanosleep(&tick, NULL);
  }
  fprintf(stderr, "kbench: the clock keeper (pid %d) is still restoring "
          "the GPU's clocks after %.0f s; it finishes alone\n", (int)k->pid,
          KB_KEEPER_WAIT_S);
  k->pid = 0;
}
