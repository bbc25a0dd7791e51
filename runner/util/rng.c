/* The seeded random generator a case hands its plugin (rng.h). */
#include "util/rng.h"

/* splitmix64: passes BigCrush, one word of state, trivially seedable. */
uint64_t kb_rng_next(kb_rng *r)
{
  uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* Distinct streams for distinct cases of one run: mix the case number in
** through one generator step so that neighbouring seeds do not overlap. */
void kb_rng_seed(kb_rng *r, uint64_t seed, uint64_t stream)
{
  r->state = seed;
  r->state = kb_rng_next(r) ^ (stream * 0xD1B54A32D192ED03ull);
}
