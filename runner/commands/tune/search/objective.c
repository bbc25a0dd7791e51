/* What kbench tune optimises, and in which direction (objective.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/format.h"
#include "commands/tune/search/objective.h"

/* Name parts of metrics whose higher values are better: percentages of a
** peak, hit rates, efficiencies, rates and throughputs.  Everything else
** (bytes, sectors, conflicts, instructions, cycles, registers) is a cost. */
static const char *const higher_better[] = {
  ".pct", "pct_of_peak", "hit_rate", "efficiency", "per_second",
  "throughput", "warps_active", NULL};

static int higher_is_better(const char *metric)
{
  for (const char *const *p = higher_better; *p; p++)
    if (strstr(metric, *p))
      return 1;
  return 0;
}

int kb_objective_parse(const char *text, kb_objective *o, char *err,
                       size_t len)
{
  memset(o, 0, sizeof *o);
  const char *colon = strrchr(text, ':');
  size_t n = colon ? (size_t)(colon - text) : strlen(text);
  int given = -1;
  if (colon && strcmp(colon, ":min") && strcmp(colon, ":max")) {
    snprintf(err, len, "'%s' after the name: expected :min or :max", colon);
    return -1;
  }
  if (colon)
    given = strcmp(colon, ":max") == 0;
  if (n == 0 || n >= sizeof o->name) {
    snprintf(err, len, "expected time, bandwidth, energy or a metric name");
    return -1;
  }
  memcpy(o->name, text, n);
  o->name[n] = '\0';
  static const struct {
    const char *name, *unit;
    int maximize;
  } builtin[] = {{"time", "s", 0}, {"bandwidth", "GB/s", 1},
                 {"energy", "J", 0}};
  for (int k = 0; k < 3; k++)
    if (strcmp(o->name, builtin[k].name) == 0) {
      o->kind = k;        /* the order of enum kb_objective_kind */
      snprintf(o->unit, sizeof o->unit, "%s", builtin[k].unit);
      o->maximize = given >= 0 ? given : builtin[k].maximize;
      return 0;
    }
  /* A metric: as --metrics parses it, and one name, not a set. */
  struct kb_metric_list *list = malloc(sizeof *list);
  char why[512];
  if (!list) {
    snprintf(err, len, "out of memory");
    return -1;
  }
  int rc = kb_metrics_parse(o->name, NULL, list, why, sizeof why);
  if (rc == 0 && (list->n != 1 || strcmp(list->shown[0].name, o->name))) {
    snprintf(why, sizeof why, "'%s' is a set of %zu metrics: name one of "
             "them", o->name, list->n);
    rc = -1;
  }
  free(list);
  if (rc) {
    snprintf(err, len, "expected time, bandwidth, energy or one metric: %s",
             why);
    return -1;
  }
  o->kind = KB_OBJECTIVE_METRIC;
  o->maximize = given >= 0 ? given : higher_is_better(o->name);
  return 0;
}

const char *kb_objective_key(const kb_objective *o)
{
  switch (o->kind) {
  case KB_OBJECTIVE_TIME: return KB_KEY(time_median);
  case KB_OBJECTIVE_BANDWIDTH: return KB_KEY(gbps);
  case KB_OBJECTIVE_ENERGY: return KB_KEY(energy_j);
  default: return o->name;
  }
}

/* The metric's run total in r: 0 with it in *v, or -1 with why not. */
static int metric_value(kb_objective *o, const kb_result *r, double *v,
                        char *why, size_t len)
{
  const kb_counters *k = r->counters;
  if (!k) {
    snprintf(why, len, "no counters: %s", r->counters_note[0]
             ? r->counters_note : "none were collected for this case");
    return -1;
  }
  for (size_t m = 0; m < k->n_metrics; m++) {
    if (strcmp(k->names[m], o->name))
      continue;
    if (!o->unit[0])
      snprintf(o->unit, sizeof o->unit, "%s", k->units[m]);
    *v = k->total[m];
    if (isfinite(*v))
      return 0;
    snprintf(why, len, "%s has no one value for the run's %zu kernels",
             o->name, k->n_launched);
    return -1;
  }
  snprintf(why, len, "the counters lack %s", o->name);
  return -1;
}

int kb_objective_value(kb_objective *o, const kb_result *r, double *v,
                       char *why, size_t len)
{
  switch (o->kind) {
  case KB_OBJECTIVE_TIME:
    *v = kb_result_time(r);      /* the judged median (--time) */
    if (*v > 0)
      return 0;
    snprintf(why, len, "no time measured");
    return -1;
  case KB_OBJECTIVE_BANDWIDTH:
    *v = r->gbps;
    if (*v > 0)
      return 0;
    snprintf(why, len, "no bandwidth: the case reports no bytes moved");
    return -1;
  case KB_OBJECTIVE_ENERGY:
    /* As the JSON writer has it, so that a cached entry reads the same. */
    *v = r->energy_j;
    if (*v > 0)
      return 0;
    snprintf(why, len, "no energy measured: %s", r->energy_note[0]
             ? r->energy_note : "it needs a CUDA case and NVML's energy "
             "counter");
    return -1;
  default:
    return metric_value(o, r, v, why, len);
  }
}

double kb_objective_cost(const kb_objective *o, double v)
{
  return o->maximize ? -v : v;
}

void kb_objective_format(const kb_objective *o, double v, char *buf,
                         size_t len)
{
  switch (o->kind) {
  case KB_OBJECTIVE_TIME:
    kb_format_seconds(buf, len, v);
    return;
  case KB_OBJECTIVE_BANDWIDTH:
    snprintf(buf, len, "%.1f GB/s", v);
    return;
  default:
    snprintf(buf, len, "%.4g%s%s", v, o->unit[0] ? " " : "", o->unit);
  }
}
