/* The GPU lock (worker/device_lock.h) between real processes, on a fake
** UUID in a temporary directory: a second taker waits, is told who holds
** it, and gives up with that in its message; a SIGKILLed holder leaves no
** lock behind; the directory and file are shared whatever the umask. */
#define _GNU_SOURCE            /* mkdtemp */
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "worker/device_lock.h"
#include "tap.h"

#define UUID "GPU-00000000-1111-2222-3333-444444444444"

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

/* What on_wait was told. */
typedef struct told {
  int times;
  char holder[1024];
} told;

static void on_wait(void *ctx, const char *holder)
{
  told *t = ctx;
  t->times++;
  snprintf(t->holder, sizeof t->holder, "%s", holder);
}

/* A child that takes the lock, says so on a pipe, then holds it for
** hold_s seconds (< 0: until killed).  Its pid, once it holds the lock. */
static pid_t holder(const char *dir, double hold_s)
{
  int fds[2];
  if (pipe(fds))
    return -1;
  pid_t pid = fork();
  if (pid == 0) {
    kb_device_lock l;
    char record[1024], why[1024];
    close(fds[0]);
    kb_device_lock_record(record, sizeof record, getpid(), getppid());
    if (kb_device_lock_take(&l, dir, UUID, 5, record, NULL, NULL, why,
                            sizeof why))
      _exit(1);
    if (write(fds[1], "x", 1) != 1)
      _exit(1);
    if (hold_s < 0)
      for (;;)
        pause();
    usleep((useconds_t)(hold_s * 1e6));
    _exit(0);
  }
  close(fds[1]);
  char c;
  ssize_t n = pid > 0 ? read(fds[0], &c, 1) : -1;
  close(fds[0]);
  return n == 1 ? pid : -1;
}

