/*
** The worker: the only process that loads plugins, initialises CUDA and
** runs cases.  The supervisor starts it as `kbench --kbench-worker` with
** orders on KB_WORKER_ORDERS and a pipe for its reports on
** KB_WORKER_REPORTS; its stdout and stderr are a third pipe, so nothing a
** plugin prints reaches the user's terminal or files.  It runs each case
** through the same pipeline as ever (measure.c) and reports the result
** before taking the next order.  It exits at the end of its orders, and
** after a case that left the CUDA context unusable.
*/
#ifndef KB_WORKER_H
#define KB_WORKER_H

#define KB_WORKER_ARG "--kbench-worker"
#define KB_WORKER_ORDERS 3
#define KB_WORKER_REPORTS 4
/* Open only when the supervisor hands down the lane's device lock, taken
** by a worker before this one (device_lock.h: kb_device_lock_adopt). */
#define KB_WORKER_LOCK 5
/* Under --lock-clocks, the clock keeper's pipe (process/clock_lock.h). */
#define KB_WORKER_KEEPER 6

/* The worker's main: returns the process's exit status. */
int kb_worker_main(void);

#endif
