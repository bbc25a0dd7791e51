/*
** How a worker process is started, which both sides of the process
** boundary need: the argument that makes kbench a worker (main.c), and the
** descriptors the supervisor's handle hands it (worker_handle.c) and the
** worker reads (worker/worker.c).  Its orders come on KB_WORKER_ORDERS and
** its reports go on KB_WORKER_REPORTS; its stdout and stderr are a third
** pipe, so nothing a plugin prints reaches the user's terminal or files.
*/
#ifndef KB_WORKER_START_H
#define KB_WORKER_START_H

#define KB_WORKER_ARG "--kbench-worker"
#define KB_WORKER_ORDERS 3
#define KB_WORKER_REPORTS 4
/* Open only when the supervisor hands down the lane's device lock, taken
** by a worker before this one (worker/device_lock.h:
** kb_device_lock_adopt). */
#define KB_WORKER_LOCK 5
/* Under --lock-clocks, the clock keeper's pipe (worker/clock_lock.h). */
#define KB_WORKER_KEEPER 6
/* A socket on which each LOAD and CASE order's library comes, opened and
** judged by the supervisor, before the order (fd_pass.h). */
#define KB_WORKER_FILES 7
/* The fixed numbers above stay below this one: a descriptor the worker is
** handed later is moved to it or above, so that it never takes a fixed
** number left free (KB_WORKER_LOCK with no lock handed down, which the
** worker closes when it takes its GPU's lock: the library received there
** read "invalid ELF header" on an H200 under KBENCH_CONTAIN=on). */
#define KB_WORKER_FD_FLOOR 10

/* The worker's scratch directory (scratch.h), the one place it may write
** (worker/confine.h), in its environment; its TMPDIR and CUDA_CACHE_PATH
** point there too. */
#define KB_WORKER_SCRATCH_ENV "KBENCH_WORKER_SCRATCH"
/* Contained, what the worker's child could not make of its own IPC
** namespace and /dev/shm ("" when all was made: ipc_private.h), for the
** worker's seal to say. */
#define KB_WORKER_IPC_ENV "KBENCH_WORKER_IPC"
/* "off": the worker writes wherever the user may, as before issue 49
** (its scratch directory is still made, named and removed). */
#define KB_CONFINE_ENV "KBENCH_CONFINE"

#endif
