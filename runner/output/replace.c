/* One safe file replace: mkstemp beside the target, fsync, rename (replace.h). */

#define _XOPEN_SOURCE 700      /* realpath */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output/replace.h"

/* The mode the file gets: the target's own when it exists, else what a
** plain creat would give (0666 less the umask), not mkstemp's 0600. */
static mode_t target_mode(const char *path)
{
  struct stat st;
  if (stat(path, &st) == 0)
    return st.st_mode & 07777;
  mode_t mask = umask(0);
  umask(mask);
  return 0666 & ~mask;
}

static void fail(kb_replace *r, const char *what, char *err, size_t len)
{
  if (!r->failed)
    r->failed = errno ? errno : EIO;
  snprintf(err, len, "cannot %s %s: %s", what, r->named,
           strerror(r->failed));
}

/*
** The file to replace: what a symbolic link points to (the link stays a
** link), and only a regular file: a device or a pipe cannot be replaced,
** and a rename over /dev/null by root would take it away.  0, or -1 with
** errno set.
*/
static int find_target(kb_replace *r)
{
  struct stat st;
  if (stat(r->named, &st) != 0)
    return errno == ENOENT ? 0 : -1;   /* a new file: the name as given */
  if (!S_ISREG(st.st_mode)) {
    errno = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
    return -1;
  }
  if (!(r->target = realpath(r->named, NULL)))
    return -1;
  r->path = r->target;
  return 0;
}

FILE *kb_replace_open(kb_replace *r, const char *path, char *err,
                      size_t len)
{
  int fd = -1;
  *r = (kb_replace){.path = path, .named = path};
  if (find_target(r) != 0) {
    if (errno == EINVAL) {
      r->failed = EINVAL;
      snprintf(err, len, "cannot replace %s: not a regular file (it is "
               "written whole, then renamed into place)", path);
    } else {
      fail(r, "create", err, len);
    }
    kb_replace_abort(r);
    return NULL;
  }
  size_t n = strlen(r->path) + sizeof ".tmp.XXXXXX";
  if (!(r->tmp = malloc(n))) {
    errno = ENOMEM;
    fail(r, "create", err, len);
    kb_replace_abort(r);
    return NULL;
  }
  snprintf(r->tmp, n, "%s.tmp.XXXXXX", r->path);
  fd = mkstemp(r->tmp);
  /* Close-on-exec, so that no worker inherits it. */
  if (fd < 0 || fcntl(fd, F_SETFD, FD_CLOEXEC) != 0
      || fchmod(fd, target_mode(r->path)) != 0
      || !(r->f = fdopen(fd, "w"))) {
    fail(r, "create", err, len);
    if (fd >= 0)
      close(fd);
    else
      r->tmp[0] = '\0';    /* mkstemp made no file */
    kb_replace_abort(r);
    return NULL;
  }
  return r->f;
}

int kb_replace_commit(kb_replace *r, char *err, size_t len)
{
  if (!r->f) {
    fail(r, "write", err, len);
    kb_replace_abort(r);
    return -1;
  }
  errno = 0;
  int bad = fflush(r->f) != 0 || ferror(r->f)
            || (!r->no_sync && fsync(fileno(r->f)) != 0);
  if (bad)
    r->failed = errno ? errno : EIO;
  bad |= fclose(r->f) != 0;
  r->f = NULL;
  if (bad || rename(r->tmp, r->path) != 0) {
    fail(r, "write", err, len);
    kb_replace_abort(r);
    return -1;
  }
  free(r->tmp);           /* renamed: nothing to remove */
  r->tmp = NULL;
  kb_replace_abort(r);    /* the resolved name's memory */
  return 0;
}

int kb_replace_check(const char *path, char *err, size_t len)
{
  kb_replace r;
  if (!kb_replace_open(&r, path, err, len))
    return -1;
  kb_replace_abort(&r);
  return 0;
}

void kb_replace_abort(kb_replace *r)
{
  if (r->f)
    fclose(r->f);
  r->f = NULL;
  if (r->tmp && r->tmp[0])
    unlink(r->tmp);
  free(r->tmp);
  r->tmp = NULL;
  free(r->target);
  r->target = NULL;
  r->path = r->named;
}
