/*
** One worker process (worker/worker.h) as the supervisor sees it: started as
** `kbench --kbench-worker` in a process group of its own (contained,
** contain.h: in a session of its own, no terminal, and the libraries it
** loads handed over on a socket), with its orders and reports on two
** pipes and whatever it prints on a third, of which the last bytes are
** kept, and a pidfd that says when it died even while
** something it started still holds those pipes; ended with its whole group; and, when it died in
** an order, the cause in words.  Nothing here knows about devices, plans
** or how many workers run at once: that is supervisor.c.
*/
#ifndef KB_WORKER_HANDLE_H
#define KB_WORKER_HANDLE_H

#include <stddef.h>
#include <limits.h>
#include <sys/types.h>

#include "process/wire.h"

#define KB_TAIL_BYTES 4096

typedef struct kb_worker_handle {
  pid_t pid;               /* 0: no worker running */
  char scratch[PATH_MAX];  /* its scratch directory (scratch.h), removed
                              once it and its strays are gone; "": none */
  int pid_fd;              /* readable when it has ended; -1 without
                              pidfd_open (then only its pipes tell) */
  int orders_fd;           /* write end of its orders */
  int reports_fd;          /* read end of its reports */
  int output_fd;           /* read end of its stdout and stderr; -1 at EOF */
  int files_fd;            /* the libraries it loads go here (fd_pass.h);
                              -1: not contained */
  int contain;             /* started contained (contain.h) */
  kb_inbox inbox;
  char stage[32];          /* the stage it reported last */
  char tail[KB_TAIL_BYTES];/* the last bytes it printed for this order */
  size_t tail_len;
  long oom_kills;          /* the kernel's out-of-memory kills when it
                              started (/proc/vmstat), or -1 (unknown, or
                              not contained) */
} kb_worker_handle;

/* How an order ended. */
enum kb_outcome {
  KB_ANSWERED = 0,
  KB_DIED,                 /* the worker exited or was killed */
  KB_TIMED_OUT,            /* the watchdog killed it */
  KB_STOPPED,              /* a second SIGINT/SIGTERM killed it */
  KB_GARBLED,              /* it sent something that is not a report */
  KB_FORGED                /* it sent a report that answers no order out
                              (protocol.h: the token) */
};

/* Start exe as a worker into w, handing it lock (its lane's device lock,
** taken by an earlier worker; -1: none) as KB_WORKER_LOCK, and the clock
** keeper's pipe (keeper.h; -1: none) as KB_WORKER_KEEPER, contained or
** not (contain: KBENCH_CONTAIN=on, contain.h): 0, or -1 with the reason
** in err. */
int kb_handle_start(kb_worker_handle *w, const char *exe, int lock,
                    int keeper_fd, int contain, char *err, size_t len);

/* Wait for the worker to end, killing its whole group if it does not end
** by itself within grace seconds; closes its pipes and returns its wait
** status. */
int kb_handle_reap(kb_worker_handle *w, double grace);

/* Read whatever the worker printed; the pipe is non-blocking. */
void kb_handle_drain(kb_worker_handle *w);

/* The last lines printed, with control characters replaced; NULL if none.
** The caller frees it. */
char *kb_handle_last_lines(const kb_worker_handle *w);

/* What ended an order that got no answer, in words ("crashed: SIGSEGV in
** run", "timed out after 5 s in run"), from its outcome and wait status. */
void kb_handle_describe(const kb_worker_handle *w, int outcome, int status,
                        double timeout, char *buf, size_t len);

/* "SIGSEGV" for SIGSEGV; NULL for a signal without a name here. */
const char *kb_signal_name(int sig);

#endif
