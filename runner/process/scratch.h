/*
** A worker's scratch directory, made by the supervisor before the worker
** starts and removed, with all it holds, once the worker and everything
** it started are gone.  The worker is told it in its environment (its
** TMPDIR, CUDA's cache, KB_WORKER_SCRATCH_ENV), and its seal lets it
** write nowhere else (worker/confine.h; KBENCH_CONFINE=off lets it write
** elsewhere too).
*/
#ifndef KB_SCRATCH_H
#define KB_SCRATCH_H

#include <stddef.h>

/* A fresh directory, mode 0700, beneath $TMPDIR (else /tmp), its path in
** path: 0, or -1 with why in err. */
int kb_scratch_make(char *path, size_t len, char *err, size_t errlen);

/* Remove path and everything beneath it, following no link; "" is
** nothing to remove.  path is "" after. */
void kb_scratch_remove(char *path);

#endif
