/* An older results file's keys rewritten as the current format's
** (format.h). */
#include <stdio.h>
#include <string.h>

#include "model/result_fields.h"
#include "results/json_read.h"
#include "results/json_write.h"
#include "results/reader.h"
#include "results/format.h"

/* The judged clock's rows, and the event and kernel rows each is one of,
** by the clock an entry's "time" names. */
static const struct {
  int judged, event, kernel;
} clocks[] = {
  {KB_FIELD_time_median, KB_FIELD_event_median, KB_FIELD_kernel_median},
  {KB_FIELD_time_mean, KB_FIELD_event_mean, KB_FIELD_kernel_mean},
  {KB_FIELD_time_min, KB_FIELD_event_min, KB_FIELD_kernel_min},
  {KB_FIELD_time_max, KB_FIELD_event_max, KB_FIELD_kernel_max},
  {KB_FIELD_time_stdev, KB_FIELD_event_stdev, KB_FIELD_kernel_stdev},
  {KB_FIELD_time_noise, KB_FIELD_event_noise, KB_FIELD_kernel_noise},
};
#define N_CLOCKS (sizeof clocks / sizeof *clocks)

/* The row an older key names under another name now, or -1. */
static int renamed(const char *key, int format)
{
  for (int id = 0; id < KB_FIELDS; id++)
    if (kb_result_fields[id].key && strcmp(kb_result_fields[id].key, key)
        && strcmp(kb_format_key(id, format), key) == 0)
      return id;
  return -1;
}

/* Whether key is a current key that the older format used for something
** else (format 1's kernel_*_s, kernel time of one kernel a run). */
static int reused(const char *key, int format)
{
  for (int id = 0; id < KB_FIELDS; id++) {
    const char *now = kb_result_fields[id].key;
    if (now && strcmp(now, key) == 0)
      return strcmp(kb_format_key(id, format), key) != 0;
  }
  return 0;
}

static int put(json_object *to, const char *key, json_object *v)
{
  return json_object_object_add(to, key, json_object_get(v));
}

/* The judged clock's rows of entry e, from its clock's rows in format's
** keys, into to: "time" (event when e names none), then time_*. */
static int put_judged(json_object *to, json_object *e, int format)
{
  const char *t = kb_jget_string(e, KB_KEY(judged));
  int kernel = t && strcmp(t, "kernel") == 0;
  json_object *word = json_object_new_string(kernel ? "kernel" : "event");
  int bad = !word || json_object_object_add(to, KB_KEY(judged), word);
  for (size_t i = 0; i < N_CLOCKS; i++) {
    int from = kernel ? clocks[i].kernel : clocks[i].event;
    bad |= put(to, kb_result_fields[clocks[i].judged].key,
               kb_jget(e, kb_format_key(from, format)));
  }
  return bad;
}

/* Entry e of an older format as the current format writes it: a new
** object (to put), in e's order, its renamed keys under their names, its
** reused ones left out, and the judged clock's rows where its clocks'
** begin (or after "time"); NULL out of memory. */
static json_object *upgrade_entry(json_object *e, int format)
{
  json_object *to = json_object_new_object();
  int judged = 0, bad = !to;
  json_object_object_foreach(e, key, v) {
    int id = renamed(key, format);
    if (bad || reused(key, format)
        || (judged && strcmp(key, KB_KEY(judged)) == 0))
      continue;
    if (!judged && (id >= 0 || strcmp(key, KB_KEY(judged)) == 0)) {
      bad |= put_judged(to, e, format);
      judged = 1;
      if (id < 0)
        continue;         /* "time": put with the judged rows */
    }
    bad |= put(to, id >= 0 ? kb_result_fields[id].key : key, v);
  }
  if (!bad && !judged)
    bad = put_judged(to, e, format);
  if (bad) {
    json_object_put(to);
    return NULL;
  }
  return to;
}

int kb_format_upgrade(json_object *root)
{
  int format = kb_results_format(root);
  json_object *list = kb_jget(root, "benchmarks");
  json_object *kb = kb_jget(kb_jget(root, "context"), "kbench");
  if (!kb || !json_object_is_type(list, json_type_array))
    return -1;
  size_t n = json_object_array_length(list);
  for (size_t i = 0; i < n; i++) {
    json_object *e = json_object_array_get_idx(list, i);
    json_object *to = json_object_is_type(e, json_type_object)
                      ? upgrade_entry(e, format) : json_object_get(e);
    if (!to || json_object_array_put_idx(list, i, to))
      return -1;
  }
  return json_object_object_add(kb, "results_format",
                                json_object_new_int(KB_RESULTS_FORMAT))
         ? -1 : (int)n;
}

int kb_format_write(FILE *f, json_object *root)
{
  kb_jw w;
  kb_jw_start(&w, f, KB_JW_COMPACT);
  kb_jw_object(&w, NULL);
  json_object_object_foreach(root, key, v) {
    if (strcmp(key, "benchmarks")
        || !json_object_is_type(v, json_type_array)) {
      kb_jw_value(&w, key, v);
      continue;
    }
    kb_jw_array_as(&w, key, KB_JW_LINES);   /* an entry a line */
    for (size_t i = 0; i < json_object_array_length(v); i++)
      kb_jw_value(&w, NULL, json_object_array_get_idx(v, i));
    kb_jw_end(&w);
  }
  kb_jw_end(&w);
  fputc('\n', f);
  return ferror(f) ? -1 : 0;
}
