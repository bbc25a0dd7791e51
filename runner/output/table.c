/* The table and TAP on standard output, and warnings on stderr (table.h). */
#include <string.h>
#include <unistd.h>

#include "util/format.h"
#include "model/field_text.h"
#include "model/verdict.h"
#include "output/table.h"


/* Every line printed on stdout erases the progress line first, as both
** may go to one terminal. */
static void clear_progress(kb_report *r)
{
  kb_progress_clear(&r->progress);
}

/* A row's start: the case, then its numbers in their columns. */
static void row_start(const kb_report *r, const char *variant,
                      const char *label, const kb_cells *c)
{
  fprintf(r->out, "%-24s %-*s", variant, r->label_w, label);
  kb_cells_table(r->out, c, r->calibrate);
}

/* The peaks a case's rates are set against: its device's, and the copy
** peak its group measured; none for a host case. */
static kb_peaks peaks_of(const kb_report *r, const kbench_device *dev)
{
  return (kb_peaks){dev ? dev->peak_gbps : 0, dev ? r->copy_gbps : 0};
}

void kb_result_warnings(const kb_result *res, const kbench_device *dev,
                        const kb_measure_cfg *cfg, char *buf, size_t len)
{
  size_t used = 0;
  buf[0] = '\0';
#define WARN(...)                                                        \
  do {                                                                   \
    if (used < len)                                                      \
      used += (size_t)snprintf(buf + used, len - used, "%s", used ? "; " : ""); \
    if (used < len)                                                      \
      used += (size_t)snprintf(buf + used, len - used, __VA_ARGS__);     \
  } while (0)
  uint64_t bytes = res->bytes.read + res->bytes.written;
  kb_peaks peaks = {dev ? dev->peak_gbps : 0, 0};
  if (dev && dev->l2_bytes > 0 && res->bytes.memory == KBENCH_MEM_GLOBAL
      && cfg->mode == KB_MODE_COLD && bytes <= (uint64_t)dev->l2_bytes)
    WARN("working set %.1f MB fits in the %.0f MB L2: this measures the "
         "cache and latency, not DRAM", bytes / 1e6, dev->l2_bytes / 1e6);
  if (kb_pct_peak(res, &peaks) > 100.0)
    WARN("bandwidth above the theoretical peak: bytes_moved overcounts or "
         "the data came from cache");
  if (res->throttled)
    WARN("%zu sample%s taken while the SM clock was under 75%% of its "
         "maximum %s excluded", res->throttled, kb_s(res->throttled),
         res->throttled == 1 ? "was" : "were");
  /* What stopped it, by the option that sets it; a noise already under
  ** its target says the cap came before --min-time, not that the answer
  ** is unknown. */
  int quiet = res->stats.noise <= cfg->criterion.max_noise;
  if (res->stop == KB_STOP_TIMEOUT || res->stop == KB_STOP_MAX_SAMPLES)
    WARN("stopped by %s after %zu sample%s, noise %.2f%% %s its %.2f%% "
         "target%s", res->stop == KB_STOP_TIMEOUT ? "--timeout"
         : "--max-samples", res->stats.n, kb_s(res->stats.n),
         100 * res->stats.noise, quiet ? "under" : "above",
         100 * cfg->criterion.max_noise, quiet ? ", before --min-time" : "");
#undef WARN
}

void kb_report_init(kb_report *r, FILE *out, int tap, int calibrate,
                    int time, int progress)
{
  r->time = time;
  r->kernel_said[0] = '\0';
  r->out = out;
  r->tap = tap;
  r->next = 1;
  r->started = 0;
  r->total = 0;
  r->calibrate = calibrate;
  r->copy_gbps = 0;
  r->energy_notes.n = 0;
  memset(&r->disturbed, 0, sizeof r->disturbed);
  r->ok = r->skipped = r->flagged = r->failed = 0;
  r->label_w = 24;
  r->skip_said[0] = '\0';
  r->host_note[0] = '\0';
  /* JSON on standard output leaves its last line open: on a terminal, the
  ** progress line would erase it. */
  kb_progress_begin(&r->progress, progress && (out || !isatty(STDOUT_FILENO))
                                  ? stderr : NULL);
}

void kb_report_host(kb_report *r, const kb_host_state *h)
{
  kb_host_state_note(h, r->host_note, sizeof r->host_note);
}

