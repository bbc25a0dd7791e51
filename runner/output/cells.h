/*
** A case's numbers as the table, markdown and TAP print them: a text per
** column of the table, the field table's rows that say TABLE or
** CALIBRATED (model/result_fields.h), each by its view, under its title,
** in its width.  A row added there is a column of all three; what frames
** the columns (the case, the work, the result word) is each printer's
** own.
*/
#ifndef KB_CELLS_H
#define KB_CELLS_H

#include <stdio.h>

#include "model/field_text.h"
#include "model/result.h"

/* One text per column: a row's numbers ("-" where it holds none), or the
** titles. */
typedef struct kb_cells {
  char text[KB_TABLE_COLUMNS][KB_FIELD_CELL_MAX];
} kb_cells;

/* res's numbers, set against its device's peaks (NULL: a host case). */
void kb_result_cells(const kb_result *res, const kb_peaks *peaks,
                     kb_cells *c);
/* Every column "-": a case with no numbers (a plugin that did not load). */
void kb_cells_blank(kb_cells *c);
/* The columns' titles in a run that judges time (enum kb_time); markdown
** has "% peak" where the table, short of room, has "%peak". */
void kb_cells_titles(kb_cells *c, int time, int markdown);

/* Each printer's columns: the CALIBRATED ones only when calibrated (the
** run measured a copy peak).  The table's: each right-aligned in its
** width, after a space.  Markdown's: " text |" each; its delimiter row's
** " ---: |" each.  TAP's: "title text" each, ", "-separated, the columns
** without a number left out. */
void kb_cells_table(FILE *f, const kb_cells *c, int calibrated);
void kb_cells_markdown(FILE *f, const kb_cells *c, int calibrated);
void kb_cells_markdown_align(FILE *f, int calibrated);
void kb_cells_tap(FILE *f, const kb_cells *c, int time, int calibrated);

#endif
