/* One kbench per GPU: the lock file of a device (device_lock.h). */

#define _GNU_SOURCE            /* flock */
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util/host_facts.h"
#include "worker/device_lock.h"

/* How often a waiter tries again.  flock(2) has no timeout of its own,
** and a blocked flock wakes its waiters in no fair order either, so a
** short poll loses nothing. */
#define KB_LOCK_POLL_S 0.05
/* A holder writes its record just after it locks: a waiter that finds
** none yet looks again for this long before it says "unknown". */
#define KB_LOCK_RECORD_GRACE_S 0.5

int kb_device_lock_test_name(int ordinal, char *buf, size_t len)
{
  const char *name = getenv(KB_TEST_LOCK_UUID_ENV);
  if (!name)
    return -1;
  snprintf(buf, len, "%.40s-%d", name, ordinal);
  return 0;
}

const char *kb_device_lock_dir(void)
{
  const char *dir = getenv(KB_LOCK_DIR_ENV);
  return dir && *dir ? dir : KB_LOCK_DIR_DEFAULT;
}

static void pause_for(double s)
{
  struct timespec t = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
  while (nanosleep(&t, &t) != 0 && errno == EINTR)
    ;
}

/* A process's command line, its arguments joined by spaces, anything
** unprintable as '?'; "" when /proc cannot tell. */
static void command_line(pid_t pid, char *buf, size_t len)
{
  char path[64];
  size_t n = 0;
  snprintf(path, sizeof path, "/proc/%ld/cmdline", (long)pid);
  FILE *f = fopen(path, "rb");
  if (f) {
    n = fread(buf, 1, len - 1, f);
    fclose(f);
  }
  while (n > 0 && buf[n - 1] == '\0')
    n--;
  for (size_t i = 0; i < n; i++)
    if (buf[i] == '\0')
      buf[i] = ' ';
    else if ((unsigned char)buf[i] < 0x20 || buf[i] == 0x7f)
      buf[i] = '?';
  buf[n] = '\0';
}

void kb_device_lock_record(char *buf, size_t len, pid_t pid, pid_t owner)
{
  char user[64], cmd[512];
  struct passwd pw, *found = NULL;
  char pwbuf[1024];
  uid_t uid = getuid();
  if (getpwuid_r(uid, &pw, pwbuf, sizeof pwbuf, &found) == 0 && found)
    snprintf(user, sizeof user, "%s", found->pw_name);
  else
    snprintf(user, sizeof user, "uid %ld", (long)uid);
  command_line(owner, cmd, sizeof cmd);
  snprintf(buf, len, "pid %ld\nowner %ld\nuser %s\nsince %lld\ncommand %s\n",
           (long)pid, (long)owner, user, (long long)time(NULL), cmd);
}

/* The value of "key value" in a record, copied into out: 1, or 0 when the
** record has no such line. */
static int field(const char *record, const char *key, char *out, size_t len)
{
  size_t k = strlen(key);
  for (const char *p = record; *p; p += strcspn(p, "\n"), p += *p == '\n')
    if (strncmp(p, key, k) == 0 && p[k] == ' ') {
      size_t n = strcspn(p + k + 1, "\n");
      snprintf(out, len, "%.*s", (int)(n < len ? n : len - 1), p + k + 1);
      return 1;
    }
  return 0;
}

/* "3 min ago" */
static void ago(char *buf, size_t len, double s)
{
  if (s < 0)
    s = 0;
  if (s < 120)
    snprintf(buf, len, "%.0f s ago", s);
  else if (s < 7200)
    snprintf(buf, len, "%.0f min ago", s / 60);
  else
    snprintf(buf, len, "%.1f h ago", s / 3600);
}

static int alive(long pid)
{
  return pid > 0 && !(kill((pid_t)pid, 0) != 0 && errno == ESRCH);
}

