/* kbench tune's strategies (search.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "commands/tune/search/search.h"

/* Annealing's temperature, as a relative cost difference: a move 10%
** worse is taken with probability 1/e at the start, almost never at the
** end of the budget. */
#define ANNEAL_T0 0.1
#define ANNEAL_T1 0.001

static const char *const names[KB_STRATEGIES] = {"exhaustive", "random",
                                                  "local", "anneal"};

const char *kb_strategy_name(int strategy)
{
  return strategy >= 0 && strategy < KB_STRATEGIES ? names[strategy] : "?";
}

int kb_strategy_parse(const char *name)
{
  for (int i = 0; i < KB_STRATEGIES; i++)
    if (strcmp(name, names[i]) == 0)
      return i;
  return -1;
}

int kb_tuner_init(kb_tuner *s, int strategy, const kb_space *space,
                   uint64_t seed, uint64_t stream, size_t expected)
{
  size_t n = space->n;
  memset(s, 0, sizeof *s);
  s->strategy = strategy;
  s->space = space;
  s->expected = expected && expected < n ? expected : n;
  s->pending = s->current = -1;
  kb_rng_seed(&s->rng, seed, stream);
  s->cost = malloc((n ? n : 1) * sizeof *s->cost);
  s->pool = malloc((n ? n : 1) * sizeof *s->pool);
  s->place = malloc((n ? n : 1) * sizeof *s->place);
  s->near = malloc(KB_SPACE_NEAR * (space->n_axes ? space->n_axes : 1)
                   * sizeof *s->near);
  if (!s->cost || !s->pool || !s->place || !s->near) {
    kb_tuner_free(s);
    return -1;
  }
  for (size_t i = 0; i < n; i++) {
    s->pool[i] = s->place[i] = (uint32_t)i;
    s->cost[i] = NAN;
  }
  s->n_pool = n;
  return 0;
}

void kb_tuner_free(kb_tuner *s)
{
  free(s->cost);
  free(s->pool);
  free(s->place);
  free(s->near);
  s->cost = NULL;
  s->pool = s->place = NULL;
  s->near = NULL;
}

static size_t below(kb_tuner *s, size_t n)
{
  return (size_t)(kb_rng_next(&s->rng) % n);
}

static double uniform(kb_tuner *s)
{
  return (double)(kb_rng_next(&s->rng) >> 11) * 0x1p-53;
}

static int unseen(const kb_tuner *s, size_t i)
{
  return s->place[i] < s->n_pool;
}

/* Propose i: it leaves the pool now, so nothing proposes it again. */
static long propose(kb_tuner *s, size_t i, int start)
{
  uint32_t at = s->place[i], last = s->pool[--s->n_pool];
  s->pool[at] = last;
  s->place[last] = at;
  s->place[i] = (uint32_t)s->n_pool;
  s->pool[s->n_pool] = (uint32_t)i;
  s->pending = (long)i;
  s->pending_start = start;
  return s->pending;
}

/* A (re)start: the defaults the first time when still unseen, else a
** configuration not yet seen, at random. */
static long restart(kb_tuner *s)
{
  long first = s->space->start;
  int defaults = !s->started && first >= 0 && unseen(s, (size_t)first);
  s->started = 1;
  return propose(s, defaults ? (size_t)first
                             : s->pool[below(s, s->n_pool)], 1);
}

/* Stand at i, with its neighbours in random order still to try. */
static void stand(kb_tuner *s, size_t i)
{
  s->current = (long)i;
  s->n_near = kb_space_neighbours(s->space, i, s->near);
  s->next_near = 0;
  for (size_t k = s->n_near; k > 1; k--) {
    size_t j = below(s, k), t = s->near[k - 1];
    s->near[k - 1] = s->near[j];
    s->near[j] = t;
  }
}

static long next_local(kb_tuner *s)
{
  for (;;) {
    if (s->current < 0)
      return restart(s);
    while (s->next_near < s->n_near) {
      size_t j = s->near[s->next_near++];
      if (unseen(s, j))
        return propose(s, j, 0);
      if (s->cost[j] < s->cost[s->current]) {
        stand(s, j);          /* better, and already known: free */
        break;
      }
    }
    if (s->next_near == s->n_near)
      s->current = -1;        /* a local optimum */
  }
}

static double temperature(const kb_tuner *s)
{
  double done = (double)s->told / (double)(s->expected ? s->expected : 1);
  return ANNEAL_T0 * pow(ANNEAL_T1 / ANNEAL_T0, done < 1 ? done : 1);
}

/* Annealing's rule for a move from the current point to j of cost c. */
static void consider(kb_tuner *s, size_t j, double c)
{
  double here = s->cost[s->current];
  if (!(c <= here)) {
    if (!isfinite(c))
      return;
    double worse = (c - here) / fmax(fabs(here), 1e-300);
    if (!(uniform(s) < exp(-worse / temperature(s))))
      return;
  }
  s->current = (long)j;
}

static long next_anneal(kb_tuner *s)
{
  if (s->current < 0)
    return restart(s);
  /* Moves among known neighbours are free, but bounded: a walk stuck
  ** among them jumps to a configuration not yet seen. */
  for (size_t tries = 0; tries < 4 * s->space->n_axes + 8; tries++) {
    size_t n = kb_space_neighbours(s->space, (size_t)s->current, s->near);
    if (n == 0)
      break;
    size_t j = s->near[below(s, n)];
    if (unseen(s, j))
      return propose(s, j, 0);
    consider(s, j, s->cost[j]);
  }
  return propose(s, s->pool[below(s, s->n_pool)], 1);
}

long kb_tuner_next(kb_tuner *s)
{
  if (s->n_pool == 0)
    return -1;
  switch (s->strategy) {
  case KB_STRATEGY_EXHAUSTIVE:
    while (!unseen(s, s->cursor))
      s->cursor++;
    return propose(s, s->cursor, 0);
  case KB_STRATEGY_RANDOM:
    return propose(s, s->pool[below(s, s->n_pool)], 0);
  case KB_STRATEGY_LOCAL:
    return next_local(s);
  default:
    return next_anneal(s);
  }
}

void kb_tuner_tell(kb_tuner *s, size_t config, double cost)
{
  s->cost[config] = cost;
  s->told++;
  s->pending = -1;
  if (s->strategy == KB_STRATEGY_LOCAL) {
    if (s->pending_start)
      s->current = isfinite(cost) ? (long)config : -1;
    else if (cost < s->cost[s->current])
      s->current = (long)config;
    else
      return;
    if (s->current >= 0)
      stand(s, (size_t)s->current);
  } else if (s->strategy == KB_STRATEGY_ANNEAL) {
    if (s->pending_start) {
      if (isfinite(cost) || s->current < 0)
        s->current = isfinite(cost) ? (long)config : -1;
    } else {
      consider(s, config, cost);
    }
  }
}
