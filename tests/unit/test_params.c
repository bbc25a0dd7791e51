/* Parameter values: what users type, and the declared limits. */
#include <stdio.h>
#include <string.h>

#include "model/params.h"
#include "tap.h"

int main(void)
{
  int64_t v;
  ok(kb_parse_int("12345", &v) == 0 && v == 12345, "decimal");
  ok(kb_parse_int("64M", &v) == 0 && v == 67108864, "64M is 2^26");
  ok(kb_parse_int("4k", &v) == 0 && v == 4096, "lower-case k suffix");
  ok(kb_parse_int("2G", &v) == 0 && v == 2147483648LL, "2G");
  ok(kb_parse_int("-3", &v) == 0 && v == -3, "negative");
  ok(kb_parse_int("abc", &v) != 0, "letters rejected");
  ok(kb_parse_int("1.5", &v) != 0, "fraction rejected");
  ok(kb_parse_int("", &v) != 0, "empty rejected");
  ok(kb_parse_int("10MB", &v) != 0, "trailing junk rejected");
  ok(kb_parse_int("9223372036854775807G", &v) != 0, "overflow rejected");
  ok(kb_parse_int("99999999999999999999", &v) != 0, "out of range rejected");

  kb_values vals;
  char err[256];
  ok(kb_parse_values("1,2,4K", &vals, err, sizeof err) == 0 && vals.n == 3
     && vals.v[0] == 1 && vals.v[1] == 2 && vals.v[2] == 4096,
     "comma list");
  kb_values_free(&vals);
  ok(kb_parse_values("1,x", &vals, err, sizeof err) != 0
     && strstr(err, "'x'") != NULL, "bad list item named: %s", err);
  ok(kb_parse_values(",", &vals, err, sizeof err) != 0, "empty list");
  ok(kb_parse_values("12q", &vals, err, sizeof err) != 0
     && strcmp(err, "'12q' is not an integer (digits, optional K/M/G)") == 0,
     "plain non-integer keeps its message: %s", err);
  ok(kb_parse_values("99999999999G", &vals, err, sizeof err) != 0
     && strstr(err, "'99999999999G' is out of range"),
     "too large: %s", err);

  /* Ranges: geometric and arithmetic, STOP included when hit. */
  ok(kb_parse_values("64K:1M:*2", &vals, err, sizeof err) == 0 && vals.n == 5
     && vals.v[0] == 65536 && vals.v[4] == 1048576, "64K:1M:*2: 5 values");
  kb_values_free(&vals);
  ok(kb_parse_values("1K:5K:*2", &vals, err, sizeof err) == 0 && vals.n == 3
     && vals.v[2] == 4096, "geometric, STOP not hit: 1K 2K 4K");
  kb_values_free(&vals);
  ok(kb_parse_values("32:1024:+32", &vals, err, sizeof err) == 0
     && vals.n == 32 && vals.v[1] == 64 && vals.v[31] == 1024,
     "32:1024:+32: 32 values");
  kb_values_free(&vals);
  ok(kb_parse_values("1:10:+4", &vals, err, sizeof err) == 0 && vals.n == 3
     && vals.v[2] == 9, "arithmetic, STOP not hit: 1 5 9");
  kb_values_free(&vals);
  ok(kb_parse_values("-4:4:+3", &vals, err, sizeof err) == 0 && vals.n == 3
     && vals.v[0] == -4 && vals.v[2] == 2, "arithmetic from a negative START");
  kb_values_free(&vals);
  ok(kb_parse_values("3:3:*2", &vals, err, sizeof err) == 0 && vals.n == 1
     && vals.v[0] == 3, "START = STOP: one value");
  kb_values_free(&vals);
  ok(kb_parse_values("1:2G:*1K", &vals, err, sizeof err) == 0 && vals.n == 4
     && vals.v[3] == (int64_t)1 << 30, "suffix on FACTOR");
  kb_values_free(&vals);
  ok(kb_parse_values("1,7,64K:1M:*4,3", &vals, err, sizeof err) == 0
     && vals.n == 6 && vals.v[1] == 7 && vals.v[2] == 65536
     && vals.v[4] == 1048576 && vals.v[5] == 3,
     "ranges mixed with plain items, in order");
  kb_values_free(&vals);
  ok(kb_parse_values("1:100000:+1", &vals, err, sizeof err) == 0
     && vals.n == KB_RANGE_MAX && vals.v[KB_RANGE_MAX - 1] == KB_RANGE_MAX,
     "exactly the cap is allowed");
  kb_values_free(&vals);

  /* Near the ends of int64: no step may overflow. */
  ok(kb_parse_values("1:9223372036854775807:*2", &vals, err, sizeof err) == 0
     && vals.n == 63 && vals.v[62] == (int64_t)1 << 62,
     "geometric up to INT64_MAX stops at 2^62");
  kb_values_free(&vals);
  ok(kb_parse_values("9223372036854775800:9223372036854775807:+5", &vals,
                     err, sizeof err) == 0 && vals.n == 2
     && vals.v[1] == 9223372036854775805, "arithmetic near INT64_MAX");
  kb_values_free(&vals);
  ok(kb_parse_values("-9223372036854775807:9223372036854775807:"
                     "+9223372036854775807", &vals, err, sizeof err) == 0
     && vals.n == 3 && vals.v[1] == 0, "a step as wide as int64");
  kb_values_free(&vals);

  /* Every way a range can be wrong names the item. */
  static const struct {
    const char *text, *want;
  } bad[] = {
    {"4K:1K:*2", "'4K:1K:*2': START is more than STOP"},
    {"1:8:*1", "'1:8:*1': FACTOR must be at least 2"},
    {"1:8:*-2", "'1:8:*-2': FACTOR must be at least 2"},
    {"0:8:*2", "'0:8:*2': a geometric range must START at 1"},
    {"1:8:+0", "'1:8:+0': STEP must be at least 1"},
    {"1:8", "'1:8': expected START:STOP:*FACTOR or START:STOP:+STEP"},
    {"1:8:", "'1:8:': expected START:STOP"},
    {":8:+1", "':8:+1': expected START:STOP"},
    {"1::+1", "'1::+1': expected START:STOP"},
    {"1:8:2", "'1:8:2': expected START:STOP"},
    {"1:8:*", "'1:8:*': expected START:STOP"},
    {"1:8:+1:4", "'1:8:+1:4': expected START:STOP"},
    {"1:8q:*2", "'8q' is not an integer (digits, optional K/M/G), in "
                "'1:8q:*2'"},
    {"1:99999999999999999999:+1", "'99999999999999999999' is out of range"},
    {"1:100001:+1", "'1:100001:+1' would make more than 100000 values"},
    {"1:1G:+1", "'1:1G:+1' would make more than 100000 values"},
    {"-9223372036854775808:9223372036854775807:+1", "more than 100000"},
    {"5,1:8", "'1:8': expected"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    vals.n = 99;
    int rc = kb_parse_values(bad[i].text, &vals, err, sizeof err);
    ok(rc != 0 && strstr(err, bad[i].want) && vals.v == NULL && vals.n == 0,
       "%s refused: %s", bad[i].text, err);
  }

  kbench_param p = {"threads", "block size", "256", 32, 1024,
                    KBENCH_PARAM_POW2, NULL, 0};
  ok(kb_param_check(&p, 256, err, sizeof err) == 0, "256 accepted");
  ok(kb_param_check(&p, 16, err, sizeof err) != 0 && strstr(err, "outside"),
     "below min: %s", err);
  ok(kb_param_check(&p, 2048, err, sizeof err) != 0, "above max");
  ok(kb_param_check(&p, 96, err, sizeof err) != 0
     && strstr(err, "power of two"), "not pow2: %s", err);
  static const char *const dtypes[] = {"f32", "f64", "i32"};
  kbench_param e = {"dtype", "type", "f32", 0, 0, 0, dtypes, 3};
  ok(kb_param_parse(&e, "i32,f32,i32", &vals, err, sizeof err) == 0
     && vals.n == 3 && vals.v[0] == 2 && vals.v[1] == 0 && vals.v[2] == 2,
     "choices parse to their indices");
  kb_values_free(&vals);
  static const char *const bad_choices[] = {"f16", "f32,f16", "1", "F32",
                                            "f32:f64"};
  for (size_t i = 0; i < sizeof bad_choices / sizeof *bad_choices; i++) {
    int rc = kb_param_parse(&e, bad_choices[i], &vals, err, sizeof err);
    ok(rc != 0 && strstr(err, "is not one of f32, f64, i32") && !vals.v,
       "'%s' refused: %s", bad_choices[i], err);
  }
  /* An empty item is a slip that may have lost a value: refused, named,
  ** for choices and integers alike. */
  static const char *const empty_items[] = {"", "f32,", ",f32", "f32,,f64"};
  for (size_t i = 0; i < sizeof empty_items / sizeof *empty_items; i++) {
    int rc = kb_param_parse(&e, empty_items[i], &vals, err, sizeof err);
    ok(rc != 0 && strstr(err, "an empty item in '") && !vals.v,
       "choices '%s' refused: %s", empty_items[i], err);
  }
  static const char *const empty_ints[] = {"1M,,2M", "1M,", ",1M", ",,"};
  for (size_t i = 0; i < sizeof empty_ints / sizeof *empty_ints; i++) {
    int rc = kb_param_parse(&p, empty_ints[i], &vals, err, sizeof err);
    char want[64];
    snprintf(want, sizeof want, "an empty item in '%s'", empty_ints[i]);
    ok(rc != 0 && strcmp(err, want) == 0 && !vals.v,
       "integers '%s' refused: %s", empty_ints[i], err);
  }
  /* A limit in the units --list shows it in. */
  kbench_param big = {"n", "elements", "16M", 1, 1LL << 31, 0, NULL, 0};
  ok(kb_param_check(&big, 1LL << 32, err, sizeof err) != 0
     && strcmp(err, "n=4G is outside [1, 2G]") == 0, "as --list: %s", err);
  ok(kb_param_parse(&p, "64,128", &vals, err, sizeof err) == 0 && vals.n == 2,
     "an integer parameter parses integers");
  kb_values_free(&vals);
  char text[32];
  kb_param_format(&e, 1, text, sizeof text);
  ok(strcmp(text, "f64") == 0, "a choice formats as its name");
  kb_param_format(&p, 1 << 20, text, sizeof text);
  ok(strcmp(text, "1M") == 0, "an integer as a count");
  ok(kb_param_check(&e, 2, err, sizeof err) == 0
     && kb_param_check(&e, 3, err, sizeof err) != 0
     && kb_param_check(&e, -1, err, sizeof err) != 0,
     "a choice index in range, others refused");
  ok(kb_param_name_ok("n_rows2") && !kb_param_name_ok("N")
     && !kb_param_name_ok("") && !kb_param_name_ok("a-b"), "names");
  /* NAME=VALUES, parsed once for --param and --cases: the record the
  ** plan reads. */
  kb_assign a;
  ok(kb_assign_parse(&a, "threads=128,256") == 0
     && strcmp(a.name, "threads") == 0 && strcmp(a.values, "128,256") == 0
     && a.ints.n == 2 && a.ints.v[0] == 128 && a.ints.v[1] == 256,
     "an assignment: its name, its values' text and their integers, once");
  kb_values got;
  ok(kb_assign_values(&a, &p, &got, err, sizeof err) == 0 && got.n == 2
     && got.v != a.ints.v && got.v[1] == 256,
     "...an integer parameter's values, a copy of them");
  kb_values_free(&got);
  kb_assign_free(&a);
  ok(kb_assign_parse(&a, "dtype=f64,i32") == 0 && !a.ints.v
     && strstr(a.err, "f64")
     && kb_assign_values(&a, &e, &got, err, sizeof err) == 0 && got.n == 2
     && got.v[0] == 1 && got.v[1] == 2,
     "...choice names: not integers, each variant's choices' indices");
  kb_values_free(&got);
  ok(kb_assign_values(&a, &p, &got, err, sizeof err) != 0
     && strcmp(err, a.err) == 0,
     "...and for an integer parameter, why not: %s", err);
  kb_assign_free(&a);
  ok(kb_assign_parse(&a, "n=") == 0 && strcmp(a.name, "n") == 0
     && !a.ints.v, "...empty values are values, not integers");
  kb_assign_free(&a);
  ok(kb_assign_parse(&a, "=4") != 0 && kb_assign_parse(&a, "n") != 0
     && !a.name, "...no name, or no '=', is none");
  kb_assign list[4];
  const char *const texts[] = {"n=1", "nn=2", "n=3", "stride=4"};
  for (int i = 0; i < 4; i++)
    kb_assign_parse(&list[i], texts[i]);
  ok(kb_assign_find(list, 1, "n") == &list[0]
     && kb_assign_find(list, 4, "nn") == &list[1]
     && !kb_assign_find(list, 4, "nnn"), "found by name, and only by it");
  for (int i = 0; i < 4; i++)
    kb_assign_free(&list[i]);
  return tap_done();
}
