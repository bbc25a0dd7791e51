/* The stream audit's judgement by order, on synthetic activity records. */
#include <math.h>
#include <string.h>

#include "worker/measure/stream_order.h"
#include "tap.h"

#define K 13     /* kbench's stream */
#define S 14     /* a stream of the plugin's */
#define T 15     /* another */
#define LEGACY 7

/* A run's records, built call by call: correlation ids grow as a real
** program's calls do, GPU times are given where they matter. */
typedef struct trace {
  struct kb_activity r[32];
  size_t n;
  uint32_t next;
} trace;

static struct kb_activity *add(trace *t, enum kb_activity_kind kind,
                               uint32_t stream, uint64_t sync_id)
{
  struct kb_activity *a = &t->r[t->n++];
  memset(a, 0, sizeof *a);
  a->kind = kind;
  a->stream_id = stream;
  a->correlation_id = ++t->next;
  a->sync_id = sync_id;
  strcpy(a->name, kind == KB_ACTIVITY_KERNEL ? "scale2" : "op");
  return a;
}

static struct kb_activity *kernel(trace *t, uint32_t stream, uint64_t start,
                                  uint64_t end)
{
  struct kb_activity *a = add(t, KB_ACTIVITY_KERNEL, stream, 0);
  a->start_ns = start;
  a->end_ns = end;
  return a;
}

static void record(trace *t, uint32_t stream, uint64_t sync_id,
                   uint64_t at)
{
  add(t, KB_ACTIVITY_EVENT_RECORD, stream, sync_id)->start_ns = at;
}

static void wait_for(trace *t, uint32_t stream, uint64_t sync_id)
{
  add(t, KB_ACTIVITY_STREAM_WAIT, stream, sync_id);
}

/* kbench's side of the window: the cold flush and the start marker. */
static void open_window(trace *t)
{
  memset(t, 0, sizeof *t);
  kernel(t, K, 0, 900);           /* the flush, kbench's own */
  record(t, K, 100, 1000);        /* start marker */
}

static int judge(trace *t, kb_order_finding *f)
{
  char why[256];
  return kb_stream_order_judge(t->r, t->n, K, f, why, sizeof why);
}

