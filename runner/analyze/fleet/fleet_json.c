/*
** kbench fleet --format=json and --json=FILE: every GPU, and every case
** with each GPU's result, for programs (a dashboard, a scheduler draining
** slow nodes).  Strict JSON: what is not known is null.
*/
#include <math.h>
#include <stdio.h>

#include <json.h>

#include "analyze/fleet/fleet_write.h"
#include "core/measure_cfg.h"
#include "core/verdict.h"
#include "results/json_write.h"

static json_object *device_object(const kb_res_device *d)
{
  if (!d->known)
    return NULL;
  json_object *o = json_object_new_object();
  kb_jput(o, "ordinal", d->ordinal >= 0 ? json_object_new_int(d->ordinal)
                                        : NULL);
  kb_jput(o, "name", kb_jstring(d->name));
  kb_jput(o, "uuid", kb_jstring(d->uuid));
  kb_jput(o, "pci_bus_id", kb_jstring(d->pci_bus_id));
  return o;
}

static json_object *gpu_object(const kb_fleet_gpu *g, size_t index)
{
  json_object *o = json_object_new_object(), *files = json_object_new_array();
  char verdict[KB_FLEET_VERDICT_LEN];
  kb_fleet_verdict(g, verdict, sizeof verdict);
  kb_jput(o, "index", kb_jcount(index));
  kb_jput(o, "label", json_object_new_string(g->label));
  kb_jput(o, "kind", json_object_new_string(g->host ? "host" : "gpu"));
  kb_jput(o, "host_name", kb_jstring(g->host_name));
  kb_jput(o, "rank", g->rank >= 0 ? json_object_new_int(g->rank) : NULL);
  kb_jput(o, "device", g->host ? NULL : device_object(g->device));
  kb_jput(o, "group", kb_jcount(g->group));
  kb_jput(o, "cases", kb_jcount(g->cases));
  for (size_t i = 0; i < g->n_files; i++)
    json_object_array_add(files, json_object_new_string(g->files[i]));
  kb_jput(o, "files", files);
  kb_jput(o, "worst_ratio", kb_jnumber(g->worst_ratio, "%.6g"));
  kb_jput(o, "worst_case", kb_jstring(g->worst_case));
  for (int k = KB_FLEET_SLOW; k < KB_FLEET_N_FLAGS; k++)
    kb_jput(o, kb_fleet_flag_name(k), kb_jcount(g->flags[k]));
  char who[KB_DISTURBERS_TEXT_LEN];
  kb_disturbers_text(&g->disturbers, who, sizeof who);
  kb_jput(o, "disturbed_by", g->flags[KB_FLEET_DISTURBED]
                             ? json_object_new_string(who) : NULL);
  char limits[KB_CLOCK_LIMITS_TEXT_LEN];
  kb_clock_limits_text(g->slow_clocks.limits, limits, sizeof limits);
  kb_jput(o, "slow_under_clock_limits", kb_jcount(g->slow_clocks.limited));
  kb_jput(o, "slow_clock_limits", kb_jstring(limits[0] ? limits : NULL));
  kb_jput(o, "flagged", json_object_new_boolean(g->flagged));
  kb_jput(o, "interrupted", kb_jstring(g->interrupted));
  kb_jput(o, "verdict", json_object_new_string(verdict));
  return o;
}

static json_object *result_object(const kb_fleet *f, size_t c, size_t g)
{
  const kb_fleet_cell *cell = KB_FLEET_CELL(f, c, g);
  json_object *o = json_object_new_object();
  char note[1024];
  kb_fleet_reason(f, c, g, note, sizeof note);
  kb_jput(o, "gpu", kb_jcount(g));
  kb_jput(o, "verdict", cell->present ? json_object_new_string(
                            kb_verdict_name(cell->verdict)) : NULL);
  kb_jput(o, "median_s", kb_jnumber(cell->median, "%.10g"));
  kb_jput(o, "reference_s", kb_jnumber(cell->reference, "%.10g"));
  kb_jput(o, "reference_from_baseline",
          json_object_new_boolean(cell->from_baseline));
  kb_jput(o, "samples", kb_jcount(cell->n_samples));
  kb_jput(o, "ratio", kb_jnumber(cell->ratio, "%.6g"));
  kb_jput(o, "flag", kb_jstring(kb_fleet_flag_name(cell->flag)));
  kb_jput(o, "note", kb_jstring(note));
  char names[256];
  kb_clock_events_names(cell->clock_events, names, sizeof names);
  kb_jput(o, "clock_events", kb_jstring(cell->clock_events ? names : NULL));
  return o;
}

