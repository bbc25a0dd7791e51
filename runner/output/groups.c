/* The table in device groups (groups.h), and the table's writer. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/groups.h"

int kb_groups_begin(kb_groups *g, kb_report *r, const kb_run_device *devices,
                    size_t n, const kb_measure_cfg *cfg)
{
  memset(g, 0, sizeof *g);
  g->report = r;
  g->devices = devices;
  g->n = n;
  g->cfg = cfg;
  g->headed = n == 1;      /* one device: no header, rows as they come */
  kb_side_init(&g->side, r->out && !r->tap ? n : 0);
  g->groups = calloc(n, sizeof *g->groups);
  return g->groups ? 0 : -1;
}

/* Device i's line, and the copy peak its rows are a percentage of. */
static void device_line(kb_groups *g, size_t i)
{
  const kb_device_report *d = &g->devices[i].report;
  g->report->copy_gbps = d->copy_gbps;
  kb_report_device(g->report, &d->dev, kb_mode_name(g->cfg->mode),
                   d->floor_s);
  kb_report_clock_lock(g->report, d->clocks);
}

static void print(kb_groups *g, size_t i, const kb_plan_case *pc,
                  const kb_result *res)
{
  const kb_run_device *d = &g->devices[i];
  const kbench_device *dev = pc->variant->backend == KBENCH_BACKEND_CUDA
                             && d->opened ? &d->report.dev : NULL;
  kb_report_case(g->report, pc, res, dev, g->cfg);
}

/* Print what may print now: the current group's header once it is known,
** its waiting rows, and the groups after it that are complete. */
static void advance(kb_groups *g)
{
  for (;;) {
    kb_group *cur = &g->groups[g->printing];
    if (!g->headed) {
      if (g->devices[g->printing].opened)
        device_line(g, g->printing);
      else if (cur->done)
        kb_report_no_device(g->report, g->devices[g->printing].ordinal);
      else
        return;
      g->headed = 1;
      for (size_t k = 0; k < cur->n; k++) {
        print(g, g->printing, cur->held[k].pc, &cur->held[k].res);
        kb_result_free(&cur->held[k].res);
      }
      free(cur->held);
      cur->held = NULL;
      cur->n = cur->cap = 0;
    }
    if (!cur->done || g->printing + 1 == g->n)
      return;
    g->printing++;
    g->headed = 0;
  }
}

void kb_groups_device(kb_groups *g, size_t i)
{
  if (i != g->printing)
    return;                /* its header waits for its turn */
  if (g->headed)
    device_line(g, i);     /* one device: as it opens, as ever */
  else
    advance(g);
}

/* Keep a copy of res until its group prints; 0, or -1 out of memory. */
static int hold(kb_group *grp, const kb_plan_case *pc, const kb_result *res)
{
  if (grp->n == grp->cap) {
    size_t cap = grp->cap ? 2 * grp->cap : 16;
    kb_held *grown = realloc(grp->held, cap * sizeof *grown);
    if (!grown)
      return -1;
    grp->held = grown;
    grp->cap = cap;
  }
  kb_held *h = &grp->held[grp->n];
  h->pc = pc;
  if (kb_result_copy(&h->res, res))
    return -1;
  grp->n++;
  return 0;
}

void kb_groups_case(kb_groups *g, size_t i, const kb_plan_case *pc,
                    const kb_result *res)
{
  /* Out of memory, a row prints out of its group rather than not at all. */
  if ((i == g->printing && g->headed) || !g->report->out
      || hold(&g->groups[i], pc, res))
    print(g, i, pc, res);
}

void kb_groups_done(kb_groups *g, size_t i)
{
  g->groups[i].done = 1;
  advance(g);
}

void kb_groups_free(kb_groups *g)
{
  for (size_t i = 0; g->groups && i < g->n; i++) {
    for (size_t k = 0; k < g->groups[i].n; k++)
      kb_result_free(&g->groups[i].held[k].res);
    free(g->groups[i].held);
  }
  free(g->groups);
  g->groups = NULL;
  kb_side_free(&g->side);
}

/* --- the table as a writer ---------------------------------------------- */