int main(void)
{
  trace t;
  kb_order_finding f;
  char text[1024];

  open_window(&t);
  kernel(&t, K, 1100, 2000);
  record(&t, K, 101, 2100);      /* stop marker */
  ok(judge(&t, &f) == 0, "work on kbench's stream alone is ordered");

  /* y = 2x in two halves: one on kbench's stream, one forked and joined. */
  open_window(&t);
  record(&t, K, 1, 0);
  wait_for(&t, S, 1);
  kernel(&t, K, 1100, 2000);
  kernel(&t, S, 1100, 2500);
  record(&t, S, 2, 0);
  wait_for(&t, K, 2);
  record(&t, K, 101, 2600);
  ok(judge(&t, &f) == 0, "an honest fork and join passes");

  /* The same without the join, whether or not the half ends in time. */
  open_window(&t);
  record(&t, K, 1, 0);
  wait_for(&t, S, 1);
  kernel(&t, K, 1100, 2000);
  const struct kb_activity *side = kernel(&t, S, 1100, 1500);
  record(&t, K, 101, 2100);
  ok(judge(&t, &f) == 1 && f.op == side && f.not_joined && !f.not_forked,
     "without the join, a side kernel that ended in time still fails");
  ok(fabs(f.late_s + 600e-9) < 1e-12, "and how far inside it ended is said");
  kb_stream_order_text(&f, K, text, sizeof text);
  ok(strstr(text, "scale2") && strstr(text, "stream 14")
     && strstr(text, "not joined back") && strstr(text, "nothing orders"),
     "the message names the kernel, its stream and the missing join");

  open_window(&t);
  record(&t, K, 1, 0);
  wait_for(&t, S, 1);
  kernel(&t, K, 1100, 2000);
  kernel(&t, S, 1100, 14400);
  record(&t, K, 101, 2100);
  ok(judge(&t, &f) == 1 && f.not_joined
     && fabs(f.late_s - 12.3e-6) < 1e-12, "a long unjoined half ends late");
  kb_stream_order_text(&f, K, text, sizeof text);
  ok(strstr(text, "12.3 us after"), "by how much: %s", text);

  /* Joined but never forked: it may run before kbench's start. */
  open_window(&t);
  kernel(&t, S, 500, 800);
  record(&t, S, 2, 0);
  wait_for(&t, K, 2);
  record(&t, K, 101, 2100);
  ok(judge(&t, &f) == 1 && f.not_forked && !f.not_joined
     && fabs(f.early_s - 500e-9) < 1e-12, "a join without a fork fails");

  /* A side stream of its own, no events: neither. */
  open_window(&t);
  kernel(&t, S, 1100, 1200);
  record(&t, K, 101, 2100);
  ok(judge(&t, &f) == 1 && f.not_forked && f.not_joined,
     "a side stream with no events is neither forked nor joined");
  kb_stream_order_text(&f, K, text, sizeof text);
  ok(strstr(text, "neither forked from nor joined back"), "%s", text);

  /* A copy on the legacy stream (a synchronous cudaMemcpy in run). */
  open_window(&t);
  add(&t, KB_ACTIVITY_MEMCPY, LEGACY, 0);
  record(&t, K, 101, 2100);
  ok(judge(&t, &f) == 1 && f.op->kind == KB_ACTIVITY_MEMCPY,
     "a copy off kbench's stream fails");
  strcpy(t.r[2].name, "memcpy DtoD");
  kb_stream_order_text(&f, K, text, sizeof text);
  ok(strstr(text, "window: memcpy DtoD on stream 7 is neither") != NULL,
     "a copy is named by its kind once: %s", text);

  /* Chains: K -> S -> T, T joined to S, S joined to K. */
  open_window(&t);
  record(&t, K, 1, 0);
  wait_for(&t, S, 1);
  record(&t, S, 2, 0);
  wait_for(&t, T, 2);
  kernel(&t, T, 1100, 1500);
  record(&t, T, 3, 0);
  wait_for(&t, S, 3);
  record(&t, S, 4, 0);
  wait_for(&t, K, 4);
  record(&t, K, 101, 2100);
  ok(judge(&t, &f) == 0, "a fork and join through a second side stream");

  /* The join's event recorded before the side work: it orders nothing. */
  open_window(&t);
  record(&t, K, 1, 0);
  wait_for(&t, S, 1);
  record(&t, S, 2, 0);
  kernel(&t, S, 1100, 1500);
  wait_for(&t, K, 2);
  record(&t, K, 101, 2100);
  ok(judge(&t, &f) == 1 && f.not_joined,
     "a join recorded ahead of the work does not join it");

  /* Waiting on an event recorded before the window forks nothing. */
  open_window(&t);
  wait_for(&t, S, 77);
  kernel(&t, S, 1100, 1500);
  record(&t, S, 2, 0);
  wait_for(&t, K, 2);
  record(&t, K, 101, 2100);
  ok(judge(&t, &f) == 1 && f.not_forked,
     "a wait for a record outside the run is no fork");

  /* Work another thread queued beside the run (a thread an earlier case
  ** left): the stray, known only where the records say who queued what. */
  open_window(&t);
  kernel(&t, K, 1100, 2000);
  struct kb_activity *mine = kernel(&t, S, 1100, 1200);
  struct kb_activity *other = kernel(&t, LEGACY, 1150, 1300);
  record(&t, K, 101, 2100);
  ok(judge(&t, &f) == 1 && f.op == mine && f.stray == NULL && f.own,
     "no thread known: no stray, the run's own");
  for (size_t i = 0; i < t.n; i++)
    t.r[i].thread_id = 10;
  other->thread_id = 20;
  ok(judge(&t, &f) == 1 && f.op == mine && f.stray == other && f.own,
     "unordered work another thread queued is the stray, beside the run's "
     "own first unordered op");
  mine->thread_id = 20;
  ok(judge(&t, &f) == 1 && f.stray == mine && !f.own,
     "the first such op in call order; none of the run's own");
  t.r[1].thread_id = 0;          /* the start marker's thread unknown */
  ok(judge(&t, &f) == 1 && f.stray == NULL,
     "the markers' thread unknown: no stray");
  char op[128];
  kb_stream_order_op(other, op, sizeof op);
  ok(strcmp(op, "kernel scale2") == 0, "an op named as a message names it: "
     "%s", op);
  open_window(&t);
  record(&t, K, 1, 0);
  wait_for(&t, S, 1);
  struct kb_activity *forked = kernel(&t, S, 1100, 1500);
  record(&t, S, 2, 0);
  wait_for(&t, K, 2);
  record(&t, K, 101, 2600);
  for (size_t i = 0; i < t.n; i++)
    t.r[i].thread_id = 10;
  forked->thread_id = 30;
  ok(judge(&t, &f) == 0, "work of another thread forked and joined passes");

  /* The start and stop markers are needed. */
  memset(&t, 0, sizeof t);
  kernel(&t, K, 0, 10);
  record(&t, K, 1, 0);
  char why[256];
  ok(kb_stream_order_judge(t.r, t.n, K, &f, why, sizeof why) == -1
     && strstr(why, "markers"), "no stop marker: cannot judge (%s)", why);
  return tap_done();
}
