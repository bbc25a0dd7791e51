/*
** kbench fleet --format=json and --json=FILE: every GPU, and every case
** with each GPU's result, for programs (a dashboard, a scheduler draining
** slow nodes).  Strict JSON: what is not known is null.
*/
#include <math.h>
#include <stdio.h>

#include "commands/fleet/write.h"
#include "model/measure_cfg.h"
#include "model/verdict.h"
#include "results/json_write.h"

static void device_object(kb_jw *w, const kb_res_device *d)
{
  if (!d->known) {
    kb_jw_null(w, "device");
    return;
  }
  kb_jw_object(w, "device");
  if (d->ordinal >= 0)
    kb_jw_int(w, "ordinal", d->ordinal);
  else
    kb_jw_null(w, "ordinal");
  kb_jw_text(w, "name", d->name);
  kb_jw_text(w, "uuid", d->uuid);
  kb_jw_text(w, "pci_bus_id", d->pci_bus_id);
  kb_jw_end(w);
}

static void gpu_object(kb_jw *w, const kb_fleet_gpu *g, size_t index)
{
  char verdict[KB_FLEET_VERDICT_LEN];
  kb_fleet_verdict(g, verdict, sizeof verdict);
  kb_jw_object(w, NULL);
  kb_jw_uint(w, "index", index);
  kb_jw_string(w, "label", g->label);
  kb_jw_string(w, "kind", g->host ? "host" : "gpu");
  kb_jw_text(w, "host_name", g->host_name);
  if (g->rank >= 0)
    kb_jw_int(w, "rank", g->rank);
  else
    kb_jw_null(w, "rank");
  if (g->host)
    kb_jw_null(w, "device");
  else
    device_object(w, g->device);
  kb_jw_uint(w, "group", g->group);
  kb_jw_uint(w, "cases", g->cases);
  kb_jw_array(w, "files");
  for (size_t i = 0; i < g->n_files; i++)
    kb_jw_string(w, NULL, g->files[i]);
  kb_jw_end(w);
  kb_jw_number_fmt(w, "worst_ratio", g->worst_ratio, "%.6g");
  kb_jw_text(w, "worst_case", g->worst_case);
  for (int k = KB_FLEET_SLOW; k < KB_FLEET_N_FLAGS; k++)
    kb_jw_uint(w, kb_fleet_flag_name(k), g->flags[k]);
  char who[KB_DISTURBERS_TEXT_LEN];
  kb_disturbers_text(&g->disturbers, who, sizeof who);
  kb_jw_string(w, "disturbed_by", g->flags[KB_FLEET_DISTURBED] ? who : NULL);
  char limits[KB_CLOCK_LIMITS_TEXT_LEN];
  kb_clock_limits_text(g->slow_clocks.limits, limits, sizeof limits);
  kb_jw_uint(w, "slow_under_clock_limits", g->slow_clocks.limited);
  kb_jw_text(w, "slow_clock_limits", limits);
  kb_jw_bool(w, "flagged", g->flagged);
  kb_jw_text(w, "interrupted", g->interrupted);
  kb_jw_string(w, "verdict", verdict);
  kb_jw_end(w);
}

static void result_object(kb_jw *w, const kb_fleet *f, size_t c, size_t g)
{
  const kb_fleet_cell *cell = KB_FLEET_CELL(f, c, g);
  char note[1024];
  kb_fleet_reason(f, c, g, note, sizeof note);
  kb_jw_object(w, NULL);
  kb_jw_uint(w, "gpu", g);
  kb_jw_string(w, "verdict", cell->present ? kb_verdict_name(cell->verdict)
                                           : NULL);
  kb_jw_number_fmt(w, "median_s", cell->median, "%.10g");
  kb_jw_number_fmt(w, "reference_s", cell->reference, "%.10g");
  kb_jw_bool(w, "reference_from_baseline", cell->from_baseline);
  kb_jw_uint(w, "samples", cell->n_samples);
  kb_jw_number_fmt(w, "ratio", cell->ratio, "%.6g");
  kb_jw_text(w, "flag", kb_fleet_flag_name(cell->flag));
  kb_jw_text(w, "note", note);
  char names[256];
  kb_clock_events_names(cell->clock_events, names, sizeof names);
  kb_jw_text(w, "clock_events", cell->clock_events ? names : NULL);
  kb_jw_end(w);
}

