/*
** The table and the markdown of kbench compare: one row per case, with
** its medians, change, p-value, sample counts and result; the summary and
** any device warning above or below it, so that a log or a pull request
** comment carries them with the numbers.
*/
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands/compare/energy.h"
#include "commands/compare/write.h"
#include "util/format.h"
#include "model/verdict.h"
#include "output/markdown.h"
#include "results/counters.h"

/* snprintf at *used, which never passes len. */
static void add(char *buf, size_t len, size_t *used, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int n = *used < len ? vsnprintf(buf + *used, len - *used, fmt, ap) : 0;
  va_end(ap);
  if (n > 0)
    *used = *used + (size_t)n < len ? *used + (size_t)n : len;
}

void kb_cmp_summary_text(const kb_cmp_summary *s, char *buf, size_t len)
{
  size_t used = 0;
  buf[0] = '\0';
  add(buf, len, &used, "%zu case%s: %zu regression%s (%zu slower, %zu "
      "failed in new", s->rows, s->rows == 1 ? "" : "s", s->regressions,
      s->regressions == 1 ? "" : "s", s->slower, s->broken);
  if (s->missing)
    add(buf, len, &used, ", %zu missing in new%s", s->missing,
        s->new_interrupted ? " (interrupted)" : "");
  add(buf, len, &used, "), %zu faster, %zu same", s->faster, s->same);
  if (s->not_judged)
    add(buf, len, &used, ", %zu not judged (too few samples)",
        s->not_judged);
  if (s->not_passed)
    add(buf, len, &used, ", %zu not compared (not passed)", s->not_passed);
  if (s->only_base)
    add(buf, len, &used, s->new_interrupted ? ", %zu missing in new "
        "(interrupted)" : ", %zu only in base", s->only_base);
  if (s->only_new)
    add(buf, len, &used, s->base_interrupted ? ", %zu missing in base "
        "(interrupted)" : ", %zu only in new", s->only_new);
  if (s->disturbed) {
    char who[KB_DISTURBERS_TEXT_LEN];
    kb_disturbers_text(&s->disturbers, who, sizeof who);
    add(buf, len, &used, ", %zu disturbed, not compared (by another "
        "process: %s)", s->disturbed, who);
  }
  char clocks[KB_CLOCK_LIMITS_TEXT_LEN + 32];
  kb_clock_tally_text(&s->slower_clocks, clocks, sizeof clocks);
  if (clocks[0])   /* the GPU's clocks, held back in new (NVML) */
    add(buf, len, &used, "; the slower: %s in new", clocks);
  if (s->flagged)
    add(buf, len, &used, "; %zu claim%s flagged in new", s->flagged,
        s->flagged == 1 ? "" : "s");
  if (s->unaudited)
    add(buf, len, &used, "; %zu unaudited in new", s->unaudited);
}

/* Which side the bytes audit flagged, or could not audit: "in new", "in
** base", "in both"; NULL for neither. */
static const char *sides(int base, int cur)
{
  return base && cur ? "in both" : cur ? "in new" : base ? "in base"
                                                           : NULL;
}

/* Whether a side's case (NULL: it has none) had its claim flagged, or
** went unaudited, in any of its entries. */
static int flagged_case(const kb_res_case *c)
{
  return c && c->res.claim_flagged;
}

static int unaudited_case(const kb_res_case *c)
{
  return c && c->res.unaudited;
}

void kb_cmp_audit_marker(char *buf, size_t len, const kb_cmp_row *r)
{
  const char *flagged = sides(flagged_case(r->base), flagged_case(r->cur));
  const char *unaudited = sides(unaudited_case(r->base),
                                unaudited_case(r->cur));
  size_t used = 0;
  buf[0] = '\0';
  if (flagged)
    add(buf, len, &used, "FLAGGED %s", flagged);
  if (unaudited)
    add(buf, len, &used, "%sunaudited %s", flagged ? ", " : "", unaudited);
}

/* One line of write_audits. */
static void audit_line(FILE *f, int markdown, const char *what,
                       const char *side, const char *name, const char *text)
{
  if (!markdown) {
    fprintf(f, "# %s %s: %s: %s\n", what, side, name, text);
    return;
  }
  fprintf(f, "- %s %s: `", what, side);
  kb_md_cell(f, name);
  fputs("`: ", f);
  kb_md_cell(f, text);
  fputc('\n', f);
}

