/*
** kbench fuzz target for libFuzzer.  fuzz/run.sh [SECONDS] builds every
** fuzz/fuzz_*.c with clang -fsanitize=fuzzer,address,undefined against the
** runner's sources and runs each from a copy of fuzz/corpus/<target>/, so
** a new target is one such file plus its corpus folder.  To replay one
** input after a run: fuzz/work/build/<target> FILE.
**
** fuzz_params: parameter values as a user types them ("64M", "1,2,4").
** The input, NUL-terminated, goes to kb_parse_int() and kb_parse_values();
** each value parsed is checked against declared limits, and must survive
** kb_format_count() and parsing back, as labels and CSV rows rely on.  As
** choice names of an enumerated parameter (kb_param_parse), each index
** must be valid and name itself back.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model/params.h"
#include "plan/plan.h"

static const kbench_param limits[] = {
  {"n", "a count", "1", 1, (int64_t)1 << 40, 0, NULL, 0},
  {"block", "a power of two", "256", INT64_MIN, INT64_MAX, KBENCH_PARAM_POW2, NULL, 0},
};

static const char *const dtypes[] = {"f32", "f64", "i32"};
static const kbench_param dtype = {"dtype", "choices", "f32", 0, 0, 0,
                                   dtypes, 3};

static void round_trip(int64_t v)
{
  char text[32];
  int64_t back;
  kb_format_count(text, sizeof text, v);
  if (kb_parse_int(text, &back) != 0 || back != v)
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char *s = malloc(size + 1);
  if (!s)
    return 0;
  memcpy(s, data, size);
  s[size] = '\0';

  int64_t one;
  if (kb_parse_int(s, &one) == 0)
    round_trip(one);
  (void)kb_param_name_ok(s);

  kb_values vals;
  char err[256];
  if (kb_parse_values(s, &vals, err, sizeof err) == 0) {
    for (size_t i = 0; i < vals.n; i++) {
      for (size_t k = 0; k < sizeof limits / sizeof *limits; k++)
        (void)kb_param_check(&limits[k], vals.v[i], err, sizeof err);
      if (i < 64 || i == vals.n - 1)  /* ranges make up to 100000 each */
        round_trip(vals.v[i]);
    }
    kb_values_free(&vals);
  }
  /* Choice names: every index parsed is valid and names itself. */
  if (kb_param_parse(&dtype, s, &vals, err, sizeof err) == 0) {
    for (size_t i = 0; i < vals.n; i++) {
      char name[32];
      kb_values again;
      if (kb_param_check(&dtype, vals.v[i], err, sizeof err))
        abort();
      kb_param_format(&dtype, vals.v[i], name, sizeof name);
      if (kb_param_parse(&dtype, name, &again, err, sizeof err) != 0
          || again.n != 1 || again.v[0] != vals.v[i])
        abort();
      kb_values_free(&again);
    }
    kb_values_free(&vals);
  }
  free(s);
  return 0;
}
