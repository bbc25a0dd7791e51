/* json-c helpers (jsonc.h). */
#include <math.h>
#include <stdint.h>

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

json_object *kb_jnumber(double x, const char *fmt)
{
  char text[64];
  if (!isfinite(x))
    return NULL;                  /* json-c writes NULL as null */
  snprintf(text, sizeof text, fmt, x);
  return json_object_new_double_s(x, text);
}

json_object *kb_jstring(const char *s)
{
  return s && *s ? json_object_new_string(s) : NULL;
}

json_object *kb_jcount(size_t n)
{
  return json_object_new_int64((int64_t)n);
}

void kb_jput(json_object *obj, const char *key, json_object *v)
{
  json_object_object_add(obj, key, v);
}

int kb_jprint(FILE *f, json_object *root)
{
  const char *text = root ? json_object_to_json_string_ext(
      root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED
                | JSON_C_TO_STRING_NOSLASHESCAPE) : NULL;
  if (text)
    fprintf(f, "%s\n", text);
  json_object_put(root);
  return text ? 0 : -1;
}
