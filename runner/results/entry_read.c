/* An entry of a results file read back into a result, key by key from its
** table (entry.h). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "results/entry.h"
#include "results/json_read.h"
#include "results/format.h"

/* A finite number at key: 1 with it in *v, else 0. */
static int number_at(json_object *e, const char *key, double *v)
{
  json_object *x = key ? kb_jget(e, key) : NULL;
  if (!x || !(json_object_is_type(x, json_type_double)
              || json_object_is_type(x, json_type_int))
      || !isfinite(json_object_get_double(x)))
    return 0;
  *v = json_object_get_double(x);
  return 1;
}

/* A count at key, whole and not negative, exact as an integer: 1 with it
** in *v, else 0. */
static int count_at(json_object *e, const char *key, uint64_t max,
                    uint64_t *v)
{
  json_object *x = key ? kb_jget(e, key) : NULL;
  double d;
  if (x && json_object_is_type(x, json_type_int)
      && json_object_get_int64(x) >= 0)
    *v = json_object_get_uint64(x);
  else if (number_at(e, key, &d) && d >= 0 && d == floor(d) && d < 0x1p64)
    *v = (uint64_t)d;
  else
    return 0;
  return *v <= max;
}

/* One reader a TYPE of the table: 1 when the key held a value of it. */
static int read_F64(json_object *e, const char *key, double *v)
{
  return number_at(e, key, v);
}

static int read_U64(json_object *e, const char *key, uint64_t *v)
{
  return count_at(e, key, UINT64_MAX, v);
}

static int read_SIZE(json_object *e, const char *key, size_t *v)
{
  uint64_t n;
  return count_at(e, key, SIZE_MAX, &n) ? (*v = (size_t)n, 1) : 0;
}

static int read_UINT(json_object *e, const char *key, unsigned *v)
{
  uint64_t n;
  return count_at(e, key, UINT32_MAX, &n) ? (*v = (unsigned)n, 1) : 0;
}

static int read_BOOL(json_object *e, const char *key, int *v)
{
  json_object *x = key ? kb_jget(e, key) : NULL;
  if (!x || !json_object_is_type(x, json_type_boolean))
    return 0;
  *v = json_object_get_boolean(x);
  return 1;
}

/* An int written by its name: parse gives it back, or -1. */
static int read_name(json_object *e, const char *key, int *v,
                     int (*parse)(const char *))
{
  const char *s = key ? kb_jget_string(e, key) : NULL;
  int n = s ? parse(s) : -1;
  return n >= 0 ? (*v = n, 1) : 0;
}

#define read_VERDICT(e, key, v) read_name(e, key, v, kb_verdict_parse)
#define read_STOP(e, key, v) read_name(e, key, v, kb_stop_parse)
#define read_MEMORY(e, key, v) read_name(e, key, v, kb_memory_parse)
#define read_TIME(e, key, v) read_name(e, key, v, kb_time_parse)

/* Owned text: 1, 0 (none), or -1 out of memory. */
static int read_OWNSTR(json_object *e, const char *key, char **v)
{
  const char *s = key ? kb_jget_string(e, key) : NULL;
  if (!s)
    return 0;
  return (*v = strdup(s)) ? 1 : -1;
}

static int read_text(json_object *e, const char *key, char *buf, size_t len)
{
  const char *s = key ? kb_jget_string(e, key) : NULL;
  if (!s)
    return 0;
  snprintf(buf, len, "%s", s);
  return 1;
}

/* The finite numbers of the array at key into *x, malloc'd (NULL when
** there are none), and their count into *n: 1, 0 when there is no array,
** or -1 out of memory. */
static int read_array(json_object *e, const char *key, double **x,
                      size_t *n)
{
  json_object *arr = key ? kb_jget(e, key) : NULL;
  if (!arr || !json_object_is_type(arr, json_type_array))
    return 0;
  size_t len = json_object_array_length(arr);
  if (len && !(*x = malloc(len * sizeof **x)))
    return -1;
  *n = 0;
  for (size_t i = 0; i < len; i++) {
    json_object *v = json_object_array_get_idx(arr, i);
    if ((json_object_is_type(v, json_type_double)
         || json_object_is_type(v, json_type_int))
        && isfinite(json_object_get_double(v)))
      (*x)[(*n)++] = json_object_get_double(v);
  }
  if (!*n) {
    free(*x);
    *x = NULL;
  }
  return 1;
}

/* Each read notes where it found its key; a failed one (-1) fails all. */
#define FOUND(id, got) \
  do { int found_ = (got); bad |= found_ < 0; \
       if (given) given[KB_FIELD_##id] = found_ > 0; } while (0);
/* A row's key in the file's format: an older one named some otherwise. */
#define KEY(id) kb_format_key(KB_FIELD_##id, format)
#define READ_F(m, type, key, ...) FOUND(m, read_##type(e, KEY(m), &r->m))
#define READ_S(m, size, key, out, rule) \
  FOUND(m, read_text(e, KEY(m), r->m, sizeof r->m))
#define READ_P(id, path, type, key, ...) \
  FOUND(id, read_##type(e, KEY(id), &r->path))
#define READ_A(m, n, ...) FOUND(m, read_array(e, KEY(m), &r->m, &r->n))
int kb_entry_read(json_object *e, int format, kb_result *r,
                  unsigned char given[KB_FIELDS])
{
  int bad = 0;
  kb_result_init(r, KB_PASS);
  if (given)
    memset(given, 0, KB_FIELDS);
  KB_RESULT_FIELDS(READ_F, READ_S, READ_P, READ_A, KB_ROW_SKIP, KB_ROW_SKIP)
  if (bad) {
    kb_result_free(r);
    return -1;
  }
  return 0;
}
