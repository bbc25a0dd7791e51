/* Kernel time: samples' spans and busy times from activity records (kernel_time.h). */
#include <stdio.h>
#include <stdlib.h>

#include "measure/kernel_time.h"

typedef struct window {
  uint64_t t0, t1;        /* GPU times of the start and stop records */
  uint64_t first, last;   /* the ops' earliest start and latest end inside */
  uint64_t busy;          /* ns */
  size_t ops;
} window;

static int is_work(const struct kb_activity *a)
{
  return a->kind == KB_ACTIVITY_KERNEL || a->kind == KB_ACTIVITY_MEMCPY
         || a->kind == KB_ACTIVITY_MEMSET;
}

static int by_call(const void *a, const void *b)
{
  const struct kb_activity *x = *(const struct kb_activity *const *)a;
  const struct kb_activity *y = *(const struct kb_activity *const *)b;
  return (x->correlation_id > y->correlation_id)
         - (x->correlation_id < y->correlation_id);
}

static int by_start(const void *a, const void *b)
{
  const struct kb_activity *x = *(const struct kb_activity *const *)a;
  const struct kb_activity *y = *(const struct kb_activity *const *)b;
  return (x->start_ns > y->start_ns) - (x->start_ns < y->start_ns);
}

/* kbench's event records on its stream in call order, in marks (n of
** them); the windows they bound after the naming pair into w.  Returns the
** number of windows, or -1 with why. */
static long find_windows(const struct kb_activity **marks, size_t n,
                         window *w, char *why, size_t len)
{
  if (n < 2 || marks[0]->event_id == marks[1]->event_id) {
    snprintf(why, len, "no start and stop pair opens the %zu event records "
             "on kbench's stream", n);
    return -1;
  }
  uint32_t start = marks[0]->event_id, stop = marks[1]->event_id;
  const struct kb_activity *open = NULL;
  long nw = 0;
  for (size_t i = 2; i < n; i++) {
    const struct kb_activity *m = marks[i];
    if (m->event_id != start && m->event_id != stop)
      continue;                 /* one of run()'s own */
    if (!m->start_ns) {
      snprintf(why, len, "an event record on kbench's stream has no GPU "
               "time");
      return -1;
    }
    if (m->event_id == start)
      open = m;                 /* a start again: the region begins here */
    else if (open) {
      w[nw++] = (window){open->start_ns, m->start_ns, UINT64_MAX, 0, 0, 0};
      open = NULL;
    }
  }
  return nw;
}

/* Adds the part of op a that lies inside windows w (sorted, disjoint). */
static void add_op(window *w, long nw, const struct kb_activity *a)
{
  /* The first window that ends after the op starts. */
  long lo = 0, hi = nw;
  while (lo < hi) {
    long mid = lo + (hi - lo) / 2;
    if (w[mid].t1 <= a->start_ns)
      lo = mid + 1;
    else
      hi = mid;
  }
  for (long k = lo; k < nw && w[k].t0 < a->end_ns; k++) {
    uint64_t b = a->start_ns > w[k].t0 ? a->start_ns : w[k].t0;
    uint64_t e = a->end_ns < w[k].t1 ? a->end_ns : w[k].t1;
    if (e <= b)
      continue;
    w[k].first = b < w[k].first ? b : w[k].first;
    w[k].last = e > w[k].last ? e : w[k].last;
    w[k].busy += e - b;
    w[k].ops++;
  }
}

long kb_kernel_time_samples(const struct kb_activity *recs, size_t n,
                            uint32_t stream, kb_kernel_sample *out,
                            size_t max, char *why, size_t len)
{
  const struct kb_activity **marks = malloc((n ? n : 1) * sizeof *marks);
  const struct kb_activity **ops = malloc((n ? n : 1) * sizeof *ops);
  window *w = malloc((n ? n : 1) * sizeof *w);
  long nw = -1;
  if (!marks || !ops || !w) {
    snprintf(why, len, "out of host memory");
    goto done;
  }
  size_t nm = 0, no = 0;
  for (size_t i = 0; i < n; i++) {
    const struct kb_activity *a = &recs[i];
    if (a->kind == KB_ACTIVITY_EVENT_RECORD && a->stream_id == stream)
      marks[nm++] = a;
    else if (is_work(a) && a->end_ns > a->start_ns)
      ops[no++] = a;
  }
  qsort(marks, nm, sizeof *marks, by_call);
  qsort(ops, no, sizeof *ops, by_start);
  if ((nw = find_windows(marks, nm, w, why, len)) < 0)
    goto done;
  for (size_t i = 0; i < no; i++)
    add_op(w, nw, ops[i]);
  for (long k = 0; k < nw && (size_t)k < max; k++)
    out[k] = (kb_kernel_sample){
      w[k].ops ? (double)(w[k].last - w[k].first) * 1e-9 : 0,
      (double)w[k].busy * 1e-9, w[k].ops};
done:
  free(marks);
  free(ops);
  free(w);
  return nw;
}
