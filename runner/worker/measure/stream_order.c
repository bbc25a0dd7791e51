/* The stream audit's judgement by order, from activity records (stream_order.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "worker/measure/stream_order.h"

/* A stream seen in the records, with the bounds of what is ordered on it:
** everything queued after correlation id `after` is ordered after the
** start marker, everything queued before `before` ahead of the stop
** marker.  Correlation ids grow in call order, so on one stream they are
** queue order. */
typedef struct lane {
  uint32_t id;
  int64_t after;    /* INT64_MAX: nothing on this stream is */
  int64_t before;   /* -1: nothing is */
} lane;

static int is_work(const struct kb_activity *a)
{
  return a->kind == KB_ACTIVITY_KERNEL || a->kind == KB_ACTIVITY_MEMCPY
         || a->kind == KB_ACTIVITY_MEMSET;
}

static lane *lane_of(lane *lanes, size_t *n, uint32_t id)
{
  for (size_t i = 0; i < *n; i++)
    if (lanes[i].id == id)
      return &lanes[i];
  lanes[*n] = (lane){id, INT64_MAX, -1};
  return &lanes[(*n)++];
}

/* The event record a wait waits for: the one with its sync id. */
static const struct kb_activity *record_of(const struct kb_activity *recs,
                                           size_t n,
                                           const struct kb_activity *wait)
{
  for (size_t i = 0; i < n; i++)
    if (recs[i].kind == KB_ACTIVITY_EVENT_RECORD
        && recs[i].sync_id == wait->sync_id)
      return &recs[i];
  return NULL;
}

/* Forks and joins carry the bounds from stream to stream until nothing
** moves: a record ordered after the start makes what follows a wait for it
** ordered after the start too (a fork); a wait ordered before the stop
** makes what precedes the record it waits for ordered before the stop too
** (a join).  Each pass moves a bound or ends; bounds only grow. */
static void propagate(const struct kb_activity *recs, size_t n, lane *lanes,
                      size_t *nl)
{
  int moved = 1;
  while (moved) {
    moved = 0;
    for (size_t i = 0; i < n; i++) {
      const struct kb_activity *w = &recs[i];
      const struct kb_activity *r;
      if (w->kind != KB_ACTIVITY_STREAM_WAIT || !(r = record_of(recs, n, w)))
        continue;
      lane *lw = lane_of(lanes, nl, w->stream_id);
      lane *lr = lane_of(lanes, nl, r->stream_id);
      if ((int64_t)r->correlation_id > lr->after
          && (int64_t)w->correlation_id < lw->after) {
        lw->after = w->correlation_id;
        moved = 1;
      }
      if ((int64_t)w->correlation_id < lw->before
          && (int64_t)r->correlation_id > lr->before) {
        lr->before = r->correlation_id;
        moved = 1;
      }
    }
  }
}

static double gap_s(uint64_t later, uint64_t earlier)
{
  return ((double)later - (double)earlier) * 1e-9;
}

int kb_stream_order_judge(const struct kb_activity *recs, size_t n,
                          uint32_t stream, kb_order_finding *f, char *why,
                          size_t len)
{
  f->op = f->stray = NULL;
  f->not_forked = f->not_joined = f->own = 0;
  f->early_s = f->late_s = NAN;
  /* kbench records its start marker on its stream before run() and its
  ** stop marker after run() returns: the first and last event records
  ** there.  Whatever run() records on that stream lies between. */
  const struct kb_activity *start = NULL, *stop = NULL;
  for (size_t i = 0; i < n; i++) {
    const struct kb_activity *a = &recs[i];
    if (a->kind != KB_ACTIVITY_EVENT_RECORD || a->stream_id != stream)
      continue;
    if (!start || a->correlation_id < start->correlation_id)
      start = a;
    if (!stop || a->correlation_id > stop->correlation_id)
      stop = a;
  }
  if (!start || start == stop) {
    snprintf(why, len, "no start and stop markers among the %zu activity "
             "records of the run", n);
    return -1;
  }
  lane *lanes = malloc((n + 1) * sizeof *lanes);
  if (!lanes) {
    snprintf(why, len, "out of host memory");
    return -1;
  }
  size_t nl = 0;
  lane *k = lane_of(lanes, &nl, stream);
  k->after = start->correlation_id;
  k->before = stop->correlation_id;
  propagate(recs, n, lanes, &nl);
  for (size_t i = 0; i < n; i++) {
    const struct kb_activity *a = &recs[i];
    /* Work on kbench's stream ahead of its start marker is kbench's own
    ** (the cold flush). */
    if (!is_work(a) || (a->stream_id == stream
                        && a->correlation_id < start->correlation_id))
      continue;
    const lane *l = lane_of(lanes, &nl, a->stream_id);
    int forked = (int64_t)a->correlation_id > l->after;
    int joined = (int64_t)a->correlation_id < l->before;
    if (forked && joined)
      continue;
    if (!a->thread_id || !start->thread_id || a->thread_id == start->thread_id)
      f->own = 1;
    else if (!f->stray || a->correlation_id < f->stray->correlation_id)
      f->stray = a;
    if (f->op && f->op->correlation_id < a->correlation_id)
      continue;
    f->op = a;
    f->not_forked = !forked;
    f->not_joined = !joined;
  }
  free(lanes);
  if (!f->op)
    return 0;
  if (start->start_ns && f->op->start_ns)
    f->early_s = gap_s(start->start_ns, f->op->start_ns);
  if (stop->start_ns && f->op->end_ns)
    f->late_s = gap_s(f->op->end_ns, stop->start_ns);
  return 1;
}

static const char *kind_word(const struct kb_activity *a)
{
  return a->kind == KB_ACTIVITY_KERNEL ? "kernel"
         : a->kind == KB_ACTIVITY_MEMCPY ? "copy" : "memset";
}

void kb_stream_order_op(const struct kb_activity *a, char *buf, size_t len)
{
  /* "kernel scale2(...)"; a copy or memset's name says what it is. */
  if (a->kind == KB_ACTIVITY_KERNEL || !a->name[0])
    snprintf(buf, len, "%s %.100s", kind_word(a), a->name[0] ? a->name : "?");
  else
    snprintf(buf, len, "%.100s", a->name);
}

void kb_stream_order_text(const kb_order_finding *f, uint32_t stream,
                          char *buf, size_t len)
{
  const struct kb_activity *a = f->op;
  const char *what = f->not_forked && f->not_joined
                     ? "neither forked from nor joined back to"
                     : f->not_joined ? "not joined back to" : "not forked from";
  char when[128] = "";
  if (f->not_joined && isfinite(f->late_s))
    snprintf(when, sizeof when, f->late_s > 0
             ? ": it ended %.1f us after kbench's stop marker"
             : ": it ended %.1f us before kbench's stop marker this time, "
               "but nothing orders it there", fabs(f->late_s) * 1e6);
  else if (f->not_forked && isfinite(f->early_s))
    snprintf(when, sizeof when, f->early_s > 0
             ? ": it began %.1f us before kbench's start marker"
             : ": it began %.1f us after kbench's start marker this time, "
               "but nothing orders it there", fabs(f->early_s) * 1e6);
  char op[128];
  kb_stream_order_op(a, op, sizeof op);
  snprintf(buf, len, "work ran outside kbench's timed window: %s on "
           "stream %u is %s kbench's stream %u%s (a stream of run()'s own "
           "must wait for an event recorded on h->stream(h) before its work, "
           "and h->stream(h) must wait for one recorded after it; CUPTI "
           "activity records)", op, a->stream_id, what, stream, when);
}
