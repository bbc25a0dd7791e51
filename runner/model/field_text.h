/*
** A field of a result as a printer of text writes it: by its row of the
** field table (model/result_fields.h), its rule and its hint, so that a
** printer loops over rows and knows no field.  The results file's writer
** (results/entry_write.c) reads the same rows and the same rule; where it
** writes null, a printer of text writes nothing.
*/
#ifndef KB_FIELD_TEXT_H
#define KB_FIELD_TEXT_H

#include <stddef.h>

#include "model/result.h"

/* Room for any field's text: the longest is a message with its stage. */
#define KB_FIELD_TEXT_MAX (KB_MESSAGE_LEN + 64)

/*
** Row id of r into buf, and what it holds (enum kb_shown, model/result.h);
** peaks (NULL: none) are the device's, for the rows set against them:
**   KB_SHOWN_VALUE  the value by the row's hint: "0.000123", "PASS", a note
**   KB_SHOWN_ZERO   its zero: "0" for a number, "" for a text (a note with
**                   nothing to say, a passed case's message)
**   KB_SHOWN_NULL   "": not measured, or a number that is not finite
**   KB_SHOWN_NONE   "": no such value for this result, or a row that is
**                   no one value (an array, the keys of an H row)
*/
int kb_field_text(const kb_result *r, const kb_peaks *peaks,
                  enum kb_field_id id, char *buf, size_t len);

/* Row id of r as the table shows it, by its view (enum kb_field_view):
** "123.17 us", "0.2%", "10", "4358.9"; "-" where the row holds no finite
** value.  Room for it: KB_FIELD_CELL_MAX. */
#define KB_FIELD_CELL_MAX 32
void kb_field_cell(const kb_result *r, const kb_peaks *peaks,
                   enum kb_field_id id, char *buf, size_t len);

/* Note id of r (KB_RESULT_NOTES) into buf: 1 when it is shown, its text
** not "", else 0 with buf "".  Its label is kb_note_labels[id]. */
#define KB_NOTE_TEXT_MAX 512
int kb_note_text(const kb_result *r, enum kb_note_id id, char *buf,
                 size_t len);

/* Whether a row's value is text (hint "s" a word, "q" a free text) and
** not a number. */
int kb_field_is_text(const kb_field *f);

#endif
