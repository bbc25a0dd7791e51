/*
** The switch of issue 59's containment (docs/security.md, "Part two"):
** on unless KBENCH_CONTAIN=off, read once when kbench starts (job.c's
** worker settings) and carried to each worker in its CONFIG frame
** (kb_worker_cfg.contain), never read again by either side.  On by
** default since its run on four H200s (bench/results/); off, nothing of
** it is done: the
** worker keeps the user's session and terminal, its seal has none of the
** rules of worker/terminal.h and worker/others.h, it opens its plugin by
** path, and the supervisor neither hands it the library's descriptor
** (fd_pass.h) nor puts back its own scheduling and limits (own_state.h).
** On, all of that is done.
*/
#ifndef KB_CONTAIN_H
#define KB_CONTAIN_H

#define KB_CONTAIN_ENV "KBENCH_CONTAIN"

/* 0 when the environment says KBENCH_CONTAIN=off, else 1 (unset, empty,
** or any other word: on). */
int kb_contain_from_env(void);

#endif
