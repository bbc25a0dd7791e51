/*
** The table of a result's fields (model/result_fields.h) and what is made
** of it besides the wire (test_wire.c): every key is the table's once and
** its name agrees with its unit; a copy of a result is every field the
** same, owning its own text and arrays; and a result as an entry of a
** results file (results/entry.h), written and read back, keeps every
** field with a key wherever its entry shows it (a passed result shows
** most, a failed one its stage and message), so that a field the writer
** or the reader drops fails here by name.  The one JSON writer writes a
** number that is not finite as null, one it made and one read back.
*/
#define _GNU_SOURCE            /* open_memstream */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "fields.h"
#include "model/field_text.h"
#include "output/csv.h"
#include "results/entry.h"
#include "results/json_write.h"
#include "results/format.h"
#include "tap.h"

#if KBENCH_HAVE_JSON_C
#include <json.h>

/* r's entry as text (to free). */
static char *entry_text(const kb_result *r)
{
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  kb_entry_about about = {.name = "fake/n:1K", .rep = 1, .reps = 3,
                          .ordinal = 0, .variant = "fake",
                          .backend = "cuda",
                          .peaks = {.peak_gbps = 3352, .copy_gbps = 3000}};
  kb_jw w;
  kb_jw_start(&w, f, KB_JW_COMPACT);
  kb_entry_write(&w, r, &about);
  fclose(f);
  return text;
}

/* r written and read back into back, the text strictly parsed: 0, or -1
** when the text is not strict JSON or cannot be read. */
static int round_trip(const kb_result *r, kb_result *back)
{
  char *text = entry_text(r);
  json_tokener *tok = json_tokener_new();
  json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
  json_object *e = json_tokener_parse_ex(tok, text, (int)strlen(text));
  int rc = e && json_tokener_get_error(tok) == json_tokener_success
           && json_object_is_type(e, json_type_object)
           ? kb_entry_read(e, KB_RESULTS_FORMAT, back, NULL) : -1;
  if (rc)
    printf("# not read back: %s\n", text);
  json_tokener_free(tok);
  json_object_put(e);
  free(text);
  return rc;
}

/* The rows r shows with a value its start value does not have, that came
** back the same: marked in covered; a shown row that differs is said. */
static int cover(const kb_result *r, unsigned char covered[KB_FIELDS])
{
  kb_result back;
  field_check c[KB_FIELDS];
  if (round_trip(r, &back))
    return -1;
  size_t n = check_fields(r, &back, c), wrong = 0;
  for (size_t i = 0; i < n; i++) {
    if (!c[i].key || !c[i].shown)
      continue;
    if (!c[i].same) {
      printf("# %s (\"%s\") did not come back\n", c[i].id, c[i].key);
      wrong++;
    }
    for (int id = 0; id < KB_FIELDS; id++)
      if (strcmp(kb_result_fields[id].id, c[i].id) == 0 && c[i].same
          && c[i].not_start)
        covered[id] = 1;
  }
  kb_result_free(&back);
  return wrong ? -1 : 0;
}
#endif

/* Whether key ends with suffix. */
static int ends_with(const char *key, const char *suffix)
{
  size_t k = strlen(key), s = strlen(suffix);
  return k >= s && strcmp(key + k - s, suffix) == 0;
}

/* The CSV's own columns, which no row of the table is: the case
** (variant, params, backend, repetition), the device's peaks (peak_gbps,
** copy_gbps), and the device's ordinal, last.  No other: a cell that
** repeated a row under a name of its own (samples, gflops,
** claim_flagged) is that row's, under its key. */
static const char *const csv_own[] = {
  "variant", "params", "backend", "peak_gbps", "copy_gbps", "repetition",
  "device",
};

static int in(const char *const *list, size_t n, const char *name)
{
  for (size_t i = 0; i < n; i++)
    if (strcmp(list[i], name) == 0)
      return 1;
  return 0;
}

/* How many times name is a column of the header (a CSV line). */
static int columns_named(const char *header, const char *name)
{
  int n = 0;
  size_t len = strlen(name);
  for (const char *c = header; c; c = strchr(c, ','), c = c ? c + 1 : c)
    n += strncmp(c, name, len) == 0 && (c[len] == ',' || !c[len]);
  return n;
}

