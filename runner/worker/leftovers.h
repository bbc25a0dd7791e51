/*
** What a case leaves behind in its worker, for the cases after it that
** share the worker (docs/plugins.md, "What kbench puts back").  Around
** each case the worker notes its threads, the device memory free and the
** streams made so far; after the case it puts the CUDA context back as
** kbench set it up (gpu/context.h) and finds what cannot be put back:
**   - a thread the case started that is still running: it used at least
**     KB_LEFTOVER_BUSY of a core over the KB_LEFTOVER_WATCH_S watched
**     after the case.  An idle thread cannot disturb another case's
**     samples, and CUDA and CUPTI start idle threads of their own when
**     first asked for something;
**   - a stream the case made through the CUDA runtime and did not destroy
**     (gpu/cupti.h: CUPTI's callbacks, so only where CUPTI is open);
**   - device memory it still holds: more than KB_LEFTOVER_MEMORY_SLACK in
**     use after it than before it (KB_LEFTOVER_FIRST_PASS_SLACK in the
**     case where kbench's profiler made its first collection, which makes
**     the profiler's buffers, kept for the worker's life);
**   - a setting the driver refused to put back.
** Any of these, and the worker ends after the case: the next one starts
** in a fresh worker, as if it ran alone.  The case's row says what was put
** back (put_back) and what was left (left_behind).
**
** Under a profiling tool (kb_gpu_tool) only the context is put back: the
** tool's own threads and its replays' memory are not the case's.
**
** A leftover kbench could not see (a thread that sleeps between launches,
** one a library started as it loaded) can still run work during a later
** case.  Where that case's stream audit fails on work a thread queued
** that an earlier case started, or was the first to be caught running,
** the later case is DISTURBED, naming that case and the work, not failed
** for it, and the worker ends.
*/
#ifndef KB_LEFTOVERS_H
#define KB_LEFTOVERS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "model/result.h"
#include "gpu/context.h"
#include "gpu/gpu.h"
#include "worker/measure/probe.h"
#include "worker/threads.h"

#define KB_LEFTOVER_WATCH_S 0.01
#define KB_LEFTOVER_BUSY 0.05    /* of one core, over the watch */
/* Device memory a case may seem to keep with nothing of its own left:
** CUDA loads a library's kernels at their first launch and keeps them
** (a few MB each for a big library), frees small blocks into pages it
** keeps, and CUPTI's first activity window and first collection of a
** worker make device buffers of their own. */
#define KB_LEFTOVER_MEMORY_SLACK ((size_t)64 << 20)
#define KB_LEFTOVER_FIRST_PASS_SLACK ((size_t)512 << 20)
#define KB_LEFTOVER_THREADS 512  /* threads told apart in a list */
#define KB_LEFTOVER_OWNERS 64    /* threads remembered with their case */

/* A thread remembered with the case it is blamed on: the one it started
** in, or the first whose stream audit caught it queuing work. */
typedef struct kb_thread_owner {
  pid_t tid;
  unsigned long serial;    /* the case's, among the worker's */
  char owner[128];         /* the case, "leftover_wake n=8M" */
} kb_thread_owner;

typedef struct kb_leftovers {
  kb_threads threads;
  kb_gpu_context *context; /* kbench's own settings; NULL: no device */
  int streams_watched;     /* CUPTI's callbacks count the streams made */
  int tool;                /* a profiling tool is attached: nothing is
                              looked for but the context's settings */
  pid_t before[KB_LEFTOVER_THREADS];  /* the case's start's threads */
  size_t n_before;
  size_t free_before;      /* device memory free then; 0: unknown */
  uint64_t streams_mark;   /* streams made by then */
  unsigned long collections; /* the probe's collections by then */
  unsigned long serial;    /* the case's: the worker's first is 1 */
  kb_thread_owner owners[KB_LEFTOVER_OWNERS];
  size_t n_owners;         /* filled; past the end, the oldest go */
  int ends;                /* the last case leaves the worker unfit */
} kb_leftovers;

/* As the worker starts, before its seal. */
void kb_leftovers_open(kb_leftovers *l);
/* Once the device is open and kbench has set it up (its probe open, its
** own cases measured): what every case is put back to. */
void kb_leftovers_keep(kb_leftovers *l, kb_gpu *g, kb_probe *p);
void kb_leftovers_close(kb_leftovers *l);

/* Around one case of the worker, named case_line ("leftover_wake n=8M"):
** begin before its setup; end after its teardown, with its result r,
** which end completes (put_back, left_behind, and DISTURBED as above);
** l->ends then says whether the worker must end after it.  g is NULL for
** a host case, p where there is no probe. */
void kb_leftovers_begin(kb_leftovers *l, kb_gpu *g, const kb_probe *p);
void kb_leftovers_end(kb_leftovers *l, kb_gpu *g, const kb_probe *p,
                      const char *case_line, kb_result *r);

/* Pure, for the tests: the owner remembered for tid, or NULL; remember
** tid as the current case's, owner (a thread already remembered keeps its
** owner). */
const kb_thread_owner *kb_leftovers_owner(const kb_leftovers *l, pid_t tid);
void kb_leftovers_remember(kb_leftovers *l, pid_t tid, const char *owner);

/* Pure, for the tests: r, a stream audit's ERROR whose stray work (the
** probe's stray_what, queued by thread tid) a thread of the earlier case
** owner queued, made DISTURBED, naming both. */
void kb_leftovers_blame(kb_result *r, const kb_thread_owner *owner,
                        const char *stray_what);

#endif
