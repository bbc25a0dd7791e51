/* Adopting and killing what workers leave behind (strays.h). */

#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#  include <sys/prctl.h>
#endif

#include "process/strays.h"

void kb_strays_adopt(void)
{
#ifdef __linux__
  prctl(PR_SET_CHILD_SUBREAPER, 1);
#endif
}

/* Every process and its parent, from /proc. */
typedef struct kb_procs {
  pid_t *pid, *ppid;
  size_t n, cap;
} kb_procs;

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

/* 0, or -1 when /proc cannot be read or memory runs out. */
static int list_procs(kb_procs *ps)
{
  DIR *proc = opendir("/proc");
  if (!proc)
    return -1;
  ps->n = 0;
  struct dirent *e;
  while ((e = readdir(proc))) {
    if (e->d_name[0] < '1' || e->d_name[0] > '9')
      continue;
    pid_t ppid = parent_of(e->d_name);
    if (ppid < 0)
      continue;                /* gone meanwhile */
    if (ps->n == ps->cap) {
      size_t cap = ps->cap ? 2 * ps->cap : 512;
      pid_t *p = realloc(ps->pid, cap * sizeof *p);
      if (p)
        ps->pid = p;
      pid_t *pp = p ? realloc(ps->ppid, cap * sizeof *pp) : NULL;
      if (!pp) {
        closedir(proc);
        return -1;
      }
      ps->ppid = pp;
      ps->cap = cap;
    }
    ps->pid[ps->n] = (pid_t)atoi(e->d_name);
    ps->ppid[ps->n++] = ppid;
  }
  closedir(proc);
  return 0;
}

static int is_live(pid_t pid, const pid_t *live, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (live[i] == pid)
      return 1;
  return 0;
}

static pid_t parent_in(const kb_procs *ps, pid_t pid)
{
  for (size_t i = 0; i < ps->n; i++)
    if (ps->pid[i] == pid)
      return ps->ppid[i];
  return 0;
}

/* Whether ps->pid[i] descends from this process other than through a live
** worker (whose own children are its business while it lives). */
static int is_stray(const kb_procs *ps, size_t i, pid_t self,
                    const pid_t *live, size_t n)
{
  pid_t at = ps->pid[i];
  /* A walk up the parents, bounded by the count against a loop. */
  for (size_t depth = 0; depth <= ps->n; depth++) {
    if (is_live(at, live, n))
      return 0;
    pid_t up = parent_in(ps, at);
    if (up == self)
      return 1;
    if (up <= 1)
      return 0;
    at = up;
  }
  return 0;
}

/* Kill every stray now listed, the deepest as well as those handed up
** already, and reap those that are this process's children: how many were
** found. */
static size_t one_round(kb_procs *ps, const pid_t *live, size_t n)
{
  pid_t self = getpid();
  size_t found = 0;
  if (list_procs(ps))
    return 0;
  for (size_t i = 0; i < ps->n; i++)
    if (ps->pid[i] != self && is_stray(ps, i, self, live, n)) {
      kill(ps->pid[i], SIGKILL);
      found++;
    }
  for (size_t i = 0; i < ps->n; i++)
    if (ps->ppid[i] == self && !is_live(ps->pid[i], live, n))
      while (waitpid(ps->pid[i], NULL, 0) < 0 && errno == EINTR)
        ;
  return found;
}

int kb_strays_end(const pid_t *live, size_t n)
{
  kb_procs ps = {0};
  const struct timespec tick = {0, 1000000};
  int killed = 0;
  /* Until a round finds none: a stray killed hands its children up, and
  ** one not yet killed may start more, but no number of them outlasts
  ** this. */
  for (size_t got; (got = one_round(&ps, live, n)) > 0;) {
    killed += (int)got;
    nanosleep(&tick, NULL);
  }
  free(ps.pid);
  free(ps.ppid);
  return killed;
}
