/*
** The table and the markdown of kbench fleet: one row per case (its fleet
** median, the fastest and slowest GPU's ratios), then each flagged result
** with its reason, then the summary that matters most, one line per GPU,
** last, where a log's reader looks first.
*/
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analyze/fleet/fleet_write.h"
#include "core/format.h"
#include "core/result.h"
#include "core/verdict.h"
#include "output/markdown.h"

void kb_fleet_reason(const kb_fleet *f, size_t c, size_t g, char *buf,
                     size_t len)
{
  const kb_fleet_cell *cell = KB_FLEET_CELL(f, c, g);
  const kb_fleet_case *fc = &f->cases[c];
  switch (cell->flag) {
  case KB_FLEET_SLOW:
    snprintf(buf, len, "%.3f x the fleet median (over %.3f)", cell->ratio,
             1 + fc->tolerance / 100);
    break;
  case KB_FLEET_FAILED:
    snprintf(buf, len, "%s %s", kb_verdict_word(cell->verdict),
             cell->message ? cell->message : "");
    break;
  case KB_FLEET_SKIPPED:
    snprintf(buf, len, "SKIP where %zu GPU%s ran it: %s", fc->passed,
             fc->passed == 1 ? "" : "s", cell->message ? cell->message : "");
    break;
  case KB_FLEET_MISSING:
    snprintf(buf, len, "missing from its files");
    break;
  default:
    buf[0] = '\0';
  }
}

static void fmt_ratio(char *buf, size_t len, double r)
{
  if (isfinite(r))
    snprintf(buf, len, "%.3f", r);
  else
    snprintf(buf, len, "-");
}

/* A case's numbers as both writers print them. */
typedef struct case_cells {
  char gpus[32], median[32], fastest[16], slowest[16];
  const char *slowest_gpu;
} case_cells;

static void format_case(const kb_fleet *f, const kb_fleet_case *fc,
                        case_cells *c)
{
  snprintf(c->gpus, sizeof c->gpus, "%zu/%zu", fc->passed, f->n_gpus);
  kb_format_seconds(c->median, sizeof c->median, fc->fleet_median);
  fmt_ratio(c->fastest, sizeof c->fastest, fc->min_ratio);
  fmt_ratio(c->slowest, sizeof c->slowest, fc->max_ratio);
  c->slowest_gpu = isfinite(fc->max_ratio) ? f->gpus[fc->slowest].label
                                           : "-";
}

/* A GPU's summary line as both writers print it. */
typedef struct gpu_cells {
  char rank[16], device[320], worst[16], verdict[128];
  const char *host, *uuid, *worst_case;
} gpu_cells;

static void format_gpu(const kb_fleet_gpu *g, gpu_cells *c)
{
  const kb_res_device *d = g->device;
  c->host = g->host && *g->host ? g->host : "?";
  snprintf(c->rank, sizeof c->rank, g->rank >= 0 ? "%d" : "?", g->rank);
  if (!d->known)
    snprintf(c->device, sizeof c->device, "none");
  else if (d->ordinal >= 0)
    snprintf(c->device, sizeof c->device, "%d: %s", d->ordinal,
             d->name ? d->name : "?");
  else
    snprintf(c->device, sizeof c->device, "%s", d->name ? d->name : "?");
  c->uuid = d->uuid && *d->uuid ? d->uuid : "-";
  fmt_ratio(c->worst, sizeof c->worst, g->worst_ratio);
  c->worst_case = g->worst_case ? g->worst_case : "-";
  kb_fleet_verdict(g, c->verdict, sizeof c->verdict);
}

static void criterion(char *buf, size_t len, const kb_fleet *f)
{
  size_t event = 0;
  for (size_t c = 0; c < f->n_cases; c++)
    event += f->cfg->time == KB_TIME_KERNEL
             && f->cases[c].time != KB_TIME_KERNEL
             && strcmp(f->cases[c].backend, "host") != 0;
  char times[96] = "";
  if (event)
    snprintf(times, sizeof times, " (event times for %zu CUDA case%s a "
             "file has no kernel time of)", event, event == 1 ? "" : "s");
  snprintf(buf, len, "a case's %s time ran more than %g%% slower than the "
           "fleet median (%g%% for host cases)%s, or failed, errored, "
           "crashed or timed out, or was skipped or missing where another "
           "GPU ran it", kb_time_name(f->cfg->time), f->cfg->tolerance,
           f->cfg->host_tolerance, times);
}

static void headline(char *buf, size_t len, const kb_fleet *f)
{
  snprintf(buf, len, "%zu of %zu GPUs flagged (%zu file%s, %zu case%s)",
           f->flagged, f->n_gpus, f->n_files, f->n_files == 1 ? "" : "s",
           f->n_cases, f->n_cases == 1 ? "" : "s");
}

static int widest(int w, const char *s)
{
  int n = (int)strlen(s);
  return n > w ? n : w;
}

