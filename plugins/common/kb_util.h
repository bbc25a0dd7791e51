/*
** Helpers shared by every shipped plugin, host and CUDA alike: random
** inputs from the runner's generator, and comparisons that report the first
** mismatch through the runner's error channel.  Header-only so that each
** plugin stays a single translation unit; plain C, also valid C++.
*/
#ifndef KB_UTIL_H
#define KB_UTIL_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <kbench/plugin.h>

/* Uniform integer in [lo, hi]. */
static inline int kb_rand_int(const kbench_host *h, int lo, int hi)
{
  uint64_t span = (uint64_t)((int64_t)hi - lo) + 1;
  return (int)(lo + (int64_t)(h->random(h) % span));
}

/* Uniform float in [-1, 1), 24 random bits. */
static inline float kb_rand_float(const kbench_host *h)
{
  return (float)((int32_t)(h->random(h) >> 40) - (1 << 23)) / (float)(1 << 23);
}

static inline void kb_fill_int(const kbench_host *h, int *p, size_t n,
                               int lo, int hi)
{
  for (size_t i = 0; i < n; i++)
    p[i] = kb_rand_int(h, lo, hi);
}

static inline void kb_fill_float(const kbench_host *h, float *p, size_t n)
{
  for (size_t i = 0; i < n; i++)
    p[i] = kb_rand_float(h);
}

/* Exact comparison of n ints; what names the array in the message. */
static inline int kb_check_int(const kbench_host *h, const char *what,
                               const int *got, const int *want, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (got[i] != want[i])
      return h->fail(h, KBENCH_WRONG, "%s[%zu] = %d, expected %d",
                     what, i, got[i], want[i]);
  return KBENCH_OK;
}

/*
** Float comparison: |got - want| <= atol + rtol * |want|.  NaN never
** passes, so an element left poisoned by the runner is always caught.
*/
static inline int kb_check_float(const kbench_host *h, const char *what,
                                 const float *got, const float *want,
                                 size_t n, double rtol, double atol)
{
  for (size_t i = 0; i < n; i++) {
    double g = got[i], w = want[i];
    if (!(fabs(g - w) <= atol + rtol * fabs(w)))
      return h->fail(h, KBENCH_WRONG,
                     "%s[%zu] = %.9g, expected %.9g (rtol %g, atol %g)",
                     what, i, g, w, rtol, atol);
  }
  return KBENCH_OK;
}

#endif /* KB_UTIL_H */
