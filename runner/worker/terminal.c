/* The worker has no terminal (terminal.h). */

#define _GNU_SOURCE            /* O_PATH */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/syscall.h>
#include <unistd.h>
#ifdef __linux__
#  include <linux/seccomp.h>
#endif

#include "process/worker_start.h"
#include "worker/confine.h"
#include "worker/landlock.h"
#include "worker/landlock_restrict.h"
#include "worker/terminal.h"

/* The character devices of the terminals, by major number
** (Documentation/admin-guide/devices.txt): 2 and 3 the old ptys, 4 the
** consoles and serial lines, 5 /dev/tty, /dev/console and /dev/ptmx, 7
** the screens' contents (vcs), 136-143 the ptys' slaves, 166 ttyACM, 188
** ttyUSB, 204 the low-density serial ports, 229 the hypervisors'
** consoles (hvc). */
static int is_terminal(const struct stat *st)
{
  if (!S_ISCHR(st->st_mode))
    return 0;
  unsigned m = major(st->st_rdev);
  return m == 2 || m == 3 || m == 4 || m == 5 || m == 7
         || (m >= 136 && m <= 143) || m == 166 || m == 188 || m == 204
         || m == 229;
}

#ifdef KB_HAVE_LANDLOCK
#  define KB_RW (LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_WRITE_FILE)

/* A rule for every entry of dir but skip and the terminals: reading and
** writing allowed beneath each (a rule on a file is a file's rights). */
static void allow_entries(int ruleset, const char *dir, const char *skip)
{
  DIR *d = opendir(dir);
  struct dirent *e;
  if (!d)
    return;
  while ((e = readdir(d)) != NULL) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0
        || strcmp(e->d_name, skip) == 0)
      continue;
    /* O_PATH opens no device; a link is followed to what it names. */
    int fd = openat(dirfd(d), e->d_name, O_PATH | O_CLOEXEC);
    struct stat st;
    if (fd < 0)
      continue;
    /* A rule refused leaves that entry shut: safe. */
    if (fstat(fd, &st) == 0 && !is_terminal(&st))
      kb_landlock_allow(ruleset, fd, KB_RW);
    close(fd);
  }
  closedir(d);
}

static void shut(char *note, size_t len)
{
  int ruleset = kb_landlock_ruleset(KB_RW, 0);
  if (ruleset < 0) {
    snprintf(note, len, "no Landlock (Linux 5.13 or later, enabled): the "
             "worker may open a terminal of its user's");
    return;
  }
  allow_entries(ruleset, "/", "dev");
  allow_entries(ruleset, "/dev", "pts");
  if (kb_landlock_restrict(ruleset))
    snprintf(note, len, "Landlock refused to shut the terminals: the "
             "worker may open one of its user's");
}
#else
static void shut(char *note, size_t len)
{
  snprintf(note, len, "built without Landlock's header: the worker may "
           "open a terminal of its user's");
}
#endif

void kb_terminal_shut(char *note, size_t len)
{
  const char *skipped = kb_confine_skipped();
  note[0] = '\0';
  if (skipped)
    snprintf(note, len, "terminals not shut: %s", skipped);
  else
    shut(note, len);
}

size_t kb_terminal_rules(kb_bpf_rule *rules, size_t room)
{
#ifdef __linux__
  /* Typing into a terminal, or taking it over: named (SIGSYS). */
  static const unsigned long named[] = {
    TIOCSTI, TIOCLINUX, TIOCCONS, TIOCSCTTY, TIOCSPGRP,
  };
  /* Its settings changed, or its queues flushed or stopped: ENOTTY, as a
  ** pipe answers. */
  static const unsigned long settings[] = {
    TCSETS, TCSETSW, TCSETSF, TCSETA, TCSETAW, TCSETAF,
    /* TCSETS2, TCSETSW2, TCSETSF2: _IOW('T', 0x2b.., struct termios2),
    ** whose 44 bytes the C library's headers do not declare */
    0x402c542bu, 0x402c542cu, 0x402c542du,
    TCFLSH, TCXONC, TIOCSWINSZ, TIOCSETD, TIOCVHANGUP, TIOCNOTTY, TIOCSBRK,
    TCSBRK, TCSBRKP,
  };
  size_t n = 0;
  for (size_t i = 0; i < sizeof named / sizeof named[0] && n < room; i++)
    rules[n++] = (kb_bpf_rule){SYS_ioctl, 1, named[i], 0xffffffffu,
                               SECCOMP_RET_TRAP};
  for (size_t i = 0; i < sizeof settings / sizeof settings[0] && n < room;
       i++)
    rules[n++] = (kb_bpf_rule){SYS_ioctl, 1, settings[i], 0xffffffffu,
                               SECCOMP_RET_ERRNO | ENOTTY};
  return n;
#else
  (void)rules;
  (void)room;
  return 0;
#endif
}
