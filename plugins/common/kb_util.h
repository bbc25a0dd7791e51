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

/*
** Random inputs from the runner's generator.  The default sizes need 10^8
** values per case, so each 64-bit draw yields two 32-bit halves, and a
** half is scaled into a range by a multiply and a shift rather than a
** division (Lemire's method; the bias, under span / 2^32, is irrelevant
** for test data).
*/
static inline int kb_scale_int(uint32_t bits, int lo, uint64_t span)
{
  return (int)(lo + (int64_t)(((uint64_t)bits * span) >> 32));
}

/* Uniform float in [-1, 1): 24 random bits, a multiple of 2^-23. */
static inline float kb_scale_float(uint32_t bits)
{
  return (float)((int32_t)(bits >> 8) - (1 << 23)) / (float)(1 << 23);
}

/* n ints uniform in [lo, hi]. */
static inline void kb_fill_int(const kbench_host *h, int *p, size_t n,
                               int lo, int hi)
{
  uint64_t span = (uint64_t)((int64_t)hi - lo) + 1;
  for (size_t i = 0; i < n; i += 2) {
    uint64_t r = h->random(h);
    p[i] = kb_scale_int((uint32_t)r, lo, span);
    if (i + 1 < n)
      p[i + 1] = kb_scale_int((uint32_t)(r >> 32), lo, span);
  }
}

/* n floats uniform in [-1, 1), as kb_scale_float. */
static inline void kb_fill_float(const kbench_host *h, float *p, size_t n)
{
  for (size_t i = 0; i < n; i += 2) {
    uint64_t r = h->random(h);
    p[i] = kb_scale_float((uint32_t)r);
    if (i + 1 < n)
      p[i + 1] = kb_scale_float((uint32_t)(r >> 32));
  }
}

/*
** The comparisons check 10^8 elements per verified run, so each answers
** the common case (everything matches) with a loop that has no early exit
** and runs at memory speed, and walks the arrays for the first mismatch
** only when there is one.
*/

/* Exact comparison of n ints; what names the array in the message. */
static inline int kb_check_int(const kbench_host *h, const char *what,
                               const int *got, const int *want, size_t n)
{
  if (n == 0 || memcmp(got, want, n * sizeof *got) == 0)
    return KBENCH_OK;
  for (size_t i = 0; i < n; i++)
    if (got[i] != want[i])
      return h->fail(h, KBENCH_WRONG, "%s[%zu] = %d, expected %d",
                     what, i, got[i], want[i]);
  return KBENCH_OK;
}

/* |got - want| <= atol + rtol * |want|, in float arithmetic so that the
** counting loop below vectorizes (float to double conversions defeat gcc's
** vectorizer).  The difference of two close floats is exact, and the
** tolerance rounds by 2^-24 of itself.  NaN is never close, so an element
** left poisoned by the runner is always caught. */
static inline int kb_close(float got, float want, float rtol, float atol)
{
  return fabsf(got - want) <= atol + rtol * fabsf(want);
}

/* How many of n floats are not close to their reference. */
static inline size_t kb_count_far(const float *got, const float *want,
                                  size_t n, double rtol, double atol)
{
  const float r = (float)rtol, a = (float)atol;
  size_t far = 0;
  for (size_t i = 0; i < n; i++)
    far += !kb_close(got[i], want[i], r, a);
  return far;
}

/* Float comparison with kb_close; what names the array in the message. */
static inline int kb_check_float(const kbench_host *h, const char *what,
                                 const float *got, const float *want,
                                 size_t n, double rtol, double atol)
{
  if (kb_count_far(got, want, n, rtol, atol) == 0)
    return KBENCH_OK;
  for (size_t i = 0; i < n; i++)
    if (!kb_close(got[i], want[i], (float)rtol, (float)atol))
      return h->fail(h, KBENCH_WRONG,
                     "%s[%zu] = %.9g, expected %.9g (rtol %g, atol %g)",
                     what, i, (double)got[i], (double)want[i], rtol, atol);
  return KBENCH_OK;
}

#endif /* KB_UTIL_H */
