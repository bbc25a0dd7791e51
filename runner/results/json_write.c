/* kbench's one JSON writer (json_write.h). */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "config.h"
#include "results/json_write.h"

#if KBENCH_HAVE_JSON_C
#include <json.h>
#endif

/* Length of the valid UTF-8 sequence at s, or 0 if it is not one. */
static size_t utf8_len(const unsigned char *s)
{
  size_t n = s[0] < 0x80 ? 1 : (s[0] & 0xE0) == 0xC0 ? 2
           : (s[0] & 0xF0) == 0xE0 ? 3 : (s[0] & 0xF8) == 0xF0 ? 4 : 0;
  for (size_t i = 1; i < n; i++)
    if ((s[i] & 0xC0) != 0x80)
      return 0;
  return n;
}

/* s between quotes, escaped; NULL is "". */
static void quoted(FILE *f, const char *s)
{
  fputc('"', f);
  for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p;) {
    size_t n = utf8_len(p);
    if (*p == '"' || *p == '\\')
      fprintf(f, "\\%c", *p);
    else if (*p < 0x20)
      fprintf(f, "\\u%04x", *p);
    else if (n)
      fwrite(p, 1, n, f);
    else
      fputs("\\ufffd", f);   /* not UTF-8: strict parsers refuse it */
    p += n ? n : 1;
  }
  fputc('"', f);
}

static void indent(kb_jw *w, int level)
{
  for (int i = 0; i < level; i++)
    fputs("  ", w->f);
}

/* The separator before the next value of the innermost container, and
** its key. */
static void next(kb_jw *w, const char *key)
{
  int d = w->depth;
  int layout = w->layout[d];
  if (d > 0) {
    if (layout == KB_JW_COMPACT)
      fputs(w->n[d] ? ", " : "", w->f);
    else if (layout == KB_JW_LINES)
      fputs(w->n[d] ? ",\n" : "\n", w->f);
    else {
      fputs(w->n[d] ? ",\n" : "", w->f);
      indent(w, d);
    }
  }
  w->n[d]++;
  if (key) {
    quoted(w->f, key);
    fputs(": ", w->f);
  }
}

void kb_jw_start(kb_jw *w, FILE *f, int layout)
{
  w->f = f;
  w->depth = 0;
  w->n[0] = 0;
  w->layout[0] = (unsigned char)layout;
}

void kb_jw_within(kb_jw *w, FILE *f)
{
  kb_jw_start(w, f, KB_JW_COMPACT);
  w->depth = 1;
  w->n[1] = 1;
  w->layout[1] = KB_JW_COMPACT;
  w->closer[1] = '}';
}

static void open_as(kb_jw *w, const char *key, char brace, int layout)
{
  next(w, key);
  fputc(brace, w->f);
  w->depth++;
  w->n[w->depth] = 0;
  w->layout[w->depth] = (unsigned char)layout;
  w->closer[w->depth] = brace == '{' ? '}' : ']';
  if (layout == KB_JW_INDENTED)
    fputc('\n', w->f);
}

void kb_jw_object_as(kb_jw *w, const char *key, int layout)
{
  open_as(w, key, '{', layout);
}

void kb_jw_array_as(kb_jw *w, const char *key, int layout)
{
  open_as(w, key, '[', layout);
}

/* A container's layout by its parent's: lines hold compact values. */
static int inherited(const kb_jw *w)
{
  int parent = w->layout[w->depth];
  return parent == KB_JW_LINES ? KB_JW_COMPACT : parent;
}

void kb_jw_object(kb_jw *w, const char *key)
{
  open_as(w, key, '{', inherited(w));
}

void kb_jw_array(kb_jw *w, const char *key)
{
  open_as(w, key, '[', inherited(w));
}

void kb_jw_end(kb_jw *w)
{
  int d = w->depth;
  if (d == 0)
    return;
  if (w->layout[d] == KB_JW_LINES && w->n[d])
    fputc('\n', w->f);
  else if (w->layout[d] == KB_JW_INDENTED) {
    if (w->n[d])
      fputc('\n', w->f);
    indent(w, d - 1);
  }
  fputc(w->closer[d], w->f);
  w->depth--;
}

