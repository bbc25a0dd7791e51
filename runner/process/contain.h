/*
** The switch of issue 59's containment (docs/security.md, "Part two"):
** KBENCH_CONTAIN=on, read once when kbench starts (job.c's worker
** settings) and carried to each worker in its CONFIG frame
** (kb_worker_cfg.contain), never read again by either side.  Off, the
** default until a run on a GPU proves it, nothing of it is done: the
** worker keeps the user's session and terminal, its seal has none of the
** rules of worker/terminal.h and worker/others.h, it opens its plugin by
** path, and the supervisor neither hands it the library's descriptor
** (fd_pass.h) nor puts back its own scheduling and limits (own_state.h).
** On, all of that is done.
*/
#ifndef KB_CONTAIN_H
#define KB_CONTAIN_H

#define KB_CONTAIN_ENV "KBENCH_CONTAIN"

/* 1 when the environment says KBENCH_CONTAIN=on, else 0 (unset, empty,
** or any other word: off). */
int kb_contain_from_env(void);

#endif