/* Under the table (or as a markdown list): each case the audits flagged
** or could not audit, with what they said. */
static void write_audits(FILE *f, const kb_cmp_report *r, int markdown)
{
  int first = 1;
  for (size_t i = 0; i < r->n_rows; i++) {
    const kb_cmp_row *row = &r->rows[i];
    char marker[64];
    kb_cmp_audit_marker(marker, sizeof marker, row);
    if (!*marker)
      continue;
    if (markdown && first)
      fputc('\n', f);     /* the list is not the table's */
    first = 0;
    const kb_res_case *c = flagged_case(row->cur)
                           || unaudited_case(row->cur) ? row->cur
                                                       : row->base;
    const char *flagged = sides(flagged_case(row->base),
                                flagged_case(row->cur));
    const char *unaudited = sides(unaudited_case(row->base),
                                  unaudited_case(row->cur));
    char claim[KB_MESSAGE_LEN];
    kb_audit_text(&c->res, claim, sizeof claim);
    if (flagged)
      audit_line(f, markdown, "flagged", flagged, c->name, claim[0] ? claim
                 : "the claim exceeds what DRAM moved");
    if (unaudited)
      audit_line(f, markdown, "unaudited", unaudited, c->name,
                 c->res.audit_note[0] ? c->res.audit_note
                                      : "an audit could not be made");
  }
}

static void fmt_change(char *buf, size_t len, double pct)
{
  if (isfinite(pct))
    snprintf(buf, len, "%+.2f%%", pct);
  else
    snprintf(buf, len, "-");
}

static void fmt_p(char *buf, size_t len, double p)
{
  if (!isfinite(p))
    snprintf(buf, len, "-");
  else if (p < 1e-4)
    snprintf(buf, len, "<0.0001");
  else
    snprintf(buf, len, "%.4f", p);
}

/* How many times a passed side's median is of, else "-". */
static void fmt_count(char *buf, size_t len, const kb_res_case *c, int time)
{
  size_t n;
  int used;
  snprintf(buf, len, "-");
  if (c && c->res.verdict == KB_PASS) {
    kb_res_times(c, time, &n, &used);
    snprintf(buf, len, "%zu", n);
  }
}

static void fmt_samples(char *buf, size_t len, const kb_cmp_row *r)
{
  char b[24], c[24];
  fmt_count(b, sizeof b, r->base, r->time);
  fmt_count(c, sizeof c, r->cur, r->time);
  snprintf(buf, len, "%s/%s", b, c);
}

/* A row's numbers as both writers print them. */
typedef struct kb_cmp_cells {
  char base[32], cur[32], change[32], p[32], n[64];
} kb_cmp_cells;

static void format_cells(const kb_cmp_row *row, kb_cmp_cells *c)
{
  kb_format_seconds(c->base, sizeof c->base, row->base_median);
  kb_format_seconds(c->cur, sizeof c->cur, row->cur_median);
  fmt_change(c->change, sizeof c->change, row->change);
  fmt_p(c->p, sizeof c->p, row->p);
  fmt_samples(c->n, sizeof c->n, row);
}

static const char *name_of(const kb_cmp_row *r)
{
  return r->base ? r->base->name : r->cur->name;
}

/* "base.json (kbench 0.1.0, mode cold, NVIDIA H100 80GB HBM3)" */
static void describe(char *buf, size_t len, const kb_res_run *run)
{
  size_t used = 0;
  add(buf, len, &used, "%s", run->path);
  if (!run->is_kbench)
    return;
  add(buf, len, &used, " (kbench %s", run->version ? run->version : "?");
  if (kb_cmp_run_mode(run))
    add(buf, len, &used, ", mode %s", kb_cmp_run_mode(run));
  add(buf, len, &used, ", %s)", !run->device.known ? "no device"
                              : run->device.name ? run->device.name
                              : "unnamed device");
  if (run->interrupted)
    add(buf, len, &used, ": INTERRUPTED by %s before its end: the cases it "
        "lacks are missing, not failed", run->interrupted);
}

static void criterion(char *buf, size_t len, const kb_cmp_cfg *cfg)
{
  snprintf(buf, len, "Mann-Whitney U p < %g and the %s median moved by "
           "more than %g%% (%g%% for host cases, tested on their "
           "repetitions' medians); fewer than %d samples (host: repetitions) "
           "on a side is never significant", cfg->alpha,
           cfg->time == KB_TIME_KERNEL ? "kernel time's (event time's where "
           "a file has none)" : "event time's", cfg->threshold,
           cfg->host_threshold, KB_CMP_MIN_SAMPLES);
}

int kb_cmp_count_changes(const kb_cmp_report *r, size_t *with,
                         size_t *changed)
{
  *with = *changed = 0;
  for (size_t i = 0; i < r->n_rows; i++) {
    kb_res_counter_change *ch;
    size_t n;
    int moved = kb_res_counters_diff(r->rows[i].base, r->rows[i].cur,
                                     r->cfg->counter_tolerance, &ch, &n);
    free(ch);
    if (moved < 0)
      return -1;
    *with += n > 0;
    *changed += moved > 0;
  }
  return 0;
}