void kb_report_labels(kb_report *r, const kb_plan *plan)
{
  for (size_t i = 0; i < plan->n; i++) {
    size_t n = strlen(plan->cases[i].label);
    if (n > (size_t)r->label_w && n < 200)
      r->label_w = (int)n;
  }
}

void kb_report_begin(kb_report *r, size_t total)
{
  FILE *out = r->out;
  r->total = total;
  if (!out)
    return;                /* silent: JSON takes standard output */
  if (r->tap)
    fprintf(out, "1..%zu\n", total);
  /* A comment in either: TAP harnesses skip it. */
  if (r->host_note[0])
    fprintf(out, "# host: %s: the host's side of the samples (launches, "
            "the stream check's waits) may be starved\n", r->host_note);
  if (!r->tap) {
    kb_cells titles;
    kb_cells_titles(&titles, r->time, 0);
    row_start(r, "variant", "parameters", &titles);
    fputs("  result\n", out);
  }
  fflush(out);
}

void kb_report_device(kb_report *r, const kbench_device *d, const char *mode,
                      double floor_s)
{
  if (!r->out)
    return;
  char floor[32] = "unknown";
  if (floor_s > 0)
    kb_format_seconds(floor, sizeof floor, floor_s);
  clear_progress(r);
  fprintf(r->out, "# device %d: %s, sm_%d%d, %d SMs, L2 %.0f MB, "
          "theoretical DRAM bandwidth %.0f GB/s\n# mode %s: launch floor %s "
          "(a one-thread kernel)", d->ordinal, d->name, d->cc_major,
          d->cc_minor, d->sm_count, d->l2_bytes / 1e6, d->peak_gbps, mode,
          floor);
  if (r->copy_gbps > 0)
    fprintf(r->out, "; measured copy peak %.0f GB/s (%.1f%% of theoretical)",
            r->copy_gbps, 100 * r->copy_gbps / d->peak_gbps);
  fputc('\n', r->out);
  fflush(r->out);
  /* The device opens as the first case starts: show that case again. */
  kb_progress_redraw(&r->progress);
}

void kb_report_clock_lock(kb_report *r, const char *clocks)
{
  if (!r->out || !clocks[0])
    return;
  clear_progress(r);
  fprintf(r->out, "# --lock-clocks: %s\n", clocks);
  fflush(r->out);
  kb_progress_redraw(&r->progress);
}

void kb_report_no_device(kb_report *r, int ordinal)
{
  if (!r->out)
    return;
  clear_progress(r);
  fprintf(r->out, "# device %d: not opened\n", ordinal);
  fflush(r->out);
}

void kb_report_warning(kb_report *r, const char *msg)
{
  clear_progress(r);
  fprintf(stderr, "kbench: warning: %s\n", msg);
  kb_progress_redraw(&r->progress);
}

void kb_report_progress(kb_report *r, const kb_plan_case *pc, int device)
{
  char what[sizeof pc->label + 160];
  int n = snprintf(what, sizeof what, "%s %s", pc->variant->name, pc->label);
  if (device >= 0 && n > 0 && (size_t)n < sizeof what)
    snprintf(what + n, sizeof what - (size_t)n, " on device %d", device);
  kb_progress_show(&r->progress, ++r->started, r->total, what);
}

static void tap_yaml_string(FILE *out, const char *key, const char *s)
{
  fprintf(out, "  %s: \"", key);
  for (; *s; s++)
    if (*s == '"' || *s == '\\')
      fprintf(out, "\\%c", *s);
    else if ((unsigned char)*s >= 0x20)
      fputc(*s, out);
  fputs("\"\n", out);
}

void kb_report_load_failure(kb_report *r, const char *what, const char *msg)
{
  r->started++;
  r->failed++;
  if (!r->out) {
    r->next++;
    return;
  }
  clear_progress(r);
  if (r->tap) {
    fprintf(r->out, "not ok %zu - load %s\n  ---\n", r->next, what);
    tap_yaml_string(r->out, "stage", "load");
    tap_yaml_string(r->out, "message", msg);
    fputs("  ...\n", r->out);
  } else {
    kb_cells none;
    kb_cells_blank(&none);
    row_start(r, what, "-", &none);
    fprintf(r->out, "  ERROR load: %s\n", msg);
  }
  r->next++;
  fflush(r->out);
}

