/*
** The one safe file replace (runner/output/replace.c): a commit replaces
** the file whole and keeps its mode; an abort, or a temporary file that
** cannot be made, leaves the old file as it was and nothing beside it;
** two replacements of one file at once have their own temporary files;
** through a symbolic link the file it points to is replaced, the link
** kept; a pipe or a folder is refused, and left as it was.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output/replace.h"
#include "files.h"
#include "tap.h"

static int holds(const char *path, const char *text)
{
  char buf[256];
  return slurp(path, buf, sizeof buf) >= 0 && strcmp(buf, text) == 0;
}

int main(void)
{
  char dir[] = "/tmp/kb-replace-XXXXXX", path[512], err[512];
  if (!mkdtemp(dir))
    return 99;
  snprintf(path, sizeof path, "%s/file.txt", dir);
  FILE *f = fopen(path, "w");
  fputs("old", f);
  fclose(f);
  chmod(path, 0640);

  kb_replace a, b;
  FILE *fa = kb_replace_open(&a, path, err, sizeof err);
  FILE *fb = kb_replace_open(&b, path, err, sizeof err);
  ok(fa && fb && strcmp(a.tmp, b.tmp) != 0,
     "two replacements of one file have their own temporary names");
  ok(files_in(dir) == 3, "...beside the file, in its folder");
  fputs("new", fa);
  fputs("abandoned", fb);
  kb_replace_abort(&b);
  ok(holds(path, "old") && files_in(dir) == 2,
     "an abort leaves the old file and removes its temporary file");
  ok(kb_replace_commit(&a, err, sizeof err) == 0 && holds(path, "new"),
     "a commit replaces the file whole");
  struct stat st;
  ok(stat(path, &st) == 0 && (st.st_mode & 0777) == 0640,
     "...keeping its mode (0640, not mkstemp's 0600)");
  ok(files_in(dir) == 1, "...and leaves nothing beside it");
  kb_replace_abort(&a);
  ok(holds(path, "new"), "an abort after the commit changes nothing");

  char missing[600];
  snprintf(missing, sizeof missing, "%s/no/such/file.txt", dir);
  ok(kb_replace_open(&a, missing, err, sizeof err) == NULL
     && strstr(err, "cannot create") && strstr(err, missing),
     "a folder that does not exist: no stream, a message naming the file");
  ok(kb_replace_commit(&a, err, sizeof err) == -1,
     "...and a commit of it fails");

  char link[600], fifo[600];
  snprintf(link, sizeof link, "%s/link.txt", dir);
  ok(symlink("file.txt", link) == 0 && (f = kb_replace_open(&a, link, err, sizeof err))
     && fputs("linked", f) >= 0 && kb_replace_commit(&a, err, sizeof err) == 0
     && holds(path, "linked") && lstat(link, &st) == 0 && S_ISLNK(st.st_mode)
     && files_in(dir) == 2,
     "through a symbolic link: the file it names is replaced, the link kept, "
     "nothing beside them");
  snprintf(fifo, sizeof fifo, "%s/pipe", dir);
  ok(mkfifo(fifo, 0600) == 0 && kb_replace_open(&a, fifo, err, sizeof err) == NULL
     && strstr(err, "not a regular file") && strstr(err, fifo)
     && lstat(fifo, &st) == 0 && S_ISFIFO(st.st_mode) && files_in(dir) == 3,
     "a pipe: refused, named, left a pipe (%s)", err);
  ok(kb_replace_open(&a, dir, err, sizeof err) == NULL
     && strstr(err, "Is a directory"),
     "a folder: refused (%s)", err);

  unlink(fifo);
  unlink(link);
  unlink(path);
  rmdir(dir);
  return tap_done();
}
