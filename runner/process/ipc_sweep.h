/*
** The supervisor's sweep of what a worker with a uid of its own
** (worker/identity.h) left for inter-process communication: SysV shared
** memory, message queues and semaphores it owns or made, POSIX message
** queues it owns (where /dev/mqueue is mounted) and /dev/shm entries it
** owns.  It stands in where the worker's IPC namespace (ipc_private.h)
** could not be made, and finds nothing where it was: the supervisor runs
** it after each such worker and its strays are gone, so nothing of that
** uid is alive to make more.  No uid but a worker's is ever swept: the
** range of --worker-uid is no account's.
*/
#ifndef KB_IPC_SWEEP_H
#define KB_IPC_SWEEP_H

#include <stddef.h>
#include <sys/types.h>

/* Remove what uid owns (or made), as above: how many objects were
** removed; those that could not be are counted in *failed. */
size_t kb_ipc_sweep(uid_t uid, size_t *failed);

#endif
