/* A third-party worker's identity of its own (identity.h). */

#define _GNU_SOURCE            /* setresuid, setresgid */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "process/worker_start.h"
#include "worker/identity.h"

int kb_identity_take(int64_t uid, const char *path, char *note, size_t len)
{
  note[0] = '\0';
  if (uid < 0)
    return -1;
  if (geteuid() != 0) {
    snprintf(note, len, "no identity of its own for a third-party "
             "plugin's worker (kbench is not root): it runs as the user");
    return -1;
  }
  uid_t u = (uid_t)uid;
  gid_t g = (gid_t)uid;
  /* Its scratch directory becomes its own, before it is no longer root. */
  const char *scratch = getenv(KB_WORKER_SCRATCH_ENV);
  if (scratch && *scratch && chown(scratch, u, g)) {
    snprintf(note, len, "cannot give the worker's scratch directory to uid "
             "%lld: %s", (long long)uid, strerror(errno));
    return -1;
  }
  /* NULL under the containment: the supervisor hands the library over
  ** (process/fd_pass.h), and nothing is opened here. */
  int fd = path ? open(path, O_RDONLY | O_CLOEXEC) : -1;
  /* Read while the death signal the worker started with still holds: its
  ** parent now is the supervisor. */
  pid_t supervisor = getppid();
  int refused = setgroups(0, NULL) || setresgid(g, g, g)
                || setresuid(u, u, u);
  int why = errno;
  /* Any change of gid or uid, even one of a refused take, clears that
  ** signal (prctl(2)): set again, then the parent checked for a
  ** supervisor that died before it was. */
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != supervisor)
    _exit(1);
  if (refused) {
    snprintf(note, len, "cannot take uid %lld for a third-party plugin's "
             "worker: %s: it runs as root", (long long)uid, strerror(why));
    if (fd >= 0)
      close(fd);
    return -1;
  }
  /* A changed identity makes the process undumpable, and its /proc files
  ** root's: CUDA reads its own, and the plugin opens through them. */
  prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);
  return fd;
}
