/*
** kbench's one JSON writer, for every file and text it writes: a run's
** results, tune's cache and the entries it writes back, kbench compare's
** and fleet's reports, the verdicts handed to history's and report's
** scripts.  json-c only reads.  Strict JSON values: strings escaped and
** made valid UTF-8 (a control character as \u00XX, a byte that is not
** UTF-8 as U+FFFD), and one rule for a number that is not finite: null,
** as nvbench's writer (nlohmann::json) writes it and as strict parsers
** require (Google Benchmark's own writer prints NaN and Infinity, which
** only lenient readers such as Python's take).
**
** A document is written as it goes, onto a stream: objects and arrays
** opened and closed, each value after its separator and, inside an
** object, its key.  Each container has a layout: compact, as a results
** file's entries are ({"k": 1, "l": [1, 2]}); lines, one value a line, as
** a results file's "benchmarks" are; or indented by two spaces a level,
** one value a line, as kbench compare and fleet print their reports (the
** layout json-c's pretty printer gave them: "{", a line a member, "}" on a
** line of its own, an empty one "{" and "}" on two lines).  A container
** takes its parent's layout (compact in lines) unless opened with one of
** its own.
*/
#ifndef KB_JSON_WRITE_H
#define KB_JSON_WRITE_H

#include <stddef.h>
#include <stdio.h>

enum kb_jw_layout { KB_JW_COMPACT, KB_JW_LINES, KB_JW_INDENTED };

#define KB_JW_DEPTH 32

typedef struct kb_jw {
  FILE *f;
  int depth;                       /* containers open */
  size_t n[KB_JW_DEPTH + 1];       /* values written in each; n[0]: at the
                                      top */
  unsigned char layout[KB_JW_DEPTH + 1];  /* each one's; layout[0]: the
                                             document's */
  char closer[KB_JW_DEPTH + 1];    /* '}' or ']' */
} kb_jw;

/* A document onto f in layout. */
void kb_jw_start(kb_jw *w, FILE *f, int layout);
/* Inside an object that others opened and gave members already (a hook
** that adds members to one, as tune's "tune" object): the next member
** is separated from theirs; close only what is opened here. */
void kb_jw_within(kb_jw *w, FILE *f);

/* Open an object or an array: key is its key inside an object, NULL in an
** array or at the top.  The _as forms give it a layout of its own.  At
** most KB_JW_DEPTH deep: a document read back deeper than that is written
** null there (kb_jw_value). */
void kb_jw_object(kb_jw *w, const char *key);
void kb_jw_array(kb_jw *w, const char *key);
void kb_jw_object_as(kb_jw *w, const char *key, int layout);
void kb_jw_array_as(kb_jw *w, const char *key, int layout);
/* Close the innermost. */
void kb_jw_end(kb_jw *w);

/* Values, each with its key (NULL in an array). */
void kb_jw_string(kb_jw *w, const char *key, const char *s);  /* NULL: null */
/* A string, or null for NULL or "". */
void kb_jw_text(kb_jw *w, const char *key, const char *s);
/* A number as "%.9g" writes it; null when not finite. */
void kb_jw_number(kb_jw *w, const char *key, double v);
/* A number as printf's fmt writes it; null when not finite. */
void kb_jw_number_fmt(kb_jw *w, const char *key, double v, const char *fmt);
/* A number where "unknown" may be said: null unless known (and finite). */
void kb_jw_number_or_null(kb_jw *w, const char *key, double v, int known);
void kb_jw_int(kb_jw *w, const char *key, long long v);
void kb_jw_uint(kb_jw *w, const char *key, unsigned long long v);
void kb_jw_bool(kb_jw *w, const char *key, int v);
void kb_jw_null(kb_jw *w, const char *key);
/* A value written elsewhere as JSON text, as it is. */
void kb_jw_raw(kb_jw *w, const char *key, const char *json);
/* A value read by json-c, written again by this writer: a number as it
** was read, unless it is not finite (null without json-c). */
struct json_object;
void kb_jw_value(kb_jw *w, const char *key, struct json_object *v);
/* The members of a json-c object, as members of the open object. */
void kb_jw_members(kb_jw *w, struct json_object *obj);
/* Whether v is an object with members. */
int kb_jw_is_object(struct json_object *v);

/* The end of a document: a newline after an indented one. */
void kb_jw_finish(kb_jw *w);

#endif
