/*
** The one safe way to replace a file (kbench tune's --cache and --best,
** kbench fleet's --json=FILE, and any other file written whole): the new
** contents go to a temporary file of its own in the target's folder
** (mkstemp, so two processes replacing one file never share a name, and
** the rename stays within one file system), are flushed to the disk
** (fsync), and the temporary file is renamed over the target.  A reader,
** or a process killed at any moment, sees the old file or the new one,
** never half of one.  On a failure the temporary file is removed and the
** old file is left as it was.  A symbolic link's target is replaced, the
** link kept; anything but a regular file (a device, a pipe) is refused.
*/
#ifndef KB_REPLACE_H
#define KB_REPLACE_H

#include <stddef.h>
#include <stdio.h>

typedef struct kb_replace {
  FILE *f;                 /* the temporary file, to write */
  char *tmp;               /* its name */
  const char *named;       /* the target as named */
  const char *path;        /* the file replaced: named, or what the
                              symbolic link named points to */
  char *target;            /* that resolved name, owned (or NULL) */
  int failed;              /* errno of the failure, or 0 */
  int no_sync;             /* set after open to skip the fsync: for a file
                              replaced again and again, where the rename
                              alone keeps a killed process's readers safe */
} kb_replace;

/* Begin replacing path: the stream to write the new contents to, or NULL
** with a message in err (and r->failed set). */
FILE *kb_replace_open(kb_replace *r, const char *path, char *err,
                      size_t len);
/* Flush, fsync (unless no_sync) and rename over the target: 0, or -1 with a message in err
** (r->failed set), the temporary file removed and the target untouched. */
int kb_replace_commit(kb_replace *r, char *err, size_t len);
/* Give up: the temporary file closed and removed (safe after a commit, and
** twice). */
void kb_replace_abort(kb_replace *r);

/* Whether path could be replaced now, for a file written at the end of a
** long job, asked before the job starts: a temporary file made in its
** folder and removed again.  0, or -1 with kb_replace_open's message in
** err (a missing or read-only folder). */
int kb_replace_check(const char *path, char *err, size_t len);

#endif
