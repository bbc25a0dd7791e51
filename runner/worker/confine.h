/*
** The worker's writes kept to its scratch directory (process/scratch.h),
** through Landlock (Linux 5.13 or later, where the kernel enables it), for
** the worker and whatever it starts: nothing a plugin does writes the
** kbench binary, a plugin directory, a results file, a cache or another
** worker's scratch (docs/security.md).  Writing stays allowed beneath the
** scratch directory, beneath /dev/shm (CUDA's and other libraries' shared
** memory), to the devices beneath /dev (a GPU opened for reading and
** writing; /dev/null), and beneath the device lock's directory, where a
** worker takes the lock when the device first opens after the seal.
** Contained (process/contain.h), only into the lock files there, made
** before (lock_files.h): nothing is created in the locks' folder.
**
** A CUDA-sensitive layer, switchable on its own: KBENCH_CONFINE=off (the
** scratch directory is still made; nothing else is kept from the worker).  It is left off, and that is said,
** where a profiling tool injects itself (CUDA_INJECTION64_PATH): such
** tools write their reports from inside the worker.
*/
#ifndef KB_CONFINE_H
#define KB_CONFINE_H

#include <stddef.h>

/* Confine this process's writes, as above (contain: the containment's
** switch).  What could not be had, and why, in note ("" when confined);
** once per process. */
void kb_confine_writes(int contain, char *note, size_t len);

/* Why the worker's Landlock layers (these writes, and the terminals:
** terminal.h) are left off, NULL where nothing asks it: KBENCH_CONFINE=off,
** or a profiling tool injected (CUDA_INJECTION64_PATH). */
const char *kb_confine_skipped(void);

#endif
