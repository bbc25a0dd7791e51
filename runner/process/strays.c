/* Adopting and killing what workers leave behind (strays.h). */

#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#  include <sys/prctl.h>
#endif

#include "process/strays.h"

/* A stray that starts a child as it is killed hands that child up: a
** round per generation, and a bound so a fork bomb cannot hold kbench. */
#define KB_STRAY_ROUNDS 64

void kb_strays_adopt(void)
{
#ifdef __linux__
  prctl(PR_SET_CHILD_SUBREAPER, 1);
#endif
}

/* The parent of pid from /proc/PID/stat ("pid (comm) state ppid ..."; the
** command may hold spaces and parentheses, so read after the last ')'),
** or -1. */
static pid_t parent_of(const char *pid)
{
  char path[300], line[512];
  snprintf(path, sizeof path, "/proc/%s/stat", pid);
  FILE *f = fopen(path, "re");
  if (!f)
    return -1;
  size_t n = fread(line, 1, sizeof line - 1, f);
  fclose(f);
  line[n] = '\0';
  char *close_paren = strrchr(line, ')');
  char state;
  int ppid;
  if (!close_paren || sscanf(close_paren + 1, " %c %d", &state, &ppid) != 2)
    return -1;
  return (pid_t)ppid;
}

static int is_live(pid_t pid, const pid_t *live, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (live[i] == pid)
      return 1;
  return 0;
}

/* Kill this round's strays and reap them; how many there were. */
static int one_round(const pid_t *live, size_t n)
{
  DIR *proc = opendir("/proc");
  if (!proc)
    return 0;
  pid_t self = getpid(), found[256];
  int count = 0;
  struct dirent *e;
  while ((e = readdir(proc)) && count < (int)(sizeof found / sizeof *found)) {
    if (e->d_name[0] < '1' || e->d_name[0] > '9')
      continue;
    pid_t pid = (pid_t)atoi(e->d_name);
    if (parent_of(e->d_name) != self || is_live(pid, live, n))
      continue;
    kill(pid, SIGKILL);
    found[count++] = pid;
  }
  closedir(proc);
  for (int i = 0; i < count; i++)
    while (waitpid(found[i], NULL, 0) < 0 && errno == EINTR)
      ;
  return count;
}

int kb_strays_end(const pid_t *live, size_t n)
{
  int killed = 0;
  for (int round = 0; round < KB_STRAY_ROUNDS; round++) {
    int got = one_round(live, n);
    if (got == 0)
      break;
    killed += got;
  }
  return killed;
}