static void case_object(kb_jw *w, const kb_fleet *f, size_t c)
{
  const kb_fleet_case *fc = &f->cases[c];
  kb_jw_object(w, NULL);
  kb_jw_string(w, "name", fc->name);
  kb_jw_text(w, "backend", fc->backend);
  kb_jw_number_fmt(w, "tolerance_pct", fc->tolerance, "%g");
  kb_jw_number_fmt(w, "placement_pct", fc->placement, "%.4g");
  kb_jw_uint(w, "gpus_excused", fc->excused);
  kb_jw_string(w, "time", kb_time_name(fc->time));
  kb_jw_uint(w, "gpus_passed", fc->passed);
  kb_jw_number_fmt(w, "min_ratio", fc->min_ratio, "%.6g");
  kb_jw_number_fmt(w, "max_ratio", fc->max_ratio, "%.6g");
  if (isfinite(fc->max_ratio))
    kb_jw_uint(w, "slowest_gpu", fc->slowest);
  else
    kb_jw_null(w, "slowest_gpu");
  kb_jw_uint(w, "flagged", fc->flagged);
  kb_jw_array(w, "results");
  for (size_t g = 0; g < f->n_gpus; g++)
    result_object(w, f, c, g);
  kb_jw_end(w);
  kb_jw_end(w);
}

int kb_fleet_write_json(FILE *out, const kb_fleet *f)
{
  kb_jw w;
  kb_jw_start(&w, out, KB_JW_INDENTED);
  kb_jw_object(&w, NULL);
  kb_jw_string(&w, "time", kb_time_name(f->cfg->time));
  kb_jw_number_fmt(&w, "tolerance_pct", f->cfg->tolerance, "%g");
  kb_jw_text(&w, "baseline", f->cfg->baseline ? f->cfg->baseline->path
                                               : NULL);
  kb_jw_number_fmt(&w, "host_tolerance_pct", f->cfg->host_tolerance, "%g");
  kb_jw_object(&w, "summary");
  kb_jw_uint(&w, "files", f->n_files);
  kb_jw_uint(&w, "gpus", f->n_real);
  kb_jw_uint(&w, "flagged", f->flagged);
  kb_jw_uint(&w, "excused", f->excused);
  kb_jw_uint(&w, "model_groups", f->n_model_groups);
  kb_jw_uint(&w, "hosts", f->n_gpus - f->n_real);
  kb_jw_uint(&w, "hosts_flagged", f->hosts_flagged);
  kb_jw_uint(&w, "cases", f->n_cases);
  kb_jw_end(&w);
  kb_jw_array(&w, "gpus");
  for (size_t g = 0; g < f->n_gpus; g++)
    gpu_object(&w, &f->gpus[g], g);
  kb_jw_end(&w);
  kb_jw_array(&w, "groups");
  for (size_t k = 0; k < f->n_groups; k++) {
    kb_jw_object(&w, NULL);
    kb_jw_string(&w, "kind", f->groups[k].host ? "host" : "gpu");
    kb_jw_text(&w, "name", f->groups[k].name);
    kb_jw_number_fmt(&w, "global_mem_bytes", f->groups[k].mem_bytes, "%.0f");
    kb_jw_uint(&w, "members", f->groups[k].n);
    kb_jw_end(&w);
  }
  kb_jw_end(&w);
  kb_jw_array(&w, "cases");
  for (size_t c = 0; c < f->n_cases; c++)
    case_object(&w, f, c);
  kb_jw_end(&w);
  kb_jw_end(&w);
  kb_jw_finish(&w);
  return ferror(out) ? -1 : 0;
}
