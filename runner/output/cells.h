/*
** A case's numbers as the table and markdown print them: one list of
** columns (median, min, max, noise, samples, the other time, launch,
** GB/s, % of peak), each with its titles and its width in the table, so
** that the two printers' headers, rows and a plugin's failed load cannot
** drift apart.  What frames them (the case, %copy, work, the result) is
** each printer's own.
*/
#ifndef KB_CELLS_H
#define KB_CELLS_H

#include <stdio.h>

#include "model/result.h"

enum kb_cell_column {
  KB_CELL_MEDIAN, KB_CELL_MIN, KB_CELL_MAX, KB_CELL_NOISE, KB_CELL_SAMPLES,
  KB_CELL_OTHER,          /* the other time's median: the event median
                             beside kernel time, kernel time beside event
                             time; "-" when there is none */
  KB_CELL_LAUNCH,         /* event less kernel time: launch overhead */
  KB_CELL_GBPS, KB_CELL_PEAK,
  KB_CELLS
};

/* One text per column: a row's numbers ("-" each when it did not pass,
** and % of peak only for global memory on a device), or the titles. */
typedef struct kb_cells {
  char text[KB_CELLS][32];
} kb_cells;

/* res's numbers on dev (NULL: a host case). */
void kb_result_cells(const kb_result *res, const kbench_device *dev,
                     kb_cells *c);
/* Every column "-": a case with no numbers (a plugin that did not load). */
void kb_cells_blank(kb_cells *c);
/* The columns' titles in a run that judges time (enum kb_time); markdown
** has "% peak" where the table, short of room, has "%peak". */
void kb_cells_titles(kb_cells *c, int time, int markdown);

/* The table's: each right-aligned in its width, after a space. */
void kb_cells_table(FILE *f, const kb_cells *c);
/* Markdown's: " text |" each; its delimiter row's " ---: |" each. */
void kb_cells_markdown(FILE *f, const kb_cells *c);
void kb_cells_markdown_align(FILE *f);

/* Percent of dev's theoretical peak that res moved, or 0 when no peak
** applies (a host case, memory other than global). */
double kb_pct_peak(const kb_result *res, const kbench_device *dev);

#endif
