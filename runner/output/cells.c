/* A case's numbers as the table and markdown print them (cells.h). */
#include <math.h>

#include "util/format.h"
#include "model/measure_cfg.h"
#include "output/cells.h"

/* The columns: their titles and their widths in the table.  The other
** time's title is the time the run does not judge (kb_cells_titles). */
static const struct {
  const char *title;
  int width;
} columns[KB_CELLS] = {
  [KB_CELL_MEDIAN] = {"median", 10}, [KB_CELL_MIN] = {"min", 10},
  [KB_CELL_MAX] = {"max", 10}, [KB_CELL_NOISE] = {"noise", 6},
  [KB_CELL_SAMPLES] = {"samples", 7}, [KB_CELL_OTHER] = {NULL, 10},
  [KB_CELL_LAUNCH] = {"launch", 8}, [KB_CELL_GBPS] = {"GB/s", 8},
  [KB_CELL_PEAK] = {"%peak", 6},
};

double kb_pct_peak(const kb_result *res, const kbench_device *dev)
{
  if (!dev || dev->peak_gbps <= 0 || res->bytes.memory != KBENCH_MEM_GLOBAL)
    return 0;
  return 100.0 * res->gbps / dev->peak_gbps;
}

void kb_cells_blank(kb_cells *c)
{
  for (int i = 0; i < KB_CELLS; i++)
    snprintf(c->text[i], sizeof c->text[i], "-");
}

void kb_cells_titles(kb_cells *c, int time, int markdown)
{
  for (int i = 0; i < KB_CELLS; i++)
    snprintf(c->text[i], sizeof c->text[i], "%s", columns[i].title
             ? columns[i].title : time == KB_TIME_KERNEL ? "event"
             : "kernel");
  if (markdown)
    snprintf(c->text[KB_CELL_PEAK], sizeof c->text[KB_CELL_PEAK],
             "%% peak");
}

void kb_result_cells(const kb_result *res, const kbench_device *dev,
                     kb_cells *c)
{
  kb_cells_blank(c);
  if (res->verdict != KB_PASS)
    return;
  int kernel = res->judged == KB_TIME_KERNEL;
  const kb_stats *s = kernel ? &res->kernel_stats : &res->stats;
  char (*t)[sizeof c->text[0]] = c->text;
  kb_format_seconds(t[KB_CELL_MEDIAN], sizeof *t, s->median);
  kb_format_seconds(t[KB_CELL_MIN], sizeof *t, s->min);
  kb_format_seconds(t[KB_CELL_MAX], sizeof *t, s->max);
  snprintf(t[KB_CELL_NOISE], sizeof *t, "%.1f%%", 100 * s->noise);
  snprintf(t[KB_CELL_SAMPLES], sizeof *t, "%zu", s->n);
  if (kernel)
    kb_format_seconds(t[KB_CELL_OTHER], sizeof *t, res->stats.median);
  else if (res->kernel_stats.n)
    kb_format_seconds(t[KB_CELL_OTHER], sizeof *t,
                      res->kernel_stats.median);
  if (isfinite(kb_launch_overhead(res)))
    kb_format_seconds(t[KB_CELL_LAUNCH], sizeof *t, kb_launch_overhead(res));
  snprintf(t[KB_CELL_GBPS], sizeof *t, "%.1f", res->gbps);
  if (kb_pct_peak(res, dev) > 0)
    snprintf(t[KB_CELL_PEAK], sizeof *t, "%.1f", kb_pct_peak(res, dev));
}

void kb_cells_table(FILE *f, const kb_cells *c)
{
  for (int i = 0; i < KB_CELLS; i++)
    fprintf(f, " %*s", columns[i].width, c->text[i]);
}

void kb_cells_markdown(FILE *f, const kb_cells *c)
{
  for (int i = 0; i < KB_CELLS; i++)
    fprintf(f, " %s |", c->text[i]);
}

void kb_cells_markdown_align(FILE *f)
{
  for (int i = 0; i < KB_CELLS; i++)
    fputs(" ---: |", f);
}
