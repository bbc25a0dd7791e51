/*
** The supervisor's side of the workers (worker/worker.h, worker_handle.h):
** one lane per device, each with its own worker, which it gives orders one
** at a time and watches under a watchdog of its own.  It never loads a plugin
** and never touches CUDA, so nothing a plugin does can take it down: a
** worker that dies, exits or overruns its time costs the order it was on
** (a crash, an exit or a time-out, blamed on the stage it had reported),
** and that lane's next order gets a fresh worker.  The lanes run at once
** and know nothing of each other: one lane's crash or hang leaves the
** others' workers alone.
**
** The first lane also loads the plugins and counts the devices, before
** any case runs.  Then every lane may have one case out at a time
** (kb_supervisor_send), and kb_supervisor_next waits, in one poll over all
** lanes, for whichever ends first.
**
** SIGINT and SIGTERM are read through a signalfd while waiting: the first
** asks the run to stop after the current cases (kb_supervisor.interrupted),
** a second kills every worker that is on a case at once.
*/
#ifndef KB_SUPERVISOR_H
#define KB_SUPERVISOR_H

#include <limits.h>

#include "plan/trust.h"
#include "process/keeper.h"
#include "process/own_state.h"
#include "process/protocol.h"
#include "process/worker_handle.h"

/* One device's worker, and the order it is on. */
typedef struct kb_lane {
  kb_worker_cfg cfg;       /* its worker's settings: the device's ordinal
                              with the rest */
  kb_worker_handle w;
  int have_device;         /* its worker reported the device once */
  int busy;                /* an order is out, its end not yet taken */
  int unsent;              /* no worker could be started for it */
  int ended;               /* its worker died or its reports ended */
  int noted;               /* a worker's note was said (KB_MSG_NOTE) */
  double deadline;         /* when the watchdog kills it */
  char why[KB_MESSAGE_LEN];/* why it ended without an answer */
  char refused_in[32];     /* the stage it was refused in */
  char refused[KB_MESSAGE_LEN]; /* the first call the worker's seal refused
                              during this order (refusal.h), or "" */
  int worker;              /* its worker's number in the run (1, 2, ...) */
  uint64_t token;          /* the order out's (protocol.h): every report
                              must begin with it */
  int waited;              /* the order out's one wait was granted */
  int restarts;            /* the order out's watchdog restarts so far */
  int lock_fd;             /* the device's lock, as a worker of this lane
                              took it (pidfd_getfd), handed to each next
                              worker; -1: none */
  int gpu_first;           /* its worker opened its GPU before its first
                              plugin, which set its seal (worker/seal.h) */
  int64_t identity;        /* the uid its worker was started to take, or
                              -1: the user's (kb_worker_cfg.worker_uid) */
  int has_domain;          /* its worker has loaded a plugin of domain */
  char domain[PATH_MAX];   /* ...whose trust domain this is (trust.h) */
} kb_lane;

/* Told the first time the worker of lane opens its device. */
typedef void (*kb_device_fn)(void *ctx, size_t lane,
                             const kb_device_report *d);
/* A line for the user (on stderr): the run prints it where it does not
** break a progress line. */
typedef void (*kb_note_fn)(void *ctx, const char *msg);

typedef struct kb_supervisor {
  char exe[PATH_MAX];      /* this kbench binary, started as the worker */
  double case_timeout;     /* seconds one order may take */
  int signal_fd;
  int interrupted;         /* the first SIGINT or SIGTERM, 0 before */
  int stopping;            /* a second came: every order out ends now */
  kb_lane *lanes;
  size_t n_lanes;
  kb_device_fn on_device;  /* may be NULL */
  void *device_ctx;
  kb_note_fn on_note;      /* NULL: straight to stderr */
  void *note_ctx;
  int workers;             /* workers started so far, on every lane */
  int seal_said;           /* a worker's seal was reported */
  char seal[KB_MESSAGE_LEN];  /* the first worker's seal: its layers, and
                              what it lacks ("" before any was sealed) */
  kb_keeper keeper;        /* --lock-clocks' clock keeper, or none */
  kb_trust_judged judged;  /* the last library whose domain was judged */
  int contain;             /* contained (contain.h: unless
                              KBENCH_CONTAIN=off), from the settings it
                              was started with */
  kb_own_state own;        /* its scheduling and limits at the start, put
                              back after each worker (own_state.h); saved
                              only when contain */
  int sweep_said;          /* a worker uid's IPC objects left: said */
  int own_said;            /* what could not be put back was said */
} kb_supervisor;

/* One lane, for cfg's device, and the clock keeper when cfg locks the
** clocks.  0, or -1 with the reason in err. */
int kb_supervisor_init(kb_supervisor *s, const kb_worker_cfg *cfg,
                       double case_timeout, char *err, size_t len);
/* One lane per ordinal, in order, 1 to KB_MAX_DEVICES of them.  The first
** lane keeps its worker when it keeps its device.  Only while no order is
** out; 0, or -1 (too many, or out of memory). */
int kb_supervisor_lanes(kb_supervisor *s, const int *ordinals, size_t n);
/* Ends the workers (they exit at the end of their orders), then the clock
** keeper (which restores the clocks), and the signalfd. */
void kb_supervisor_close(kb_supervisor *s);
/* Ends the workers now, and whatever they left (strays.h), and waits for
** them: before a run's last write of its files, so that no worker (a
** plugin's destructor runs as it exits) outlives it.  A later order
** starts a fresh worker. */
void kb_supervisor_end_workers(kb_supervisor *s);

/* Have the first lane's worker load the plugin at path: 0 with a
** description of its variants in p (free with kb_msg_free_plugin), or -1
** with the reason in err (the loader's, or how the worker died loading
** it). */
int kb_supervisor_load(kb_supervisor *s, const char *path, kb_plugin *p,
                       char *err, size_t len);

/* Have the first lane's worker count the devices CUDA reports: 0 with the
** count (0 when there are none, with the reason in why), or -1 with why
** the worker could not tell. */
int kb_supervisor_count(kb_supervisor *s, int *count, char *why,
                        size_t len);

/* Have the first lane's worker check its settings' --metrics on its
** device: 0 with its verdict (0 good, 1 counters cannot be had here, -1
** refused) and why, or -1 with why the worker could not tell. */
int kb_supervisor_check_metrics(kb_supervisor *s, int *verdict, char *why,
                                size_t len);
/* Have every lane's worker open its device now, all at once (kbench tune
** needs each device's identity before its search begins); each that opens
** is told to on_device.  0 when every one opened; else how many did not,
** with the first one's reason in why. */
int kb_supervisor_open(kb_supervisor *s, char *why, size_t len);
/* Start one case on lane, which must have none out. */
void kb_supervisor_send(kb_supervisor *s, size_t lane, const kb_order *o);

/* Wait until a case sent ends, on whichever lane: 0 with its lane and its
** result in res (KB_CRASH when the worker died or timed out), with the
** plugin's last output for a failure; -1 when no case is out. */
int kb_supervisor_next(kb_supervisor *s, size_t *lane, kb_result *res);
/* Whether a result of kb_supervisor_next is the supervisor's and not its
** case's: a second SIGINT or SIGTERM ended every case out (a KB_CRASH),
** which says nothing of the case. */
int kb_supervisor_cut_short(const kb_supervisor *s, const kb_result *res);

#endif
