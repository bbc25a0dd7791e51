/*
** The hardware's view of a case, through CUPTI (gpu/cupti.h), always
** untimed: the counters of --metrics from one run, replayed for as many
** passes as they need with the L2 flushed before each; the stream audit,
** which names any kernel, copy or memset that the first verified run put
** on a stream other than kbench's, however short; and the bytes audit,
** which counts what DRAM moved in one run and sets it against the bytes
** the case claims.
**
** One probe per worker: the CUPTI session (about 0.2-0.7 s to open) and
** the prepared metric list are made once, at the first CUDA case, and
** serve every case after.  Where CUPTI is missing or counters are refused
** the probe says why once (kb_probe.why) and the timings go on; the
** host-timed stream check (stream_check.c) still runs.
**
** The range profiler stays enabled from a worker's first collection on:
** disabling it between cases and enabling it again crashed the next
** collection on the H100.  Enabled, it slows some timed kernels slightly
** (reduce_cub 0.5-1.2%, transpose_naive_row 0.6% against --no-audit on the
** H100); --no-audit leaves CUPTI out of the timings altogether.
*/
#ifndef KB_PROBE_H
#define KB_PROBE_H

#include <stddef.h>

#include "model/measure_cfg.h"
#include "model/metrics.h"
#include "model/result.h"
#include "gpu/gpu.h"
#include "worker/measure/probe_state.h"
#include "worker/plugin/case.h"


/* Open the session for device as cfg asks (it makes the device's primary
** context current): nothing without --metrics and with --no-audit, and
** nothing under --profile, where an outside profiler owns the counters.
** Never fails: what could not be had is in p->why and p->metrics_error.
** p->status says which (enum kb_cupti_status). */
void kb_probe_open(kb_probe *p, int device, const kb_measure_cfg *cfg);
/* The stream the next case is timed on (kbench's, or a default stream
** for an ABI 1.3 variant that declares one), once the device is open: the
** stream audit needs its CUPTI id. */
void kb_probe_attach(kb_probe *p, kb_gpu *g);
void kb_probe_close(kb_probe *p);

/* --metrics checked against the device: 0; -1 with the bad name and its
** nearest valid ones, or what to install without CUPTI, in err; 1 when
** counters cannot be had here (refused, no device) with why in err: the
** run goes on without them. */
int kb_probe_check(kb_probe *p, char *err, size_t len);

/* The stream audit around one run: begin before it is queued, end after
** it has completed (the first verified run's trace also tells kernel time
** whether the run replays a CUDA graph, so it is taken without the audit
** too).  End, when judge is set and the audit is on, returns KBENCH_ERROR with the
** first kernel, copy or memset that is not ordered between kbench's start
** and stop markers in c->message (worker/measure/stream_order.h), and marks r
** unaudited, saying why, when the records could not be had; else (the run
** failed: its own message stands) it only closes the window.  With
** count_copies, the window's copies and memsets are what the bytes audit
** adds to the kernels' DRAM bytes (one run's: the first verified run);
** the stream check's traced batch leaves them be. */
void kb_probe_trace_begin(kb_probe *p, int count_copies);
int kb_probe_trace_end(kb_probe *p, kb_case *c, int judge, kb_result *r);
/* Whether a window can be opened: CUPTI is there and knows kbench's
** stream. */
int kb_probe_can_trace(const kb_probe *p);

/* After the case verified and was timed: its kernel time, counters and
** bytes audit into r (and, under --strict, a flagged claim fails the
** case). */
void kb_probe_case(kb_probe *p, kb_case *c, void *state,
                   const kb_measure_cfg *cfg, kb_result *r);

#endif