static void table_begin(void *self, size_t total)
{
  kb_groups *g = self;
  kb_report_begin(g->report, total);
}

/* The first time each device's worker opens it: its facts, launch floor
** and copy peak head its rows; a warning names the device when there are
** several. */
static void table_device(void *self, size_t lane)
{
  kb_groups *g = self;
  const kb_run_device *dev = &g->devices[lane];
  const char *warning = dev->report.warning;
  if (warning[0] && g->n > 1) {
    char msg[sizeof dev->report.warning + 32];
    snprintf(msg, sizeof msg, "device %d: %s", dev->ordinal, warning);
    kb_report_warning(g->report, msg);
  } else if (warning[0]) {
    kb_report_warning(g->report, warning);
  }
  /* Once per device: its cases will show event time only. */
  const char *kernel = dev->report.kernel_note;
  if (kernel[0]) {
    char where[32] = "", msg[sizeof dev->report.kernel_note + 160];
    if (g->n > 1)
      snprintf(where, sizeof where, "device %d: ", dev->ordinal);
    snprintf(msg, sizeof msg, "%sno kernel time (%s): CUDA cases get "
             "event time only, which includes the queue and launch "
             "overhead", where, kernel);
    kb_report_warning(g->report, msg);
    /* Said: the rows repeat it only when a case's reason differs. */
    snprintf(g->report->kernel_said, sizeof g->report->kernel_said, "%s",
             kernel);
  }
  kb_groups_device(g, lane);
}

static void table_start(void *self, size_t lane, const kb_plan_case *pc)
{
  kb_groups *g = self;
  kb_report_progress(g->report, pc, g->n > 1 ? g->devices[lane].ordinal
                                             : -1);
}

static void table_result(void *self, size_t lane, const kb_plan_case *pc,
                         const kb_result *res, size_t rep)
{
  kb_groups *g = self;
  (void)rep;
  kb_side_add(&g->side, lane, pc, res);
  kb_groups_case(g, lane, pc, res);
}

/* Each case's devices side by side, after the groups (side.h). */
static void side_by_side(kb_groups *g)
{
  FILE *out = g->report->out;
  size_t n = g->n < KB_SIDE_LANES_MAX ? g->n : KB_SIDE_LANES_MAX;
  kb_side_row row;
  if (!out || g->report->tap || n < 2 || !g->side.n)
    return;
  fprintf(out, "# side by side: each case on every device, and its median "
          "over device %d's\n%-24s %-26s", g->devices[0].ordinal,
          "variant", "parameters");
  for (size_t i = 0; i < n; i++)
    fprintf(out, " %8s %-3d", "device", g->devices[i].ordinal);
  for (size_t i = 1; i < n; i++) {
    char head[32];
    snprintf(head, sizeof head, "%d/%d", g->devices[i].ordinal,
             g->devices[0].ordinal);
    fprintf(out, "  %7s", head);
  }
  fputc('\n', out);
  while (kb_side_next(&g->side, &row)) {
    fprintf(out, "%-24s %-26s", row.pc->variant->name, row.pc->label);
    for (size_t i = 0; i < n; i++) {
      char cell[32];
      kb_side_cell(&row, i, cell, sizeof cell);
      fprintf(out, " %12s", cell);
    }
    for (size_t i = 1; i < n; i++) {
      char ratio[16] = "-";
      if (isfinite(row.ratio[i]))
        snprintf(ratio, sizeof ratio, "%.3f", row.ratio[i]);
      fprintf(out, "  %7s", ratio);
    }
    fputc('\n', out);
  }
}

static void table_lane_done(void *self, size_t lane)
{
  kb_groups_done(self, lane);
}

static int table_end(void *self, double seconds, char *err, size_t len)
{
  kb_groups *g = self;
  (void)err;
  (void)len;
  side_by_side(g);
  kb_report_end(g->report, seconds);
  return 0;
}

kb_writer kb_table_writer(kb_groups *g)
{
  kb_writer w = {.self = g, .begin = table_begin, .device = table_device,
                 .start = table_start, .result = table_result,
                 .lane_done = table_lane_done, .end = table_end};
  return w;
}
