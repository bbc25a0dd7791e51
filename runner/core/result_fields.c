/* The table of a result's fields as data, and its rules (result_fields.h). */
#include <stddef.h>

#include "core/result.h"

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

int kb_rule_shown(const kb_result *r, int rule, double v)
{
  int pass = r->verdict == KB_PASS;
  int kernel = pass && r->n_kernel;
  int energy = r->energy_j > 0;
  int shown;
  switch (rule) {
  case KB_RULE_PASS: shown = pass; break;
  case KB_RULE_PASS_OR_ZERO: return pass ? KB_SHOWN_VALUE : KB_SHOWN_ZERO;
  case KB_RULE_FAILED: return pass ? KB_SHOWN_ZERO : KB_SHOWN_VALUE;
  case KB_RULE_NONNEG: shown = v >= 0; break;
  case KB_RULE_POSITIVE: shown = v > 0; break;
  case KB_RULE_PASS_POSITIVE: shown = pass && v > 0; break;
  case KB_RULE_KERNEL: shown = kernel; break;
  case KB_RULE_KERNEL_OR_ZERO:
    return kernel ? KB_SHOWN_VALUE : KB_SHOWN_ZERO;
  case KB_RULE_SPAN: shown = kernel && kb_result_has_span(r); break;
  case KB_RULE_NONEMPTY: shown = v != 0; break;
  case KB_RULE_DRAM: shown = r->dram_read >= 0; break;
  case KB_RULE_ENERGY: shown = energy; break;
  case KB_RULE_ENERGY_POSITIVE: shown = energy && v > 0; break;
  case KB_RULE_WORK:
    return kb_per_second(r, (uint64_t)v) > 0 ? KB_SHOWN_VALUE
                                              : KB_SHOWN_NONE;
  case KB_RULE_RATE: return v > 0 ? KB_SHOWN_VALUE : KB_SHOWN_NONE;
  case KB_RULE_SKIPPED:
    return r->verdict == KB_SKIP ? KB_SHOWN_VALUE : KB_SHOWN_NONE;
  case KB_RULE_ERRORED:
    return !pass && r->verdict != KB_SKIP ? KB_SHOWN_VALUE : KB_SHOWN_NONE;
  case KB_RULE_EVENTS: shown = r->clock_event_reads > 0; break;
  default: shown = 1; break;
  }
  return shown ? KB_SHOWN_VALUE : KB_SHOWN_NULL;
}
