/*
** kbench's one JSON writer: strict JSON values, strings escaped and made
** valid UTF-8, and one rule for a number that is not finite: null, as
** nvbench's writer (nlohmann::json) writes it and as strict parsers
** require (Google Benchmark's own writer prints NaN and Infinity, which
** only lenient readers such as Python's take).  Values go on a stream
** (kb_jw_*: the results file, output/results_json.c and entry_write.c) or,
** for the reports kbench compare and fleet build as a tree and print
** indented, into json-c objects (kb_j*, with json-c only).
*/
#ifndef KB_JSON_WRITE_H
#define KB_JSON_WRITE_H

#include <stddef.h>
#include <stdio.h>

/* A number's text: printf's fmt ("%.9g" on a stream), or "null" when it is
** not finite. */
void kb_json_number_text(char *buf, size_t len, double v, const char *fmt);

/* A string, escaped; bytes that are not UTF-8 become U+FFFD.  NULL: "". */
void kb_jw_string(FILE *f, const char *s);
/* A string, or null for NULL. */
void kb_jw_string_or_null(FILE *f, const char *s);
/* A number, null when it is not finite. */
void kb_jw_number(FILE *f, double v);
/* A number where "unknown" may be said: null unless known (and finite). */
void kb_jw_number_or_null(FILE *f, double v, int known);
/* ", \"k\": " before the next value of an object. */
void kb_jw_key(FILE *f, const char *k);
/* n members of an object, ", \"keys[i]\": values[i]" each: strings (null
** for NULL), or numbers (null when not finite). */
void kb_jw_strings(FILE *f, const char *const *keys,
                   const char *const *values, size_t n);
void kb_jw_numbers(FILE *f, const char *const *keys, const double *values,
                   size_t n);

/* The same values as json-c objects (defined with json-c only). */
struct json_object;
/* x as printf's fmt writes it, or NULL (json-c's null) when not finite. */
struct json_object *kb_jnumber(double x, const char *fmt);
/* s, or NULL when it is NULL or empty. */
struct json_object *kb_jstring(const char *s);
/* n as a JSON integer. */
struct json_object *kb_jcount(size_t n);
/* obj[key] = v (v may be NULL: null). */
void kb_jput(struct json_object *obj, const char *key, struct json_object *v);
/* root, indented, and a newline to f; root is released.  0, or -1 when
** memory ran out. */
int kb_jprint(FILE *f, struct json_object *root);

#endif
