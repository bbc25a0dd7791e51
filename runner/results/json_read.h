/*
** Small helpers over json-c: reading a member of an object, and, for the
** reports of kbench compare and kbench fleet, strict JSON, where a number
** that is not finite is null (never NaN), and numbers are written from
** their own short text rather than json-c's 17 digits.
*/
#ifndef KB_JSON_READ_H
#define KB_JSON_READ_H

#include <stdio.h>

#include <json.h>

/* obj[key], or NULL when obj is no object or has no such member. */
json_object *kb_jget(json_object *obj, const char *key);
/* obj[key] when it is a string, else NULL. */
const char *kb_jget_string(json_object *obj, const char *key);

/* x as printf's fmt writes it, or NULL (json-c's null) when not finite. */
json_object *kb_jnumber(double x, const char *fmt);
/* s, or NULL when it is NULL or empty. */
json_object *kb_jstring(const char *s);
/* n as a JSON integer. */
json_object *kb_jcount(size_t n);
/* obj[key] = v (v may be NULL: null). */
void kb_jput(json_object *obj, const char *key, json_object *v);
/* root, indented, and a newline to f; root is released.  0, or -1 when
** memory ran out. */
int kb_jprint(FILE *f, json_object *root);

#endif
