/* Parameter values: what users type, and the declared limits. */
#include <string.h>

#include "params.h"
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

  kbench_param p = {"threads", "block size", "256", 32, 1024,
                    KBENCH_PARAM_POW2};
  ok(kb_param_check(&p, 256, err, sizeof err) == 0, "256 accepted");
  ok(kb_param_check(&p, 16, err, sizeof err) != 0 && strstr(err, "outside"),
     "below min: %s", err);
  ok(kb_param_check(&p, 2048, err, sizeof err) != 0, "above max");
  ok(kb_param_check(&p, 96, err, sizeof err) != 0
     && strstr(err, "power of two"), "not pow2: %s", err);
  ok(kb_param_name_ok("n_rows2") && !kb_param_name_ok("N")
     && !kb_param_name_ok("") && !kb_param_name_ok("a-b"), "names");
  return tap_done();
}
