/* What a case leaves behind in its worker, put back or found (leftovers.h). */

#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util/format.h"
#include "util/host_facts.h"
#include "gpu/cupti.h"
#include "worker/leftovers.h"

void kb_leftovers_open(kb_leftovers *l)
{
  char tool[8];
  memset(l, 0, sizeof *l);
  l->tool = kb_gpu_tool(tool, sizeof tool) != NULL;
  kb_threads_open(&l->threads);
}

void kb_leftovers_keep(kb_leftovers *l, kb_gpu *g, kb_probe *p)
{
  char why[256];
  if (l->context || !g)
    return;
  /* CUPTI's first activity window starts its thread and makes its device
  ** buffers: made now, they are kbench's, not the first case's. */
  struct kb_activity *recs = NULL;
  size_t n, dropped;
  if (p && p->cupti
      && kb_cupti_activity_begin(p->cupti, why, sizeof why) == KB_CUPTI_OK)
    kb_cupti_activity_end(p->cupti, &recs, &n, &dropped, why, sizeof why);
  free(recs);
  l->context = kb_gpu_context_keep(g);
  l->streams_watched = p && p->cupti
                       && kb_cupti_streams_watch(p->cupti, why, sizeof why)
                          == KB_CUPTI_OK;
}

void kb_leftovers_close(kb_leftovers *l)
{
  kb_gpu_context_free(l->context);
  kb_threads_close(&l->threads);
  memset(l, 0, sizeof *l);
}

void kb_leftovers_begin(kb_leftovers *l, kb_gpu *g, const kb_probe *p)
{
  l->ends = 0;
  l->serial++;
  l->n_before = kb_threads_list(&l->threads, l->before, KB_LEFTOVER_THREADS);
  if (l->n_before > KB_LEFTOVER_THREADS)
    l->n_before = KB_LEFTOVER_THREADS;
  l->free_before = g && l->context ? kb_gpu_mem_free(g) : 0;
  l->streams_mark = l->streams_watched && p
                    ? kb_cupti_streams_mark(p->cupti) : 0;
  l->collections = p ? p->collections : 0;
}

const kb_thread_owner *kb_leftovers_owner(const kb_leftovers *l, pid_t tid)
{
  for (size_t i = 0; i < l->n_owners && i < KB_LEFTOVER_OWNERS; i++)
    if (l->owners[i].tid == tid)
      return &l->owners[i];
  return NULL;
}

void kb_leftovers_remember(kb_leftovers *l, pid_t tid, const char *owner)
{
  if (kb_leftovers_owner(l, tid))
    return;
  kb_thread_owner *o = &l->owners[l->n_owners++ % KB_LEFTOVER_OWNERS];
  o->tid = tid;
  o->serial = l->serial;
  snprintf(o->owner, sizeof o->owner, "%s", owner);
}

/* The threads that started during the case and are alive after it, each
** remembered as the case's; those still running, watched for
** KB_LEFTOVER_WATCH_S, said in left. */
static void running_threads(kb_leftovers *l, const char *case_line,
                            char *left, size_t len)
{
  pid_t now[KB_LEFTOVER_THREADS], fresh[KB_LEFTOVER_THREADS];
  double cpu[KB_LEFTOVER_THREADS];
  size_t n = kb_threads_list(&l->threads, now, KB_LEFTOVER_THREADS), m = 0;
  if (n > KB_LEFTOVER_THREADS)
    n = KB_LEFTOVER_THREADS;
  for (size_t i = 0; i < n; i++)
    if (!kb_threads_has(l->before, l->n_before, now[i])) {
      fresh[m] = now[i];
      cpu[m++] = kb_thread_cpu_s(now[i]);
      kb_leftovers_remember(l, now[i], case_line);
    }
  if (m == 0)
    return;
  double t0 = kb_host_clock_s();
  nanosleep(&(struct timespec){0, (long)(KB_LEFTOVER_WATCH_S * 1e9)}, NULL);
  double watched = kb_host_clock_s() - t0;
  size_t running = 0;
  char which[128] = "";
  for (size_t j = 0; j < m; j++) {
    double used = cpu[j] < 0 ? -1 : kb_thread_cpu_s(fresh[j]) - cpu[j];
    if (cpu[j] < 0 || used < KB_LEFTOVER_BUSY * watched)
      continue;
    if (running++ < 4)
      kb_append(which, sizeof which, ", ", "thread %ld", (long)fresh[j]);
  }
  if (running)
    kb_append(left, len, "; ", "%zu thread%s it started, still running "
              "(%s%s)", running, kb_s(running), which,
              running > 4 ? ", ..." : "");
}

