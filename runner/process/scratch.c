/* A worker's scratch directory, made and removed (scratch.h). */

#define _GNU_SOURCE            /* nftw's FTW_DEPTH, FTW_PHYS, FTW_MOUNT */
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "process/scratch.h"

int kb_scratch_make(char *path, size_t len, char *err, size_t errlen)
{
  const char *tmp = getenv("TMPDIR");
  if (!tmp || !*tmp)
    tmp = "/tmp";
  if ((size_t)snprintf(path, len, "%s/kbench-worker-XXXXXX", tmp) >= len) {
    snprintf(err, errlen, "TMPDIR is too long: %s", tmp);
    path[0] = '\0';
    return -1;
  }
  if (!mkdtemp(path)) {
    snprintf(err, errlen, "cannot make a scratch directory for the worker "
             "in %s: %s (set TMPDIR, or KBENCH_CONFINE=off)", tmp,
             strerror(errno));
    path[0] = '\0';
    return -1;
  }
  return 0;
}

static int remove_one(const char *path, const struct stat *st, int flag,
                      struct FTW *ftw)
{
  (void)st;
  (void)flag;
  (void)ftw;
  remove(path);
  return 0;                    /* the rest all the same */
}

void kb_scratch_remove(char *path)
{
  if (!path[0])
    return;
  /* Deepest first; a link is removed, not followed; another file system
  ** mounted beneath is not entered. */
  nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS | FTW_MOUNT);
  path[0] = '\0';
}
