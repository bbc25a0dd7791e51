/*
** The life of one case: setup, a verified first run, warm-up, samples
** until the criterion stops, a verified run after timing, teardown.
*/
#ifndef KB_MEASURE_H
#define KB_MEASURE_H

#include <stddef.h>

#include "model/measure_cfg.h"
#include "model/result.h"
#include "worker/measure/host_floor.h"
#include "worker/measure/probe.h"
#include "worker/plugin/case.h"

/* probe NULL: no counters and no audits (the runner's own cases).  floor:
** the worker's host copy rates, for a host case's plausibility. */
void kb_measure_case(kb_case *c, const kb_measure_cfg *cfg, kb_probe *probe,
                     kb_host_floor *floor, kb_result *r);

#endif