/* What a failed case's plugin printed last, one prefixed line each. */
static void print_output(FILE *out, const char *prefix, const char *text)
{
  while (text && *text) {
    size_t n = strcspn(text, "\n");
    fprintf(out, "%s%.*s\n", prefix, (int)n, text);
    text += n + (text[n] == '\n');
  }
}

/* The notes under a case (KB_RESULT_NOTES), a line each: the printer
** knows none of them. */
static void print_notes(FILE *out, const char *prefix, const kb_result *res)
{
  char text[KB_NOTE_TEXT_MAX];
  for (int i = 0; i < KB_NOTES; i++)
    if (kb_note_text(res, i, text, sizeof text))
      fprintf(out, "%s%s: %s\n", prefix, kb_note_labels[i], text);
}

/* A passed case's counters, after its notes, a line each: its total, and
** each kernel's when the run launched several. */
static void print_counters(FILE *out, const char *prefix,
                           const kb_result *res)
{
  const kb_counters *k = res->counters;
  for (size_t m = 0; k && res->verdict == KB_PASS && m < k->n_metrics; m++) {
    char v[32];
    kb_format_si(v, sizeof v, k->total[m], 4, "");
    fprintf(out, "%s%-52s %12s %s", prefix, k->names[m], v, k->units[m]);
    for (size_t i = 0; k->n_launched > 1 && i < k->n_kernels; i++) {
      kb_format_si(v, sizeof v, k->values[i][m], 4, "");
      fprintf(out, "%s%s %s", i ? ", " : "  (", k->kernels[i], v);
    }
    if (k->n_launched > k->n_kernels)
      fprintf(out, ", %zu more kernels", k->n_launched - k->n_kernels);
    fputs(k->n_launched > 1 ? ")\n" : "\n", out);
  }
}

/* After the result word: a CUDA case judged by event time in a run that
** judges kernel time says so, and why it had none. */
static const char *fallback_word(const kb_report *r, const kb_result *res,
                                 const kbench_device *dev)
{
  return dev && kb_result_event_fallback(res, r->time) ? " (event time)"
                                                       : "";
}

/*
** A disturbed case is a TAP skip, "# SKIP disturbed: ...": its times are
** not the plugin's alone, so it was not measured, and nothing says the
** plugin failed; a harness counts it as neither, as the run's exit status
** does (0).  Under --strict the run fails it (exit 7), and so does its
** test point (not ok), so that a harness reading only the TAP agrees.
*/
static void report_tap(kb_report *r, const kb_plan_case *pc,
                       const kb_result *res, const kbench_device *dev,
                       const char *warnings, int strict)
{
  const char *name = pc->variant->name;
  if (res->verdict == KB_SKIP
      || (res->verdict == KB_DISTURBED && !strict)) {
    fprintf(r->out, "ok %zu - %s %s # SKIP %s%s\n", r->next, name,
            pc->label, res->verdict == KB_DISTURBED ? "disturbed: " : "",
            res->message);
    return;
  }
  fprintf(r->out, "%s %zu - %s %s\n", res->verdict == KB_PASS ? "ok"
          : "not ok", r->next, name, pc->label);
  if (res->verdict == KB_PASS) {
    /* The table's columns, by their titles, then the work and the mode. */
    kb_cells c;
    kb_peaks peaks = peaks_of(r, dev);
    char work[80];
    kb_result_cells(res, &peaks, &c);
    kb_result_work_text(work, sizeof work, res);
    fprintf(r->out, "# %s: ", name);
    kb_cells_tap(r->out, &c, r->time, r->calibrate);
    fprintf(r->out, "%s%s (%s mode)\n", *work ? ", " : "", work, res->mode);
    if (res->kernel_stats.n)
      fprintf(r->out, "# %s: %s time judged, %zu kernel%s a run\n", name,
              kb_time_name(res->judged), res->kernels_per_run,
              kb_s(res->kernels_per_run));
    else if (res->kernel_note[0])
      fprintf(r->out, "# %s: event time only: %s\n", name, res->kernel_note);
    if (*warnings)
      fprintf(r->out, "# warning: %s\n", warnings);
    print_notes(r->out, "# ", res);
    print_counters(r->out, "# ", res);
    return;
  }
  fputs("  ---\n", r->out);
  tap_yaml_string(r->out, "stage", res->stage);
  tap_yaml_string(r->out, "message", res->message);
  fputs("  ...\n", r->out);
  print_notes(r->out, "# ", res);
  print_output(r->out, "# output: ", res->output);
}

