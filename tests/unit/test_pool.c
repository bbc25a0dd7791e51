/*
** The staging machinery without a plugin: the thread pool covers every
** index exactly once at awkward sizes and grains, gives workers numbers
** in range, reports the lowest failed chunk whatever the number of
** threads; the counter-based fill stores the same bytes with 1, 3 or 8
** threads, agrees with its single-element form, stays in range and
** differs between buffers, seeds and cases.
*/
#include <math.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kbench/plugin.h>

#include "worker/plugin/fill.h"
#include "worker/plugin/pool.h"
#include "tap.h"

typedef struct visit {
  kb_pool *pool;
  atomic_uint *hits;
  unsigned size;
  atomic_int bad_worker;
  size_t fail_from;        /* indices from here fail; SIZE_MAX: none */
} visit;

static int visit_chunk(void *ctx, size_t begin, size_t end, unsigned worker)
{
  visit *v = ctx;
  if (worker >= v->size || begin >= end)
    atomic_store(&v->bad_worker, 1);
  for (size_t i = begin; i < end; i++) {
    if (i >= v->fail_from) {
      char *msg = kb_pool_message(v->pool);
      if (msg)
        snprintf(msg, KB_POOL_MESSAGE, "index %zu", i);
      return KBENCH_WRONG;
    }
    atomic_fetch_add(&v->hits[i], 1);
  }
  return KBENCH_OK;
}

/* Every index visited once, every worker number in range. */
static int covers(kb_pool *pool, size_t n, size_t grain)
{
  visit v = {pool, calloc(n + 1, sizeof *v.hits), kb_pool_size(pool), 0,
             SIZE_MAX};
  char msg[KB_POOL_MESSAGE];
  int misused;
  int status = kb_pool_for(pool, n, grain, visit_chunk, &v, msg, sizeof msg,
                           &misused);
  int good = status == 0 && !misused && !atomic_load(&v.bad_worker);
  for (size_t i = 0; i < n; i++)
    good &= atomic_load(&v.hits[i]) == 1;
  free(v.hits);
  return good;
}

/* The message of a run where every index from fail_from on fails. */
static int lowest_failure(kb_pool *pool, size_t n, size_t grain,
                          size_t fail_from, char *msg, size_t len)
{
  visit v = {pool, calloc(n, sizeof *v.hits), kb_pool_size(pool), 0,
             fail_from};
  int misused;
  msg[0] = '\0';
  int status = kb_pool_for(pool, n, grain, visit_chunk, &v, msg, len,
                           &misused);
  free(v.hits);
  return status;
}

static int misuse_chunk(void *ctx, size_t begin, size_t end, unsigned worker)
{
  (void)end;
  (void)worker;
  if (begin == 0)
    kb_pool_misuse(ctx);
  return KBENCH_OK;
}

static void test_pool(void)
{
  static const size_t sizes[] = {0, 1, 2, 3, 7, 63, 64, 65, 1000, 100003};
  static const size_t grains[] = {0, 1, 3, 64, 1000000};
  static const unsigned threads[] = {1, 3, 8};
  for (int t = 0; t < 3; t++) {
    kb_pool *pool = kb_pool_new(threads[t]);
    ok(pool && kb_pool_size(pool) == threads[t], "a pool of %u threads",
       threads[t]);
    int good = 1;
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
      for (size_t g = 0; g < sizeof grains / sizeof *grains; g++)
        good &= covers(pool, sizes[s], grains[g]);
    ok(good, "%u threads cover every index once, sizes 0 to 100003, grains "
       "0 to 1M", threads[t]);
    char msg[KB_POOL_MESSAGE];
    int status = lowest_failure(pool, 100003, 7, 5000, msg, sizeof msg);
    ok(status == KBENCH_WRONG && strcmp(msg, "index 5000") == 0,
       "%u threads: the lowest failed chunk's status and message (%s)",
       threads[t], msg);
    status = lowest_failure(pool, 100003, 0, 99999, msg, sizeof msg);
    ok(status == KBENCH_WRONG && strcmp(msg, "index 99999") == 0,
       "%u threads, the runner's grain: the failure near the end (%s)",
       threads[t], msg);
    int misused;
    status = kb_pool_for(pool, 100, 1, misuse_chunk, pool, msg, sizeof msg,
                         &misused);
    ok(status != 0 && misused, "%u threads: a misuse fails though the "
       "callback returned 0", threads[t]);
    ok(kb_pool_message(pool) == NULL && kb_pool_misuse(pool) == -1,
       "outside a callback there is no chunk message");
    ok(covers(pool, 1000, 0), "the pool works again after failures");
    kb_pool_free(pool);
  }
  ok(covers(NULL, 1001, 10), "no pool: the chunks run on the caller");
  ok(kb_pool_default_size() >= 1, "default size %u",
     kb_pool_default_size());
}

static const int types[] = {KBENCH_TYPE_I32, KBENCH_TYPE_U8, KBENCH_TYPE_F32,
                            KBENCH_TYPE_F64};
