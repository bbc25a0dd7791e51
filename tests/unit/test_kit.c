/*
** The host part of the plugin author's kit (<kbench/kit.h>), built as
** plain C11 without the CUDA headers on the include path: random inputs
** stay in range and fill every element, and the comparisons that
** verification rests on catch what they must (a wrong element, a poisoned
** NaN, an infinity, one just past the tolerance but not one just inside)
** and report the first, with its index.
*/
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <kbench/kit.h>

#include "worker/plugin/pool.h"
#include "util/rng.h"
#include "tap.h"

typedef struct fake {
  kbench_host host;
  kb_rng rng;
  kb_pool *pool;           /* parallel_for's threads, or NULL: none */
  char message[256];
} fake;

static uint64_t fake_random(const kbench_host *h)
{
  return kb_rng_next(&((fake *)h->opaque)->rng);
}

/* As the runner does: inside a parallel_for callback the message is the
** chunk's. */
static int fake_fail(const kbench_host *h, int status, const char *fmt, ...)
{
  fake *f = h->opaque;
  char *chunk = f->pool ? kb_pool_message(f->pool) : NULL;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(chunk ? chunk : f->message, chunk ? KB_POOL_MESSAGE : 256, fmt,
            ap);
  va_end(ap);
  return status;
}

static int fake_parallel_for(const kbench_host *h, size_t n, size_t grain,
                             kbench_range_fn fn, void *ctx)
{
  fake *f = h->opaque;
  char msg[KB_POOL_MESSAGE];
  int misused;
  int status = kb_pool_for(f->pool, n, grain, fn, ctx, msg, sizeof msg,
                           &misused);
  if (status != KBENCH_OK && msg[0])
    snprintf(f->message, sizeof f->message, "%s", msg);
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
  kbench_fill_int(h, ints, 5, -3, 3);
  int inside = 1, lo = 0, hi = 0;
  for (int i = 0; i < 5; i++)
    inside &= ints[i] >= -3 && ints[i] <= 3;
  ok(inside && ints[5] == 12345, "an odd count fills every element and "
     "no more");

  kbench_fill_int(h, ints, N, -1000, 1000);
  inside = 1;
  for (int i = 0; i < N; i++) {
    inside &= ints[i] >= -1000 && ints[i] <= 1000;
    lo |= ints[i] == -1000;
    hi |= ints[i] == 1000;
  }
  ok(inside && lo && hi, "ints fill [-1000, 1000] and reach both ends");

  kbench_fill_int(h, ints, N, INT32_MIN, INT32_MAX);
  int negative = 0, positive = 0;
  for (int i = 0; i < N; i++) {
    negative |= ints[i] < -(1 << 30);
    positive |= ints[i] > (1 << 30);
  }
  ok(negative && positive, "the full int range is reachable");

  floats[N] = 7.0f;
  kbench_fill_float(h, floats, N);
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
  ok(kbench_check_int(h, "out", more_ints, ints, N) == KBENCH_OK,
     "equal ints pass");
  more_ints[N - 1] ^= 1;
  char want[64];
  snprintf(want, sizeof want, "out[%d] = %d, expected %d", N - 1,
           more_ints[N - 1], ints[N - 1]);
  ok(kbench_check_int(h, "out", more_ints, ints, N) == KBENCH_WRONG
     && strcmp(f->message, want) == 0,
     "a wrong int is caught with its index, value and reference: %s",
     f->message);
  more_ints[777] = -1;  /* the runner's poison */
  ok(kbench_check_int(h, "out", more_ints, ints, N) == KBENCH_WRONG
     && strstr(f->message, "out[777] = -1"),
     "the first of two wrong ints is reported: %s", f->message);
}

static float nan_bits(void)
{
  uint32_t poison = 0xFFFFFFFFu;  /* the runner's poison */
  float f;
  memcpy(&f, &poison, sizeof f);
  return f;
}

