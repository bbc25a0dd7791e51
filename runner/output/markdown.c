/* A run as GitHub-flavoured markdown (markdown.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "model/field_text.h"
#include "util/format.h"
#include "model/verdict.h"
#include "output/cells.h"
#include "output/markdown.h"
#include "output/table.h"

void kb_md_cell(FILE *f, const char *s)
{
  for (; *s; s++) {
    if (*s == '|')
      fputs("\\|", f);
    else if (*s == '\n' || *s == '\r')
      fputc(' ', f);
    else
      fputc(*s, f);
  }
}

/* A memory stream, or NULL with m->no_memory set. */
static FILE *stream(kb_markdown *m, char **buf, size_t *len)
{
  FILE *f = open_memstream(buf, len);
  if (!f)
    m->no_memory = 1;
  return f;
}

void kb_md_host(kb_markdown *m, const kb_host_state *h)
{
  kb_host_state_note(h, m->host_note, sizeof m->host_note);
}

int kb_md_open(kb_markdown *m, FILE *out, const kb_run_context *run,
               char *err, size_t len)
{
  memset(m, 0, sizeof *m);
  if (!out)
    return 0;
  m->out = out;
  m->run = *run;
  m->lanes = calloc(run->n_devices, sizeof *m->lanes);
  kb_side_init(&m->side, run->n_devices);
  m->failures = stream(m, &m->failures_buf, &m->failures_len);
  for (size_t i = 0; m->lanes && i < run->n_devices; i++) {
    kb_md_lane *l = &m->lanes[i];
    l->rows = stream(m, &l->rows_buf, &l->rows_len);
    l->notes = stream(m, &l->notes_buf, &l->notes_len);
    l->counters = stream(m, &l->counters_buf, &l->counters_len);
  }
  if (!m->lanes || m->no_memory) {
    snprintf(err, len, "out of memory");
    kb_md_close(m);
    return -1;
  }
  return 0;
}

static void close_stream(FILE **f, char **buf)
{
  if (*f)
    fclose(*f);
  free(*buf);
  *f = NULL;
  *buf = NULL;
}

void kb_md_close(kb_markdown *m)
{
  for (size_t i = 0; m->lanes && i < m->run.n_devices; i++) {
    kb_md_lane *l = &m->lanes[i];
    close_stream(&l->rows, &l->rows_buf);
    close_stream(&l->notes, &l->notes_buf);
    close_stream(&l->counters, &l->counters_buf);
  }
  free(m->lanes);
  m->lanes = NULL;
  kb_side_free(&m->side);
  close_stream(&m->failures, &m->failures_buf);
  m->out = NULL;
}

void kb_md_load_failure(kb_markdown *m, const char *what, const char *msg)
{
  if (!m->out)
    return;
  fputs("- **ERROR** load `", m->failures);
  kb_md_cell(m->failures, what);
  fputs("`: ", m->failures);
  kb_md_cell(m->failures, msg);
  fputc('\n', m->failures);
}

/* "`variant` n=64M": how notes and counters name a case. */
static void case_name(FILE *f, const kb_plan_case *pc)
{
  fputc('`', f);
  kb_md_cell(f, pc->variant->name);
  fputc('`', f);
  if (pc->label[0]) {
    fputc(' ', f);
    kb_md_cell(f, pc->label);
  }
}

/* The case's row: numbers for a passed case, the verdict and why for the
** others. */
static void row(kb_markdown *m, FILE *f, const kb_plan_case *pc,
                const kb_result *res, const kb_device_report *d)
{
  kb_cells c;
  kb_peaks peaks = {d ? d->dev.peak_gbps : 0, d ? d->copy_gbps : 0};
  char work[80] = "";
  kb_result_cells(res, &peaks, &c);
  if (res->verdict == KB_PASS)
    kb_result_work_text(work, sizeof work, res);
  fputs("| `", f);
  kb_md_cell(f, pc->variant->name);
  fputs("` | ", f);
  kb_md_cell(f, pc->label);
  fputs(" |", f);
  kb_cells_markdown(f, &c, m->run.o->calibrate);
  fprintf(f, " %s | ", work);
  /* The table's word, bold where it is not ok: a flagged claim or a
  ** missed audit is data, and so is a CUDA case judged by event time in a
  ** run of kernel time. */
  const char *bold = res->verdict != KB_PASS || kb_result_flagged(res)
                     ? "**" : "";
  fprintf(f, "%s%s%s", bold, kb_result_word(res), bold);
  if (res->verdict == KB_PASS) {
    fputs(d && kb_result_event_fallback(res, m->run.o->measure.time)
          ? " (event time) |\n" : " |\n", f);
    return;
  }
  fputc(' ', f);
  if (kb_verdict_shows_stage(res->verdict)) {
    kb_md_cell(f, res->stage);
    fputs(": ", f);
  }
  kb_md_cell(f, res->message);
  fputs(" |\n", f);
}

