/*
** kbench tune's strategies: which configuration of a space (space.h)
** to measure next, given the costs of those measured so far.  Pure logic:
** the caller measures (or finds in the cache) and tells the cost back, one
** configuration at a time, and a strategy never proposes one it was told
** about already, so every proposal is a new evaluation.
**
**   exhaustive  every configuration, in the space's order
**   random      a configuration not yet seen, uniformly at random
**   local       greedy local search with random restarts: from a start,
**               measure the neighbours (space.h: near and far along
**               each axis) in random order and move to the
**               first that is better; at a point none of whose neighbours
**               is better (a local optimum), restart from a configuration
**               not yet seen, at random.  The first start is the
**               variant's defaults when they are in the space.
**   anneal      simulated annealing: a random neighbour of the current
**               point is measured and moved to if better, or if worse by
**               a relative d with probability exp(-d / T), T falling
**               geometrically from 10% to 0.1% over the budget; moves to
**               neighbours seen before cost nothing; stuck among them, it
**               jumps to a configuration not yet seen.
**
** Costs are lower-better numbers; INFINITY for a configuration that failed
** or could not be measured.  The random generator is util/rng.h's, seeded
** from --seed: the same seed, space and costs give the same proposals.
*/
#ifndef KB_TUNE_SEARCH_H
#define KB_TUNE_SEARCH_H

#include <stddef.h>
#include <stdint.h>

#include "util/rng.h"
#include "commands/tune/search/space.h"

enum kb_strategy {
  KB_STRATEGY_EXHAUSTIVE = 0,
  KB_STRATEGY_RANDOM,
  KB_STRATEGY_LOCAL,
  KB_STRATEGY_ANNEAL,
  KB_STRATEGIES
};

/* "exhaustive", "random", "local", "anneal"; and back, -1 when unknown. */
const char *kb_strategy_name(int strategy);
int kb_strategy_parse(const char *name);

typedef struct kb_tuner {
  int strategy;
  const kb_space *space;
  kb_rng rng;
  size_t expected;        /* evaluations the budget allows (anneal's
                             schedule) */
  double *cost;           /* per configuration, once told */
  uint32_t *pool;         /* the configurations not yet proposed, first
                             n_pool of them, in no order */
  uint32_t *place;        /* each configuration's index in pool */
  size_t n_pool;
  size_t told;            /* evaluations told */
  size_t cursor;          /* exhaustive: every one before it was seen */
  long pending;           /* proposed, not yet told; -1 */
  int pending_start;      /* the pending one is a (re)start */
  long current;           /* local and anneal: where the walk stands; -1 */
  size_t *near;           /* local: the current point's neighbours, */
  size_t n_near, next_near;  /* shuffled, and how many were tried */
  int started;            /* the first start was made */
} kb_tuner;

/* A search of space (kept by pointer) by strategy, seeded with seed and
** stream (one stream per search of a run); expected is the budget in
** evaluations, 0 for the whole space.  0, or -1 out of memory. */
int kb_tuner_init(kb_tuner *s, int strategy, const kb_space *space,
                   uint64_t seed, uint64_t stream, size_t expected);
void kb_tuner_free(kb_tuner *s);

/* The next configuration to evaluate, or -1 when every one has been. */
long kb_tuner_next(kb_tuner *s);
/* The cost of the configuration kb_tuner_next proposed last. */
void kb_tuner_tell(kb_tuner *s, size_t config, double cost);

#endif
