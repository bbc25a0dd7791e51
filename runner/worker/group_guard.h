/*
** The worker's group guard: nothing a worker leaves outlives it, nor the
** worker its supervisor, even when the supervisor is killed by SIGKILL
** (issue 70).  A small process forked when the worker starts (one thread
** then, before CUDA, the seal and the identity a third-party worker takes
** under root, so that it keeps the supervisor's uid: a plugin under a uid
** of its own cannot signal it).  It holds nothing of the worker's (not
** its pipes, nor its device's lock, nor the clock keeper's pipe) but two
** pidfds, the worker's and the supervisor's, ignores every signal it may,
** and the moment either process ends, kills the worker's process group
** with SIGKILL, itself included: the worker, however its plugin's run
** spins and whatever it blocks or ignores, and every process the plugin
** started in the group, which would otherwise keep the device's lock
** (flock: held while any copy of its descriptor is open) and the GPU.
**
** It does not rely on the worker's death signal (PR_SET_PDEATHSIG, which
** a change of identity clears: identity.c sets it again), and the death
** signal does not rely on it.  A process that leaves the group (setsid)
** escapes it: the supervisor's strays (process/strays.h) are killed while
** the supervisor lives.  The supervisor's reap kills the guard with the
** group.  Linux 5.3 or later (pidfd_open); elsewhere, or where the worker
** does not lead its group, no guard: the death signal alone.
*/
#ifndef KB_GROUP_GUARD_H
#define KB_GROUP_GUARD_H

/* Start the guard; nothing when it cannot be had. */
void kb_group_guard_start(void);

#endif
