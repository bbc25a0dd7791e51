/*
** --energy in the table and TAP: a case's energy line, and the reasons a
** run has no energy, each said once (energy_text.c).
*/
#ifndef KB_ENERGY_TEXT_H
#define KB_ENERGY_TEXT_H

#include <stddef.h>

#include "core/result.h"

/* "0.2501 J/run at 381.2 W (1.02 s, 4012 runs, 5 windows, spread 1.2%);
** 8.59 GB/s per W; SM 1980 MHz, memory 2619 MHz, power limit 700 W", or
** "" when the case has no energy. */
void kb_energy_text(const kb_result *res, char *buf, size_t len);

/* The reasons already said, so that a run of many cases says each once. */
#define KB_ENERGY_NOTES 4
typedef struct kb_energy_notes {
  char said[KB_ENERGY_NOTES][sizeof ((kb_result *)0)->energy_note];
  size_t n;
} kb_energy_notes;

/* 1 the first time note is seen (it is kept), 0 after; "" is never new. */
int kb_energy_note_is_new(kb_energy_notes *s, const char *note);

#endif
