/*
** Timed-stream integrity.  kbench times the work a plugin queues on the
** stream it is given; work queued anywhere else (a stream of its own, the
** legacy default stream, another thread) runs untimed, and a variant that
** does all its work there measures an empty stream at "full bandwidth".
**
** The check runs a batch of the case on the stream, as a timed region,
** then waits for the whole device to go idle and records a second stop
** event: the time the device stayed busy after the stream's batch ended is
** work the stream did not contain, plus the host's reaction time (tens of
** microseconds).  A batch of up to KB_CHECK_RUNS runs multiplies what each
** run leaves behind, so even a few microseconds of outside work per run
** stand out.  One probe over the limit could be a descheduled host thread:
** the case fails only when every one of KB_CHECK_PROBES probes is over it.
*/
#include <stdio.h>

#include "sampler.h"

#define KB_CHECK_RUNS 64
#define KB_CHECK_PROBES 3
#define KB_CHECK_TARGET_S 1e-3
/* Allowed slack: the host's reaction plus a share of the batch. */
#define KB_CHECK_SLACK_S 100e-6
#define KB_CHECK_SHARE 0.1

static size_t check_runs(double one_run)
{
  if (one_run <= 0)
    return KB_CHECK_RUNS;
  double n = KB_CHECK_TARGET_S / one_run;
  return n < 1 ? 1 : n > KB_CHECK_RUNS ? KB_CHECK_RUNS : (size_t)n;
}

/* One probe: the batch's stream time and the device's busy time after it. */
static int probe(kb_case *c, void *state, size_t runs, double *stream_s,
                 double *after_s)
{
  int status = KBENCH_OK;
  double total;
  if (kb_gpu_begin(c->gpu, 0, c->message, sizeof c->message))
    return KBENCH_ERROR;
  for (size_t i = 0; i < runs && status == KBENCH_OK; i++)
    status = kb_case_run(c, state);
  status = kb_sampler_finish(c, status, stream_s);
  if (status != KBENCH_OK)
    return status;
  kb_case_enter(c, "stream check");
  if (kb_gpu_idle(c->gpu, &total, c->message, sizeof c->message))
    return KBENCH_ERROR;
  *after_s = total - *stream_s;
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
                      "stream: %zu runs took %.1f us on the stream, but the "
                      "device stayed busy %.1f us longer (launch on "
                      "h->stream(h) only; nothing queued elsewhere is timed)",
                      runs, stream_s * 1e6, least * 1e6);
}
