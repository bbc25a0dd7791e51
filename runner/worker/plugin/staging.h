/*
** The ABI 1.1 staging services of a case's kbench_host (fill, element,
** parallel_for, workers, host_alloc), attached by whoever owns the pool
** and the host memory they run on: the worker.  A case without them
** attached answers none of them (its host's pointers stay NULL).
*/
#ifndef KB_STAGING_H
#define KB_STAGING_H

#include "worker/plugin/case.h"
#include "worker/plugin/hostmem.h"
#include "worker/plugin/pool.h"

/* pool NULL: the services run on the calling thread; hostmem NULL: no
** host_alloc memory. */
void kb_staging_attach(kb_case *c, kb_pool *pool, kb_hostmem *hostmem);

#endif
