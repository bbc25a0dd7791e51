/*
** The GPU's state over a case's timed samples, from NVML: why its clocks
** were where they were (the clock-event reasons, read after each sample
** where the SM clock is read, and OR'd), and its temperature, memory
** clock and power draw at the start and at the end of the samples.  Into
** the result's fields of model/result_fields.h (KB_FIELDS_GPU_STATE);
** nothing for a host case or without NVML.
**
** Two power readings, not an average of one per sample: on Ampere and later
** NVML's power is already the board's average over about a second, updated
** every ~100 ms (../shared/DESIGN.md), so readings after each sample of a
** sub-second case would repeat one another while adding an NVML call to
** every sample; the end's reading is the samples' own power once they last
** a second, and the start's says what the case began from.
*/
#ifndef KB_MEASURE_GPU_STATE_H
#define KB_MEASURE_GPU_STATE_H

#include "model/result.h"
#include "worker/plugin/case.h"

/* Before the first timed sample, after the warm-up. */
void kb_gpu_state_begin(kb_case *c, kb_result *r);
/* After each timed sample, kept or dropped for its clock. */
void kb_gpu_state_sample(kb_case *c, kb_result *r);
/* After the last one. */
void kb_gpu_state_end(kb_case *c, kb_result *r);

#endif
