/* A result's field as text, by its row (field_text.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model/field_text.h"
#include "model/result_notes.h"
#include "util/format.h"

/* A number v of C type ctype, by the rule and the printf conversion hint
** (the compiler checks the two agree). */
#define NUMBER(rule, hint, ctype, v)                                      \
  {                                                                       \
    ctype y = (ctype)(v);                                                 \
    shown = kb_rule_shown(r, KB_RULE_##rule, (double)y);                  \
    if (shown == KB_SHOWN_VALUE && !isfinite((double)y))                  \
      shown = KB_SHOWN_NULL;                                              \
    if (shown == KB_SHOWN_VALUE)                                          \
      snprintf(buf, len, "%" hint, y);                                    \
    else if (shown == KB_SHOWN_ZERO)                                      \
      snprintf(buf, len, "0");                                            \
  }

/* A text s by the rule.  One null only for being empty is the empty text:
** a note with nothing to say. */
#define WORDS(rule, s)                                                    \
  {                                                                       \
    const char *t = (s);                                                  \
    int full = t && *t;                                                   \
    shown = kb_rule_shown(r, KB_RULE_##rule, full);                       \
    if (shown == KB_SHOWN_NULL && !full                                   \
        && kb_rule_shown(r, KB_RULE_##rule, 1) == KB_SHOWN_VALUE)         \
      shown = KB_SHOWN_ZERO;                                              \
    if (shown == KB_SHOWN_VALUE)                                          \
      snprintf(buf, len, "%s", full ? t : "");                            \
  }

/* Each TYPE of the table (result_fields.h) as text. */
#define TEXT_F64(rule, hint, v) NUMBER(rule, hint, double, v)
#define TEXT_U64(rule, hint, v) NUMBER(rule, hint, unsigned long long, v)
#define TEXT_SIZE(rule, hint, v) NUMBER(rule, hint, size_t, v)
#define TEXT_UINT(rule, hint, v) NUMBER(rule, hint, unsigned, v)
#define TEXT_BOOL(rule, hint, v) NUMBER(rule, hint, int, v)
#define TEXT_VERDICT(rule, hint, v) WORDS(rule, kb_verdict_name(v))
#define TEXT_STOP(rule, hint, v) WORDS(rule, kb_stop_name(v))
#define TEXT_MEMORY(rule, hint, v) WORDS(rule, kb_memory_name(v))
#define TEXT_TIME(rule, hint, v) WORDS(rule, kb_time_name(v))
#define TEXT_STR(rule, hint, v) WORDS(rule, v)
#define TEXT_OWNSTR TEXT_STR
#define TEXT_TEXT(rule, hint, write)                                      \
  {                                                                       \
    char text[KB_FIELD_TEXT_MAX > KB_NOTE_TEXT_MAX ? KB_FIELD_TEXT_MAX      \
              : KB_NOTE_TEXT_MAX];                                        \
    write(r, text, sizeof text);                                          \
    WORDS(rule, text)                                                     \
  }

#define CASE_F(m, type, key, shown_, rule, init)                          \
  case KB_FIELD_##m: TEXT_##type(rule, KB_HINT shown_, r->m) break;
#define CASE_S(m, size, key, shown_, rule)                                \
  case KB_FIELD_##m: WORDS(rule, r->m) break;
#define CASE_P(id, path, type, key, shown_, rule, init)                   \
  case KB_FIELD_##id: TEXT_##type(rule, KB_HINT shown_, r->path) break;
#define CASE_D(id, type, expr, key, shown_, rule)                         \
  case KB_FIELD_##id: TEXT_##type(rule, KB_HINT shown_, expr) break;

int kb_field_text(const kb_result *r, const kb_peaks *peaks,
                  enum kb_field_id id, char *buf, size_t len)
{
  int shown = KB_SHOWN_NONE;
  if (len)
    buf[0] = '\0';
  switch (id) {
  KB_RESULT_FIELDS(CASE_F, CASE_S, CASE_P, KB_ROW_SKIP, CASE_D, KB_ROW_SKIP)
  default: break;
  }
  return shown;
}

/* A number's value, by the rule: whether it is to be shown. */
#define VALUE(rule, v)                                                    \
  {                                                                       \
    *x = (double)(v);                                                     \
    shown = kb_rule_shown(r, KB_RULE_##rule, *x) == KB_SHOWN_VALUE        \
            && isfinite(*x);                                              \
  }
#define VALUE_F64 VALUE
#define VALUE_U64 VALUE
#define VALUE_SIZE VALUE
#define VALUE_UINT VALUE
#define VALUE_BOOL VALUE
#define VALUE_VERDICT(rule, v)
#define VALUE_STOP(rule, v)
#define VALUE_MEMORY(rule, v)
#define VALUE_TIME(rule, v)
#define VALUE_STR(rule, v)
#define VALUE_OWNSTR(rule, v)
#define VALUE_TEXT(rule, v)
#define NUMBER_F(m, type, key, shown_, rule, init)                        \
  case KB_FIELD_##m: VALUE_##type(rule, r->m) break;
#define NUMBER_P(id, path, type, key, shown_, rule, init)                 \
  case KB_FIELD_##id: VALUE_##type(rule, r->path) break;
#define NUMBER_D(id, type, expr, key, shown_, rule)                       \
  case KB_FIELD_##id: VALUE_##type(rule, expr) break;

/* Row id's finite number into *x: 1, or 0 when it holds none. */
static int number(const kb_result *r, const kb_peaks *peaks,
                  enum kb_field_id id, double *x)
{
  int shown = 0;
  switch (id) {
  KB_RESULT_FIELDS(NUMBER_F, KB_ROW_SKIP, NUMBER_P, KB_ROW_SKIP, NUMBER_D,
                   KB_ROW_SKIP)
  default: break;
  }
  return shown;
}

void kb_field_cell(const kb_result *r, const kb_peaks *peaks,
                   enum kb_field_id id, char *buf, size_t len)
{
  double x;
  if (!number(r, peaks, id, &x)) {
    snprintf(buf, len, "-");
    return;
  }
  switch (kb_result_fields[id].table.view) {
  case KB_VIEW_SECONDS: kb_format_seconds(buf, len, x); break;
  case KB_VIEW_PERCENT: snprintf(buf, len, "%.1f%%", 100 * x); break;
  case KB_VIEW_COUNT: snprintf(buf, len, "%.0f", x); break;
  default: snprintf(buf, len, "%.1f", x); break;
  }
}

#define CASE_N(id, type, expr, label, rule)                               \
  case KB_NOTE_##id: TEXT_##type(rule, "s", expr) break;

int kb_note_text(const kb_result *r, enum kb_note_id id, char *buf,
                 size_t len)
{
  int shown = KB_SHOWN_NONE;
  if (len)
    buf[0] = '\0';
  switch (id) {
  KB_RESULT_NOTES(CASE_N)
  default: break;
  }
  return shown == KB_SHOWN_VALUE && len && buf[0];
}

int kb_field_is_text(const kb_field *f)
{
  return strcmp(f->hint, "s") == 0 || strcmp(f->hint, "q") == 0;
}
