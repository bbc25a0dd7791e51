/*
** kbench compare --json: the same rows as the table, for programs.  Strict
** JSON: a value that is not a finite number (a median of a case that did
** not run, the change against a zero median) is written as null, never as
** NaN.  Numbers are written from their own short decimal text, and the
** layout is the indented one of kbench's writer (results/json_write.h).
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands/compare/energy.h"
#include "commands/compare/write.h"
#include "util/mannwhitney.h"
#include "model/clock_events.h"
#include "model/result.h"
#include "results/counters.h"
#include "results/json_write.h"

static void run_object(kb_jw *w, const char *key, const kb_res_run *run)
{
  kb_jw_object(w, key);
  kb_jw_string(w, "file", run->path);
  kb_jw_text(w, "kbench_version", run->version);
  kb_jw_text(w, "mode", run->mode);
  kb_jw_text(w, "interrupted", run->interrupted);
  if (run->device.known) {
    kb_jw_object(w, "device");
    kb_jw_text(w, "name", run->device.name);
    kb_jw_text(w, "uuid", run->device.uuid);
    kb_jw_end(w);
  } else {
    kb_jw_null(w, "device");
  }
  kb_jw_end(w);
}

/* The summary's counts; the caller closes it, after its own. */
static void summary_object(kb_jw *w, const kb_cmp_summary *s)
{
  kb_jw_object(w, "summary");
  kb_jw_uint(w, "cases", s->rows);
  kb_jw_uint(w, "regressions", s->regressions);
  kb_jw_uint(w, "slower", s->slower);
  kb_jw_uint(w, "failed_in_new", s->broken);
  kb_jw_uint(w, "faster", s->faster);
  kb_jw_uint(w, "same", s->same);
  kb_jw_uint(w, "not_compared", s->not_passed);
  kb_jw_uint(w, "missing_in_new", s->missing);
  kb_jw_uint(w, "only_in_base", s->only_base);
  kb_jw_uint(w, "only_in_new", s->only_new);
  kb_jw_uint(w, "not_judged", s->not_judged);
  kb_jw_uint(w, "disturbed", s->disturbed);
  char who[KB_DISTURBERS_TEXT_LEN];
  kb_disturbers_text(&s->disturbers, who, sizeof who);
  kb_jw_string(w, "disturbed_by", s->disturbed ? who : NULL);
  kb_jw_uint(w, "flagged_in_new", s->flagged);
  kb_jw_uint(w, "unaudited_in_new", s->unaudited);
  /* Of the slower, how many ran under a limit on the GPU's clocks in new,
  ** and which limits. */
  char limits[KB_CLOCK_LIMITS_TEXT_LEN];
  kb_clock_limits_text(s->slower_clocks.limits, limits, sizeof limits);
  kb_jw_uint(w, "slower_under_clock_limits", s->slower_clocks.limited);
  kb_jw_text(w, "slower_clock_limits", limits);
}

static void side_verdict(kb_jw *w, const char *key, const kb_res_case *c)
{
  kb_jw_string(w, key, c ? kb_verdict_name(c->res.verdict) : NULL);
}

/* How many times a side's median is of: samples, or kernel-time runs. */
static void side_samples(kb_jw *w, const char *key, const kb_res_case *c,
                         int time)
{
  size_t n;
  int used;
  if (!c) {
    kb_jw_null(w, key);
    return;
  }
  kb_res_times(c, time, &n, &used);
  kb_jw_uint(w, key, n);
}

/* A side's audit findings: its flag, or whether it went unaudited, with
** what the audit said; null for a side without the case. */
static void side_audit(kb_jw *w, const char *side, const kb_res_case *c)
{
  char key[64], claim[KB_MESSAGE_LEN] = "";
  if (c)
    kb_audit_text(&c->res, claim, sizeof claim);
  snprintf(key, sizeof key, "%s_claim_flagged", side);
  if (c)
    kb_jw_bool(w, key, c->res.claim_flagged);
  else
    kb_jw_null(w, key);
  snprintf(key, sizeof key, "%s_unaudited", side);
  if (c)
    kb_jw_bool(w, key, c->res.unaudited);
  else
    kb_jw_null(w, key);
  snprintf(key, sizeof key, "%s_audit_note", side);
  kb_jw_text(w, key, c && c->res.unaudited ? c->res.audit_note
                     : c && c->res.claim_flagged ? claim : NULL);
}