/* "- `variant` n=64M: label: text", a line of the list below the table. */
static void note_line(FILE *f, const kb_plan_case *pc, const char *label,
                      const char *text)
{
  fputs("- ", f);
  case_name(f, pc);
  fprintf(f, ": %s: ", label);
  kb_md_cell(f, text);
  fputc('\n', f);
}

/* Below the table, as the table says them under a row: a passed case's
** warnings, why a CUDA case has event time only (unless its device's
** heading said it for every case), the case's notes (KB_RESULT_NOTES),
** and a failed one's output. */
static void notes(FILE *f, const kb_plan_case *pc, const kb_result *res,
                  const kb_device_report *d, const kb_measure_cfg *cfg)
{
  char text[KB_NOTE_TEXT_MAX] = "";
  if (res->verdict == KB_PASS)
    kb_result_warnings(res, d ? &d->dev : NULL, cfg, text, sizeof text);
  if (text[0])
    note_line(f, pc, "warning", text);
  if (d && kb_result_event_fallback(res, cfg->time) && res->kernel_note[0]
      && strcmp(res->kernel_note, d->kernel_note) != 0)
    note_line(f, pc, "event time, no kernel time", res->kernel_note);
  for (int i = 0; i < KB_NOTES; i++)
    if (kb_note_text(res, i, text, sizeof text))
      note_line(f, pc, kb_note_labels[i], text);
  if (res->verdict == KB_PASS || !res->output || !res->output[0])
    return;
  fputs("- ", f);
  case_name(f, pc);
  fputs(": output:\n\n  ```\n", f);
  for (const char *s = res->output; *s;) {
    size_t n = strcspn(s, "\n");
    fprintf(f, "  %.*s\n", (int)n, s);
    s += n + (s[n] == '\n');
  }
  fputs("  ```\n", f);
}

/* Each counter's total and, when the run launched several kernels, each
** kernel's value: a row per counter. */
static void counters(FILE *f, const kb_plan_case *pc, const kb_result *res)
{
  const kb_counters *k = res->counters;
  for (size_t m = 0; k && m < k->n_metrics; m++) {
    char v[32];
    fputs("| ", f);
    case_name(f, pc);
    fputs(" | `", f);
    kb_md_cell(f, k->names[m]);
    kb_format_si(v, sizeof v, k->total[m], 4, "");
    fprintf(f, "` | %s | ", v);
    kb_md_cell(f, k->units[m]);
    fputs(" | ", f);
    for (size_t i = 0; k->n_launched > 1 && i < k->n_kernels; i++) {
      kb_format_si(v, sizeof v, k->values[i][m], 4, "");
      fputs(i ? ", `" : "`", f);
      kb_md_cell(f, k->kernels[i]);
      fprintf(f, "` %s", v);
    }
    if (k->n_launched > k->n_kernels)
      fprintf(f, ", %zu more kernels", k->n_launched - k->n_kernels);
    fputs(" |\n", f);
  }
}

