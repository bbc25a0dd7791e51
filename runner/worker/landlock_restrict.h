/*
** Landlock's set-up, written once for the worker's layers that use it
** (seal.c's /proc, confine.c's writes, terminal.c's terminals, others.c's
** signal scope): a ruleset made, rules added beneath paths, then enforced
** on the worker.  Each returns -1 with errno where the kernel (or a build
** without Landlock's header) refuses, so each caller words what it lacks.
*/
#ifndef KB_LANDLOCK_RESTRICT_H
#define KB_LANDLOCK_RESTRICT_H

#include <stdint.h>

/* The kernel's Landlock version (1, 2, ...), or -1: none, or disabled. */
long kb_landlock_abi(void);

/* A ruleset that handles fs (file rights) and scoped (KB_LANDLOCK_SCOPE_*,
** Landlock 6; 0: the older, shorter attributes): its descriptor, or -1. */
int kb_landlock_ruleset(uint64_t fs, uint64_t scoped);

/* rights allowed beneath the file open at fd (O_PATH will do): 0, or -1. */
int kb_landlock_allow(int ruleset, int fd, uint64_t rights);

/* The same beneath path, opened and closed here: 0, or -1. */
int kb_landlock_allow_path(int ruleset, const char *path, uint64_t rights);

/* ruleset enforced on this process from now on (no_new_privs set first, as
** Landlock requires of a process without CAP_SYS_ADMIN), then closed: 0,
** or -1 when refused (it is closed either way). */
int kb_landlock_restrict(int ruleset);

#endif