static void float_checks(fake *f)
{
  const kbench_host *h = &f->host;
  const float atol = 1.0f / (1 << 22);
  for (int i = 0; i < N; i++)
    more_floats[i] = floats[i] + (i % 2 ? 0.5f : -0.5f) * atol;
  ok(kbench_first_far_float(more_floats, floats, N, 0.0, atol) == N
     && kbench_check_float(h, "res", more_floats, floats, N, 0.0, atol)
        == KBENCH_OK, "floats within the tolerance pass");

  more_floats[1000] = floats[1000] + 4 * atol;
  ok(kbench_first_far_float(more_floats, floats, N, 0.0, atol) == 1000
     && kbench_check_float(h, "res", more_floats, floats, N, 0.0, atol)
        == KBENCH_WRONG && strstr(f->message, "res[1000] = "),
     "a float 4 tolerances off fails: %s", f->message);

  more_floats[10] = nan_bits();
  ok(kbench_first_far_float(more_floats, floats, N, 0.0, atol) == 10
     && kbench_check_float(h, "res", more_floats, floats, N, 0.0, atol)
        == KBENCH_WRONG && strstr(f->message, "res[10] = ")
     && strstr(f->message, "nan"),
     "a poisoned (NaN) float fails and is reported first: %s", f->message);

  more_floats[3] = -INFINITY;
  ok(kbench_check_float(h, "res", more_floats, floats, N, 0.0, atol)
     == KBENCH_WRONG && strstr(f->message, "res[3] = -inf"),
     "an infinity where the reference is finite fails: %s", f->message);

  float want = 1000.0f, got = 1000.0f * (1 + 3e-6f);
  ok(kbench_check_float(h, "sum", &got, &want, 1, 1e-6, 0.0) == KBENCH_WRONG
     && kbench_check_float(h, "sum", &got, &want, 1, 1e-5, 0.0) == KBENCH_OK,
     "the relative tolerance scales with the reference");
}

/* Tolerances of exact binary fractions, so that "just inside" (on the
** bound) and "just past" (one ulp beyond it) mean exactly that. */
static void float_edges(fake *f)
{
  const kbench_host *h = &f->host;
  /* atol + rtol * |want| = 2^-10 + 2^-10 * 2 = 3 * 2^-10. */
  const double rtol = 0x1p-10, atol = 0x1p-10;
  float want[4] = {2.0f, 2.0f, 2.0f, 2.0f};
  float got[4] = {2.0f, 2.0f, 2.0f + 3 * 0x1p-10f, 2.0f - 3 * 0x1p-10f};
  ok(kbench_check_float(h, "v", got, want, 4, rtol, atol) == KBENCH_OK,
     "floats exactly atol + rtol * |want| away pass");
  got[3] = nextafterf(got[3], 0.0f);
  ok(kbench_check_float(h, "v", got, want, 4, rtol, atol) == KBENCH_WRONG
     && strstr(f->message, "v[3] = 1.99") && strstr(f->message, "expected 2"),
     "one ulp past the bound fails, with index, value and reference: %s",
     f->message);
  got[3] = want[3];
  got[2] = nextafterf(got[2], 4.0f);
  ok(kbench_check_float(h, "v", got, want, 4, rtol, atol) == KBENCH_WRONG
     && strstr(f->message, "v[2] = 2.00"),
     "above as well as below: %s", f->message);
  ok(kbench_check_float(h, "v", got, want, 4, 0x1p-9, atol) == KBENCH_OK,
     "the rtol is the relative part: doubling it lets that through");

  float inf[2] = {INFINITY, -INFINITY}, nan2[2] = {0, 0};
  float other[2] = {INFINITY, INFINITY};
  ok(kbench_check_float(h, "x", inf, inf, 2, 0.0, 0.0) == KBENCH_OK
     && kbench_check_float(h, "x", other, inf, 2, 1.0, 1.0) == KBENCH_WRONG
     && strstr(f->message, "x[1] = inf"),
     "an infinite reference matches only itself: %s", f->message);
  nan2[1] = nan_bits();
  ok(kbench_check_float(h, "x", nan2, nan2, 2, 1.0, 1.0) == KBENCH_WRONG
     && strstr(f->message, "x[1]"),
     "a NaN reference matches nothing, not even the poison: %s", f->message);
  ok(kbench_close_float(1.0f, 1.0f + 0x1p-20f, 0.0f, 0x1p-20f)
     && !kbench_close_float(1.0f, 1.0f + 0x1p-19f, 0.0f, 0x1p-20f),
     "kbench_close_float: the same rule, one element at a time");
}

