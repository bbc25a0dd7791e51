/* The worker's threads and their CPU time (threads.h). */

#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdlib.h>
#include <time.h>

#include "worker/threads.h"

int kb_threads_open(kb_threads *t)
{
  t->dir = opendir("/proc/self/task");
  return t->dir ? 0 : -1;
}

void kb_threads_close(kb_threads *t)
{
  if (t->dir)
    closedir(t->dir);
  t->dir = NULL;
}

static int by_tid(const void *a, const void *b)
{
  pid_t x = *(const pid_t *)a, y = *(const pid_t *)b;
  return (x > y) - (x < y);
}

size_t kb_threads_list(kb_threads *t, pid_t *tids, size_t max)
{
  size_t n = 0;
  if (!t->dir)
    return 0;
  rewinddir(t->dir);
  struct dirent *e;
  while ((e = readdir(t->dir)) != NULL) {
    char *end;
    long tid = strtol(e->d_name, &end, 10);
    if (end == e->d_name || *end || tid <= 0)
      continue;              /* "." and ".." */
    if (n < max)
      tids[n] = (pid_t)tid;
    n++;
  }
  qsort(tids, n < max ? n : max, sizeof *tids, by_tid);
  return n;
}

int kb_threads_has(const pid_t *tids, size_t n, pid_t tid)
{
  return bsearch(&tid, tids, n, sizeof *tids, by_tid) != NULL;
}

/* Linux's clock of one thread's CPU time, made from its id as the C
** library's pthread_getcpuclockid makes it: the id's complement shifted
** left by 3, CPUCLOCK_SCHED (2) and the per-thread bit (4). */
static clockid_t thread_clock(pid_t tid)
{
  return (clockid_t)((~(unsigned)tid << 3) | 6u);
}

double kb_thread_cpu_s(pid_t tid)
{
  struct timespec ts;
  if (clock_gettime(thread_clock(tid), &ts))
    return -1;
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