static const char *const names[] = {"i32", "u8", "f32", "f64"};
static const double lows[] = {-5, 3, -2.5, 1e6};
static const double highs[] = {1000000, 7, 0.5, 1e6 + 1};

/* A fill on a pool of that many threads (0: none, the caller alone). */
static void *filled(unsigned threads, const kb_fill *f, size_t n)
{
  void *p = calloc(n, 8);
  kb_pool *pool = threads ? kb_pool_new(threads) : NULL;
  kb_fill_parallel(f, p, n, pool);
  kb_pool_free(pool);
  return p;
}

static double stored(int type, const void *p, size_t i)
{
  switch (type) {
  case KBENCH_TYPE_I32: return ((const int32_t *)p)[i];
  case KBENCH_TYPE_U8: return ((const uint8_t *)p)[i];
  case KBENCH_TYPE_F32: return ((const float *)p)[i];
  default: return ((const double *)p)[i];
  }
}

static void test_fill(void)
{
  const size_t n = 200003;
  for (int t = 0; t < 4; t++) {
    kb_fill f = {kb_fill_key(1, 0, 0), types[t], lows[t], highs[t]};
    void *one = filled(1, &f, n), *three = filled(3, &f, n);
    void *eight = filled(8, &f, n), *none = filled(0, &f, n);
    size_t bytes = n * kb_fill_size(types[t]);
    ok(memcmp(one, three, bytes) == 0 && memcmp(one, eight, bytes) == 0
       && memcmp(one, none, bytes) == 0,
       "%s: the same bytes with 1, 3 and 8 threads and none", names[t]);
    int agree = 1, inside = 1;
    double lo = stored(types[t], one, 0), hi = lo;
    for (size_t i = 0; i < n; i++) {
      double v = stored(types[t], one, i);
      agree &= v == kb_fill_element(&f, i);
      inside &= v >= lows[t] && (types[t] == KBENCH_TYPE_I32
                                 || types[t] == KBENCH_TYPE_U8
                                 ? v <= highs[t] : v < highs[t]);
      lo = v < lo ? v : lo;
      hi = v > hi ? v : hi;
    }
    ok(agree, "%s: every element equals kb_fill_element", names[t]);
    ok(inside, "%s: every element in range (%g to %g)", names[t], lo, hi);
    free(one);
    free(three);
    free(eight);
    free(none);
  }
  /* The small integer range is covered at both ends. */
  kb_fill u8 = {kb_fill_key(1, 0, 0), KBENCH_TYPE_U8, 3, 7};
  int seen[8] = {0};
  for (uint64_t i = 0; i < 1000; i++)
    seen[(int)kb_fill_element(&u8, i)]++;
  ok(seen[3] && seen[7] && !seen[2], "u8 [3, 7]: both ends drawn");
  kb_fill wide = {kb_fill_key(1, 0, 0), KBENCH_TYPE_I32, INT32_MIN,
                  INT32_MAX};
  int neg = 0;
  for (uint64_t i = 0; i < 1000; i++)
    neg += kb_fill_element(&wide, i) < 0;
  ok(neg > 400 && neg < 600, "the full int32 range: %d of 1000 negative",
     neg);
  uint64_t k = kb_fill_key(1, 0, 0);
  ok(k != kb_fill_key(1, 0, 1) && k != kb_fill_key(2, 0, 0)
     && k != kb_fill_key(1, 1, 0), "buffers, seeds and cases key apart");
  kb_fill a = {kb_fill_key(1, 0, 0), KBENCH_TYPE_F64, 0, 1};
  kb_fill b = {kb_fill_key(1, 0, 1), KBENCH_TYPE_F64, 0, 1};
  int same = 0;
  for (uint64_t i = 0; i < 1000; i++)
    same += kb_fill_element(&a, i) == kb_fill_element(&b, i);
  ok(same == 0, "buffers 0 and 1 share no element of 1000");
  ok(kb_fill_check(KBENCH_TYPE_I32, 1, 0) && kb_fill_check(KBENCH_TYPE_I32,
     0.5, 1) && kb_fill_check(KBENCH_TYPE_U8, 0, 256)
     && kb_fill_check(KBENCH_TYPE_F32, 1, 1)
     && kb_fill_check(KBENCH_TYPE_F64, 0, 1.0 / 0.0) && kb_fill_check(9, 0, 1)
     && !kb_fill_check(KBENCH_TYPE_I32, INT32_MIN, INT32_MAX)
     && !kb_fill_check(KBENCH_TYPE_I32, 4, 4), "bad ranges and types are "
     "refused, good ones taken");
  /* A float range whose top rounds to hi stays below it. */
  kb_fill tight = {k, KBENCH_TYPE_F32, 0.99999, 1};
  int below = 1, top = 0;
  for (uint64_t i = 0; i < 100000; i++) {
    double v = kb_fill_element(&tight, i);
    below &= v < 1;
    top += v == (double)nextafterf(1, 0);
  }
  ok(below && top > 0, "f32 [0.99999, 1): values that round to 1 are the "
     "float below it (%d of 100000)", top);
}

int main(void)
{
  test_pool();
  test_fill();
  return tap_done();
}
