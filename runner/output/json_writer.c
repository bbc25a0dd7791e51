/* Strict JSON values on a stream (json_writer.h). */
#include <math.h>
#include <stdio.h>

#include "output/json_writer.h"

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

/* A number where one is required: strict JSON has no NaN or Infinity. */
void kb_jw_number(FILE *f, double v)
{
  fprintf(f, "%.9g", isfinite(v) ? v : 0.0);
}

/* A number where "unknown" may be said: null. */
void kb_jw_number_or_null(FILE *f, double v, int known)
{
  if (known && isfinite(v))
    fprintf(f, "%.9g", v);
  else
    fputs("null", f);
}

void kb_jw_key(FILE *f, const char *k)
{
  fprintf(f, ", \"%s\": ", k);
}

/* A string where "unknown" may be said: null. */
void kb_jw_string_or_null(FILE *f, const char *s)
{
  if (s)
    kb_jw_string(f, s);
  else
    fputs("null", f);
}
