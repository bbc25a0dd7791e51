/* Parameter values: parsing what users type, checking declared limits. */
#ifndef KB_PARAMS_H
#define KB_PARAMS_H

#include <stddef.h>
#include <stdint.h>

#include <kbench/plugin.h>

/* A list of values, as in "1,2,4" or "64M". */
typedef struct kb_values {
  int64_t *v;
  size_t n;
} kb_values;

int kb_parse_int(const char *s, int64_t *out);
int kb_parse_values(const char *s, kb_values *out, char *err, size_t errlen);
void kb_values_free(kb_values *vals);
int kb_param_check(const kbench_param *p, int64_t v, char *err, size_t errlen);
int kb_param_name_ok(const char *name);

#endif
