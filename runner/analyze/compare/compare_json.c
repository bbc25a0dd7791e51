/*
** kbench compare --json: the same rows as the table, for programs.  Strict
** JSON: a value that is not a finite number (a median of a case that did
** not run, the change against a zero median) is written as null, never as
** NaN.  Numbers are written from their own short decimal text, not from
** json-c's 17 digits.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "analyze/compare/compare_energy.h"
#include "analyze/compare/compare_write.h"
#include "analyze/mannwhitney.h"
#include "core/clock_events.h"
#include "core/result.h"
#include "results/counters.h"
#include "results/json_write.h"

static json_object *run_object(const kb_res_run *run)
{
  json_object *o = json_object_new_object(), *dev = NULL;
  kb_jput(o, "file", json_object_new_string(run->path));
  kb_jput(o, "kbench_version", kb_jstring(run->version));
  kb_jput(o, "mode", kb_jstring(run->mode));
  kb_jput(o, "interrupted", kb_jstring(run->interrupted));
  if (run->device.known) {
    dev = json_object_new_object();
    kb_jput(dev, "name", kb_jstring(run->device.name));
    kb_jput(dev, "uuid", kb_jstring(run->device.uuid));
  }
  kb_jput(o, "device", dev);
  return o;
}

static json_object *summary_object(const kb_cmp_summary *s)
{
  json_object *o = json_object_new_object();
  kb_jput(o, "cases", json_object_new_int64((int64_t)s->rows));
  kb_jput(o, "regressions", json_object_new_int64((int64_t)s->regressions));
  kb_jput(o, "slower", json_object_new_int64((int64_t)s->slower));
  kb_jput(o, "failed_in_new", json_object_new_int64((int64_t)s->broken));
  kb_jput(o, "faster", json_object_new_int64((int64_t)s->faster));
  kb_jput(o, "same", json_object_new_int64((int64_t)s->same));
  kb_jput(o, "not_compared", json_object_new_int64((int64_t)s->not_passed));
  kb_jput(o, "missing_in_new", json_object_new_int64((int64_t)s->missing));
  kb_jput(o, "only_in_base", json_object_new_int64((int64_t)s->only_base));
  kb_jput(o, "only_in_new", json_object_new_int64((int64_t)s->only_new));
  kb_jput(o, "not_judged", json_object_new_int64((int64_t)s->not_judged));
  kb_jput(o, "disturbed", json_object_new_int64((int64_t)s->disturbed));
  char who[KB_DISTURBERS_TEXT_LEN];
  kb_disturbers_text(&s->disturbers, who, sizeof who);
  kb_jput(o, "disturbed_by", s->disturbed ? json_object_new_string(who)
                                          : NULL);
  kb_jput(o, "flagged_in_new", json_object_new_int64((int64_t)s->flagged));
  kb_jput(o, "unaudited_in_new",
          json_object_new_int64((int64_t)s->unaudited));
  /* Of the slower, how many ran under a limit on the GPU's clocks in new,
  ** and which limits. */
  char limits[KB_CLOCK_LIMITS_TEXT_LEN];
  kb_clock_limits_text(s->slower_clocks.limits, limits, sizeof limits);
  kb_jput(o, "slower_under_clock_limits",
          json_object_new_int64((int64_t)s->slower_clocks.limited));
  kb_jput(o, "slower_clock_limits", limits[0]
          ? json_object_new_string(limits) : NULL);
  return o;
}

static json_object *side_verdict(const kb_res_case *c)
{
  return c ? json_object_new_string(kb_verdict_name(c->verdict)) : NULL;
}

/* How many times a side's median is of: samples, or kernel-time runs. */
static json_object *side_samples(const kb_res_case *c, int time)
{
  size_t n;
  int used;
  if (!c)
    return NULL;
  kb_res_times(c, time, &n, &used);
  return json_object_new_int64((int64_t)n);
}

/* A side's audit findings: its flag, or whether it went unaudited, with
** what the file said; null for a side without the case. */
static void side_audit(json_object *o, const char *side,
                       const kb_res_case *c)
{
  char key[64];
  snprintf(key, sizeof key, "%s_claim_flagged", side);
  kb_jput(o, key, c ? json_object_new_boolean(c->flagged) : NULL);
  snprintf(key, sizeof key, "%s_unaudited", side);
  kb_jput(o, key, c ? json_object_new_boolean(c->unaudited) : NULL);
  snprintf(key, sizeof key, "%s_audit_note", side);
  kb_jput(o, key, kb_jstring(c && c->unaudited ? c->audit_note
                             : c && c->flagged ? c->claim_note : NULL));
}

