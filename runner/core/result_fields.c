/* The table of a result's fields as data (result_fields.h). */
#include <stddef.h>

#include "core/result_fields.h"

#define ROW_F(m, type, key, shown, rule, init) \
  {#m, 'F', key, KB_UNIT shown, KB_RULE_##rule, KB_OUT shown},
#define ROW_S(m, size, key, out, rule) \
  {#m, 'S', key, "", KB_RULE_##rule, KB_OUT_##out},
#define ROW_P(id, path, type, key, shown, rule, init) \
  {#id, 'P', key, KB_UNIT shown, KB_RULE_##rule, KB_OUT shown},
#define ROW_A(m, n, store, key, shown, rule) \
  {#m, 'A', key, KB_UNIT shown, KB_RULE_##rule, KB_OUT shown},
#define ROW_D(id, type, expr, key, shown, rule) \
  {#id, 'D', key, KB_UNIT shown, KB_RULE_##rule, KB_OUT shown},
#define ROW_H(id) {#id, 'H', NULL, "", KB_RULE_ALWAYS, KB_OUT_WIRE},
const kb_field kb_result_fields[KB_FIELDS] = {
  KB_RESULT_FIELDS(ROW_F, ROW_S, ROW_P, ROW_A, ROW_D, ROW_H)
};
