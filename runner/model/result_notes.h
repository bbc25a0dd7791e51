/*
** The texts of a result's notes that are more than a field: the lines
** under a case that the table, TAP and markdown show, by the notes' rows
** (KB_RESULT_NOTES, model/result_fields.h).  Each writes "" into buf when
** it has nothing to say.
*/
#ifndef KB_RESULT_NOTES_H
#define KB_RESULT_NOTES_H

#include <stddef.h>

#include "model/result.h"

/* How a case of ABI 1.2 was timed, when not as a plain run: "the timed
** region of each run (timer_start to timer_stop), one run a sample", or
** each synchronizing run by itself, with the host's clock beside the
** events. */
void kb_note_timing(const kb_result *r, char *buf, size_t len);

/* "the run launched no kernel": counters read of a run that had none. */
void kb_note_no_kernel(const kb_result *r, char *buf, size_t len);

/* What the bytes audit found, with both rates (GB/s elsewhere is the
** claim's): "claims 2.0x the 268.4 MB DRAM moved: DRAM 1650.2 GB/s,
** 3300.4 GB/s claimed".  The first when the claim is flagged, the second
** when it is not. */
void kb_note_claim_flagged(const kb_result *r, char *buf, size_t len);
void kb_note_bytes_audit(const kb_result *r, char *buf, size_t len);

/* An audit asked for that could not be made: which, why, and what to
** do. */
void kb_note_unaudited(const kb_result *r, char *buf, size_t len);
/* A placement study's line (model/placement.h): its furthest placement
** and whether the spread is the case's placement, or why the study asked
** for was not made; "" without a study (the default). */
void kb_note_placement(const kb_result *r, char *buf, size_t len);

/* --energy's line: "0.2501 J/run at 381.2 W (1.02 s, 4012 runs, 5
** windows, spread 1.2%); 8.59 GB/s per W; SM 1980 MHz, memory 2619 MHz,
** power limit 700 W". */
void kb_energy_text(const kb_result *res, char *buf, size_t len);

#endif
