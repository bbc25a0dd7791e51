/*
** --energy in the table and TAP: the reasons a run has no energy, each
** said once (energy_text.c).  A case's energy line is its note
** (kb_energy_text, model/result_notes.h).
*/
#ifndef KB_ENERGY_TEXT_H
#define KB_ENERGY_TEXT_H

#include <stddef.h>

#include "model/result.h"

/* The reasons already said, so that a run of many cases says each once. */
#define KB_ENERGY_NOTES 4
typedef struct kb_energy_notes {
  char said[KB_ENERGY_NOTES][sizeof ((kb_result *)0)->energy_note];
  size_t n;
} kb_energy_notes;

/* 1 the first time note is seen (it is kept), 0 after; "" is never new. */
int kb_energy_note_is_new(kb_energy_notes *s, const char *note);

#endif
