/* kbench's one JSON writer (json_write.h). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "config.h"
#include "results/json_write.h"

#if KBENCH_HAVE_JSON_C
#include <json.h>
#endif

void kb_json_number_text(char *buf, size_t len, double v, const char *fmt)
{
  if (isfinite(v))
    snprintf(buf, len, fmt, v);
  else
    snprintf(buf, len, "null");
}

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

void kb_jw_string(FILE *f, const char *s)
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

void kb_jw_number(FILE *f, double v)
{
  char text[64];
  kb_json_number_text(text, sizeof text, v, "%.9g");
  fputs(text, f);
}

void kb_jw_number_or_null(FILE *f, double v, int known)
{
  kb_jw_number(f, known ? v : NAN);
}

void kb_jw_key(FILE *f, const char *k)
{
  fprintf(f, ", \"%s\": ", k);
}

void kb_jw_string_or_null(FILE *f, const char *s)
{
  if (s)
    kb_jw_string(f, s);
  else
    fputs("null", f);
}

void kb_jw_strings(FILE *f, const char *const *keys,
                   const char *const *values, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    kb_jw_key(f, keys[i]);
    kb_jw_string_or_null(f, values[i]);
  }
}

void kb_jw_numbers(FILE *f, const char *const *keys, const double *values,
                   size_t n)
{
  for (size_t i = 0; i < n; i++) {
    kb_jw_key(f, keys[i]);
    kb_jw_number(f, values[i]);
  }
}

#if KBENCH_HAVE_JSON_C
json_object *kb_jnumber(double x, const char *fmt)
{
  char text[64];
  if (!isfinite(x))
    return NULL;                  /* json-c writes NULL as null */
  kb_json_number_text(text, sizeof text, x, fmt);
  return json_object_new_double_s(x, text);
}

json_object *kb_jstring(const char *s)
{
  return s && *s ? json_object_new_string(s) : NULL;
}

json_object *kb_jcount(size_t n)
{
  return json_object_new_int64((int64_t)n);
}

void kb_jput(json_object *obj, const char *key, json_object *v)
{
  json_object_object_add(obj, key, v);
}

int kb_jprint(FILE *f, json_object *root)
{
  const char *text = root ? json_object_to_json_string_ext(
      root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED
                | JSON_C_TO_STRING_NOSLASHESCAPE) : NULL;
  if (text)
    fprintf(f, "%s\n", text);
  json_object_put(root);
  return text ? 0 : -1;
}
#endif