void kb_leftovers_blame(kb_result *r, const kb_thread_owner *owner,
                        const char *stray_what)
{
  r->verdict = KB_DISTURBED;
  snprintf(r->stage, sizeof r->stage, "earlier case");
  snprintf(r->message, sizeof r->message, "work an earlier case left "
           "running ran during this case: %.200s, queued by a thread of "
           "the earlier case %.128s (thread %ld); not measured, and the "
           "next case runs in a fresh worker", stray_what, owner->owner,
           (long)owner->tid);
}

/* A stream audit's ERROR over work another thread queued: DISTURBED when
** that thread is an earlier case's; else the thread is this case's from
** now on (the first case caught with it), and the ERROR stands. */
static void blame_stray(kb_leftovers *l, const kb_probe *p,
                        const char *case_line, kb_result *r)
{
  if (!p || !p->stray_thread || r->verdict != KB_ERROR
      || strcmp(r->stage, "stream check") != 0)
    return;
  pid_t tid = (pid_t)p->stray_thread;
  const kb_thread_owner *o = kb_leftovers_owner(l, tid);
  if (!o) {
    kb_leftovers_remember(l, tid, case_line);
    return;
  }
  if (o->serial == l->serial)
    return;
  kb_leftovers_blame(r, o, p->stray_what);
  l->ends = 1;
}

/* What the case left on the device that cannot be put back: memory it
** still holds, streams it made and did not destroy, said in left. */
static void device_leftovers(kb_leftovers *l, kb_gpu *g, const kb_probe *p,
                             char *left, size_t len)
{
  char why[256];
  /* Memory freed in stream order goes back to the device at a wait. */
  (void)kb_gpu_settle(g, why, sizeof why);
  size_t free_after = kb_gpu_mem_free(g);
  size_t slack = p && l->collections == 0 && p->collections > 0
                 ? KB_LEFTOVER_FIRST_PASS_SLACK : KB_LEFTOVER_MEMORY_SLACK;
  if (l->free_before && free_after && free_after + slack < l->free_before)
    kb_append(left, len, "; ", "%.1f MiB more device memory in use than "
              "before it", (double)(l->free_before - free_after) / 1048576.0);
  size_t streams = l->streams_watched && p
                   ? kb_cupti_streams_since(p->cupti, l->streams_mark) : 0;
  if (streams)
    kb_append(left, len, "; ", "%zu stream%s it made and did not destroy",
              streams, kb_s(streams));
}

void kb_leftovers_end(kb_leftovers *l, kb_gpu *g, const kb_probe *p,
                      const char *case_line, kb_result *r)
{
  char left[sizeof r->left_behind] = "";
  if (g && l->context && !r->device_lost) {
    kb_put_back back;
    kb_gpu_context_put_back(l->context, &back);
    snprintf(r->put_back, sizeof r->put_back, "%s", back.restored);
    if (back.refused[0])
      kb_append(left, sizeof left, "; ", "%s, which the driver refused to "
                "put back", back.refused);
    if (!l->tool)
      device_leftovers(l, g, p, left, sizeof left);
  }
  if (!l->tool) {
    running_threads(l, case_line, left, sizeof left);
    blame_stray(l, p, case_line, r);
  }
  if (left[0]) {
    snprintf(r->left_behind, sizeof r->left_behind, "%.300s: the next case "
             "runs in a fresh worker", left);
    l->ends = 1;
  }
}
