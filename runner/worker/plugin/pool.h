/*
** The worker's thread pool: a parallel-for over an index range, for the
** host staging a plugin does in setup and verify (filling inputs,
** computing references, comparing outputs).  One pool per worker process,
** hung off the worker; its threads start at the first parallel-for and
** wait on a condition variable in between, so they cost nothing while a
** case is timed.
**
** The range is cut into chunks of a fixed grain, handed out in increasing
** order to whichever thread is free; the calling thread is worker 0 and
** works too, alone when the range is a single chunk.  After a callback fails no further chunk is handed out, and
** the chunks already started finish: every chunk below the failed one has
** then run, so the failure reported, the one of the lowest chunk, is the
** same whatever the number of threads.
*/
#ifndef KB_POOL_H
#define KB_POOL_H

#include <stddef.h>

#include "model/measure_cfg.h"

/* Status 0 is success, as KBENCH_OK. */
typedef int (*kb_pool_fn)(void *ctx, size_t begin, size_t end,
                          unsigned worker);

typedef struct kb_pool kb_pool;

#define KB_POOL_MAX KB_MAX_JOBS   /* threads, the calling one included */
#define KB_POOL_MESSAGE 1024

/* The cores this process may run on (sched_getaffinity), at least 1. */
unsigned kb_pool_default_size(void);

/* A pool of size workers (0: kb_pool_default_size()); no thread starts
** yet.  NULL when out of memory. */
kb_pool *kb_pool_new(unsigned size);
void kb_pool_free(kb_pool *pool);

/* Workers a parallel-for uses, starting the threads if need be: fewer
** than asked for when the system refused to create some.  1 for NULL. */
unsigned kb_pool_size(kb_pool *pool);

/*
** Call fn on chunks of grain indices (0: about 8 chunks a worker) covering
** [0, n) exactly once, with worker < kb_pool_size(pool).  pool NULL runs
** every chunk on the calling thread.  Returns 0, or the status of the
** lowest failed chunk with the message its thread recorded through
** kb_pool_message() in msg ("" when it recorded none; with pool NULL, msg
** is left alone).  *misused is set when a callback misused the host API
** (kb_pool_misuse), whatever it returned.  Not reentrant: the caller must
** not call it from inside one of its callbacks.
*/
int kb_pool_for(kb_pool *pool, size_t n, size_t grain, kb_pool_fn fn,
                void *ctx, char *msg, size_t msglen, int *misused);

/* Inside a callback: the calling thread's message buffer for the chunk it
** runs (KB_POOL_MESSAGE bytes), or NULL on any other thread. */
char *kb_pool_message(kb_pool *pool);
/* Inside a callback: mark the chunk as a misuse of the host API, so that
** it fails even if the callback returns 0.  0, or -1 on another thread. */
int kb_pool_misuse(kb_pool *pool);

#endif