/* A run on several devices: each case's devices side by side, in the
** plan's order, with each device's median over the first device's. */
static void side_by_side(kb_markdown *m)
{
  size_t n = m->run.n_devices < KB_SIDE_LANES_MAX ? m->run.n_devices
                                              : KB_SIDE_LANES_MAX;
  kb_side_row row;
  if (n < 2 || !m->side.n)
    return;
  fputs("#### Side by side\n\n| variant | parameters |", m->out);
  for (size_t i = 0; i < n; i++)
    fprintf(m->out, " device %d |", m->run.devices[i].ordinal);
  for (size_t i = 1; i < n; i++)
    fprintf(m->out, " %d / %d |", m->run.devices[i].ordinal,
            m->run.devices[0].ordinal);
  fputs("\n| :--- | :--- |", m->out);
  for (size_t i = 1; i < 2 * n; i++)
    fputs(" ---: |", m->out);
  fputc('\n', m->out);
  while (kb_side_next(&m->side, &row)) {
    fputs("| `", m->out);
    kb_md_cell(m->out, row.pc->variant->name);
    fputs("` | ", m->out);
    kb_md_cell(m->out, row.pc->label);
    fputs(" |", m->out);
    for (size_t i = 0; i < n; i++) {
      char cell[32];
      const char *bold = row.verdict[i] >= 0 && row.verdict[i] != KB_PASS
                         ? "**" : "";
      kb_side_cell(&row, i, cell, sizeof cell);
      fprintf(m->out, " %s%s%s |", bold, cell, bold);
    }
    for (size_t i = 1; i < n; i++)
      if (isfinite(row.ratio[i]))
        fprintf(m->out, " %.3f |", row.ratio[i]);
      else
        fputs(" - |", m->out);
    fputc('\n', m->out);
  }
  fputc('\n', m->out);
}

static void md_result(void *self, size_t lane, const kb_plan_case *pc,
                      const kb_result *res, size_t rep)
{
  kb_markdown *m = self;
  (void)rep;
  kb_side_add(&m->side, lane, pc, res);
  kb_md_lane *l = &m->lanes[lane];
  const kb_run_device *rd = &m->run.devices[lane];
  const kb_device_report *d = pc->variant->backend == KBENCH_BACKEND_CUDA
                              && rd->opened ? &rd->report : NULL;
  l->verdicts[(unsigned)res->verdict < KB_VERDICTS ? res->verdict : KB_ERROR]++;
  if (res->verdict == KB_DISTURBED)
    kb_disturbers_add(&m->disturbed, res->message);
  row(m, l->rows, pc, res, d);
  notes(l->notes, pc, res, d, &m->run.o->measure);
  if (res->verdict == KB_PASS && res->counters && res->counters->n_metrics) {
    counters(l->counters, pc, res);
    l->with_counters++;
  }
}

/* "kbench --format=md reduce_vec4" in a code span (argv[0] is the
** program's path, or the subcommand's name: program says which). */
static void command_line(kb_markdown *m)
{
  fprintf(m->out, "`%s", m->program ? m->program : "kbench");
  for (int i = 1; i < m->run.argc; i++) {
    fputc(' ', m->out);
    for (const char *s = m->run.argv[i]; *s; s++)
      fputc(*s == '`' ? '\'' : *s, m->out);   /* a code span has no escape */
  }
  fputc('`', m->out);
}

/* A device's facts, as the table's device line gives them. */
static void device_heading(kb_markdown *m, size_t lane)
{
  const kb_run_device *rd = &m->run.devices[lane];
  if (!rd->opened) {
    if (m->run.n_devices > 1)
      fprintf(m->out, "#### Device %d: not opened\n\n", rd->ordinal);
    return;
  }
  const kb_device_report *d = &rd->report;
  char floor[32] = "unknown";
  if (d->floor_s > 0)
    kb_format_seconds(floor, sizeof floor, d->floor_s);
  fprintf(m->out, "#### Device %d: ", rd->ordinal);
  kb_md_cell(m->out, d->dev.name);
  fprintf(m->out, "\n\nsm_%d%d, %d SMs, L2 %.0f MB, theoretical DRAM "
          "bandwidth %.0f GB/s; launch floor %s in %s mode",
          d->dev.cc_major, d->dev.cc_minor, d->dev.sm_count,
          d->dev.l2_bytes / 1e6, d->dev.peak_gbps, floor,
          kb_mode_name(m->run.o->measure.mode));
  if (d->copy_gbps > 0)
    fprintf(m->out, "; measured copy peak %.0f GB/s (%.1f%% of "
            "theoretical)", d->copy_gbps, 100 * d->copy_gbps
                                          / d->dev.peak_gbps);
  fputs(".", m->out);
  if (d->clocks[0]) {
    fputs(" --lock-clocks: ", m->out);
    kb_md_cell(m->out, d->clocks);
    fputc('.', m->out);
  }
  if (d->kernel_note[0]) {
    fputs(" No kernel time (", m->out);
    kb_md_cell(m->out, d->kernel_note);
    fputs("): its CUDA cases have event time only.", m->out);
  }
  fputs("\n\n", m->out);
}

