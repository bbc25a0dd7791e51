/*
** Counter-based random data for kbench_host.fill and .element: element i
** of a buffer is a pure function of (seed, case, buffer id, i), so a fill
** split among any number of threads stores the same bytes, and a plugin's
** reference can regenerate any single element.
*/
#ifndef KB_FILL_H
#define KB_FILL_H

#include <stddef.h>
#include <stdint.h>

#include "worker/plugin/pool.h"

/* One buffer's values: its key and the range they map into. */
typedef struct kb_fill {
  uint64_t key;
  int type;                /* enum kbench_type */
  double lo, hi;
} kb_fill;

/* The key of buffer id of the case that seed and index (its place in the
** plan) make. */
uint64_t kb_fill_key(uint64_t seed, uint64_t index, uint64_t buffer);

/* Whether type, lo and hi make a valid fill: NULL, or what is wrong. */
const char *kb_fill_check(int type, double lo, double hi);

/* Bytes of one element of type (a valid one). */
size_t kb_fill_size(int type);

/* Element i, as a double (exact for every type). */
double kb_fill_element(const kb_fill *f, uint64_t i);

/* Store elements [begin, end) of f into the array at ptr (element 0 at
** ptr). */
void kb_fill_range(const kb_fill *f, void *ptr, size_t begin, size_t end);

/* Store elements [0, n) of f at ptr, on the pool's threads (pool NULL:
** on the calling one). */
void kb_fill_parallel(const kb_fill *f, void *ptr, size_t n, kb_pool *pool);

#endif
