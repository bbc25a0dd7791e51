/*
** Nothing a worker makes for inter-process communication outlives it
** (docs/security.md, issue 59): under the containment (contain.h) the
** worker starts in an IPC namespace of its own, whose SysV shared memory,
** message queues, semaphores and POSIX message queues the kernel removes
** when its last process is gone, and with a /dev/shm of its own (a tmpfs
** in a mount namespace of its own), which goes with it too.  As root the
** namespaces are made directly (refused, none: the sweep of ipc_sweep.h
** goes by the worker's uid); as another user, inside a user namespace
** that maps the user to itself (no uid changes, so files and signals are
** judged as before).  Called in the worker's child between fork and exec.
*/
#ifndef KB_IPC_PRIVATE_H
#define KB_IPC_PRIVATE_H

#include <stddef.h>

#include "process/worker_start.h"    /* KB_WORKER_IPC_ENV */

/* Tests set it (to anything) to have no namespace made, which the
** supervisor's sweep then stands in for (ipc_sweep.h). */
#define KB_TEST_NO_IPC_NS_ENV "KBENCH_TEST_NO_IPC_NAMESPACE"

/* The IPC namespace, and the /dev/shm of its own: 0, or -1 with what the
** worker lacks in note.  Only in a single-threaded child. */
int kb_ipc_private(char *note, size_t len);

#endif
