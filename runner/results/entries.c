/* A results file's entries one by one, for kbench tune's cache (entries.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "model/result.h"
#include "results/json_read.h"
#include "results/json_write.h"
#include "results/entries.h"
#include "results/reader.h"
#include "results/format.h"

/* An entry's text as kbench writes entries (results/json_write.h), to
** free; NULL out of memory. */
static char *copy_text(json_object *obj)
{
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f)
    return NULL;
  kb_jw w;
  kb_jw_start(&w, f, KB_JW_COMPACT);
  kb_jw_value(&w, NULL, obj);
  if (fclose(f) != 0) {
    free(text);
    return NULL;
  }
  return text;
}

/* Entry e's fields, its verdict and device read as kb_res_load reads
** them; 0, or -1 out of memory. */
static int read_entry(json_object *root, json_object *obj, kb_entry *e)
{
  e->obj = obj;
  e->name = kb_jget_string(obj, "name");
  e->backend = kb_jget_string(obj, "backend");
  e->mode = kb_jget_string(obj, KB_KEY(mode));
  char stage[sizeof ((kb_result *)0)->stage];
  char message[KB_MESSAGE_LEN], failure[KB_FAILURE_TEXT_LEN];
  e->verdict = kb_res_entry_verdict(obj, stage, sizeof stage, message,
                                    sizeof message);
  kb_res_failure_text(stage, message, failure, sizeof failure);
  return !(e->message = strdup(failure))
         || kb_res_entry_device(root, obj, &e->device)
         || !(e->text = copy_text(obj)) ? -1 : 0;
}

int kb_entries_read(const char *path, kb_entries *out, char *err,
                    size_t len)
{
  memset(out, 0, sizeof *out);
  json_object *root = kb_results_parse(path, err, len);
  if (!root)
    return -1;
  out->root = root;
  out->format = kb_results_format(root);
  json_object *list = kb_jget(root, "benchmarks");
  if (!json_object_is_type(list, json_type_array)) {
    kb_res_not_results(err, len, path, "JSON with no \"benchmarks\" list");
    kb_entries_free(out);
    return -1;
  }
  size_t n = json_object_array_length(list);
  if (!(out->e = calloc(n ? n : 1, sizeof *out->e))) {
    snprintf(err, len, "out of memory");
    kb_entries_free(out);
    return -1;
  }
  for (size_t i = 0; i < n; i++) {
    json_object *obj = json_object_array_get_idx(list, i);
    kb_entry *e = &out->e[out->n++];
    if (read_entry(root, obj, e)) {
      snprintf(err, len, "out of memory");
      kb_entries_free(out);
      return -1;
    }
    if (!e->name) {
      kb_res_not_results(err, len, path, "benchmarks[%zu] with no name", i);
      kb_entries_free(out);
      return -1;
    }
    /* A passed entry's time as kb_res_load asks it (Google Benchmark's
    ** aggregates aside): one missing is no value to search with. */
    const char *type = kb_jget_string(obj, "run_type");
    if (e->verdict == KB_PASS && !(type && strcmp(type, "aggregate") == 0)
        && kb_res_entry_timed(obj, out->format, path, i, err, len)) {
      kb_entries_free(out);
      return -1;
    }
  }
  return 0;
}

void kb_entries_free(kb_entries *es)
{
  for (size_t i = 0; i < es->n; i++) {
    free(es->e[i].message);
    free(es->e[i].text);
    kb_res_device_free(&es->e[i].device);
  }
  free(es->e);
  if (es->root)
    json_object_put(es->root);
  memset(es, 0, sizeof *es);
}

int kb_entries_number(const kb_entries *es, size_t i, const char *key,
                      double *v)
{
  json_object *x = kb_jget(es->e[i].obj,
                           kb_format_key_named(key, es->format));
  if (!json_object_is_type(x, json_type_double)
      && !json_object_is_type(x, json_type_int))
    return 0;
  *v = json_object_get_double(x);
  return isfinite(*v);
}

const char *kb_entries_tune_string(const kb_entries *es, size_t i,
                                   const char *key)
{
  return kb_jget_string(kb_jget(es->e[i].obj, "tune"), key);
}

json_object *kb_entries_untagged(const kb_entries *es, size_t i)
{
  json_object_object_del(es->e[i].obj, "tune");
  return es->e[i].obj;
}
