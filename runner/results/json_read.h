/*
** Reading a member of a json-c object, for the readers of results files
** (file_read.c, entries.c, entry_read.c) and tune's cache.
*/
#ifndef KB_JSON_READ_H
#define KB_JSON_READ_H

#include <json.h>

/* obj[key], or NULL when obj is no object or has no such member. */
json_object *kb_jget(json_object *obj, const char *key);
/* obj[key] when it is a string, else NULL. */
const char *kb_jget_string(json_object *obj, const char *key);

#endif
