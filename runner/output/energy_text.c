/* The reasons a run has no energy, each said once (energy_text.h). */
#include <stdio.h>
#include <string.h>

#include "output/energy_text.h"

int kb_energy_note_is_new(kb_energy_notes *s, const char *note)
{
  if (!note[0])
    return 0;
  for (size_t i = 0; i < s->n; i++)
    if (strcmp(s->said[i], note) == 0)
      return 0;
  /* Past the last slot the oldest is forgotten: a run with more distinct
  ** reasons than slots may say one twice, never none. */
  size_t at = s->n < KB_ENERGY_NOTES ? s->n++ : KB_ENERGY_NOTES - 1;
  snprintf(s->said[at], sizeof s->said[at], "%s", note);
  return 1;
}
