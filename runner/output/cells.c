/* A case's numbers in the table's columns, from the field table (cells.h). */
#include <string.h>

#include "model/measure_cfg.h"
#include "output/cells.h"

/* The row shown in column i (from 0); tests/unit/test_result_fields.c
** checks that each column from 1 to KB_TABLE_COLUMNS is one row's. */
static int row_at(int i)
{
  for (int id = 0; id < KB_FIELDS; id++)
    if (kb_result_fields[id].table.at == i + 1)
      return id;
  return 0;
}

static const struct kb_field_table *column(int i)
{
  return &kb_result_fields[row_at(i)].table;
}

/* Whether column i is shown by a printer of a run calibrated or not. */
static int shown(int i, int calibrated)
{
  return calibrated || !column(i)->calibrated;
}

void kb_result_cells(const kb_result *res, const kb_peaks *peaks,
                     kb_cells *c)
{
  for (int i = 0; i < KB_TABLE_COLUMNS; i++)
    kb_field_cell(res, peaks, (enum kb_field_id)row_at(i), c->text[i],
                  sizeof c->text[i]);
}

void kb_cells_blank(kb_cells *c)
{
  for (int i = 0; i < KB_TABLE_COLUMNS; i++)
    snprintf(c->text[i], sizeof c->text[i], "-");
}

void kb_cells_titles(kb_cells *c, int time, int markdown)
{
  for (int i = 0; i < KB_TABLE_COLUMNS; i++) {
    const char *t = column(i)->title;
    if (!t)
      t = time == KB_TIME_KERNEL ? "event" : "kernel";
    snprintf(c->text[i], sizeof c->text[i], "%s%s",
             markdown && t[0] == '%' ? "% " : "",
             markdown && t[0] == '%' ? t + 1 : t);
  }
}

void kb_cells_table(FILE *f, const kb_cells *c, int calibrated)
{
  for (int i = 0; i < KB_TABLE_COLUMNS; i++)
    if (shown(i, calibrated))
      fprintf(f, " %*s", column(i)->width, c->text[i]);
}

void kb_cells_markdown(FILE *f, const kb_cells *c, int calibrated)
{
  for (int i = 0; i < KB_TABLE_COLUMNS; i++)
    if (shown(i, calibrated))
      fprintf(f, " %s |", c->text[i]);
}

void kb_cells_markdown_align(FILE *f, int calibrated)
{
  for (int i = 0; i < KB_TABLE_COLUMNS; i++)
    if (shown(i, calibrated))
      fputs(" ---: |", f);
}

void kb_cells_tap(FILE *f, const kb_cells *c, int time, int calibrated)
{
  kb_cells titles;
  const char *sep = "";
  kb_cells_titles(&titles, time, 0);
  for (int i = 0; i < KB_TABLE_COLUMNS; i++)
    if (shown(i, calibrated) && strcmp(c->text[i], "-") != 0) {
      fprintf(f, "%s%s %s", sep, titles.text[i], c->text[i]);
      sep = ", ";
    }
}