/* A side's NVML clock-event reasons by name ("sw_power_cap,gpu_idle");
** null for a side without the case or without readings. */
static void side_clocks(json_object *o, const char *side,
                        const kb_res_case *c)
{
  char key[64], names[256];
  snprintf(key, sizeof key, "%s_clock_events", side);
  if (c)
    kb_clock_events_names(c->clock_events, names, sizeof names);
  kb_jput(o, key, c && c->clock_events ? json_object_new_string(names)
                                       : NULL);
}

/* The counts both sides have, each with whether it changed; null when a
** side has none.  0, or -1 when memory ran out. */
static int counters_array(const kb_cmp_row *r, double tol, json_object **out)
{
  kb_res_counter_change *ch;
  size_t n;
  *out = NULL;
  if (kb_res_counters_diff(r->base, r->cur, tol, &ch, &n) < 0)
    return -1;
  if (!n)
    return 0;
  *out = json_object_new_array();
  for (size_t i = 0; *out && i < n; i++) {
    json_object *o = json_object_new_object();
    kb_jput(o, "name", json_object_new_string(ch[i].name));
    kb_jput(o, "unit", kb_jstring(ch[i].unit));
    kb_jput(o, "base", kb_jnumber(ch[i].base, "%.17g"));
    kb_jput(o, "new", kb_jnumber(ch[i].cur, "%.17g"));
    kb_jput(o, "change_pct", kb_jnumber(ch[i].change, "%.6g"));
    kb_jput(o, "judged_against", json_object_new_string(ch[i].against));
    kb_jput(o, "scale", kb_jnumber(ch[i].scale, "%.17g"));
    kb_jput(o, "by_spread", json_object_new_boolean(ch[i].by_spread));
    kb_jput(o, "changed", json_object_new_boolean(ch[i].changed));
    json_object_array_add(*out, o);
  }
  free(ch);
  return *out ? 0 : -1;
}

/* The energy per run of both sides and whether it changed; null unless
** both passed with energy (compare_energy.h). */
static json_object *energy_object(const kb_cmp_row *r, const kb_cmp_cfg *cfg)
{
  kb_cmp_energy e;
  kb_cmp_energy_judge(r, cfg, &e);
  if (e.status == KB_CMP_ENERGY_NONE)
    return NULL;
  json_object *o = json_object_new_object();
  kb_jput(o, "base_j_per_run", kb_jnumber(e.base_j, "%.10g"));
  kb_jput(o, "new_j_per_run", kb_jnumber(e.cur_j, "%.10g"));
  kb_jput(o, "base_power_w", kb_jnumber(e.base_w, "%.6g"));
  kb_jput(o, "new_power_w", kb_jnumber(e.cur_w, "%.6g"));
  kb_jput(o, "change_pct", kb_jnumber(e.change, "%.6g"));
  kb_jput(o, "p_value", kb_jnumber(e.p, "%.6g"));
  kb_jput(o, "test", isfinite(e.p) ? json_object_new_string(
                                     kb_mwu_method_name(e.method)) : NULL);
  kb_jput(o, "base_windows", kb_jcount(e.nb));
  kb_jput(o, "new_windows", kb_jcount(e.nc));
  kb_jput(o, "status", json_object_new_string(kb_cmp_energy_word(e.status)));
  kb_jput(o, "significant", json_object_new_boolean(
        e.status == KB_CMP_ENERGY_MORE || e.status == KB_CMP_ENERGY_LESS));
  kb_jput(o, "note", json_object_new_string(e.note));
  return o;
}

