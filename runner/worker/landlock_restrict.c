/* Landlock's set-up, once for every layer (landlock_restrict.h). */

#define _GNU_SOURCE            /* O_PATH */
#include <errno.h>
#include <fcntl.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "worker/landlock.h"
#include "worker/landlock_restrict.h"

#ifdef KB_HAVE_LANDLOCK
long kb_landlock_abi(void)
{
  return syscall(SYS_landlock_create_ruleset, NULL, 0,
                 LANDLOCK_CREATE_RULESET_VERSION);
}

int kb_landlock_ruleset(uint64_t fs, uint64_t scoped)
{
  struct kb_landlock_scoped_attr attr = {.handled_access_fs = fs,
                                         .scoped = scoped};
  /* The older kernels refuse attributes longer than they know. */
  size_t size = scoped ? sizeof attr : sizeof(struct landlock_ruleset_attr);
  return (int)syscall(SYS_landlock_create_ruleset, &attr, size, 0);
}

int kb_landlock_allow(int ruleset, int fd, uint64_t rights)
{
  struct landlock_path_beneath_attr rule = {.allowed_access = rights,
                                            .parent_fd = fd};
  return syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH,
                 &rule, 0) ? -1 : 0;
}

int kb_landlock_restrict(int ruleset)
{
  int rc = prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
           || syscall(SYS_landlock_restrict_self, ruleset, 0) ? -1 : 0;
  int saved = errno;
  close(ruleset);
  errno = saved;
  return rc;
}
#else
long kb_landlock_abi(void)
{
  errno = ENOSYS;
  return -1;
}

int kb_landlock_ruleset(uint64_t fs, uint64_t scoped)
{
  (void)fs;
  (void)scoped;
  errno = ENOSYS;
  return -1;
}

int kb_landlock_allow(int ruleset, int fd, uint64_t rights)
{
  (void)ruleset;
  (void)fd;
  (void)rights;
  errno = ENOSYS;
  return -1;
}

int kb_landlock_restrict(int ruleset)
{
  if (ruleset >= 0)
    close(ruleset);
  errno = ENOSYS;
  return -1;
}
#endif

int kb_landlock_allow_path(int ruleset, const char *path, uint64_t rights)
{
  int fd = open(path, O_PATH | O_CLOEXEC);
  if (fd < 0)
    return -1;
  int rc = kb_landlock_allow(ruleset, fd, rights);
  close(fd);
  return rc;
}
