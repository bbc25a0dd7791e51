/*
** kbench compare --json: the same rows as the table, for programs.  Strict
** JSON: a value that is not a finite number (a median of a case that did
** not run, the change against a zero median) is written as null, never as
** NaN.  Numbers are written from their own short decimal text, not from
** json-c's 17 digits.
*/
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <json.h>

#include "compare_write.h"
#include "mannwhitney.h"
#include "measure.h"

static json_object *number(double x, const char *fmt)
{
  char text[64];
  if (!isfinite(x))
    return NULL;                  /* json-c writes NULL as null */
  snprintf(text, sizeof text, fmt, x);
  return json_object_new_double_s(x, text);
}

static json_object *string_or_null(const char *s)
{
  return s && *s ? json_object_new_string(s) : NULL;
}

static void put(json_object *obj, const char *key, json_object *v)
{
  json_object_object_add(obj, key, v);
}

static json_object *run_object(const kb_cmp_run *run)
{
  json_object *o = json_object_new_object(), *dev = NULL;
  put(o, "file", json_object_new_string(run->path));
  put(o, "kbench_version", string_or_null(run->version));
  put(o, "mode", string_or_null(run->mode));
  if (run->have_device) {
    dev = json_object_new_object();
    put(dev, "name", string_or_null(run->device_name));
    put(dev, "uuid", string_or_null(run->device_uuid));
  }
  put(o, "device", dev);
  return o;
}

static json_object *summary_object(const kb_cmp_summary *s)
{
  json_object *o = json_object_new_object();
  put(o, "cases", json_object_new_int64((int64_t)s->rows));
  put(o, "regressions", json_object_new_int64((int64_t)s->regressions));
  put(o, "slower", json_object_new_int64((int64_t)s->slower));
  put(o, "failed_in_new", json_object_new_int64((int64_t)s->broken));
  put(o, "faster", json_object_new_int64((int64_t)s->faster));
  put(o, "same", json_object_new_int64((int64_t)s->same));
  put(o, "not_compared", json_object_new_int64((int64_t)s->not_passed));
  put(o, "only_in_base", json_object_new_int64((int64_t)s->only_base));
  put(o, "only_in_new", json_object_new_int64((int64_t)s->only_new));
  return o;
}

static json_object *side_verdict(const kb_cmp_case *c)
{
  return c ? json_object_new_string(kb_cmp_verdict_name(c->verdict)) : NULL;
}

static json_object *side_samples(const kb_cmp_case *c)
{
  return c ? json_object_new_int64((int64_t)c->n_samples) : NULL;
}

static json_object *row_object(const kb_cmp_row *r)
{
  json_object *o = json_object_new_object();
  const kb_cmp_case *any = r->base ? r->base : r->cur;
  put(o, "name", json_object_new_string(any->name));
  put(o, "backend", string_or_null(any->backend));
  put(o, "status", json_object_new_string(kb_cmp_status_name(r->status)));
  put(o, "result", json_object_new_string(r->result));
  put(o, "regression", json_object_new_boolean(r->regression));
  put(o, "significant", json_object_new_boolean(
        r->status == KB_CMP_SLOWER || r->status == KB_CMP_FASTER));
  put(o, "base_verdict", side_verdict(r->base));
  put(o, "new_verdict", side_verdict(r->cur));
  put(o, "base_median_s", number(r->base_median, "%.10g"));
  put(o, "new_median_s", number(r->cur_median, "%.10g"));
  put(o, "change_pct", number(r->change, "%.6g"));
  put(o, "p_value", number(r->p, "%.6g"));
  put(o, "test", isfinite(r->p) ? json_object_new_string(
                                      kb_mwu_method_name(r->method))
                                : NULL);
  put(o, "base_samples", side_samples(r->base));
  put(o, "new_samples", side_samples(r->cur));
  put(o, "threshold_pct", number(r->threshold, "%g"));
  put(o, "note", json_object_new_string(r->note));
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
  put(root, "base", run_object(r->base));
  put(root, "new", run_object(r->cur));
  put(root, "device_mismatch", json_object_new_boolean(*r->device_warning));
  if (*r->device_warning)
    json_object_array_add(warnings,
                          json_object_new_string(r->device_warning));
  if (*r->mode_warning)
    json_object_array_add(warnings, json_object_new_string(r->mode_warning));
  put(root, "warnings", warnings);
  put(root, "alpha", number(r->cfg->alpha, "%g"));
  put(root, "threshold_pct", number(r->cfg->threshold, "%g"));
  put(root, "host_threshold_pct", number(r->cfg->host_threshold, "%g"));
  put(root, "min_samples", json_object_new_int(KB_CMP_MIN_SAMPLES));
  put(root, "summary", summary_object(&r->sum));
  for (size_t i = 0; i < r->n_rows; i++)
    json_object_array_add(cases, row_object(&r->rows[i]));
  put(root, "cases", cases);
  const char *text = json_object_to_json_string_ext(
      root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED
                | JSON_C_TO_STRING_NOSLASHESCAPE);
  int rc = text ? 0 : -1;
  if (text)
    fprintf(f, "%s\n", text);
  json_object_put(root);
  return rc;
}