static json_object *case_object(const kb_fleet *f, size_t c)
{
  const kb_fleet_case *fc = &f->cases[c];
  json_object *o = json_object_new_object(), *res = json_object_new_array();
  kb_jput(o, "name", json_object_new_string(fc->name));
  kb_jput(o, "backend", kb_jstring(fc->backend));
  kb_jput(o, "tolerance_pct", kb_jnumber(fc->tolerance, "%g"));
  kb_jput(o, "time", json_object_new_string(kb_time_name(fc->time)));
  kb_jput(o, "gpus_passed", kb_jcount(fc->passed));
  kb_jput(o, "min_ratio", kb_jnumber(fc->min_ratio, "%.6g"));
  kb_jput(o, "max_ratio", kb_jnumber(fc->max_ratio, "%.6g"));
  kb_jput(o, "slowest_gpu", isfinite(fc->max_ratio) ? kb_jcount(fc->slowest)
                                                    : NULL);
  kb_jput(o, "flagged", kb_jcount(fc->flagged));
  for (size_t g = 0; g < f->n_gpus; g++)
    json_object_array_add(res, result_object(f, c, g));
  kb_jput(o, "results", res);
  return o;
}

int kb_fleet_write_json(FILE *out, const kb_fleet *f)
{
  json_object *root = json_object_new_object();
  json_object *gpus = json_object_new_array(), *cases = json_object_new_array();
  json_object *summary = json_object_new_object();
  if (!root || !gpus || !cases || !summary) {
    json_object_put(root);
    json_object_put(gpus);
    json_object_put(cases);
    json_object_put(summary);
    return -1;
  }
  kb_jput(root, "time", json_object_new_string(kb_time_name(f->cfg->time)));
  kb_jput(root, "tolerance_pct", kb_jnumber(f->cfg->tolerance, "%g"));
  kb_jput(root, "baseline", f->cfg->baseline
                            ? kb_jstring(f->cfg->baseline->path) : NULL);
  kb_jput(root, "host_tolerance_pct",
          kb_jnumber(f->cfg->host_tolerance, "%g"));
  kb_jput(summary, "files", kb_jcount(f->n_files));
  kb_jput(summary, "gpus", kb_jcount(f->n_real));
  kb_jput(summary, "flagged", kb_jcount(f->flagged));
  kb_jput(summary, "model_groups", kb_jcount(f->n_model_groups));
  kb_jput(summary, "hosts", kb_jcount(f->n_gpus - f->n_real));
  kb_jput(summary, "hosts_flagged", kb_jcount(f->hosts_flagged));
  kb_jput(summary, "cases", kb_jcount(f->n_cases));
  kb_jput(root, "summary", summary);
  for (size_t g = 0; g < f->n_gpus; g++)
    json_object_array_add(gpus, gpu_object(&f->gpus[g], g));
  kb_jput(root, "gpus", gpus);
  json_object *groups = json_object_new_array();
  for (size_t k = 0; groups && k < f->n_groups; k++) {
    json_object *o = json_object_new_object();
    kb_jput(o, "kind", json_object_new_string(f->groups[k].host ? "host"
                                                                : "gpu"));
    kb_jput(o, "name", kb_jstring(f->groups[k].name));
    kb_jput(o, "global_mem_bytes", kb_jnumber(f->groups[k].mem_bytes,
                                              "%.0f"));
    kb_jput(o, "members", kb_jcount(f->groups[k].n));
    json_object_array_add(groups, o);
  }
  kb_jput(root, "groups", groups);
  for (size_t c = 0; c < f->n_cases; c++)
    json_object_array_add(cases, case_object(f, c));
  kb_jput(root, "cases", cases);
  return kb_jprint(out, root);
}
