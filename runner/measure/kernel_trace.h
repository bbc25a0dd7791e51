/*
** Kernel time over the timed samples: an activity window (gpu/cupti.h)
** open while the sample loop runs, then each sample's span and busy time
** (measure/kernel_time.h) into the case's result, per run.
**
** The window records kernels, copies, memsets and event records only (no
** names, no stream waits): what costs the samples nothing that shows
** (docs/usage.md gives the measured cost).  It covers at most
** KB_KERNEL_TRACE_MAX_RUNS runs; samples after that have event time only,
** and the kernel statistics say how many samples they are over.
*/
#ifndef KB_KERNEL_TRACE_H
#define KB_KERNEL_TRACE_H

#include <stddef.h>

#include "core/result.h"
#include "measure/probe.h"
#include "plugin/case.h"

/* Enough runs for a median; few enough that the records stay in tens of
** MB (each kernel record costs CUPTI about 200 bytes, and the store as
** much again). */
#define KB_KERNEL_TRACE_MAX_RUNS 20000

typedef struct kb_kernel_trace {
  kb_probe *probe;         /* NULL: no window open */
  unsigned char *kept;     /* per sample taken in the window: kept by the
                              loop (1) or dropped as throttled (0) */
  size_t taken, cap;
  size_t batch;            /* runs per sample */
} kb_kernel_trace;

/* Opens the window when the probe can trace (p may be NULL): 1, or 0 with
** r->kernel_note saying why there is no kernel time. */
int kb_kernel_trace_begin(kb_kernel_trace *t, kb_probe *p, kb_case *c,
                          size_t batch, kb_result *r);
/* A sample was taken inside the window; returns 1 when the window holds
** as many runs as it may (the caller then ends it). */
int kb_kernel_trace_sample(kb_kernel_trace *t, int kept);
/* Closes the window: the kept samples' spans and busy times per run, and
** their statistics, into r; or r->kernel_note says why none. */
void kb_kernel_trace_end(kb_kernel_trace *t, kb_result *r);

#endif