int kb_device_lock_holder(int fd, char *buf, size_t len)
{
  char record[2048], pid[32], owner[32] = "", user[64] = "?", since[32] = "",
       cmd[512] = "";
  ssize_t n = pread(fd, record, sizeof record - 1, 0);
  record[n > 0 ? n : 0] = '\0';
  long holder = field(record, "pid", pid, sizeof pid) ? atol(pid) : 0;
  long keeper = field(record, "owner", owner, sizeof owner) ? atol(owner) : 0;
  /* A record left by a holder that has died (its successor has not written
  ** its own yet, or cannot) names no one, unless its kbench lives: it keeps
  ** the lock between its workers (kb_device_lock_adopt). */
  if (!alive(holder) && !alive(keeper)) {
    snprintf(buf, len, "an unknown process (its lock file names none "
             "alive)");
    return 0;
  }
  field(record, "user", user, sizeof user);
  field(record, "command", cmd, sizeof cmd);
  char when[64] = "", how_long[32] = "";
  if (field(record, "since", since, sizeof since)) {
    time_t t = (time_t)atoll(since);
    struct tm tm;
    if (localtime_r(&t, &tm))
      strftime(when, sizeof when, ", since %Y-%m-%d %H:%M:%S", &tm);
    ago(how_long, sizeof how_long, difftime(time(NULL), t));
  }
  snprintf(buf, len, "kbench pid %s (user %s%s%s%s)%s%s",
           *owner ? owner : pid, user, when, *how_long ? ", " : "", how_long,
           *cmd ? ": " : "", cmd);
  return 1;
}

