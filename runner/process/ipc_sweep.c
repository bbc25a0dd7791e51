/* The sweep of a worker uid's IPC objects (ipc_sweep.h). */

#define _GNU_SOURCE            /* nftw's FTW_DEPTH, FTW_PHYS; unshare */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <mqueue.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mount.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "process/ipc_sweep.h"

enum { SYSV_SHM, SYSV_MSG, SYSV_SEM };

static int remove_sysv(int kind, int id)
{
  switch (kind) {
  case SYSV_SHM:
    return shmctl(id, IPC_RMID, NULL);
  case SYSV_MSG:
    return msgctl(id, IPC_RMID, NULL);
  default:
    return semctl(id, 0, IPC_RMID);
  }
}

/* The column named name in a /proc/sysvipc header, or -1. */
static int column(char *header, const char *name)
{
  int i = 0;
  for (char *save, *w = strtok_r(header, " \t\n", &save); w;
       w = strtok_r(NULL, " \t\n", &save), i++)
    if (strcmp(w, name) == 0)
      return i;
  return -1;
}

/* Each object of /proc/sysvipc/<file> that uid owns or made, removed. */
static size_t sweep_sysv(uid_t uid, const char *file, int kind,
                         size_t *failed)
{
  char path[64], line[512], header[512];
  size_t removed = 0;
  snprintf(path, sizeof path, "/proc/sysvipc/%s", file);
  FILE *f = fopen(path, "re");
  if (!f)
    return 0;
  if (!fgets(line, sizeof line, f)) {
    fclose(f);
    return 0;
  }
  snprintf(header, sizeof header, "%s", line);
  int at_uid = column(header, "uid");
  snprintf(header, sizeof header, "%s", line);
  int at_cuid = column(header, "cuid");
  while (at_uid > 1 && at_cuid > 1 && fgets(line, sizeof line, f)) {
    long long v[32];
    int n = 0;
    for (char *save, *w = strtok_r(line, " \t\n", &save); w && n < 32;
         w = strtok_r(NULL, " \t\n", &save))
      v[n++] = strtoll(w, NULL, 10);
    if (n <= at_uid || n <= at_cuid
        || ((uid_t)v[at_uid] != uid && (uid_t)v[at_cuid] != uid))
      continue;
    if (remove_sysv(kind, (int)v[1]) == 0)
      removed++;
    else
      (*failed)++;
  }
  fclose(f);
  return removed;
}

static int remove_entry(const char *path, const struct stat *st, int flag,
                        struct FTW *ftw)
{
  (void)st;
  (void)ftw;
  if (flag == FTW_DP)
    rmdir(path);
  else
    unlink(path);
  return 0;
}

/* Each entry of dir that uid owns removed, a folder with all it holds;
** with mq, through mq_unlink (an mqueue file system's entries are the
** queues of the supervisor's IPC namespace, named by "/" and the entry). */
static size_t sweep_dir(uid_t uid, const char *dir, int mq, size_t *failed)
{
  size_t removed = 0;
  DIR *d = opendir(dir);
  if (!d)
    return 0;
  for (struct dirent *e; (e = readdir(d)) != NULL;) {
    struct stat st;
    char path[4096], name[NAME_MAX + 2];
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0
        || fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW)
        || st.st_uid != uid)
      continue;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    snprintf(name, sizeof name, "/%s", e->d_name);
    if (mq)
      mq_unlink(name);
    else if (S_ISDIR(st.st_mode))
      nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    else
      unlinkat(dirfd(d), e->d_name, 0);
    if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0)
      (*failed)++;
    else
      removed++;
  }
  closedir(d);
  return removed;
}

/* A child's count back through its exit status: up to 15 removed, and
** whether any could not be. */
static size_t child_count(pid_t pid, size_t *failed)
{
  int status = 0;
  while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  if (pid <= 0 || !WIFEXITED(status))
    return 0;
  *failed += (WEXITSTATUS(status) & 16) != 0;
  return (size_t)(WEXITSTATUS(status) & 15);
}

static void exit_with(size_t removed, size_t failed)
{
  _exit((int)(removed > 15 ? 15 : removed) | (failed ? 16 : 0));
}

/* The POSIX message queues of uid, listed where no /dev/mqueue is
** mounted through a mount of the queues' file system in a child's mount
** namespace of its own (no one else sees it): how many were removed,
** those that could not be counted in *failed. */
static size_t sweep_queues(uid_t uid, size_t *failed)
{
  struct stat st;
  if (stat("/dev/mqueue", &st) == 0 && S_ISDIR(st.st_mode)) {
    size_t removed = sweep_dir(uid, "/dev/mqueue", 1, failed);
    if (removed || *failed)
      return removed;
  }
  char dir[] = "/tmp/kbench-mqueue.XXXXXX";
  if (!mkdtemp(dir))
    return 0;
  pid_t pid = fork();
  if (pid == 0) {
    size_t not_removed = 0, removed = 0;
    if (unshare(CLONE_NEWNS) == 0
        && mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) == 0
        && mount("mqueue", dir, "mqueue", 0, NULL) == 0)
      removed = sweep_dir(uid, dir, 1, &not_removed);
    exit_with(removed, not_removed);
  }
  size_t removed = child_count(pid, failed);
  rmdir(dir);
  return removed;
}

/* uid's shared memory, message queues and semaphores, as this process
** may remove them. */
static size_t sweep_sysv_kinds(uid_t uid, size_t *failed)
{
  return sweep_sysv(uid, "shm", SYSV_SHM, failed)
         + sweep_sysv(uid, "msg", SYSV_MSG, failed)
         + sweep_sysv(uid, "sem", SYSV_SEM, failed);
}

/* The SysV objects of uid: removed as the supervisor, else (root without
** CAP_SYS_ADMIN may not remove another's) by a child that takes uid, as
** whose owner or maker it may. */
static size_t sweep_all_sysv(uid_t uid, size_t *failed)
{
  size_t refused = 0;
  size_t removed = sweep_sysv_kinds(uid, &refused);
  if (!refused)
    return removed;
  pid_t pid = fork();
  if (pid == 0) {
    size_t left = 0, gone = 0;
    if (setresuid(uid, uid, uid) == 0)
      gone = sweep_sysv_kinds(uid, &left);
    else
      left = 1;
    exit_with(gone, left);
  }
  return removed + child_count(pid, failed);
}

size_t kb_ipc_sweep(uid_t uid, size_t *failed)
{
  *failed = 0;
  return sweep_all_sysv(uid, failed)
         + sweep_dir(uid, "/dev/shm", 0, failed)
         + sweep_queues(uid, failed);
}