/* The rows against the table's own rules and against a --csv header:
** how many disagree, each said.  A keyed row says CSV or JSON and a row
** without a key WIRE, or TEXT (a D row the table shows); a row that says
** CSV is a column of the header once, under its key, and one that says
** JSON is none; every other column is one of the CSV's own; and a row's
** hint fits its type: "s" (a word) or "q" (a text) for text, a printf
** conversion for a number. */
static int rows_against(const char *header)
{
  int off = 0;
  for (int i = 0; i < KB_FIELDS; i++) {
    const kb_field *f = &kb_result_fields[i];
    static const char *const texts[] = {"VERDICT", "STOP", "MEMORY", "TIME",
                                        "STR", "OWNSTR", "TEXT", "CHARS"};
    const char *why = NULL;
    if (f->kind == 'H')
      continue;
    int text = in(texts, sizeof texts / sizeof *texts, f->type);
    int keyless = f->out == KB_OUT_WIRE
                  || (f->out == KB_OUT_TEXT && f->kind == 'D' && f->table.at);
    if (!f->key != keyless)
      why = "a key is shown as CSV or JSON, a row without one is WIRE, or "
            "TEXT (a D row the table shows)";
    else if (f->out == KB_OUT_CSV && columns_named(header, f->key) != 1)
      why = "it says CSV, but --csv has not one column of its key";
    else if (f->out == KB_OUT_JSON && columns_named(header, f->key))
      why = "--csv has a column of its key, but it says JSON";
    else if (text != kb_field_is_text(f) || !f->hint[0])
      why = "its hint does not fit its type";
    if (why) {
      printf("# %s (\"%s\"): %s\n", f->id, f->key ? f->key : "", why);
      off++;
    }
  }
  char *names = strdup(header);
  for (char *save, *c = strtok_r(names, ",", &save); c;
       c = strtok_r(NULL, ",", &save)) {
    int keyed = 0;
    for (int i = 0; i < KB_FIELDS; i++)
      keyed |= kb_result_fields[i].out == KB_OUT_CSV
               && strcmp(kb_result_fields[i].key, c) == 0;
    if (!keyed && !in(csv_own, sizeof csv_own / sizeof *csv_own, c)) {
      printf("# --csv column %s: no row says CSV with that key, and it is "
             "not one of the CSV's own\n", c);
      off++;
    }
  }
  free(names);
  return off;
}

/* The name of column n (from 1) of a CSV header, into buf ("" past the
** last). */
static void column_named(const char *header, int n, char *buf, size_t len)
{
  const char *c = header;
  for (int i = 1; i < n && c; i++)
    if ((c = strchr(c, ',')))
      c++;
  size_t k = c ? strcspn(c, ",") : 0;
  snprintf(buf, len, "%.*s", (int)(k < len ? k : len - 1), c ? c : "");
}

/* The --csv columns of the rows (result_fields.h's CSV(n)): a row that
** says CSV(n) is column n of the header, counted from 1 among the CSV's
** own, so that a reader counting columns finds it there; any other row
** has none.  How many rows disagree, each said. */
static int columns_off(const char *header)
{
  int off = 0;
  for (int i = 0; i < KB_FIELDS; i++) {
    const kb_field *f = &kb_result_fields[i];
    char name[64];
    column_named(header, f->column, name, sizeof name);
    if (f->out == KB_OUT_CSV ? strcmp(name, f->key) != 0 : f->column != 0) {
      printf("# %s: column %d, \"%s\" in the header\n", f->id, f->column,
             name);
      off++;
    }
  }
  return off;
}

/* The table's columns (result_fields.h's TABLE and CALIBRATED): a row
** the table shows has one, from 1 to KB_TABLE_COLUMNS, no two the same,
** with a width, a view and a number to show; every row with a key, and
** every H row, says in words what it is.  How many rows disagree, each
** said. */
static int table_off(void)
{
  int off = 0;
  for (int i = 0; i < KB_FIELDS; i++) {
    const kb_field *f = &kb_result_fields[i];
    const struct kb_field_table *t = &f->table;
    int at = 0;
    for (int j = 0; j < KB_FIELDS; j++)
      at += kb_result_fields[j].table.at == t->at;
    const char *why = NULL;
    if (t->at && (t->at > KB_TABLE_COLUMNS || at != 1))
      why = "its column is not its own, within the table's";
    else if (t->at && (t->width < 4 || t->view == KB_VIEW_NONE
                       || kb_field_is_text(f)))
      why = "the table shows it, but not as a number in a width";
    else if (!t->at && (t->width || t->view || t->title || t->calibrated))
      why = "a title, width or view of a row the table does not show";
    else if ((f->key || f->kind == 'H') && !(f->doc && f->doc[0]))
      why = "it has a key, but no words on what it is";
    if (why) {
      printf("# %s: %s\n", f->id, why);
      off++;
    }
  }
  return off;
}