/* The UUIDs CUDA reports ("GPU-" and hex, "MIG-..."): nothing that could
** leave the directory. */
static int valid_uuid(const char *uuid)
{
  if (!*uuid || strlen(uuid) > 128)
    return 0;
  for (const char *p = uuid; *p; p++)
    if (!(*p == '-' || (*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z')
          || (*p >= 'A' && *p <= 'Z')))
      return 0;
  return 1;
}

/* The lock file of uuid in dir, opened (made, the directory too, where
** missing); *writable says whether the record can be written.  The fd, or
** -1 with why. */
#define KB_LOCK_FIX "set " KB_LOCK_DIR_ENV " to a directory every kbench " \
                    "user can write, or run with --no-lock"

int kb_device_lock_dir_ready(const char *dir, char *why, size_t len)
{
  /* Shared by every user, like /tmp: the umask must not take bits off. */
  if (mkdir(dir, 01777) == 0)
    chmod(dir, 01777);
  else if (errno != EEXIST) {
    snprintf(why, len, "cannot make the lock directory %s: %s (%s)", dir,
             strerror(errno), KB_LOCK_FIX);
    return -1;
  }
  return 0;
}

/* What is at path and who owns it, for a lock that cannot be had: "a
** directory of uid 2147418112 (no account), mode 0700", or "". */
static void squatter(const char *path, char *buf, size_t len)
{
  struct stat st;
  char owner[64], pwbuf[1024];
  struct passwd pw, *found = NULL;
  buf[0] = '\0';
  if (lstat(path, &st))
    return;
  const char *what = S_ISDIR(st.st_mode) ? "a directory"
      : S_ISLNK(st.st_mode) ? "a symbolic link"
      : S_ISFIFO(st.st_mode) ? "a named pipe"
      : S_ISSOCK(st.st_mode) ? "a socket"
      : S_ISREG(st.st_mode) ? "a file" : "a device";
  if (getpwuid_r(st.st_uid, &pw, pwbuf, sizeof pwbuf, &found) == 0 && found)
    snprintf(owner, sizeof owner, "%s", found->pw_name);
  else
    snprintf(owner, sizeof owner, "no account");
  snprintf(buf, len, "%s of uid %ld (%s), mode %04o", what, (long)st.st_uid,
           owner, (unsigned)(st.st_mode & 07777));
}

/* The lock file at path cannot be had: why names what is there, and who
** made it, for whoever must remove it. */
static void cannot_open(const char *path, int err, char *why, size_t len)
{
  char what[160];
  squatter(path, what, sizeof what);
  if (what[0] && strncmp(what, "a file ", 7) != 0)
    snprintf(why, len, "cannot open the lock file %s: %s is there instead "
             "(%s): whoever owns it, or root, must remove it (" KB_LOCK_FIX
             ")", path, what, strerror(err));
  else if (what[0])
    snprintf(why, len, "cannot open the lock file %s, %s: %s (its owner, "
             "or root, must remove it or make it every user's; "
             KB_LOCK_FIX ")", path, what, strerror(err));
  else
    snprintf(why, len, "cannot open the lock file %s: %s (%s)", path,
             strerror(err), KB_LOCK_FIX);
}

static int open_lock(const char *dir, const char *uuid, int *writable,
                     char *why, size_t len)
{
  char path[4096];
  if (kb_device_lock_dir_ready(dir, why, len))
    return -1;
  if ((size_t)snprintf(path, sizeof path, "%s/%s.lock", dir, uuid)
      >= sizeof path) {
    snprintf(why, len, "the lock directory's name is too long: %s", dir);
    return -1;
  }
  /* O_NOFOLLOW: in a directory anyone may write, a link planted under the
  ** lock's name must not make kbench write someone's file.  O_NONBLOCK: a
  ** pipe planted there must not hang it. */
  const int how = O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC;
  int fd = open(path, O_RDWR | O_CREAT | how, 0666);
  *writable = fd >= 0;
  if (fd < 0 && errno == EACCES)   /* another's file, not 0666: flock */
    fd = open(path, O_RDONLY | how);  /* needs no write */
  struct stat st;
  if (fd >= 0 && (fstat(fd, &st) || !S_ISREG(st.st_mode))) {
    close(fd);
    fd = -1;
    errno = EINVAL;
  }
  if (fd < 0) {
    cannot_open(path, errno, why, len);
    return -1;
  }
  if (*writable)
    fchmod(fd, 0666);   /* fails harmlessly on another user's file */
  return fd;
}

int kb_device_lock_take(kb_device_lock *l, const char *dir, const char *uuid,
                        double timeout, const char *record,
                        kb_lock_wait_fn on_wait, void *ctx, char *why,
                        size_t len)
{
  int writable;
  l->fd = -1;
  if (!valid_uuid(uuid)) {
    snprintf(why, len, "cannot lock the device: '%s' is not a device UUID",
             uuid);
    return -1;
  }
  int fd = open_lock(dir, uuid, &writable, why, len);
  if (fd < 0)
    return -1;
  double start = kb_host_clock_s();
  int told = 0;
  while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
    if (errno == EINTR)
      continue;
    if (errno != EWOULDBLOCK) {
      snprintf(why, len, "cannot lock %s/%s.lock: %s", dir, uuid,
               strerror(errno));
      close(fd);
      return -1;
    }
    char holder[1024];
    double waited = kb_host_clock_s() - start;
    int known = kb_device_lock_holder(fd, holder, sizeof holder);
    if (!told && (known || waited >= KB_LOCK_RECORD_GRACE_S
                  || (timeout >= 0 && waited >= timeout))) {
      if (on_wait)
        on_wait(ctx, holder);
      told = 1;
    }
    if (timeout >= 0 && waited >= timeout) {
      snprintf(why, len, "%s is in use by %s; gave up waiting after %g s "
               "(--lock-timeout)", uuid, holder, timeout);
      close(fd);
      return 1;
    }
    double left = timeout >= 0 ? timeout - waited : KB_LOCK_POLL_S;
    pause_for(left < KB_LOCK_POLL_S ? left : KB_LOCK_POLL_S);
  }
  /* Who holds it now, for the next one to wait.  Not being able to say
  ** costs only the waiter's message. */
  if (writable && ftruncate(fd, 0) == 0) {
    ssize_t ignored = pwrite(fd, record, strlen(record), 0);
    (void)ignored;
  }
  l->fd = fd;
  return 0;
}

int kb_device_lock_adopt(kb_device_lock *l, int fd, const char *dir,
                         const char *uuid, const char *record)
{
  char path[4096];
  struct stat mine, theirs;
  l->fd = -1;
  if (!valid_uuid(uuid)
      || (size_t)snprintf(path, sizeof path, "%s/%s.lock", dir, uuid)
         >= sizeof path
      || fstat(fd, &mine) || lstat(path, &theirs)
      || mine.st_dev != theirs.st_dev || mine.st_ino != theirs.st_ino
      || flock(fd, LOCK_EX | LOCK_NB))   /* its own description: at once */
    return -1;
  if (fcntl(fd, F_SETFD, FD_CLOEXEC) == 0 && ftruncate(fd, 0) == 0) {
    ssize_t ignored = pwrite(fd, record, strlen(record), 0);
    (void)ignored;
  }
  l->fd = fd;
  return 0;
}

void kb_device_lock_release(kb_device_lock *l)
{
  if (l->fd >= 0)
    close(l->fd);   /* the last descriptor closed lets go of the flock */
  l->fd = -1;
}