static void double_checks(fake *f)
{
  const kbench_host *h = &f->host;
  double want[3] = {1.0, -2.0, 1e300};
  double got[3] = {1.0 + 0x1p-40, -2.0, 1e300};
  ok(kbench_check_double(h, "d", got, want, 3, 0.0, 0x1p-40) == KBENCH_OK,
     "doubles on the absolute bound pass");
  got[0] = nextafter(got[0], 2.0);
  ok(kbench_check_double(h, "d", got, want, 3, 0.0, 0x1p-40) == KBENCH_WRONG
     && strstr(f->message, "d[0] = 1.0000000000009"),
     "one ulp past it fails, to 17 digits: %s", f->message);
  got[0] = 1.0;
  got[2] = want[2] * (1 + 0x1p-30);
  ok(kbench_check_double(h, "d", got, want, 3, 0x1p-30, 0.0) == KBENCH_OK
     && kbench_check_double(h, "d", got, want, 3, 0x1p-31, 0.0)
        == KBENCH_WRONG && strstr(f->message, "d[2]"),
     "the relative tolerance in double: %s", f->message);
  got[2] = want[2];
  got[1] = NAN;
  ok(kbench_check_double(h, "d", got, want, 3, 1.0, 1.0) == KBENCH_WRONG
     && strstr(f->message, "d[1] = ") && strstr(f->message, "nan"),
     "a NaN double fails even with a huge tolerance: %s", f->message);
  got[1] = INFINITY;
  ok(kbench_check_double(h, "d", got, want, 3, 1.0, 1.0) == KBENCH_WRONG
     && strstr(f->message, "d[1] = inf"),
     "so does an infinity: %s", f->message);
}

/* Checks longer than a chunk run on the pool's threads: a pass, and the
** first of several mismatches in different chunks, whatever the thread
** that found each. */
static void parallel_checks(fake *f)
{
  const kbench_host *h = &f->host;
  size_t n = 3 * KBENCH_CHECK_GRAIN + 5;
  int *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  if (!a || !b || !x || !y) {
    ok(0, "out of memory for the parallel checks");
    return;
  }
  f->pool = kb_pool_new(4);
  f->host.parallel_for = fake_parallel_for;
  for (size_t i = 0; i < n; i++) {
    a[i] = b[i] = (int)(i * 2654435761u);
    x[i] = y[i] = (float)i;
  }
  ok(kbench_check_int(h, "out", a, b, n) == KBENCH_OK
     && kbench_check_float(h, "out", x, y, n, 0.0, 0.0) == KBENCH_OK,
     "equal arrays of %zu elements pass on 4 threads", n);
  size_t late = n - 1, early = KBENCH_CHECK_GRAIN + 17;
  a[late] ^= 1;
  a[early] ^= 1;
  a[early + 1] ^= 1;
  ok(kbench_check_int(h, "out", a, b, n) == KBENCH_WRONG
     && strstr(f->message, "out[4194321] = "),
     "the first mismatch of all is reported, not its chunk's neighbour's: "
     "%s", f->message);
  x[late] = NAN;
  x[early + 2] = 1e30f;
  ok(kbench_check_float(h, "res", x, y, n, 1e-6, 0.0) == KBENCH_WRONG
     && strstr(f->message, "res[4194323] = 1.0000000"),
     "likewise for floats: %s", f->message);
  x[early + 2] = y[early + 2];
  ok(kbench_check_float(h, "res", x, y, n, 1e-6, 0.0) == KBENCH_WRONG
     && strstr(f->message, "res[12582916] = ") && strstr(f->message, "nan"),
     "a NaN in the last element of the last chunk is caught: %s",
     f->message);
  f->host.parallel_for = NULL;
  kb_pool_free(f->pool);
  f->pool = NULL;
  free(a);
  free(b);
  free(x);
  free(y);
}

int main(void)
{
  fake f;
  fake_init(&f);
  fills(&f.host);
  int_checks(&f);
  float_checks(&f);
  float_edges(&f);
  double_checks(&f);
  parallel_checks(&f);
  return tap_done();
}
