/*
** A third-party plugin's worker, under a root kbench, takes an identity of
** its own before the plugin's code first runs: a uid and gid that own
** nothing (cli.h: --worker-uid), so that it can write none of kbench's
** files (the binary, the plugin folders, the results, caches and locks
** the user made) and signal or trace neither the supervisor nor another
** lane's worker, whatever else its seal lacks.  Its scratch directory is
** given to it first; its GPU stays open to it (the device nodes are every
** user's).  The GPU's range profiler (kernel time, counters) and
** --lock-clocks need root on most machines: a third-party worker may then
** go without them, and says so.
**
** Where kbench is not root no identity can be taken (an unprivileged user
** namespace changes no uid, by which the kernel judges signals and
** files): the run's warning line says so, and the seal and the
** confinement (confine.h) keep kbench's files and processes alone.
*/
#ifndef KB_IDENTITY_H
#define KB_IDENTITY_H

#include <stddef.h>
#include <stdint.h>

/* Take uid as this process's uid and gid (uid < 0: keep the user's),
** having opened the plugin at path for reading first: its descriptor
** (close-on-exec), through which /proc/self/fd/N still opens it for that
** uid, wherever it lies, as long as the file itself is every user's to
** read; -1 when no identity was taken or it could not be opened.  path
** NULL (KBENCH_CONTAIN=on, process/contain.h): nothing is opened, the
** plugin comes as the descriptor the supervisor judged it by
** (process/fd_pass.h), and -1.  What could not be had, and why, in note
** ("" when taken or not asked). */
int kb_identity_take(int64_t uid, const char *path, char *note, size_t len);

#endif