/* Whether some case has counts on both sides (the rule is then said). */
static int counts_compared(const kb_cmp_report *r)
{
  size_t with, changed;
  return kb_cmp_count_changes(r, &with, &changed) == 0 && with > 0;
}

/* "dram__bytes_read.sum 403.7M -> 268.4M byte (-33.51%)" */
static void change_text(char *buf, size_t len,
                        const kb_res_counter_change *x)
{
  char b[32], c[32], pct[32] = "new";
  kb_res_format_count(b, sizeof b, x->base);
  kb_res_format_count(c, sizeof c, x->cur);
  if (isfinite(x->change))
    snprintf(pct, sizeof pct, "%+.2f%%", x->change);
  snprintf(buf, len, "%s %s -> %s%s%s (%s)", x->name, b, c,
           *x->unit ? " " : "", x->unit, pct);
}

/* Under the table (or as a markdown list): how many cases have counts on
** both sides, and a line per count that changed.  Nothing when no case
** has counts on both sides, so a run without --metrics reads as before. */
static void write_counts(FILE *f, const kb_cmp_report *r, int markdown)
{
  size_t with, changed;
  if (kb_cmp_count_changes(r, &with, &changed)) {
    fprintf(f, markdown ? "\nCounts: not compared (out of memory).\n"
                        : "# counters: not compared (out of memory)\n");
    return;
  }
  if (!with)
    return;
  fprintf(f, markdown ? "\nCounts: %zu of %zu case%s with counts on both "
                        "sides changed%s\n"
                      : "# counters: %zu of %zu case%s with counts on both "
                        "sides changed%s\n",
          changed, with, with == 1 ? "" : "s",
          markdown && changed ? ":\n" : markdown ? "." : "");
  for (size_t i = 0; i < r->n_rows; i++) {
    kb_res_counter_change *ch;
    size_t n;
    if (kb_res_counters_diff(r->rows[i].base, r->rows[i].cur,
                             r->cfg->counter_tolerance, &ch, &n) < 0)
      return;
    for (size_t k = 0; k < n; k++) {
      char buf[512];
      if (!ch[k].changed)
        continue;
      change_text(buf, sizeof buf, &ch[k]);
      if (markdown) {
        fputs("- `", f);
        kb_md_cell(f, name_of(&r->rows[i]));
        fputs("`: ", f);
        kb_md_cell(f, buf);
        fputc('\n', f);
      } else {
        fprintf(f, "# counter: %s: %s\n", name_of(&r->rows[i]), buf);
      }
    }
    free(ch);
  }
}

/* Under the table (or as a markdown list), like the counts: how many cases
** with energy on both sides changed, and a line per case that did;
** nothing when no case has energy on both sides (energy.h). */
static void write_energy(FILE *f, const kb_cmp_report *r, int markdown)
{
  size_t with, changed;
  kb_cmp_energy_count(r->rows, r->n_rows, r->cfg, &with, &changed);
  if (!with)
    return;
  fprintf(f, markdown ? "\nEnergy: %zu of %zu case%s with energy on both "
                        "sides changed (U test on the windows p < %g and "
                        "more than %g%%)%s\n"
                      : "# energy: %zu of %zu case%s with energy on both "
                        "sides changed (U test on the windows p < %g and "
                        "more than %g%%)\n",
          changed, with, with == 1 ? "" : "s", r->cfg->alpha,
          r->cfg->energy_threshold, !markdown ? "" : changed ? ":\n" : ".");
  for (size_t i = 0; i < r->n_rows; i++) {
    kb_cmp_energy e;
    char buf[256];
    kb_cmp_energy_judge(&r->rows[i], r->cfg, &e);
    if (e.status != KB_CMP_ENERGY_MORE && e.status != KB_CMP_ENERGY_LESS)
      continue;
    kb_cmp_energy_text(&e, buf, sizeof buf);
    if (markdown) {
      fputs("- `", f);
      kb_md_cell(f, name_of(&r->rows[i]));
      fprintf(f, "`: %s\n", buf);
    } else {
      fprintf(f, "# energy: %s: %s\n", name_of(&r->rows[i]), buf);
    }
  }
}

/* The report's warnings (the devices differ, the modes differ) and its
** note on the times compared, each a line of its own, as a format writes
** them: after warning or note, ended by end. */
static void warnings(FILE *f, const kb_cmp_report *r, const char *warning,
                     const char *note, const char *end)
{
  if (*r->device_warning)
    fprintf(f, "%s%s%s", warning, r->device_warning, end);
  if (*r->mode_warning)
    fprintf(f, "%s%s%s", warning, r->mode_warning, end);
  if (*r->time_note)
    fprintf(f, "%s%s%s", note, r->time_note, end);
}

