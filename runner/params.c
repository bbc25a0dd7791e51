#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "params.h"

/*
** A value is a decimal integer with an optional binary suffix: K (2^10),
** M (2^20) or G (2^30).  "64M" is 67108864.  Returns 0 on success.
*/
int kb_parse_int(const char *s, int64_t *out)
{
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (end == s || errno == ERANGE)
    return -1;
  int shift = 0;
  switch (*end) {
  case 'K': case 'k': shift = 10; end++; break;
  case 'M': case 'm': shift = 20; end++; break;
  case 'G': case 'g': shift = 30; end++; break;
  }
  if (*end != '\0')
    return -1;
  if (shift && (v > (INT64_MAX >> shift) || v < (INT64_MIN >> shift)))
    return -1;
  *out = (int64_t)v * ((int64_t)1 << shift);
  return 0;
}

int kb_parse_values(const char *s, kb_values *out, char *err, size_t errlen)
{
  out->v = NULL;
  out->n = 0;
  size_t cap = 1;
  for (const char *p = s; *p; p++)
    cap += *p == ',';
  out->v = malloc(cap * sizeof *out->v);
  char *copy = strdup(s);
  if (!out->v || !copy) {
    free(copy);
    kb_values_free(out);
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  char *save = NULL;
  for (char *tok = strtok_r(copy, ",", &save); tok;
       tok = strtok_r(NULL, ",", &save)) {
    if (kb_parse_int(tok, &out->v[out->n]) != 0) {
      snprintf(err, errlen, "'%s' is not an integer (digits, optional K/M/G)",
               tok);
      free(copy);
      kb_values_free(out);
      return -1;
    }
    out->n++;
  }
  free(copy);
  if (out->n == 0) {
    snprintf(err, errlen, "empty value");
    kb_values_free(out);
    return -1;
  }
  return 0;
}

void kb_values_free(kb_values *vals)
{
  free(vals->v);
  vals->v = NULL;
  vals->n = 0;
}

int kb_param_check(const kbench_param *p, int64_t v, char *err, size_t errlen)
{
  if (v < p->min || v > p->max) {
    snprintf(err, errlen, "%s=%" PRId64 " is outside [%" PRId64 ", %" PRId64
             "]", p->name, v, p->min, p->max);
    return -1;
  }
  if ((p->flags & KBENCH_PARAM_POW2) && (v <= 0 || (v & (v - 1)) != 0)) {
    snprintf(err, errlen, "%s=%" PRId64 " is not a power of two", p->name, v);
    return -1;
  }
  return 0;
}

int kb_param_name_ok(const char *name)
{
  if (!name || !*name)
    return 0;
  for (const char *c = name; *c; c++)
    if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_'))
      return 0;
  return 1;
}
