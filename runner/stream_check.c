/*
** Timed-stream integrity.  kbench times the work a plugin queues on the
** stream it is given; work queued anywhere else (a stream of its own, the
** legacy default stream, another thread) runs untimed, and a variant that
** does all its work there measures an empty stream at "full bandwidth".
**
** The check runs a batch of the case on the stream as a timed region and,
** once the stream's stop event has completed, waits for everything the
** process queued on the device: that wait takes microseconds when the
** stream held all the work, and as long as the outside work runs when it
** did not.  It is timed on the host because a GPU shared with another
** process would delay an event recorded after the wait by a time slice
** (2.4 ms, seen on the H100 under a concurrent kbench), while the wait
** itself ends with this process's work.  A batch of up to KB_CHECK_RUNS
** runs multiplies what each run leaves behind, so even a few microseconds
** of outside work per run stand out.  One probe over the limit could be a
** descheduled host thread: the case fails only when each of
** KB_CHECK_PROBES probes is over it.
*/
#include <stdio.h>

#include "sampler.h"

#define KB_CHECK_RUNS 64
#define KB_CHECK_PROBES 3
#define KB_CHECK_TARGET_S 1e-3
/* Allowed: a host thread's hiccup, plus a share of the batch. */
#define KB_CHECK_SLACK_S 100e-6
#define KB_CHECK_SHARE 0.1

static size_t check_runs(double one_run)
{
  if (one_run <= 0)
    return KB_CHECK_RUNS;
  double n = KB_CHECK_TARGET_S / one_run;
  return n < 1 ? 1 : n > KB_CHECK_RUNS ? KB_CHECK_RUNS : (size_t)n;
}

/* One probe: the batch's stream time, and how long the device then kept
** the process waiting. */
static int probe(kb_case *c, void *state, size_t runs, double *stream_s,
                 double *after_s)
{
  int status = KBENCH_OK;
  if (kb_gpu_begin(c->gpu, 0, c->message, sizeof c->message))
    return KBENCH_ERROR;
  for (size_t i = 0; i < runs && status == KBENCH_OK; i++)
    status = kb_case_run(c, state);
  status = kb_sampler_finish(c, status, stream_s);
  if (status != KBENCH_OK)
    return status;
  kb_case_enter(c, "stream check");
  if (kb_gpu_idle(c->gpu, after_s, c->message, sizeof c->message))
    return KBENCH_ERROR;
  return KBENCH_OK;
}

int kb_stream_check(kb_case *c, void *state, double one_run, double *after_s)
{
  size_t runs = check_runs(one_run);
  double stream_s = 0, least = -1;
  for (int i = 0; i < KB_CHECK_PROBES; i++) {
    double after;
    int status = probe(c, state, runs, &stream_s, &after);
    if (status != KBENCH_OK)
      return status;
    if (least < 0 || after < least)
      least = after;
    if (least <= KB_CHECK_SLACK_S + KB_CHECK_SHARE * stream_s)
      break;
  }
  *after_s = least;
  if (least <= KB_CHECK_SLACK_S + KB_CHECK_SHARE * stream_s)
    return KBENCH_OK;
  return c->host.fail(&c->host, KBENCH_ERROR, "work ran outside kbench's "
                      "stream: %zu runs took %.1f us on the stream, and the "
                      "device was busy %.1f us more after it (launch on "
                      "h->stream(h) only; nothing queued elsewhere is timed)",
                      runs, stream_s * 1e6, least * 1e6);
}
