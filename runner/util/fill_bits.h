/*
** Element i of kbench's counter-based fills, one definition for the host
** (worker/plugin/fill.c) and the device (gpu/kernels.cu, which fills a
** page-locked buffer where that is faster), so that the two store the same
** bytes.  Element i is a pure function of the buffer's key and i.
**
** The device rounds each double operation on its own (__dmul_rn,
** __dadd_rn): nvcc would fuse a multiply and an add, which the host does
** not, and the values would differ in their last bit.
*/
#ifndef KB_FILL_BITS_H
#define KB_FILL_BITS_H

#include <math.h>
#include <stdint.h>

#ifdef __CUDACC__
#  define KB_FILL_FN static inline __host__ __device__
#else
#  define KB_FILL_FN static inline
#endif

#define KB_FILL_GAMMA 0x9E3779B97F4A7C15ull

/* splitmix64's output function.  Applied to key + (i + 1) * gamma it is
** splitmix64's own sequence, read at any position without stepping. */
KB_FILL_FN uint64_t kb_fill_mix(uint64_t z)
{
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* The random bits of element i of the buffer of key. */
KB_FILL_FN uint64_t kb_fill_bits(uint64_t key, uint64_t i)
{
  return kb_fill_mix(key + (i + 1) * KB_FILL_GAMMA);
}

/* lo + (hi - lo) * u, each operation rounded on its own. */
KB_FILL_FN double kb_fill_lerp(double lo, double hi, double u)
{
#ifdef __CUDA_ARCH__
  return __dadd_rn(lo, __dmul_rn(__dadd_rn(hi, -lo), u));
#else
  return lo + (hi - lo) * u;
#endif
}

/* The integers of [lo, hi]: Lemire's multiply-shift of the high 32 bits
** (span <= 2^32, so the product fits 64 bits). */
KB_FILL_FN int64_t kb_fill_integer(uint64_t bits, double lo, double hi)
{
  uint64_t span = (uint64_t)(hi - lo) + 1;
  return (int64_t)lo + (int64_t)(((bits >> 32) * span) >> 32);
}

KB_FILL_FN float kb_fill_f32(uint64_t bits, double lo, double hi)
{
  double u = (double)(bits >> 40) * 0x1p-24;
  float v = (float)kb_fill_lerp(lo, hi, u);
  /* Rounding to float may land on hi: take the float below it. */
  return v < hi ? v : nextafterf((float)hi, -INFINITY);
}

KB_FILL_FN double kb_fill_f64(uint64_t bits, double lo, double hi)
{
  double u = (double)(bits >> 11) * 0x1p-53;
  double v = kb_fill_lerp(lo, hi, u);
  return v < hi ? v : nextafter(hi, -(double)INFINITY);
}

#endif