void kb_cmp_write_table(FILE *f, const kb_cmp_report *r)
{
  char buf[1024];
  describe(buf, sizeof buf, r->base);
  fprintf(f, "# base: %s\n", buf);
  describe(buf, sizeof buf, r->cur);
  fprintf(f, "# new:  %s\n", buf);
  warnings(f, r, "# WARNING: ", "# note: ", "\n");
  criterion(buf, sizeof buf, r->cfg);
  fprintf(f, "# significant: %s\n", buf);
  if (counts_compared(r)) {
    kb_res_counter_rule(buf, sizeof buf, r->cfg->counter_tolerance);
    fprintf(f, "# counts: %s\n", buf);
  }
  int w = 4;
  for (size_t i = 0; i < r->n_rows; i++) {
    int len = (int)strlen(name_of(&r->rows[i]));
    w = len > w ? len : w;
  }
  fprintf(f, "%-*s  %11s  %11s  %9s  %7s  %9s  %s\n", w, "case", "base",
          "new", "change", "p", "samples", "result");
  for (size_t i = 0; i < r->n_rows; i++) {
    const kb_cmp_row *row = &r->rows[i];
    kb_cmp_cells c;
    char audit[64];
    format_cells(row, &c);
    kb_cmp_audit_marker(audit, sizeof audit, row);
    fprintf(f, "%-*s  %11s  %11s  %9s  %7s  %9s  %s%s%s%s%s\n", w,
            name_of(row), c.base, c.cur, c.change, c.p, c.n, row->result,
            *audit ? "  " : "", audit, *row->note ? "  " : "", row->note);
  }
  kb_cmp_summary_text(&r->sum, buf, sizeof buf);
  fprintf(f, "# %s\n", buf);
  for (size_t i = 0; i < r->n_rows; i++)
    if (r->rows[i].regression) {
      char ch[32];
      fmt_change(ch, sizeof ch, r->rows[i].change);
      fprintf(f, "# regression: %s (%s)\n", name_of(&r->rows[i]),
              r->rows[i].status == KB_CMP_SLOWER ? ch : r->rows[i].result);
    }
  write_audits(f, r, 0);
  write_counts(f, r, 0);
  write_energy(f, r, 0);
}

void kb_cmp_write_markdown(FILE *f, const kb_cmp_report *r)
{
  char buf[1024];
  fprintf(f, "### kbench compare\n\n");
  kb_cmp_summary_text(&r->sum, buf, sizeof buf);
  fprintf(f, "%s%s%s\n\n", r->sum.regressions ? "**" : "", buf,
          r->sum.regressions ? "**" : "");
  warnings(f, r, "> **Warning:** ", "> **Note:** ", "\n\n");
  fprintf(f, "| case | base | new | change | p | samples | result | note |\n"
             "| :--- | ---: | ---: | ---: | ---: | ---: | :--- | :--- |\n");
  for (size_t i = 0; i < r->n_rows; i++) {
    const kb_cmp_row *row = &r->rows[i];
    kb_cmp_cells c;
    format_cells(row, &c);
    const char *bold = row->regression ? "**" : "";
    char audit[64];
    kb_cmp_audit_marker(audit, sizeof audit, row);
    fputs("| `", f);
    kb_md_cell(f, name_of(row));
    fprintf(f, "` | %s | %s | %s | %s | %s | %s", c.base, c.cur, c.change,
            c.p, c.n, bold);
    kb_md_cell(f, row->result);
    fprintf(f, "%s | %s%s%s", bold, *audit ? "**" : "", audit,
            *audit ? "**" : "");
    if (*audit && *row->note)
      fputs("; ", f);
    kb_md_cell(f, row->note);
    fputs(" |\n", f);
  }
  write_audits(f, r, 1);
  write_counts(f, r, 1);
  write_energy(f, r, 1);
  criterion(buf, sizeof buf, r->cfg);
  fprintf(f, "\nSignificant: %s.\n", buf);
  if (counts_compared(r)) {
    kb_res_counter_rule(buf, sizeof buf, r->cfg->counter_tolerance);
    fprintf(f, "Counts: %s.\n", buf);
  }
  describe(buf, sizeof buf, r->base);
  fprintf(f, "Base: `");
  kb_md_cell(f, buf);
  describe(buf, sizeof buf, r->cur);
  fprintf(f, "`; new: `");
  kb_md_cell(f, buf);
  fprintf(f, "`.\n");
}
