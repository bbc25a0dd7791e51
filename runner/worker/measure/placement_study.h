/*
** A placement study (--placements=N; model/placement.h says why): after a
** CUDA case passed, it is set up N - 1 more times, each behind pads of
** its own seeded sizes kept until the study ends (so each setup's memory
** lands somewhere new), run once untimed (a library's first-call
** allocations fall there), timed as its own samples were and verified.
** The fastest placement's samples against the slowest's judge whether the
** case's time depends on where its memory landed.  A study that cannot be
** made, or whose spread could not be the placement's, says why on the
** case's row and leaves its result as it was.
*/
#ifndef KB_MEASURE_PLACEMENT_STUDY_H
#define KB_MEASURE_PLACEMENT_STUDY_H

#include <stddef.h>

#include "model/measure_cfg.h"
#include "model/result.h"
#include "worker/plugin/case.h"

/* held: the bytes the case's setup held on the device (0: unknown), the
** largest pad.  Fills r's placement fields; never changes its verdict. */
void kb_placement_study(kb_case *c, const kb_measure_cfg *cfg, size_t held,
                        kb_result *r);

#endif
