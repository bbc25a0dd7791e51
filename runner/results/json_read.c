/* A member of a json-c object (json_read.h). */
#include "results/json_read.h"

json_object *kb_jget(json_object *obj, const char *key)
{
  json_object *v = NULL;
  if (obj && json_object_is_type(obj, json_type_object))
    json_object_object_get_ex(obj, key, &v);
  return v;
}

const char *kb_jget_string(json_object *obj, const char *key)
{
  json_object *v = kb_jget(obj, key);
  return v && json_object_is_type(v, json_type_string)
             ? json_object_get_string(v) : NULL;
}