void kb_jw_string(kb_jw *w, const char *key, const char *s)
{
  next(w, key);
  if (s)
    quoted(w->f, s);
  else
    fputs("null", w->f);
}

void kb_jw_text(kb_jw *w, const char *key, const char *s)
{
  kb_jw_string(w, key, s && *s ? s : NULL);
}

void kb_jw_number_fmt(kb_jw *w, const char *key, double v, const char *fmt)
{
  next(w, key);
  if (isfinite(v))
    fprintf(w->f, fmt, v);
  else
    fputs("null", w->f);
}

void kb_jw_number(kb_jw *w, const char *key, double v)
{
  kb_jw_number_fmt(w, key, v, "%.9g");
}

void kb_jw_number_or_null(kb_jw *w, const char *key, double v, int known)
{
  kb_jw_number(w, key, known ? v : NAN);
}

void kb_jw_int(kb_jw *w, const char *key, long long v)
{
  next(w, key);
  fprintf(w->f, "%lld", v);
}

void kb_jw_uint(kb_jw *w, const char *key, unsigned long long v)
{
  next(w, key);
  fprintf(w->f, "%llu", v);
}

void kb_jw_bool(kb_jw *w, const char *key, int v)
{
  next(w, key);
  fputs(v ? "true" : "false", w->f);
}

void kb_jw_null(kb_jw *w, const char *key)
{
  next(w, key);
  fputs("null", w->f);
}

void kb_jw_raw(kb_jw *w, const char *key, const char *json)
{
  next(w, key);
  fputs(json, w->f);
}

void kb_jw_finish(kb_jw *w)
{
  if (w->layout[0] == KB_JW_INDENTED)
    fputc('\n', w->f);
}

#if KBENCH_HAVE_JSON_C
void kb_jw_value(kb_jw *w, const char *key, json_object *v)
{
  int deep = w->depth >= KB_JW_DEPTH;
  switch (json_object_get_type(v)) {
  case json_type_boolean:
    kb_jw_bool(w, key, json_object_get_boolean(v));
    break;
  case json_type_double:
    /* As it was read (json-c keeps a parsed number's text), unless it is
    ** not finite: a lenient reading of NaN is written null. */
    if (isfinite(json_object_get_double(v)))
      kb_jw_raw(w, key, json_object_get_string(v));
    else
      kb_jw_null(w, key);
    break;
  case json_type_int:
    if (json_object_get_int64(v) == INT64_MAX)
      kb_jw_uint(w, key, json_object_get_uint64(v));
    else
      kb_jw_int(w, key, json_object_get_int64(v));
    break;
  case json_type_string:
    kb_jw_string(w, key, json_object_get_string(v));
    break;
  case json_type_object:
    if (deep) {
      kb_jw_null(w, key);
      break;
    }
    kb_jw_object(w, key);
    json_object_object_foreach(v, k, member)
      kb_jw_value(w, k, member);
    kb_jw_end(w);
    break;
  case json_type_array:
    if (deep) {
      kb_jw_null(w, key);
      break;
    }
    kb_jw_array(w, key);
    for (size_t i = 0; i < json_object_array_length(v); i++)
      kb_jw_value(w, NULL, json_object_array_get_idx(v, i));
    kb_jw_end(w);
    break;
  default:
    kb_jw_null(w, key);
    break;
  }
}

void kb_jw_members(kb_jw *w, json_object *obj)
{
  json_object_object_foreach(obj, k, member)
    kb_jw_value(w, k, member);
}

int kb_jw_is_object(json_object *v)
{
  return json_object_is_type(v, json_type_object)
         && json_object_object_length(v) > 0;
}
#else
/* Without json-c nothing is read back to be written. */
void kb_jw_value(kb_jw *w, const char *key, struct json_object *v)
{
  (void)v;
  kb_jw_null(w, key);
}

void kb_jw_members(kb_jw *w, struct json_object *obj)
{
  (void)w, (void)obj;
}

int kb_jw_is_object(struct json_object *v)
{
  (void)v;
  return 0;
}
#endif