/* A side's NVML clock-event reasons by name ("sw_power_cap,gpu_idle");
** null for a side without the case or without readings. */
static void side_clocks(kb_jw *w, const char *side, const kb_res_case *c)
{
  char key[64], names[256];
  snprintf(key, sizeof key, "%s_clock_events", side);
  if (c)
    kb_clock_events_names(c->res.clock_events, names, sizeof names);
  kb_jw_string(w, key, c && c->res.clock_events ? names : NULL);
}

/* The counts both sides have, each with whether it changed; null when a
** side has none.  0, or -1 when memory ran out. */
static int counters_array(kb_jw *w, const kb_cmp_row *r, double tol)
{
  kb_res_counter_change *ch;
  size_t n;
  if (kb_res_counters_diff(r->base, r->cur, tol, &ch, &n) < 0)
    return -1;
  if (!n) {
    kb_jw_null(w, "counters");
    return 0;
  }
  kb_jw_array(w, "counters");
  for (size_t i = 0; i < n; i++) {
    kb_jw_object(w, NULL);
    kb_jw_string(w, "name", ch[i].name);
    kb_jw_text(w, "unit", ch[i].unit);
    kb_jw_number_fmt(w, "base", ch[i].base, "%.17g");
    kb_jw_number_fmt(w, "new", ch[i].cur, "%.17g");
    kb_jw_number_fmt(w, "change_pct", ch[i].change, "%.6g");
    kb_jw_string(w, "judged_against", ch[i].against);
    kb_jw_number_fmt(w, "scale", ch[i].scale, "%.17g");
    kb_jw_bool(w, "by_spread", ch[i].by_spread);
    kb_jw_bool(w, "changed", ch[i].changed);
    kb_jw_end(w);
  }
  kb_jw_end(w);
  free(ch);
  return 0;
}

/* The energy per run of both sides and whether it changed; null unless
** both passed with energy (energy.h). */
static void energy_object(kb_jw *w, const kb_cmp_row *r,
                          const kb_cmp_cfg *cfg)
{
  kb_cmp_energy e;
  kb_cmp_energy_judge(r, cfg, &e);
  if (e.status == KB_CMP_ENERGY_NONE) {
    kb_jw_null(w, "energy");
    return;
  }
  kb_jw_object(w, "energy");
  kb_jw_number_fmt(w, "base_j_per_run", e.base_j, "%.10g");
  kb_jw_number_fmt(w, "new_j_per_run", e.cur_j, "%.10g");
  kb_jw_number_fmt(w, "base_power_w", e.base_w, "%.6g");
  kb_jw_number_fmt(w, "new_power_w", e.cur_w, "%.6g");
  kb_jw_number_fmt(w, "change_pct", e.change, "%.6g");
  kb_jw_number_fmt(w, "p_value", e.p, "%.6g");
  kb_jw_string(w, "test", isfinite(e.p) ? kb_mwu_method_name(e.method)
                                        : NULL);
  kb_jw_uint(w, "base_windows", e.nb);
  kb_jw_uint(w, "new_windows", e.nc);
  kb_jw_string(w, "status", kb_cmp_energy_word(e.status));
  kb_jw_bool(w, "significant", e.status == KB_CMP_ENERGY_MORE
                               || e.status == KB_CMP_ENERGY_LESS);
  kb_jw_string(w, "note", e.note);
  kb_jw_end(w);
}

