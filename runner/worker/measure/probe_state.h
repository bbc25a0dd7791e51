/*
** What a worker's probe holds (worker/measure/probe.h opens, uses and closes it)
** as the two passes over a case see it: probe.c's counters and audits and
** kernel_pass.c's kernel time share one CUPTI session, its configs and
** whether its range profiler is still fit to use.  Apart from probe.h so
** that kernel_pass.c, which probe.c calls, needs nothing of probe.c's.
*/
#ifndef KB_PROBE_STATE_H
#define KB_PROBE_STATE_H

#include <stdint.h>

#include "model/metrics.h"
#include "gpu/cupti.h"

typedef struct kb_probe {
  int opened;              /* kb_probe_open was called */
  kb_cupti *cupti;         /* NULL: no counters and no audits here */
  int status;              /* enum kb_cupti_status of the session */
  char why[512];           /* why cupti is NULL, or "" */
  struct kb_metric_list list;     /* --metrics, parsed against the device */
  kb_cupti_config *config; /* prepared once; NULL without --metrics */
  int dram_read_at;        /* where the audit's counters are in config's */
  int dram_write_at;       /* totals; -1: not there */
  int time_at;             /* and kernel time's gpu__time_duration */
  char metrics_error[512]; /* why --metrics cannot be collected, or "" */
  uint32_t stream_id;      /* CUPTI's id of kbench's stream */
  int have_stream_id;
  struct {                 /* default streams' ids, learnt from a record */
    void *stream;          /* cudaStreamLegacy or cudaStreamPerThread */
    uint32_t id;
  } defaults[2];
  size_t n_defaults;
  char default_why[400];   /* why a default stream's id could not be had */
  int tracing;             /* an activity window is open */
  int counting_copies;     /* ... and its copies are the run's */
  int run_graphs;          /* the traced run replayed a CUDA graph, which
                              kernel time's pass cannot time */
  int audit;               /* --no-audit clears it: the stream audit
                              judges a traced run only when set */
  /* The range profiler is not fit for another case in this process: a
  ** pass stopped midway left it failing (the case after a graph's replay
  ** lost its audit too), or a range around a whole run (the bytes audit's
  ** own pass) was collected where per-kernel ranges come next, which then
  ** fail to start (CUPTI_ERROR_UNKNOWN on the H100).  The worker exits
  ** after this case and the next starts with a fresh profiler. */
  int broken;
  char trace_why[512];     /* why none could be opened, or "" */
  /* Of the case's failed stream audit, when all its unordered work was
  ** another thread's (stream_order.h's stray): that thread (0: none) and
  ** the first of it, "kernel spin(int) on stream 7", for the worker to
  ** blame on the case that left it (worker/leftovers.h). */
  uint32_t stray_thread;
  char stray_what[200];
  int waited;              /* --metrics waited once for a busy profiler */
  double copy_read;        /* device bytes the traced run's copies read */
  double copy_write;       /* ... and its copies and memsets wrote; < 0:
                              unknown */
  int collected;           /* a collection was made (the first is thrown
                              away: probe.c says why) */
  unsigned long collections; /* CUPTI collections made, of every kind:
                              the first makes the profiler's buffers,
                              which the worker keeps (worker/leftovers.h) */
  kb_cupti_config *time_config; /* kernel time's without --metrics
                              (worker/measure/kernel_pass.c), made at its first
                              pass: gpu__time_duration.sum, then with the
                              audits DRAM's bytes read and written */
} kb_probe;

/* A collection's kb_cupti status: KB_CUPTI_ERROR (a CUPTI or CUDA call
** failed inside the passes, or the run did) marks the probe broken. */
static inline void kb_probe_collected(kb_probe *p, int status)
{
  p->collections++;
  if (status == KB_CUPTI_ERROR)
    p->broken = 1;
}

#endif
