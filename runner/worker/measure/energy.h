/*
** --energy: joules per run of a CUDA case from NVML's total-energy counter,
** over a hot batch of back-to-back runs on kbench's stream, after the case
** verified and was timed.  The windows open and close where the counter
** moves (model/energy.h says why), while the GPU runs the case throughout:
** the host queues runs in chunks of about 2 ms, one chunk always queued
** ahead, and polls the counter while it waits for the one before.  The
** time of one run in the batch is the batch's GPU time (two events) over
** its runs; a window of s seconds holds s / that runs.
*/
#ifndef KB_MEASURE_ENERGY_H
#define KB_MEASURE_ENERGY_H

#include "model/result.h"
#include "worker/plugin/case.h"

/* The energy fields of r, for total_s seconds of windows (0: the
** default).  one_run (seconds, > 0 when known) sizes the chunks.  Returns
** KBENCH_OK, also when no energy could be had (r->energy_note says why:
** no NVML, no counter, a counter that does not move); a run that fails
** fails the case as any run does, with its status and c->message. */
int kb_energy_measure(kb_case *c, void *state, double one_run,
                      double total_s, kb_result *r);

#endif
