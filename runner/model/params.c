/*
** Parameter values: parsing, ranges and lists, and their printed form
** (params.h).
*/
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/params.h"

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

/* Digits with an optional sign and suffix that kb_parse_int still refused:
** too large, which deserves its own message. */
static int looks_numeric(const char *s)
{
  s += *s == '-' || *s == '+';
  size_t digits = strspn(s, "0123456789");
  if (digits == 0)
    return 0;
  s += digits;
  s += *s && strchr("KkMmGg", *s) != NULL;
  return *s == '\0';
}

static int parse_part(const char *text, const char *item, int64_t *out,
                      char *err, size_t errlen)
{
  if (kb_parse_int(text, out) == 0)
    return 0;
  const char *why = looks_numeric(text) ? "is out of range (64-bit integers)"
                    : "is not an integer (digits, optional K/M/G)";
  if (strcmp(text, item) == 0)
    snprintf(err, errlen, "'%s' %s", text, why);
  else
    snprintf(err, errlen, "'%s' %s, in '%s'", text, why, item);
  return -1;
}

static int append(kb_values *out, size_t *cap, int64_t v)
{
  if (out->n == *cap) {
    size_t want = *cap ? 2 * *cap : 8;
    int64_t *grown = realloc(out->v, want * sizeof *grown);
    if (!grown)
      return -1;
    out->v = grown;
    *cap = want;
  }
  out->v[out->n++] = v;
  return 0;
}

/*
** "START:STOP:*FACTOR" or "START:STOP:+STEP", STOP included when hit.
** The values are counted before any is stored, so the cap is checked
** before memory is spent, and no step can overflow.
*/
static int range_values(const char *item, const char *parts[3],
                        kb_values *out, size_t *cap, char *err, size_t errlen)
{
  int geometric = parts[2][0] == '*';
  int64_t start, stop, step;
  if (parse_part(parts[0], item, &start, err, errlen)
      || parse_part(parts[1], item, &stop, err, errlen)
      || parse_part(parts[2] + 1, item, &step, err, errlen))
    return -1;
  const char *why = start > stop ? "START is more than STOP"
                    : geometric && step < 2 ? "FACTOR must be at least 2"
                    : geometric && start < 1 ? "a geometric range must "
                                               "START at 1 or more"
                    : !geometric && step < 1 ? "STEP must be at least 1"
                    : NULL;
  if (why) {
    snprintf(err, errlen, "'%s': %s", item, why);
    return -1;
  }
  /* Steps after START; as unsigned, the distance fits even from INT64_MIN
  ** to INT64_MAX. */
  uint64_t steps = 0;
  if (geometric)
    for (int64_t v = start; v <= stop / step; v *= step)
      steps++;
  else
    steps = ((uint64_t)stop - (uint64_t)start) / (uint64_t)step;
  if (steps >= KB_RANGE_MAX) {
    snprintf(err, errlen, "'%s' would make more than %d values, the most "
             "one range may make", item, KB_RANGE_MAX);
    return -1;
  }
  int64_t v = start;
  for (uint64_t i = 0; i <= steps; i++) {
    if (append(out, cap, v)) {
      snprintf(err, errlen, "out of memory");
      return -1;
    }
    if (i < steps)
      v = geometric ? v * step : v + step;
  }
  return 0;
}

/* Split a range item into its three parts, each checked for presence. */
static int parse_range(const char *item, kb_values *out, size_t *cap,
                       char *err, size_t errlen)
{
  char *copy = strdup(item);
  if (!copy) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  const char *parts[3] = {copy, NULL, NULL};
  char *colon = strchr(copy, ':');
  *colon = '\0';
  parts[1] = colon + 1;
  if ((colon = strchr(colon + 1, ':'))) {
    *colon = '\0';
    parts[2] = colon + 1;
  }
  int rc;
  if (!parts[2] || strchr(parts[2], ':') || !*parts[0] || !*parts[1]
      || (parts[2][0] != '*' && parts[2][0] != '+') || !parts[2][1]) {
    snprintf(err, errlen, "'%s': expected START:STOP:*FACTOR or "
             "START:STOP:+STEP", item);
    rc = -1;
  } else {
    rc = range_values(item, parts, out, cap, err, errlen);
  }
  free(copy);
  return rc;
}

/* One comma item: an integer or a range, appended to out. */
static int parse_item(const char *item, kb_values *out, size_t *cap,
                      char *err, size_t errlen)
{
  int64_t v;
  if (strchr(item, ':'))
    return parse_range(item, out, cap, err, errlen);
  if (parse_part(item, item, &v, err, errlen))
    return -1;
  if (append(out, cap, v)) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  return 0;
}