static json_object *row_object(const kb_cmp_row *r, double tol)
{
  json_object *o = json_object_new_object();
  const kb_res_case *any = r->base ? r->base : r->cur;
  kb_jput(o, "name", json_object_new_string(any->name));
  kb_jput(o, "backend", kb_jstring(any->backend));
  kb_jput(o, "status", json_object_new_string(kb_cmp_status_name(r->status)));
  kb_jput(o, "result", json_object_new_string(r->result));
  kb_jput(o, "regression", json_object_new_boolean(r->regression));
  kb_jput(o, "significant", json_object_new_boolean(
        r->status == KB_CMP_SLOWER || r->status == KB_CMP_FASTER));
  kb_jput(o, "base_verdict", side_verdict(r->base));
  kb_jput(o, "new_verdict", side_verdict(r->cur));
  kb_jput(o, "base_median_s", kb_jnumber(r->base_median, "%.10g"));
  kb_jput(o, "new_median_s", kb_jnumber(r->cur_median, "%.10g"));
  kb_jput(o, "change_pct", kb_jnumber(r->change, "%.6g"));
  kb_jput(o, "p_value", kb_jnumber(r->p, "%.6g"));
  kb_jput(o, "test", isfinite(r->p) ? json_object_new_string(
                                      kb_mwu_method_name(r->method))
                                : NULL);
  kb_jput(o, "time", json_object_new_string(kb_time_name(r->time)));
  kb_jput(o, "base_samples", side_samples(r->base, r->time));
  kb_jput(o, "new_samples", side_samples(r->cur, r->time));
  kb_jput(o, "threshold_pct", kb_jnumber(r->threshold, "%g"));
  kb_jput(o, "note", json_object_new_string(r->note));
  side_audit(o, "base", r->base);
  side_audit(o, "new", r->cur);
  side_clocks(o, "base", r->base);
  side_clocks(o, "new", r->cur);
  json_object *counts;
  if (counters_array(r, tol, &counts)) {
    json_object_put(o);
    return NULL;
  }
  kb_jput(o, "counters", counts);
  return o;
}

int kb_cmp_write_json(FILE *f, const kb_cmp_report *r)
{
  json_object *root = json_object_new_object();
  json_object *warnings = json_object_new_array();
  json_object *cases = json_object_new_array();
  if (!root || !warnings || !cases) {
    json_object_put(root);
    json_object_put(warnings);
    json_object_put(cases);
    return -1;
  }
  kb_jput(root, "base", run_object(r->base));
  kb_jput(root, "new", run_object(r->cur));
  kb_jput(root, "device_mismatch",
          json_object_new_boolean(*r->device_warning));
  if (*r->device_warning)
    json_object_array_add(warnings,
                          json_object_new_string(r->device_warning));
  if (*r->mode_warning)
    json_object_array_add(warnings, json_object_new_string(r->mode_warning));
  kb_jput(root, "warnings", warnings);
  kb_jput(root, "time", json_object_new_string(kb_time_name(r->cfg->time)));
  kb_jput(root, "time_note", *r->time_note
          ? json_object_new_string(r->time_note) : NULL);
  kb_jput(root, "alpha", kb_jnumber(r->cfg->alpha, "%g"));
  kb_jput(root, "threshold_pct", kb_jnumber(r->cfg->threshold, "%g"));
  kb_jput(root, "host_threshold_pct",
          kb_jnumber(r->cfg->host_threshold, "%g"));
  kb_jput(root, "min_samples", json_object_new_int(KB_CMP_MIN_SAMPLES));
  kb_jput(root, "counter_tolerance_pct",
          kb_jnumber(r->cfg->counter_tolerance, "%g"));
  char rule[512];
  kb_res_counter_rule(rule, sizeof rule, r->cfg->counter_tolerance);
  kb_jput(root, "counter_rule", json_object_new_string(rule));
  kb_jput(root, "energy_threshold_pct",
          kb_jnumber(r->cfg->energy_threshold, "%g"));
  size_t with, changed;
  json_object *summary = summary_object(&r->sum);
  if (kb_cmp_count_changes(r, &with, &changed)) {
    json_object_put(summary);
    json_object_put(root);
    json_object_put(cases);
    return -1;
  }
  kb_jput(summary, "cases_with_counters", kb_jcount(with));
  kb_jput(summary, "counters_changed", kb_jcount(changed));
  kb_cmp_energy_count(r->rows, r->n_rows, r->cfg, &with, &changed);
  kb_jput(summary, "cases_with_energy", kb_jcount(with));
  kb_jput(summary, "energy_changed", kb_jcount(changed));
  kb_jput(root, "summary", summary);
  for (size_t i = 0; i < r->n_rows; i++) {
    json_object *row = row_object(&r->rows[i], r->cfg->counter_tolerance);
    if (!row) {
      json_object_put(root);
      json_object_put(cases);
      return -1;
    }
    kb_jput(row, "energy", energy_object(&r->rows[i], r->cfg));
    json_object_array_add(cases, row);
  }
  kb_jput(root, "cases", cases);
  return kb_jprint(f, root);
}
