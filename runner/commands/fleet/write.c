/*
** The table and the markdown of kbench fleet: the model groups, then the
** summary that matters most, one line per GPU (and per host) with its
** counts of slow, failed, skipped, missing and disturbed cases (and, for
** the disturbed, the processes that disturbed them) and its worst case,
** last, where a log's reader looks first.  The case-by-case list (a row
** per case, a line per flagged result) is behind --verbose in the table,
** and always in the markdown and the JSON.
*/
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "commands/fleet/write.h"
#include "util/format.h"
#include "model/result.h"
#include "model/verdict.h"
#include "output/markdown.h"
#include "results/reader.h"

void kb_fleet_reason(const kb_fleet *f, size_t c, size_t g, char *buf,
                     size_t len)
{
  const kb_fleet_cell *cell = KB_FLEET_CELL(f, c, g);
  const kb_fleet_case *fc = &f->cases[c];
  char failure[KB_FAILURE_TEXT_LEN] = "";
  if (cell->worst)
    kb_res_failure_text(cell->worst->stage, cell->worst->message, failure,
                        sizeof failure);
  switch (cell->flag) {
  case KB_FLEET_SLOW: {
    char limits[KB_CLOCK_LIMITS_TEXT_LEN];
    kb_clock_limits_text(cell->clock_events, limits, sizeof limits);
    snprintf(buf, len, "%.3f x %s (over %.3f)%s%s", cell->ratio,
             cell->from_baseline ? "the baseline" : "its group's reference",
             1 + fc->tolerance / 100, limits[0]
             ? "; its samples ran under " : "", limits);
    break;
  }
  case KB_FLEET_FAILED:
  case KB_FLEET_DISTURBED:
    snprintf(buf, len, "%s %s", kb_verdict_word(cell->verdict), failure);
    break;
  case KB_FLEET_SKIPPED:
    snprintf(buf, len, "SKIP %s: %s", f->gpus[g].passed
             ? "where another ran it" : "on a GPU that ran none of its cases",
             failure);
    break;
  case KB_FLEET_MISSING:
    if (f->gpus[g].interrupted)
      snprintf(buf, len, "missing from its files: its run was interrupted "
               "by %s first", f->gpus[g].interrupted);
    else
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

/* "NVIDIA H100 80GB HBM3, 79.2 GiB", "host", or "unknown model". */
static void group_name(const kb_fleet_group *k, char *buf, size_t len)
{
  if (k->host)
    snprintf(buf, len, "host");
  else if (!k->name)
    snprintf(buf, len, "unknown model");
  else if (k->mem_bytes > 0)
    snprintf(buf, len, "%s, %.1f GiB", k->name,
             k->mem_bytes / (1024.0 * 1024 * 1024));
  else
    snprintf(buf, len, "%s", k->name);
}

/* A case's numbers as both writers print them. */
typedef struct case_cells {
  char gpus[32], median[32], fastest[16], slowest[16];
  const char *slowest_gpu;
} case_cells;

static void format_case(const kb_fleet *f, const kb_fleet_case *fc,
                        case_cells *c)
{
  snprintf(c->gpus, sizeof c->gpus, "%zu", fc->passed);
  kb_format_seconds(c->median, sizeof c->median, fc->fleet_median);
  fmt_ratio(c->fastest, sizeof c->fastest, fc->min_ratio);
  fmt_ratio(c->slowest, sizeof c->slowest, fc->max_ratio);
  c->slowest_gpu = isfinite(fc->max_ratio) ? f->gpus[fc->slowest].label
                                           : "-";
}

/* A GPU's summary line as both writers print it. */
typedef struct gpu_cells {
  char group[16], cases[16], n[KB_FLEET_N_FLAGS][16], worst[16];
  char verdict[KB_FLEET_VERDICT_LEN];
  const char *worst_case;
} gpu_cells;

static void format_gpu(const kb_fleet *f, const kb_fleet_gpu *g,
                       gpu_cells *c)
{
  size_t number = 1;           /* among the model groups, from 1 */
  for (size_t k = 0; k < g->group; k++)
    number += !f->groups[k].host;
  if (g->host)
    snprintf(c->group, sizeof c->group, "host");
  else
    snprintf(c->group, sizeof c->group, "%zu", number);
  snprintf(c->cases, sizeof c->cases, "%zu", g->cases);
  for (int k = KB_FLEET_SLOW; k < KB_FLEET_N_FLAGS; k++)
    snprintf(c->n[k], sizeof c->n[k], "%zu", g->flags[k]);
  fmt_ratio(c->worst, sizeof c->worst, g->worst_ratio);
  c->worst_case = g->worst_case ? g->worst_case : "-";
  kb_fleet_verdict(g, c->verdict, sizeof c->verdict);
  if (!g->host && !f->groups[g->group].name)
    strncat(c->verdict, " (no model named: no device)",
            sizeof c->verdict - strlen(c->verdict) - 1);
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
  snprintf(buf, len, "a case's %s time ran more than %g%% slower than its "
           "model group's reference (%s; %g%% for host cases, against the "
           "other hosts)%s, or failed, errored, crashed or timed out, or was "
           "skipped or missing where another of its group ran it, or "
           "another process used the GPU during it (disturbed: left out "
           "of the reference)",
           kb_time_name(f->cfg->time), f->cfg->tolerance, f->cfg->baseline
           ? "the baseline's median on a GPU of its model, else the median "
             "of the group's GPUs, the faster of two"
           : "the median of the group's GPUs, the faster of two",
           f->cfg->host_tolerance, times);
}

static void headline(char *buf, size_t len, const kb_fleet *f)
{
  size_t hosts = f->n_gpus - f->n_real;
  int n = f->n_real || !hosts
          ? snprintf(buf, len, "%zu of %zu GPU%s flagged", f->flagged,
                     f->n_real, f->n_real == 1 ? "" : "s")
          : snprintf(buf, len, "%zu of %zu hosts flagged (no GPU)",
                     f->hosts_flagged, hosts);
  if (f->n_real && hosts && n > 0 && (size_t)n < len)
    n += snprintf(buf + n, len - (size_t)n, ", %zu of %zu host%s",
                  f->hosts_flagged, hosts, hosts == 1 ? "" : "s");
  if (n > 0 && (size_t)n < len)
    snprintf(buf + n, len - (size_t)n, " (%zu file%s, %zu case%s)",
             f->n_files, f->n_files == 1 ? "" : "s", f->n_cases,
             f->n_cases == 1 ? "" : "s");
}

/* "# group 1: NVIDIA H100 80GB HBM3, 79.2 GiB: 2 GPUs", one per group. */
static void groups(FILE *out, const kb_fleet *f, const char *prefix)
{
  size_t shown = 0;
  for (size_t k = 0; k < f->n_groups; k++) {
    const kb_fleet_group *grp = &f->groups[k];
    char name[320];
    if (grp->host)
      continue;
    group_name(grp, name, sizeof name);
    char against[64] = "";
    if (grp->baseline_cases)
      snprintf(against, sizeof against, " (timed against the baseline in "
               "%zu case%s)", grp->baseline_cases,
               grp->baseline_cases == 1 ? "" : "s");
    fprintf(out, "%sgroup %zu: %s: %zu GPU%s%s\n", prefix, ++shown, name,
            grp->n, grp->n == 1 ? "" : "s",
            !grp->name ? " (no device named: held against every GPU for "
                         "what it skipped or lacks)"
            : *against ? against
            : grp->n == 1 ? " (no other GPU of its model to time it against)"
                          : "");
  }
}

static int widest(int w, const char *s)
{
  int n = (int)strlen(s);
  return n > w ? n : w;
}

static void table_cases(FILE *out, const kb_fleet *f)
{
  int w = 4, wg = 11;
  char buf[1024];
  for (size_t c = 0; c < f->n_cases; c++)
    w = widest(w, f->cases[c].name);
  for (size_t g = 0; g < f->n_gpus; g++)
    wg = widest(wg, f->gpus[g].label);
  fprintf(out, "%-*s  %-7s  %6s  %12s  %7s  %7s  %-*s  %s\n", w, "case",
          "backend", "passed", "reference", "fastest", "slowest", wg,
          "slowest GPU", "flagged");
  for (size_t c = 0; c < f->n_cases; c++) {
    const kb_fleet_case *fc = &f->cases[c];
    case_cells cc;
    format_case(f, fc, &cc);
    fprintf(out, "%-*s  %-7s  %6s  %12s  %7s  %7s  %-*s  %zu\n", w, fc->name,
            *fc->backend ? fc->backend : "-", cc.gpus, cc.median,
            cc.fastest, cc.slowest, wg, cc.slowest_gpu, fc->flagged);
  }
  for (size_t c = 0; c < f->n_cases; c++)
    for (size_t g = 0; g < f->n_gpus; g++)
      if (KB_FLEET_CELL(f, c, g)->flag) {
        kb_fleet_reason(f, c, g, buf, sizeof buf);
        fprintf(out, "# flagged: %s: %s: %s\n", f->gpus[g].label,
                f->cases[c].name, buf);
      }
}

static const char *model(const kb_fleet_gpu *g)
{
  return g->host ? "host" : g->device->name ? g->device->name : "?";
}

static void table_gpus(FILE *out, const kb_fleet *f)
{
  int wl = 6, wm = 5, wc = 10;
  gpu_cells gc;
  for (size_t g = 0; g < f->n_gpus; g++) {
    format_gpu(f, &f->gpus[g], &gc);
    wl = widest(wl, f->gpus[g].label);
    wm = widest(wm, model(&f->gpus[g]));
    wc = widest(wc, gc.worst_case);
  }
  fprintf(out, "%-*s  %-*s  %5s  %5s  %4s  %6s  %7s  %7s  %9s  %7s  %-*s  "
          "%s\n", wl, "device", wm, "model", "group", "cases", "slow",
          "failed", "skipped", "missing", "disturbed", "worst", wc,
          "worst case", "verdict");
  for (size_t g = 0; g < f->n_gpus; g++) {
    format_gpu(f, &f->gpus[g], &gc);
    fprintf(out, "%-*s  %-*s  %5s  %5s  %4s  %6s  %7s  %7s  %9s  %7s  %-*s  "
            "%s\n", wl, f->gpus[g].label, wm, model(&f->gpus[g]), gc.group,
            gc.cases, gc.n[KB_FLEET_SLOW], gc.n[KB_FLEET_FAILED],
            gc.n[KB_FLEET_SKIPPED], gc.n[KB_FLEET_MISSING],
            gc.n[KB_FLEET_DISTURBED], gc.worst, wc, gc.worst_case,
            gc.verdict);
  }
}

/* The cases some GPUs ran past the tolerance without being flagged for
** it (judge.c): their time moves with where their memory landed. */
static void excused(FILE *out, const kb_fleet *f)
{
  for (size_t c = 0; c < f->n_cases; c++) {
    const kb_fleet_case *fc = &f->cases[c];
    if (!fc->excused)
      continue;
    char worst[32];
    fmt_ratio(worst, sizeof worst, fc->max_ratio);
    if (fc->placement > fc->tolerance)
      fprintf(out, "# not flagged: %s: %zu GPU%s up to %sx the reference, "
              "within the %.1f%% it moved between two allocations on one "
              "GPU\n", fc->name, fc->excused, fc->excused == 1 ? "" : "s",
              worst, fc->placement);
    else
      fprintf(out, "# not flagged: %s: %zu GPU%s up to %sx the reference, "
              "a side of its own on this case and slow on no other (one "
              "kernel's placement, not a slow GPU)\n", fc->name, fc->excused,
              fc->excused == 1 ? "" : "s", worst);
  }
}

void kb_fleet_write_table(FILE *out, const kb_fleet *f, int verbose)
{
  char buf[1024];
  size_t hosts = f->n_gpus - f->n_real;
  if (f->n_real)
    fprintf(out, "# kbench fleet: %zu GPU%s in %zu model group%s, %zu "
            "host%s, ", f->n_real, f->n_real == 1 ? "" : "s",
            f->n_model_groups, f->n_model_groups == 1 ? "" : "s", hosts,
            hosts == 1 ? "" : "s");
  else
    fprintf(out, "# kbench fleet: %zu host%s (no GPU), ", hosts,
            hosts == 1 ? "" : "s");
  fprintf(out, "%zu file%s, %zu case%s\n", f->n_files,
          f->n_files == 1 ? "" : "s", f->n_cases, f->n_cases == 1 ? "" : "s");
  groups(out, f, "# ");
  for (size_t g = 0; g < f->n_gpus; g++)
    if (f->gpus[g].interrupted)
      fprintf(out, "# note: %s: its run was interrupted by %s before its "
              "end: the cases it lacks are missing, not failed\n",
              f->gpus[g].label, f->gpus[g].interrupted);
  criterion(buf, sizeof buf, f);
  fprintf(out, "# a GPU is flagged when %s\n", buf);
  excused(out, f);
  if (verbose)
    table_cases(out, f);
  table_gpus(out, f);
  headline(buf, sizeof buf, f);
  fprintf(out, "# %s%s\n", buf, verbose || !(f->flagged + f->hosts_flagged)
          ? "" : "; --verbose lists each flagged case");
}

void kb_fleet_write_markdown(FILE *out, const kb_fleet *f)
{
  char buf[1024];
  gpu_cells gc;
  headline(buf, sizeof buf, f);
  fprintf(out, "### kbench fleet\n\n%s%s%s\n\n", f->flagged ? "**" : "", buf,
          f->flagged ? "**" : "");
  groups(out, f, "- ");
  fprintf(out, "\n| device | model | group | cases | slow | failed | skipped "
               "| missing | disturbed | worst ratio | worst case | verdict |\n"
               "| :--- | :--- | ---: | ---: | ---: | ---: | ---: | ---: "
               "| ---: | ---: | :--- | :--- |\n");
  for (size_t g = 0; g < f->n_gpus; g++) {
    format_gpu(f, &f->gpus[g], &gc);
    const char *bold = f->gpus[g].flagged ? "**" : "";
    const char *cells[] = {f->gpus[g].label, model(&f->gpus[g]), gc.group,
                           gc.cases, gc.n[KB_FLEET_SLOW],
                           gc.n[KB_FLEET_FAILED], gc.n[KB_FLEET_SKIPPED],
                           gc.n[KB_FLEET_MISSING],
                           gc.n[KB_FLEET_DISTURBED], gc.worst};
    for (size_t i = 0; i < sizeof cells / sizeof cells[0]; i++) {
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
  fprintf(out, "\n| case | backend | passed | reference | fastest | "
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