static void report_row(kb_report *r, const kb_plan_case *pc,
                       const kb_result *res, const kbench_device *dev,
                       const char *warnings)
{
  kb_cells c;
  kb_peaks peaks = peaks_of(r, dev);
  kb_result_cells(res, &peaks, &c);
  char work[80];
  kb_result_work_text(work, sizeof work, res);
  row_start(r, pc->variant->name, pc->label, &c);
  fprintf(r->out, "  %s%s%s%s", kb_result_word(res),
          fallback_word(r, res, dev), *work ? "  " : "", work);
  int stage = kb_verdict_shows_stage(res->verdict);
  char why[sizeof r->skip_said];
  snprintf(why, sizeof why, "%s%s%s", stage ? res->stage : "",
           stage ? ": " : "", res->message);
  /* A run without a GPU skips every CUDA case for one reason: said once,
  ** and "(as above)" on the rows that follow with it. */
  int same = res->verdict == KB_SKIP && strcmp(why, r->skip_said) == 0;
  if (res->verdict == KB_SKIP && !same)
    snprintf(r->skip_said, sizeof r->skip_said, "%s", why);
  if (res->verdict != KB_PASS)
    fprintf(r->out, " %s", same ? "(as above)" : why);
  fputc('\n', r->out);
  if (*warnings)
    fprintf(r->out, "  warning: %s\n", warnings);
  /* Why a CUDA case has event time only, when the reason changes: a run
  ** without CUPTI says it once, a run of copies alone under its row. */
  if (*fallback_word(r, res, dev) && res->kernel_note[0]
      && strcmp(res->kernel_note, r->kernel_said) != 0) {
    fprintf(r->out, "  event time: no kernel time: %s\n", res->kernel_note);
    snprintf(r->kernel_said, sizeof r->kernel_said, "%s", res->kernel_note);
  }
  print_notes(r->out, "  ", res);
  print_counters(r->out, "  ", res);
  print_output(r->out, "  output: ", res->output);
}

void kb_report_case(kb_report *r, const kb_plan_case *pc,
                    const kb_result *res, const kbench_device *dev,
                    const kb_measure_cfg *cfg)
{
  char warnings[512] = "";
  clear_progress(r);
  if (kb_energy_note_is_new(&r->energy_notes, res->energy_note)) {
    char msg[sizeof res->energy_note + 48];
    snprintf(msg, sizeof msg, "--energy: no energy measured: %s",
             res->energy_note);
    kb_report_warning(r, msg);
  }
  if (res->verdict == KB_DISTURBED)
    kb_disturbers_add(&r->disturbed, res->message);
  else if (res->verdict == KB_SKIP)
    r->skipped++;
  else if (res->verdict != KB_PASS)
    r->failed++;
  else if (kb_result_flagged(res) || res->unaudited)
    r->flagged++;
  else
    r->ok++;
  if (!r->out) {
    r->next++;
    return;
  }
  if (res->verdict == KB_PASS)
    kb_result_warnings(res, dev, cfg, warnings, sizeof warnings);
  if (r->tap)
    report_tap(r, pc, res, dev, warnings, cfg->strict);
  else
    report_row(r, pc, res, dev, warnings);
  r->next++;
  fflush(r->out);
}

void kb_report_end(kb_report *r, double seconds)
{
  if (!r->out)
    return;
  clear_progress(r);
  fprintf(r->out, "# %zu case%s in %.1f s: %zu ok, %zu skipped, %zu "
          "flagged, %zu failed", r->next - 1, kb_s(r->next - 1), seconds,
          r->ok, r->skipped, r->flagged, r->failed);
  if (r->disturbed.cases) {
    char who[KB_DISTURBERS_TEXT_LEN];
    kb_disturbers_text(&r->disturbed, who, sizeof who);
    fprintf(r->out, "; %zu disturbed by %s: %s", r->disturbed.cases,
            kb_disturbers_by(&r->disturbed), who);
  }
  fputc('\n', r->out);
  fflush(r->out);
}
