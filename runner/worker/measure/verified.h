/*
** One verified sample: the outputs poisoned and the in-out buffers
** restored (ABI 1.4), one sample of the mode taken (one run where an
** in-out buffer is), then verify (and the timed region's check).  The case's first run, its
** run after timing and each placement of a study are made so.
*/
#ifndef KB_MEASURE_VERIFIED_H
#define KB_MEASURE_VERIFIED_H

#include "model/result.h"
#include "worker/measure/probe.h"
#include "worker/measure/sampler.h"

/* KBENCH_OK, or a status with why in c->message and *stage set where it
** is not the caller's ("stream check", "timed region").  probe, when
** given, audits the run's streams; an audit that could not be made, or a
** region check that could not, is marked on r. */
int kb_verified_sample(kb_case *c, const kb_sampler *smp, kb_sampling *s,
                       double *seconds, kb_probe *probe, const char **stage,
                       kb_result *r);

#endif
