/*
** The stream audit's judgement, from one run's activity records (CUPTI):
** every kernel, copy and memset the run queued, on whatever stream, must be
** ordered after kbench's start marker and before its stop marker, both
** event records on kbench's stream.  Order is what the GPU must respect:
** a stream's own queue, and an event recorded on one stream that another
** waits for (cudaEventRecord + cudaStreamWaitEvent: a fork or a join).
** Work that merely happened to run inside the window is not ordered, so a
** side stream left unjoined fails at every size, short or long.
**
** Pure: records in, a finding out; no CUPTI here (gpu/cupti.h only
** declares the record), so the unit tests feed it synthetic records.
*/
#ifndef KB_STREAM_ORDER_H
#define KB_STREAM_ORDER_H

#include <stddef.h>
#include <stdint.h>

#include "gpu/cupti.h"

typedef struct kb_order_finding {
  const struct kb_activity *op; /* the first unordered op, by call order */
  /* The first unordered op that another thread queued than the one that
  ** queued kbench's markers (both known from the records), or NULL: work
  ** that something else in the process runs beside the case (a thread an
  ** earlier case left running, worker/leftovers.h). */
  const struct kb_activity *stray;
  int own;                      /* an unordered op the markers' thread
                                   queued, or one whose thread is not
                                   known: the run's own */
  int not_forked;               /* nothing orders it after the start marker */
  int not_joined;               /* nothing orders it before the stop marker */
  /* GPU time of the op against the markers, in seconds: how long before
  ** the start it began, how long after the stop it ended (negative:
  ** inside); NAN when the records carry no times. */
  double early_s, late_s;
} kb_order_finding;

/* Judges the records of one run against kbench's stream: 0 when every op
** is ordered inside the markers; 1 with the first that is not in *f; -1
** when the records hold no start and stop markers (why says so). */
int kb_stream_order_judge(const struct kb_activity *recs, size_t n,
                          uint32_t stream, kb_order_finding *f, char *why,
                          size_t len);

/* An op as a case's message names it: "kernel scale2(float const*, ...)",
** "memcpy DtoD". */
void kb_stream_order_op(const struct kb_activity *a, char *buf, size_t len);

/* The finding as a sentence for a case's message. */
void kb_stream_order_text(const kb_order_finding *f, uint32_t stream,
                          char *buf, size_t len);

#endif
