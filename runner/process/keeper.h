/*
** The supervisor's handle on the clock keeper (worker/clock_lock.h says
** what the keeper does and why it is a process of its own): started
** before any worker when --lock-clocks asks, with the write end of its
** pipe, which every worker inherits (worker_handle.c); ended when the run
** is over.
** The keeper is `kbench --kbench-clock-keeper`, in a process group of its
** own and without the workers' death signal, so that it outlives a
** supervisor killed outright.
*/
#ifndef KB_KEEPER_H
#define KB_KEEPER_H

#include <stddef.h>
#include <sys/types.h>

#define KB_KEEPER_ARG "--kbench-clock-keeper"

typedef struct kb_keeper {
  pid_t pid;               /* 0: none started */
  int fd;                  /* the write end of its pipe (close-on-exec);
                              -1: none */
} kb_keeper;

/* Start exe as the keeper: 0, or -1 with the reason in err. */
int kb_keeper_start(kb_keeper *k, const char *exe, char *err, size_t len);

/* Close the supervisor's end and wait for the keeper, which restores the
** clocks once no worker holds the pipe either; a keeper still at it after
** KB_KEEPER_WAIT_S is left to finish alone (never killed: that would leave
** the clocks locked), and said so.  Safe when none was started. */
#define KB_KEEPER_WAIT_S 30.0
void kb_keeper_end(kb_keeper *k);

#endif