int kb_parse_values(const char *s, kb_values *out, char *err, size_t errlen)
{
  out->v = NULL;
  out->n = 0;
  size_t cap = 0;
  char *copy = strdup(s);
  if (!copy) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  /* Each item between commas, none empty: strtok would pass over the
  ** empty one of "1M,,2M", a slip that may have lost a value. */
  char *item = copy;
  for (char *end; item; item = end ? end + 1 : NULL) {
    if ((end = strchr(item, ',')))
      *end = '\0';
    if (!*item && (end || item != copy)) {
      snprintf(err, errlen, "an empty item in '%s'", s);
      free(copy);
      kb_values_free(out);
      return -1;
    }
    if (*item && parse_item(item, out, &cap, err, errlen)) {
      free(copy);
      kb_values_free(out);
      return -1;
    }
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

void kb_param_choices(const kbench_param *p, char *buf, size_t len)
{
  size_t used = 0;
  buf[0] = '\0';
  for (uint32_t c = 0; c < p->n_choices && used < len; c++)
    used += (size_t)snprintf(buf + used, len - used, "%s%s", c ? ", " : "",
                             p->choices[c]);
}

/* The index of the choice named name, or -1. */
static int64_t choice_index(const kbench_param *p, const char *name)
{
  for (uint32_t c = 0; c < p->n_choices; c++)
    if (strcmp(p->choices[c], name) == 0)
      return c;
  return -1;
}

static int parse_choices(const kbench_param *p, const char *text,
                         kb_values *out, char *err, size_t errlen)
{
  size_t cap = 0;
  const char *s = text;
  out->v = NULL;
  out->n = 0;
  do {
    size_t len = strcspn(s, ",");
    char name[256];
    if (!len) {
      snprintf(err, errlen, "an empty item in '%s'", text);
      kb_values_free(out);
      return -1;
    }
    snprintf(name, sizeof name, "%.*s", (int)len, s);
    int64_t index = len < sizeof name ? choice_index(p, name) : -1;
    if (index < 0) {
      char list[512];
      kb_param_choices(p, list, sizeof list);
      snprintf(err, errlen, "'%s' is not %s%s", name, p->n_choices > 1
               ? "one of " : "", list);
      kb_values_free(out);
      return -1;
    }
    if (append(out, &cap, index)) {
      snprintf(err, errlen, "out of memory");
      kb_values_free(out);
      return -1;
    }
    s += len;
  } while (*s++ == ',');
  return 0;
}

int kb_param_parse(const kbench_param *p, const char *text, kb_values *out,
                   char *err, size_t errlen)
{
  return p->n_choices ? parse_choices(p, text, out, err, errlen)
                      : kb_parse_values(text, out, err, errlen);
}

void kb_format_count(char *buf, size_t len, int64_t v)
{
  static const char suffix[] = "GMK";
  for (int i = 0; i < 3; i++) {
    int shift = 30 - 10 * i;
    int64_t unit = (int64_t)1 << shift;
    if (v != 0 && v % unit == 0) {
      snprintf(buf, len, "%" PRId64 "%c", v / unit, suffix[i]);
      return;
    }
  }
  snprintf(buf, len, "%" PRId64, v);
}

void kb_param_format(const kbench_param *p, int64_t v, char *buf, size_t len)
{
  if (p->n_choices && v >= 0 && v < p->n_choices)
    snprintf(buf, len, "%s", p->choices[v]);
  else
    kb_format_count(buf, len, v);
}

int kb_param_check(const kbench_param *p, int64_t v, char *err, size_t errlen)
{
  if (p->n_choices) {
    if (v >= 0 && v < p->n_choices)
      return 0;
    snprintf(err, errlen, "%s=%" PRId64 " is not the index of a choice",
             p->name, v);
    return -1;
  }
  if (v < p->min || v > p->max) {
    /* In the units --list shows the range in ([1, 2G]). */
    char given[32], lo[32], hi[32];
    kb_format_count(given, sizeof given, v);
    kb_format_count(lo, sizeof lo, p->min);
    kb_format_count(hi, sizeof hi, p->max);
    snprintf(err, errlen, "%s=%s is outside [%s, %s]", p->name, given, lo,
             hi);
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

int kb_assign_parse(kb_assign *a, const char *text)
{
  memset(a, 0, sizeof *a);
  const char *eq = strchr(text, '=');
  if (!eq || eq == text)
    return -1;
  size_t len = (size_t)(eq - text);
  if (!(a->name = malloc(len + 1)))
    return -1;
  memcpy(a->name, text, len);
  a->name[len] = '\0';
  a->source = text;
  a->values = eq + 1;
  if (kb_parse_values(a->values, &a->ints, a->err, sizeof a->err))
    a->ints.v = NULL;
  return 0;
}

void kb_assign_free(kb_assign *a)
{
  free(a->name);
  kb_values_free(&a->ints);
  memset(a, 0, sizeof *a);
}

const kb_assign *kb_assign_find(const kb_assign *a, size_t n,
                                const char *name)
{
  for (size_t i = 0; i < n; i++)
    if (strcmp(a[i].name, name) == 0)
      return &a[i];
  return NULL;
}

int kb_assign_values(const kb_assign *a, const kbench_param *p,
                     kb_values *out, char *err, size_t errlen)
{
  if (p->n_choices)
    return kb_param_parse(p, a->values, out, err, errlen);
  if (!a->ints.v) {
    snprintf(err, errlen, "%s", a->err);
    return -1;
  }
  if (!(out->v = malloc(a->ints.n * sizeof *out->v))) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  memcpy(out->v, a->ints.v, a->ints.n * sizeof *out->v);
  out->n = a->ints.n;
  return 0;
}
