/*
** The supervisor's side of a worker (worker.h): it starts the worker,
** gives it orders one at a time, and waits for each answer under a
** watchdog, keeping the tail of what the plugin printed.  It never loads a
** plugin and never touches CUDA, so nothing a plugin does can take it
** down: a worker that dies, exits or overruns its time costs the order it
** was on (a crash, an exit or a time-out, blamed on the stage it had
** reported), and the next order gets a fresh worker.
**
** SIGINT and SIGTERM are read through a signalfd while waiting: the first
** asks the run to stop after the current case (kb_supervisor.interrupted),
** a second kills the worker at once.
*/
#ifndef KB_SUPERVISOR_H
#define KB_SUPERVISOR_H

#include <limits.h>
#include <sys/types.h>

#include "messages.h"

#define KB_TAIL_BYTES 4096

typedef struct kb_worker_proc {
  pid_t pid;               /* 0: no worker running */
  int orders_fd;           /* write end of its orders */
  int reports_fd;          /* read end of its reports */
  int output_fd;           /* read end of its stdout and stderr; -1 at EOF */
  kb_inbox inbox;
  char stage[32];          /* the stage it reported last */
  char tail[KB_TAIL_BYTES];/* the last bytes it printed for this order */
  size_t tail_len;
} kb_worker_proc;

typedef void (*kb_device_fn)(void *ctx, const kb_device_report *d);

typedef struct kb_supervisor {
  char exe[PATH_MAX];      /* this kbench binary, started as the worker */
  kb_job job;
  double case_timeout;     /* seconds one order may take */
  int signal_fd;
  int interrupted;         /* the first SIGINT or SIGTERM, 0 before */
  kb_worker_proc w;
  int have_device;         /* a worker reported the device once */
  kb_device_fn on_device;  /* told the first time; may be NULL */
  void *device_ctx;
} kb_supervisor;

/* 0, or -1 with the reason in err. */
int kb_supervisor_init(kb_supervisor *s, const kb_job *job,
                       double case_timeout, char *err, size_t len);
/* Ends the worker (it exits at the end of its orders) and the signalfd. */
void kb_supervisor_close(kb_supervisor *s);

/* Have a worker load the plugin at path: 0 with a description of its
** variants in p (free with kb_msg_free_plugin), or -1 with the reason in
** err (the loader's, or how the worker died loading it). */
int kb_supervisor_load(kb_supervisor *s, const char *path, kb_plugin *p,
                       char *err, size_t len);

/* Run one case; res always holds its result (KB_CRASH when the worker
** died or timed out), with the plugin's last output for a failure. */
void kb_supervisor_run(kb_supervisor *s, const kb_order *o, kb_result *res);

#endif