static void lane_text(kb_markdown *m, size_t lane)
{
  kb_md_lane *l = &m->lanes[lane];
  device_heading(m, lane);
  if (l->rows_len) {
    int copy = m->run.o->calibrate;
    kb_cells titles;
    kb_cells_titles(&titles, m->run.o->measure.time, 1);
    fputs("| variant | parameters |", m->out);
    kb_cells_markdown(m->out, &titles, copy);
    fputs(" work | result |\n| :--- | :--- |", m->out);
    kb_cells_markdown_align(m->out, copy);
    fputs(" :--- | :--- |\n", m->out);
    fwrite(l->rows_buf, 1, l->rows_len, m->out);
    fputc('\n', m->out);
  }
  if (l->notes_len) {
    fwrite(l->notes_buf, 1, l->notes_len, m->out);
    fputc('\n', m->out);
  }
  if (l->counters_len) {
    fprintf(m->out, "<details><summary>Counters of %zu case%s (one untimed "
            "run each)</summary>\n\n| case | metric | total | unit | per "
            "kernel |\n| :--- | :--- | ---: | :--- | :--- |\n",
            l->with_counters, l->with_counters == 1 ? "" : "s");
    fwrite(l->counters_buf, 1, l->counters_len, m->out);
    fputs("\n</details>\n\n", m->out);
  }
}

static int md_end(void *self, double seconds, char *err, size_t len)
{
  kb_markdown *m = self;
  if (!m->out)
    return 0;
  int failed = m->no_memory || m->side.no_memory
               || fflush(m->failures) != 0;
  for (size_t i = 0; i < m->run.n_devices; i++) {
    kb_md_lane *l = &m->lanes[i];
    failed |= fflush(l->rows) != 0 || fflush(l->notes) != 0
              || fflush(l->counters) != 0;
  }
  if (failed) {
    snprintf(err, len, "cannot write the markdown: out of memory");
    return -1;
  }
  fputs("### kbench\n\n", m->out);
  command_line(m);
  fprintf(m->out, " (kbench %s)\n\n", PACKAGE_VERSION);
  if (m->host_note[0])
    fprintf(m->out, "**Host:** %s: the host's side of the samples "
            "(launches, the stream check's waits) may be starved.\n\n",
            m->host_note);
  if (m->failures_len) {
    fwrite(m->failures_buf, 1, m->failures_len, m->out);
    fputc('\n', m->out);
  }
  size_t verdicts[KB_VERDICTS] = {0}, total = 0;
  for (size_t i = 0; i < m->run.n_devices; i++) {
    lane_text(m, i);
    for (int v = 0; v < KB_VERDICTS; v++) {
      verdicts[v] += m->lanes[i].verdicts[v];
      total += m->lanes[i].verdicts[v];
    }
  }
  side_by_side(m);
  fprintf(m->out, "**%zu case%s in %.1f s**", total, total == 1 ? "" : "s",
          seconds);
  const char *sep = ": ";
  for (int v = 0; v < KB_VERDICTS; v++)
    if (verdicts[v]) {
      fprintf(m->out, "%s%zu %s", sep, verdicts[v], kb_verdict_word(v));
      sep = ", ";
    }
  if (m->disturbed.cases) {
    char who[KB_DISTURBERS_TEXT_LEN];
    kb_disturbers_text(&m->disturbed, who, sizeof who);
    fprintf(m->out, " (disturbed by %s: ", kb_disturbers_by(&m->disturbed));
    kb_md_cell(m->out, who);
    fputc(')', m->out);
  }
  fputs(".\n", m->out);
  if (fflush(m->out) != 0 || ferror(m->out)) {
    snprintf(err, len, "cannot write the markdown to standard output");
    return -1;
  }
  return 0;
}

kb_writer kb_md_writer(kb_markdown *m)
{
  kb_writer w = {.self = m};
  if (m->out) {
    w.result = md_result;
    w.end = md_end;
  }
  return w;
}
