/*
** The worker's threads as the system lists them (/proc/self/task), and
** the CPU time each has used: what the leftover check (leftovers.h) sets
** before a case against after it.  The folder is opened once, as the
** worker starts: it is read again from its start each time, whatever the
** seal later refuses to open.
*/
#ifndef KB_THREADS_H
#define KB_THREADS_H

#include <stddef.h>
#include <sys/types.h>

typedef struct kb_threads {
  void *dir;               /* the open /proc/self/task (a DIR); NULL: none */
} kb_threads;

/* 0, or -1 when /proc cannot be read: every list is then empty. */
int kb_threads_open(kb_threads *t);
void kb_threads_close(kb_threads *t);

/* The threads alive now, in increasing order, the first max of them in
** tids: how many there are, which may be more than max. */
size_t kb_threads_list(kb_threads *t, pid_t *tids, size_t max);

/* Whether tid is among the n sorted tids. */
int kb_threads_has(const pid_t *tids, size_t n, pid_t tid);

/* The CPU time thread tid of this process has used, in seconds; -1 when
** it has ended. */
double kb_thread_cpu_s(pid_t tid);

#endif