int main(void)
{
  char base[] = "/tmp/kb-lock-test-XXXXXX", dir[256], why[2048], record[1024];
  kb_device_lock l = {-1};
  told t = {0};
  struct stat st;
  if (!mkdtemp(base)) {
    printf("1..0 # SKIP cannot make a temporary directory\n");
    return 0;
  }
  snprintf(dir, sizeof dir, "%s/locks", base);

  unsetenv(KB_LOCK_DIR_ENV);
  ok(strcmp(kb_device_lock_dir(), KB_LOCK_DIR_DEFAULT) == 0,
     "without %s, the default directory %s", KB_LOCK_DIR_ENV,
     KB_LOCK_DIR_DEFAULT);
  setenv(KB_LOCK_DIR_ENV, "", 1);
  ok(strcmp(kb_device_lock_dir(), KB_LOCK_DIR_DEFAULT) == 0,
     "an empty %s is the default too", KB_LOCK_DIR_ENV);
  setenv(KB_LOCK_DIR_ENV, dir, 1);
  ok(strcmp(kb_device_lock_dir(), dir) == 0, "%s names the directory",
     KB_LOCK_DIR_ENV);

  /* Free: taken at once, under a umask that would keep others out. */
  mode_t old = umask(077);
  kb_device_lock_record(record, sizeof record, getpid(), getppid());
  ok(strstr(record, "pid ") == record && strstr(record, "\ncommand "),
     "the record names the pid and the command line");
  int rc = kb_device_lock_take(&l, dir, UUID, 0, record, on_wait, &t, why,
                               sizeof why);
  umask(old);
  ok(rc == 0 && l.fd >= 0 && t.times == 0, "a free lock is taken at once, "
     "with no wait told");
  unsigned mode = stat(dir, &st) == 0 ? st.st_mode & 07777 : 0;
  ok(mode == 01777, "the directory is made mode 1777 under umask 077 (%o)",
     mode);
  char path[512];
  snprintf(path, sizeof path, "%s/%s.lock", dir, UUID);
  mode = stat(path, &st) == 0 ? st.st_mode & 07777 : 0;
  ok(mode == 0666, "the lock file is mode 0666 (%o)", mode);
  char text[2048] = "";
  int fd = open(path, O_RDONLY);
  ssize_t n = fd >= 0 ? read(fd, text, sizeof text - 1) : -1;
  text[n > 0 ? n : 0] = '\0';
  if (fd >= 0)
    close(fd);
  ok(strcmp(text, record) == 0, "the holder's record is in the file");
  kb_device_lock_release(&l);
  ok(l.fd == -1, "released");
  kb_device_lock_release(&l);
  ok(1, "released twice: harmless");

  /* Held by another process: the second waits, is told who, gives up. */
  pid_t child = holder(dir, -1);
  ok(child > 0, "a child holds the lock");
  memset(&t, 0, sizeof t);
  double t0 = now();
  rc = kb_device_lock_take(&l, dir, UUID, 0.3, record, on_wait, &t, why,
                           sizeof why);
  double took = now() - t0;
  ok(rc == 1 && l.fd == -1, "held by another: the timeout runs out (%d)", rc);
  ok(took >= 0.29 && took < 2, "after the 0.3 s asked for (%.2f s)", took);
  ok(t.times == 1, "the wait is told once (%d)", t.times);
  char who[64];
  snprintf(who, sizeof who, "kbench pid %ld (user ", (long)getpid());
  ok(strstr(t.holder, who) && strstr(t.holder, ", since ")
     && strstr(t.holder, "test_device_lock"),
     "who holds it: the kbench that started the holder, its user, since "
     "when, its command line: %s", t.holder);
  ok(strstr(why, UUID " is in use by kbench pid ")
     && strstr(why, "gave up waiting after 0.3 s (--lock-timeout)"),
     "the message names the device, the holder and the option: %s", why);
  t0 = now();
  rc = kb_device_lock_take(&l, dir, UUID, 0, record, NULL, NULL, why,
                           sizeof why);
  ok(rc == 1 && now() - t0 < 1, "--lock-timeout=0: gives up at once");

  /* The holder is SIGKILLed: the kernel lets go of its lock. */
  kill(child, SIGKILL);
  waitpid(child, NULL, 0);
  memset(&t, 0, sizeof t);
  t0 = now();
  rc = kb_device_lock_take(&l, dir, UUID, 2, record, on_wait, &t, why,
                           sizeof why);
  ok(rc == 0 && now() - t0 < 1 && t.times == 0,
     "after the holder is SIGKILLed, the lock is free at once");
  kb_device_lock_release(&l);

  /* No limit: the wait ends when the holder exits. */
  child = holder(dir, 0.4);
  memset(&t, 0, sizeof t);
  t0 = now();
  rc = kb_device_lock_take(&l, dir, UUID, -1, record, on_wait, &t, why,
                           sizeof why);
  took = now() - t0;
  waitpid(child, NULL, 0);
  ok(rc == 0 && took >= 0.2 && took < 3 && t.times == 1,
     "no limit: waits (told once) until the holder exits (%.2f s)", took);
  kb_device_lock_release(&l);

  /* A record whose process is gone names no one. */
  fd = open(path, O_RDWR | O_TRUNC);
  ok(fd >= 0 && write(fd, "pid 999999999\nuser x\n", 21) == 21,
     "a record of a dead process written");
  char h[512];
  ok(fd >= 0 && kb_device_lock_holder(fd, h, sizeof h) == 0
     && strstr(h, "unknown process"), "is read as an unknown holder: %s", h);
  if (fd >= 0)
    close(fd);

  /* Refusals. */
  rc = kb_device_lock_take(&l, dir, "../../etc/x", 0, record, NULL, NULL, why,
                           sizeof why);
  ok(rc == -1 && strstr(why, "not a device UUID"),
     "a UUID with a path in it is refused: %s", why);
  rc = kb_device_lock_take(&l, "/dev/null/locks", UUID, 0, record, NULL,
                           NULL, why, sizeof why);
  ok(rc == -1 && strstr(why, "cannot make the lock directory /dev/null/locks")
     && strstr(why, KB_LOCK_DIR_ENV) && strstr(why, "--no-lock"),
     "a directory that cannot be made: says which, and what to do: %s", why);

  unlink(path);
  rmdir(dir);
  rmdir(base);
  return tap_done();
}
