/* The table of a result's fields as data (result_fields.h). */
#include <stddef.h>

#include "model/result_fields.h"

#define ROW(name, kind_, type_, key_, shown, rule_)                        \
  {.id = #name, .kind = kind_, .type = #type_, .key = key_,               \
   .unit = KB_UNIT shown, .hint = KB_HINT shown, .rule = KB_RULE_##rule_, \
   .out = KB_OUT shown, .column = KB_COLUMN shown, .pool = KB_POOL shown, \
   .table = KB_TABLE shown, .doc = KB_DOC shown},
#define ROW_F(m, type, key, shown, rule, init) \
  ROW(m, 'F', type, key, shown, rule)
#define ROW_S(m, size, key, shown, rule) ROW(m, 'S', CHARS, key, shown, rule)
#define ROW_P(id, path, type, key, shown, rule, init) \
  ROW(id, 'P', type, key, shown, rule)
#define ROW_A(m, n, key, shown, rule) \
  ROW(m, 'A', ARRAY, key, shown, rule)
#define ROW_D(id, type, expr, key, shown, rule) \
  ROW(id, 'D', type, key, shown, rule)
#define ROW_H(name, keys_, doc_)                                           \
  {.id = #name, .kind = 'H', .type = "", .unit = "", .hint = "",            \
   .rule = KB_RULE_ALWAYS, .out = KB_OUT_JSON, .pool = KB_POOL_EACH,      \
   .keys = keys_, .doc = doc_},
const kb_field kb_result_fields[KB_FIELDS] = {
  KB_RESULT_FIELDS(ROW_F, ROW_S, ROW_P, ROW_A, ROW_D, ROW_H)
};

#define LABEL_N(id, type, expr, label, rule) label,
const char *const kb_note_labels[KB_NOTES] = {KB_RESULT_NOTES(LABEL_N)};
