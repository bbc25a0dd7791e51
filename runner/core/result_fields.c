/* The table of a result's fields as data (result_fields.h). */
#include <stddef.h>

#include "core/result_fields.h"

#define ROW_F(m, type, key, unit, rule, init) \
  {#m, 'F', key, unit, KB_RULE_##rule},
#define ROW_S(m, size, key, rule) {#m, 'S', key, "", KB_RULE_##rule},
#define ROW_P(id, path, type, key, unit, rule, init) \
  {#id, 'P', key, unit, KB_RULE_##rule},
#define ROW_A(m, n, store, key, unit, rule) \
  {#m, 'A', key, unit, KB_RULE_##rule},
#define ROW_D(id, type, expr, key, unit, rule) \
  {#id, 'D', key, unit, KB_RULE_##rule},
#define ROW_H(id) {#id, 'H', NULL, "", KB_RULE_ALWAYS},
const kb_field kb_result_fields[KB_FIELDS] = {
  KB_RESULT_FIELDS(ROW_F, ROW_S, ROW_P, ROW_A, ROW_D, ROW_H)
};