/* A row, its energy last.  0, or -1 when memory ran out. */
static int row_object(kb_jw *w, const kb_cmp_row *r, const kb_cmp_cfg *cfg)
{
  const kb_res_case *any = r->base ? r->base : r->cur;
  kb_jw_object(w, NULL);
  kb_jw_string(w, "name", any->name);
  kb_jw_text(w, "backend", any->backend);
  kb_jw_string(w, "status", kb_cmp_status_name(r->status));
  kb_jw_string(w, "result", r->result);
  kb_jw_bool(w, "regression", r->regression);
  kb_jw_bool(w, "significant", r->status == KB_CMP_SLOWER
                               || r->status == KB_CMP_FASTER);
  side_verdict(w, "base_verdict", r->base);
  side_verdict(w, "new_verdict", r->cur);
  kb_jw_number_fmt(w, "base_median_s", r->base_median, "%.10g");
  kb_jw_number_fmt(w, "new_median_s", r->cur_median, "%.10g");
  kb_jw_number_fmt(w, "change_pct", r->change, "%.6g");
  kb_jw_number_fmt(w, "p_value", r->p, "%.6g");
  kb_jw_string(w, "test", isfinite(r->p) ? kb_mwu_method_name(r->method)
                                         : NULL);
  kb_jw_string(w, "time", kb_time_name(r->time));
  side_samples(w, "base_samples", r->base, r->time);
  side_samples(w, "new_samples", r->cur, r->time);
  kb_jw_number_fmt(w, "threshold_pct", r->threshold, "%g");
  kb_jw_string(w, "note", r->note);
  side_audit(w, "base", r->base);
  side_audit(w, "new", r->cur);
  side_clocks(w, "base", r->base);
  side_clocks(w, "new", r->cur);
  if (counters_array(w, r, cfg->counter_tolerance))
    return -1;
  energy_object(w, r, cfg);
  kb_jw_end(w);
  return 0;
}

int kb_cmp_write_json(FILE *f, const kb_cmp_report *r)
{
  size_t with_counters, counters_changed, with_energy, energy_changed;
  if (kb_cmp_count_changes(r, &with_counters, &counters_changed))
    return -1;
  kb_cmp_energy_count(r->rows, r->n_rows, r->cfg, &with_energy,
                      &energy_changed);
  kb_jw w;
  kb_jw_start(&w, f, KB_JW_INDENTED);
  kb_jw_object(&w, NULL);
  run_object(&w, "base", r->base);
  run_object(&w, "new", r->cur);
  kb_jw_bool(&w, "device_mismatch", *r->device_warning);
  kb_jw_array(&w, "warnings");
  if (*r->device_warning)
    kb_jw_string(&w, NULL, r->device_warning);
  if (*r->mode_warning)
    kb_jw_string(&w, NULL, r->mode_warning);
  kb_jw_end(&w);
  kb_jw_string(&w, "time", kb_time_name(r->cfg->time));
  kb_jw_text(&w, "time_note", r->time_note);
  kb_jw_number_fmt(&w, "alpha", r->cfg->alpha, "%g");
  kb_jw_number_fmt(&w, "threshold_pct", r->cfg->threshold, "%g");
  kb_jw_number_fmt(&w, "host_threshold_pct", r->cfg->host_threshold, "%g");
  kb_jw_int(&w, "min_samples", KB_CMP_MIN_SAMPLES);
  kb_jw_number_fmt(&w, "counter_tolerance_pct", r->cfg->counter_tolerance,
                   "%g");
  char rule[512];
  kb_res_counter_rule(rule, sizeof rule, r->cfg->counter_tolerance);
  kb_jw_string(&w, "counter_rule", rule);
  kb_jw_number_fmt(&w, "energy_threshold_pct", r->cfg->energy_threshold,
                   "%g");
  summary_object(&w, &r->sum);
  kb_jw_uint(&w, "cases_with_counters", with_counters);
  kb_jw_uint(&w, "counters_changed", counters_changed);
  kb_jw_uint(&w, "cases_with_energy", with_energy);
  kb_jw_uint(&w, "energy_changed", energy_changed);
  kb_jw_end(&w);
  kb_jw_array(&w, "cases");
  for (size_t i = 0; i < r->n_rows; i++)
    if (row_object(&w, &r->rows[i], r->cfg))
      return -1;
  kb_jw_end(&w);
  kb_jw_end(&w);
  kb_jw_finish(&w);
  return ferror(f) ? -1 : 0;
}
