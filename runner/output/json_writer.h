/*
** Strict JSON values on a stream: strings escaped and made valid UTF-8,
** no NaN or Infinity.  The results document (results_json.c) is built of
** these.
*/
#ifndef KB_JSON_WRITER_H
#define KB_JSON_WRITER_H

#include <stdio.h>

/* A string, escaped; bytes that are not UTF-8 become U+FFFD.  NULL: "". */
void kb_jw_string(FILE *f, const char *s);
/* A string, or null for NULL. */
void kb_jw_string_or_null(FILE *f, const char *s);
/* A number where one is required: a non-finite one is written as 0. */
void kb_jw_number(FILE *f, double v);
/* A number where "unknown" may be said: null unless known and finite. */
void kb_jw_number_or_null(FILE *f, double v, int known);
/* ", \"k\": " before the next value of an object. */
void kb_jw_key(FILE *f, const char *k);

#endif
