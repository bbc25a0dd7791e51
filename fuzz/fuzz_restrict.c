/*
** kbench fuzz target for libFuzzer (fuzz/run.sh; see fuzz_params.c).
**
** fuzz_restrict: kbench tune's --restrict expressions, as a user types
** them.  The input, NUL-terminated, goes to kb_restrict_parse(): a refusal
** must point at a column inside the text (or just past it) and leave
** nothing allocated; an expression that parses is evaluated with every
** name at a few values, extremes among them, and must answer 1, 0 or -1
** (a division by zero or an overflow), never crash or overflow itself.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "commands/tune/search/restrict.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  static const int64_t picks[] = {0, 1, -1, 32, 1024, INT64_MAX, INT64_MIN};
  char *s = malloc(size + 1), err[256];
  kb_restrict *r;
  size_t col;
  if (!s)
    return 0;
  memcpy(s, data, size);
  s[size] = '\0';
  if (kb_restrict_parse(s, &r, err, sizeof err, &col) != 0) {
    if (r != NULL || col > strlen(s) || !err[0])
      abort();
    free(s);
    return 0;
  }
  size_t n = kb_restrict_n_names(r);
  int64_t *values = calloc(n ? n : 1, sizeof *values);
  for (size_t p = 0; values && p < sizeof picks / sizeof *picks; p++) {
    for (size_t i = 0; i < n; i++)
      values[i] = picks[(p + i) % (sizeof picks / sizeof *picks)];
    int v = kb_restrict_eval(r, values);
    if (v < -1 || v > 1)
      abort();
  }
  free(values);
  kb_restrict_free(r);
  free(s);
  return 0;
}
