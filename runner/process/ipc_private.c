/* The worker's own IPC namespace and /dev/shm (ipc_private.h). */

#define _GNU_SOURCE            /* unshare, CLONE_* */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "process/ipc_private.h"

/* text written whole to path: 0, or -1. */
static int write_file(const char *path, const char *text)
{
  int fd = open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  size_t n = strlen(text);
  int rc = write(fd, text, n) == (ssize_t)n ? 0 : -1;
  if (close(fd))
    rc = -1;
  return rc;
}

/* A user namespace mapping this user to itself (the one mapping an
** unprivileged process may write), whose capabilities let it make the
** IPC and mount namespaces: 0, or -1. */
static int own_user_namespace(void)
{
  char map[64];
  uid_t uid = geteuid();
  gid_t gid = getegid();
  if (unshare(CLONE_NEWUSER))
    return -1;
  snprintf(map, sizeof map, "%lu %lu 1\n", (unsigned long)uid,
           (unsigned long)uid);
  if (write_file("/proc/self/uid_map", map))
    return -1;
  /* The kernel refuses a gid map while setgroups(2) is still allowed. */
  if (write_file("/proc/self/setgroups", "deny\n"))
    return -1;
  snprintf(map, sizeof map, "%lu %lu 1\n", (unsigned long)gid,
           (unsigned long)gid);
  return write_file("/proc/self/gid_map", map);
}

/* An empty tmpfs over /dev/shm, seen by this process and its children
** only (their mounts made private first, so nothing reaches the host's). */
static int own_dev_shm(void)
{
  struct stat st;
  if (stat("/dev/shm", &st) || !S_ISDIR(st.st_mode))
    return 0;                 /* none to keep: nothing to do */
  if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL))
    return -1;
  return mount("tmpfs", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV,
               "mode=1777");
}

int kb_ipc_private(char *note, size_t len)
{
  note[0] = '\0';
  if (getenv(KB_TEST_NO_IPC_NS_ENV)) {
    snprintf(note, len, "no IPC namespace (" KB_TEST_NO_IPC_NS_ENV "): a "
             "worker's SysV IPC, POSIX queues and /dev/shm files may "
             "outlive the run");
    return -1;
  }
  /* Root refused (a container without CAP_SYS_ADMIN) makes no user
  ** namespace: in it, the worker could not take a uid of its own
  ** (identity.h), which the supervisor's sweep then goes by. */
  const int flags = CLONE_NEWIPC | CLONE_NEWNS;
  if (unshare(flags) && (errno != EPERM || geteuid() == 0
                         || own_user_namespace() || unshare(flags))) {
    snprintf(note, len, "no IPC namespace (%s): a worker's SysV IPC, POSIX "
             "queues and /dev/shm files may outlive the run",
             strerror(errno));
    return -1;
  }
  if (own_dev_shm()) {
    snprintf(note, len, "no /dev/shm of the worker's own (%s): its files "
             "there may outlive the run", strerror(errno));
    return -1;
  }
  return 0;
}