static void table_cases(FILE *out, const kb_fleet *f)
{
  int w = 4, wg = 11;
  for (size_t c = 0; c < f->n_cases; c++)
    w = widest(w, f->cases[c].name);
  for (size_t g = 0; g < f->n_gpus; g++)
    wg = widest(wg, f->gpus[g].label);
  fprintf(out, "%-*s  %-7s  %7s  %12s  %7s  %7s  %-*s  %s\n", w, "case",
          "backend", "GPUs", "fleet median", "fastest", "slowest", wg,
          "slowest GPU", "flagged");
  for (size_t c = 0; c < f->n_cases; c++) {
    const kb_fleet_case *fc = &f->cases[c];
    case_cells cc;
    format_case(f, fc, &cc);
    fprintf(out, "%-*s  %-7s  %7s  %12s  %7s  %7s  %-*s  %zu\n", w, fc->name,
            *fc->backend ? fc->backend : "-", cc.gpus, cc.median,
            cc.fastest, cc.slowest, wg, cc.slowest_gpu, fc->flagged);
  }
}

static void table_gpus(FILE *out, const kb_fleet *f)
{
  int wh = 4, wd = 6, wu = 4, wc = 10;
  gpu_cells gc;
  for (size_t g = 0; g < f->n_gpus; g++) {
    format_gpu(&f->gpus[g], &gc);
    wh = widest(wh, gc.host);
    wd = widest(wd, gc.device);
    wu = widest(wu, gc.uuid);
    wc = widest(wc, gc.worst_case);
  }
  fprintf(out, "%-*s  %4s  %-*s  %-*s  %7s  %-*s  %s\n", wh, "host", "rank",
          wd, "device", wu, "uuid", "worst", wc, "worst case", "verdict");
  for (size_t g = 0; g < f->n_gpus; g++) {
    format_gpu(&f->gpus[g], &gc);
    fprintf(out, "%-*s  %4s  %-*s  %-*s  %7s  %-*s  %s\n", wh, gc.host,
            gc.rank, wd, gc.device, wu, gc.uuid, gc.worst, wc,
            gc.worst_case, gc.verdict);
  }
}

void kb_fleet_write_table(FILE *out, const kb_fleet *f)
{
  char buf[1024];
  fprintf(out, "# kbench fleet: %zu GPUs in %zu file%s, %zu case%s\n",
          f->n_gpus, f->n_files, f->n_files == 1 ? "" : "s", f->n_cases,
          f->n_cases == 1 ? "" : "s");
  criterion(buf, sizeof buf, f);
  fprintf(out, "# a GPU is flagged when %s\n", buf);
  table_cases(out, f);
  for (size_t c = 0; c < f->n_cases; c++)
    for (size_t g = 0; g < f->n_gpus; g++)
      if (KB_FLEET_CELL(f, c, g)->flag) {
        kb_fleet_reason(f, c, g, buf, sizeof buf);
        fprintf(out, "# flagged: %s: %s: %s\n", f->gpus[g].label,
                f->cases[c].name, buf);
      }
  table_gpus(out, f);
  headline(buf, sizeof buf, f);
  fprintf(out, "# %s\n", buf);
}

void kb_fleet_write_markdown(FILE *out, const kb_fleet *f)
{
  char buf[1024];
  gpu_cells gc;
  headline(buf, sizeof buf, f);
  fprintf(out, "### kbench fleet\n\n%s%s%s\n\n", f->flagged ? "**" : "", buf,
          f->flagged ? "**" : "");
  fprintf(out, "| host | rank | device | UUID | worst ratio | worst case | "
               "verdict |\n"
               "| :--- | ---: | :--- | :--- | ---: | :--- | :--- |\n");
  for (size_t g = 0; g < f->n_gpus; g++) {
    format_gpu(&f->gpus[g], &gc);
    const char *bold = f->gpus[g].flagged ? "**" : "";
    const char *cells[] = {gc.host, gc.rank, gc.device, gc.uuid, gc.worst};
    for (int i = 0; i < 5; i++) {
      fputs(i ? " | " : "| ", out);
      kb_md_cell(out, cells[i]);
    }
    fputs(" | `", out);
    kb_md_cell(out, gc.worst_case);
    fprintf(out, "` | %s", bold);
    kb_md_cell(out, gc.verdict);
    fprintf(out, "%s |\n", bold);
  }
  int any = 0;
  for (size_t c = 0; c < f->n_cases; c++)
    for (size_t g = 0; g < f->n_gpus; g++)
      if (KB_FLEET_CELL(f, c, g)->flag) {
        kb_fleet_reason(f, c, g, buf, sizeof buf);
        fprintf(out, "%s- `%s`, `", any++ ? "" : "\nFlagged:\n\n",
                f->gpus[g].label);
        kb_md_cell(out, f->cases[c].name);
        fputs("`: ", out);
        kb_md_cell(out, buf);
        fputc('\n', out);
      }
  fprintf(out, "\n| case | backend | GPUs | fleet median | fastest | "
               "slowest | slowest GPU | flagged |\n"
               "| :--- | :--- | ---: | ---: | ---: | ---: | :--- | ---: |\n");
  for (size_t c = 0; c < f->n_cases; c++) {
    const kb_fleet_case *fc = &f->cases[c];
    case_cells cc;
    format_case(f, fc, &cc);
    fputs("| `", out);
    kb_md_cell(out, fc->name);
    fprintf(out, "` | %s | %s | %s | %s | %s | %s | %zu |\n",
            *fc->backend ? fc->backend : "-", cc.gpus, cc.median, cc.fastest,
            cc.slowest, cc.slowest_gpu, fc->flagged);
  }
  criterion(buf, sizeof buf, f);
  fprintf(out, "\nA GPU is flagged when %s.\n", buf);
}
