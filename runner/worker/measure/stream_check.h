/*
** The stream check over a batch of runs (stream_check.c says how it
** decides): work a CUDA case queues outside kbench's stream and does not
** join back fails the case.
*/
#ifndef KB_STREAM_CHECK_H
#define KB_STREAM_CHECK_H

#include "model/result.h"
#include "worker/measure/probe.h"
#include "worker/plugin/case.h"

/* KBENCH_OK, or KBENCH_ERROR with why in c->message.  r->busy_after_s
** gets the held work's time past the batch on the GPU's clock; probe (may
** be NULL) confirms a suspicion by order where CUPTI can trace; audit
** (--no-audit clears it) lets an unconfirmed suspicion mark r unaudited. */
int kb_stream_check(kb_case *c, void *state, double one_run, kb_probe *p,
                    int audit, kb_result *r);

#endif
