/*
** The worker: the only process that loads plugins, initialises CUDA and
** runs cases.  The supervisor starts it as `kbench --kbench-worker` with
** orders and a pipe for its reports (process/worker_start.h).  It runs
** each case through the same pipeline as ever (measure.c) and reports the
** result before taking the next order.  It exits at the end of its orders,
** and after a case that left the CUDA context unusable.
*/
#ifndef KB_WORKER_H
#define KB_WORKER_H

/* The worker's main: returns the process's exit status. */
int kb_worker_main(void);

#endif
