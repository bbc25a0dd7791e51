/*
** The plugins' own helpers (plugins/common/kb_util.h): random inputs stay
** in range and fill every element, and the comparisons that verification
** rests on catch what they must: a wrong element, a poisoned (NaN) one,
** one just outside the tolerance, and they report the first.
*/
#include <stdarg.h>
#include <string.h>

#include "kb_util.h"
#include "rng.h"
#include "tap.h"

typedef struct fake {
  kbench_host host;
  kb_rng rng;
  char message[256];
} fake;

static uint64_t fake_random(const kbench_host *h)
{
  return kb_rng_next(&((fake *)h->opaque)->rng);
}

static int fake_fail(const kbench_host *h, int status, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(((fake *)h->opaque)->message, 256, fmt, ap);
  va_end(ap);
  return status;
}

static void fake_init(fake *f)
{
  memset(f, 0, sizeof *f);
  f->host.size = sizeof f->host;
  f->host.random = fake_random;
  f->host.fail = fake_fail;
  f->host.opaque = f;
  kb_rng_seed(&f->rng, 1, 0);
}

enum { N = 1 << 20 };
static int ints[N + 1], more_ints[N];
static float floats[N + 1], more_floats[N];

static void fills(const kbench_host *h)
{
  ints[5] = 12345;
  kb_fill_int(h, ints, 5, -3, 3);
  int inside = 1, lo = 0, hi = 0;
  for (int i = 0; i < 5; i++)
    inside &= ints[i] >= -3 && ints[i] <= 3;
  ok(inside && ints[5] == 12345, "an odd count fills every element and "
     "no more");

  kb_fill_int(h, ints, N, -1000, 1000);
  inside = 1;
  for (int i = 0; i < N; i++) {
    inside &= ints[i] >= -1000 && ints[i] <= 1000;
    lo |= ints[i] == -1000;
    hi |= ints[i] == 1000;
  }
  ok(inside && lo && hi, "ints fill [-1000, 1000] and reach both ends");

  kb_fill_int(h, ints, N, INT32_MIN, INT32_MAX);
  int negative = 0, positive = 0;
  for (int i = 0; i < N; i++) {
    negative |= ints[i] < -(1 << 30);
    positive |= ints[i] > (1 << 30);
  }
  ok(negative && positive, "the full int range is reachable");

  floats[N] = 7.0f;
  kb_fill_float(h, floats, N);
  inside = 1;
  int grid = 1, sign = 0;
  for (int i = 0; i < N; i++) {
    inside &= floats[i] >= -1.0f && floats[i] < 1.0f;
    grid &= floats[i] * 8388608.0f == (float)(int)(floats[i] * 8388608.0f);
    sign |= floats[i] < 0 ? 1 : 2;
  }
  ok(inside && grid && sign == 3 && floats[N] == 7.0f,
     "floats lie in [-1, 1) on the 2^-23 grid, of both signs");
}

static void int_checks(fake *f)
{
  const kbench_host *h = &f->host;
  memcpy(more_ints, ints, sizeof more_ints);
  ok(kb_check_int(h, "out", more_ints, ints, N) == KBENCH_OK,
     "equal ints pass");
  more_ints[N - 1] ^= 1;
  more_ints[777] = -1;  /* the runner's poison */
  ok(kb_check_int(h, "out", more_ints, ints, N) == KBENCH_WRONG
     && strstr(f->message, "out[777] = -1"),
     "the first of two wrong ints is reported: %s", f->message);
}

static void float_checks(fake *f)
{
  const kbench_host *h = &f->host;
  const float atol = 1.0f / (1 << 22);
  for (int i = 0; i < N; i++)
    more_floats[i] = floats[i] + (i % 2 ? 0.5f : -0.5f) * atol;
  ok(kb_count_far(more_floats, floats, N, 0.0, atol) == 0
     && kb_check_float(h, "res", more_floats, floats, N, 0.0, atol)
        == KBENCH_OK, "floats within the tolerance pass");

  more_floats[1000] = floats[1000] + 4 * atol;
  ok(kb_count_far(more_floats, floats, N, 0.0, atol) == 1
     && kb_check_float(h, "res", more_floats, floats, N, 0.0, atol)
        == KBENCH_WRONG && strstr(f->message, "res[1000]"),
     "a float 4 tolerances off fails: %s", f->message);

  uint32_t poison = 0xFFFFFFFFu;
  memcpy(&more_floats[10], &poison, sizeof poison);
  ok(kb_count_far(more_floats, floats, N, 0.0, atol) == 2
     && kb_check_float(h, "res", more_floats, floats, N, 0.0, atol)
        == KBENCH_WRONG && strstr(f->message, "res[10]"),
     "a poisoned (NaN) float fails and is reported first: %s", f->message);

  float want = 1000.0f, got = 1000.0f * (1 + 3e-6f);
  ok(kb_check_float(h, "sum", &got, &want, 1, 1e-6, 0.0) == KBENCH_WRONG
     && kb_check_float(h, "sum", &got, &want, 1, 1e-5, 0.0) == KBENCH_OK,
     "the relative tolerance scales with the reference");
}

int main(void)
{
  fake f;
  fake_init(&f);
  fills(&f.host);
  int_checks(&f);
  float_checks(&f);
  return tap_done();
}