/* header with its column name removed, or with extra after its first
** column: a header a broken printer would write. */
static char *header_edited(const char *header, const char *name,
                           const char *extra)
{
  size_t len = strlen(header) + (extra ? strlen(extra) + 2 : 0) + 1;
  char *h = malloc(len), *c;
  snprintf(h, len, "%s", header);
  if (name && (c = strstr(h, name)))
    memmove(c, c + strlen(name) + 1, strlen(c + strlen(name) + 1) + 1);
  if (extra && (c = strchr(h, ','))) {
    memmove(c + strlen(extra) + 1, c, strlen(c) + 1);
    c[0] = ',';
    memcpy(c + 1, extra, strlen(extra));
  }
  return h;
}

/* Row id of r as a printer of text has it: its text and what it holds
** must be text and shown. */
static int text_is(const kb_result *r, enum kb_field_id id, int shown,
                   const char *text)
{
  char buf[KB_FIELD_TEXT_MAX];
  int got = kb_field_text(r, NULL, id, buf, sizeof buf);
  if (got == shown && strcmp(buf, text) == 0)
    return 1;
  printf("# %s: \"%s\" (%d), not \"%s\" (%d)\n",
         kb_result_fields[id].id, buf, got, text, shown);
  return 0;
}

int main(void)
{
  /* The table itself: one row a key, and units that match the names. */
  int twice = 0, unit_off = 0;
  for (int i = 0; i < KB_FIELDS; i++) {
    const kb_field *f = &kb_result_fields[i];
    for (int j = i + 1; f->key && j < KB_FIELDS; j++)
      if (kb_result_fields[j].key
          && strcmp(f->key, kb_result_fields[j].key) == 0) {
        printf("# \"%s\": rows %s and %s\n", f->key, f->id,
               kb_result_fields[j].id);
        twice++;
      }
    if (f->key && (ends_with(f->key, "_s") != (strcmp(f->unit, "s") == 0))) {
      printf("# \"%s\" (%s) has unit \"%s\"\n", f->key, f->id, f->unit);
      unit_off++;
    }
  }
  ok(twice == 0, "no two rows of the table write the same key");
  ok(unit_off == 0, "a key ends in _s exactly when its unit is seconds");
  struct kb_metric_list none = {0};
  char *header = kb_csv_header(&none);
  ok(header && rows_against(header) == 0,
     "every keyed row says where it is shown, and --csv agrees: a column "
     "for each row that says CSV, none for one that says JSON, and no "
     "column the table lacks but the CSV's own; every hint fits its type");
  ok(header && columns_off(header) == 0, "a row that says CSV(n) is "
     "column n of --csv, under its key; no other row has a column");
  ok(table_off() == 0 && KB_TABLE_COLUMNS >= 9,
     "the rows the table shows are its %d columns, each once, numbers "
     "with a width and a view; every keyed row says what it is",
     (int)KB_TABLE_COLUMNS);
  char *lost = header_edited(header, "kernel_median_s", NULL);
  char *json = header_edited(header, NULL, "host_median_s");
  char *stray = header_edited(header, NULL, "gpu_util_pct");
  ok(rows_against(lost) == 1 && rows_against(json) == 2
     && rows_against(stray) == 1,
     "...and a header that lost a row's column, shows a JSON row, or has "
     "a column of no row fails it");
  free(lost);
  free(json);
  free(stray);
  free(header);

  /* A field as a printer of text writes it, by its row. */
  kb_result t;
  kb_result_init(&t, KB_PASS);
  t.stats.median = 1.25e-4;
  t.gbps = NAN;
  strcpy(t.kernel_note, "");
  ok(text_is(&t, KB_FIELD_event_median, KB_SHOWN_VALUE, "0.000125")
     && text_is(&t, KB_FIELD_time_median, KB_SHOWN_VALUE, "0.000125")
     && text_is(&t, KB_FIELD_verdict, KB_SHOWN_VALUE, "pass")
     && text_is(&t, KB_FIELD_stage, KB_SHOWN_ZERO, "")
     && text_is(&t, KB_FIELD_kernel_note, KB_SHOWN_ZERO, "")
     && text_is(&t, KB_FIELD_gbps, KB_SHOWN_NULL, "")
     && text_is(&t, KB_FIELD_busy_after_s, KB_SHOWN_NULL, "")
     && text_is(&t, KB_FIELD_kernel_count, KB_SHOWN_ZERO, "0")
     && text_is(&t, KB_FIELD_samples, KB_SHOWN_NONE, ""),
     "a passed case's fields as text: by hint, its zeros, its nulls");
  t.verdict = KB_WRONG;
  strcpy(t.stage, "verify");
  t.stats.median = 2;
  ok(text_is(&t, KB_FIELD_event_median, KB_SHOWN_NULL, "")
     && text_is(&t, KB_FIELD_time_median, KB_SHOWN_NULL, "")
     && text_is(&t, KB_FIELD_stage, KB_SHOWN_VALUE, "verify"),
     "a failed case's median is null, its stage said");

  /* A copy: the same fields, its own memory (kb_result_free frees both). */
  kb_result src, copy;
  field_check c[KB_FIELDS];
  fill_result(&src, KB_WRONG);
  ok(kb_result_copy(&copy, &src) == 0, "a result copied");
  size_t n = check_fields(&src, &copy, c), same = 0;
  for (size_t i = 0; i < n; i++)
    same += c[i].same && c[i].not_start;
  ok(same == n && copy.output != src.output && copy.samples != src.samples
     && copy.kernel_samples != src.kernel_samples,
     "...every field the same (%zu of %zu), its text and arrays its own",
     same, n);
  kb_result_free(&copy);
  ok(!copy.output && !copy.samples && !copy.n_samples
     && !copy.kernel_samples && !copy.kernel_stats.n,
     "...and freed, it owns nothing");
  kb_result_free(&src);

  /* One rule for a number that is not finite. */
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  kb_jw w;
  kb_jw_start(&w, f, KB_JW_COMPACT);
  kb_jw_array(&w, NULL);
  kb_jw_number(&w, NULL, NAN);
  kb_jw_number_fmt(&w, NULL, INFINITY, "%.4g");
  kb_jw_number(&w, NULL, 0.25);
  kb_jw_end(&w);
  fclose(f);
  ok(strcmp(text, "[null, null, 0.25]") == 0,
     "NaN and Infinity are written null: %s", text);
  free(text);

#if KBENCH_HAVE_JSON_C
  /* A lenient reading of NaN, written again, is null too; a number read
  ** is written as it was read. */
  json_object *x = json_tokener_parse("[NaN, 1.50, -Infinity, 7]");
  f = open_memstream(&text, &len);
  kb_jw_start(&w, f, KB_JW_COMPACT);
  kb_jw_value(&w, NULL, x);
  fclose(f);
  ok(x && strcmp(text, "[null, 1.50, null, 7]") == 0,
     "...and read back and written again: %s", text);
  free(text);
  json_object_put(x);

  /* Every field with a key, written and read back. */
  unsigned char covered[KB_FIELDS] = {0};
  kb_result passed, failed;
  fill_result(&passed, KB_PASS);
  fill_result(&failed, KB_WRONG);
  ok(cover(&passed, covered) == 0,
     "a passed result: every field its entry shows comes back the same");
  ok(cover(&failed, covered) == 0,
     "a failed result: likewise");
  size_t stored = 0, missed = 0;
  for (int id = 0; id < KB_FIELDS; id++) {
    const kb_field *row = &kb_result_fields[id];
    if (!row->key || row->kind == 'D' || row->kind == 'H')
      continue;
    stored++;
    if (!covered[id]) {
      printf("# %s (\"%s\") never came back with its value\n", row->id,
             row->key);
      missed++;
    }
  }
  ok(missed == 0 && stored > 50,
     "every field of the table with a key came back (%zu of %zu)",
     stored - missed, stored);

  /* A passed case's unknown median is null, and read back as not given. */
  passed.stats.median = NAN;
  text = entry_text(&passed);
  ok(strstr(text, "\"event_median_s\": null") != NULL,
     "a median that is not finite is written null");
  json_object *e = json_tokener_parse(text);
  unsigned char given[KB_FIELDS];
  kb_result back;
  ok(e && kb_entry_read(e, KB_RESULTS_FORMAT, &back, given) == 0
     && !given[KB_FIELD_event_median] && given[KB_FIELD_event_mean]
     && back.stats.median == 0,
     "...and read back as not given");
  kb_result_free(&back);
  json_object_put(e);
  free(text);
  kb_result_free(&passed);
  kb_result_free(&failed);
#else
  printf("# SKIP the entry's round trip needs json-c\n");
#endif
  return tap_done();
}
