/* A small seeded generator (splitmix64): one per case, no global state. */
#ifndef KB_RNG_H
#define KB_RNG_H

#include <stdint.h>

typedef struct kb_rng {
  uint64_t state;
} kb_rng;

void kb_rng_seed(kb_rng *r, uint64_t seed, uint64_t stream);
uint64_t kb_rng_next(kb_rng *r);

#endif
