/* kbench tune's space and strategies: neighbours, every configuration
** proposed once, reproducible seeds, and the local strategies finding the
** bottom of a bowl in a fraction of the space. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "commands/tune/search/search.h"
#include "commands/tune/search/space.h"

/* A w x h grid, every point kept unless hole(x, y). */
static void grid(kb_space *s, size_t w, size_t h,
                 int (*hole)(uint32_t, uint32_t))
{
  size_t len[2] = {w, h};
  kb_space_init(s, 2, len);
  for (uint32_t x = 0; x < w; x++)
    for (uint32_t y = 0; y < h; y++)
      if (!hole || !hole(x, y)) {
        uint32_t c[2] = {x, y};
        kb_space_add(s, c);
      }
}

static int odd_x(uint32_t x, uint32_t y)
{
  (void)y;
  return x % 2 == 1;
}

/* A bowl with its bottom at (13, 4), one failing stripe. */
static double bowl(const kb_space *s, size_t i)
{
  double x = kb_space_coord(s, i, 0), y = kb_space_coord(s, i, 1);
  if (x == 5)
    return INFINITY;
  return 1 + (x - 13) * (x - 13) + 2 * (y - 4) * (y - 4);
}

/* Runs a search to its end or budget: how many were proposed, each only
** once (*twice set otherwise); the best cost in *best, the order in seq. */
static size_t drive(int strategy, const kb_space *s, uint64_t seed,
                    size_t budget, double *best, long *seq, int *twice)
{
  kb_tuner k;
  char *seen = calloc(s->n, 1);
  size_t n = 0;
  *best = INFINITY;
  *twice = 0;
  kb_tuner_init(&k, strategy, s, seed, 7, budget);
  for (long i; (budget == 0 || n < budget) && (i = kb_tuner_next(&k)) >= 0;
       n++) {
    *twice |= seen[i]++;
    if (seq)
      seq[n] = i;
    double c = bowl(s, (size_t)i);
    *best = fmin(*best, c);
    kb_tuner_tell(&k, (size_t)i, c);
  }
  kb_tuner_free(&k);
  free(seen);
  return n;
}

int main(void)
{
  kb_space s;
  size_t near[2 * KB_SPACE_NEAR], n;
  ok(kb_strategy_parse("anneal") == KB_STRATEGY_ANNEAL
     && kb_strategy_parse("genetic") == -1
     && !strcmp(kb_strategy_name(KB_STRATEGY_LOCAL), "local"),
     "strategy names both ways");

  grid(&s, 3, 4, NULL);
  ok(s.n == 12 && s.cells == 12, "a full 3 x 4 grid: 12 configurations");
  uint32_t corner[2] = {0, 0}, middle[2] = {1, 2};
  n = kb_space_neighbours(&s, (size_t)kb_space_find(&s, corner), near);
  ok(n == 4, "a corner of a 3 x 4 grid has 4 neighbours: 1 and 2 steps "
     "away on each axis");
  n = kb_space_neighbours(&s, (size_t)kb_space_find(&s, middle), near);
  ok(n == 5, "(1, 2) has 5: (0, 2), (2, 2), (1, 1), (1, 0), (1, 3)");
  uint32_t off[2] = {3, 0};
  ok(kb_space_add(&s, corner) == -1 && kb_space_add(&s, off) == -1
     && kb_space_find(&s, off) == -1, "no point twice, none off the grid");
  kb_space_free(&s);

  grid(&s, 5, 1, odd_x);
  uint32_t two[2] = {2, 0};
  n = kb_space_neighbours(&s, (size_t)kb_space_find(&s, two), near);
  ok(s.n == 3 && n == 2 && kb_space_coord(&s, near[0], 0) == 0
     && kb_space_coord(&s, near[1], 0) == 4,
     "neighbours step over the points restricted out");
  kb_space_free(&s);

  size_t none[1] = {0};
  ok(kb_space_init(&s, 0, none) == 0 && s.cells == 1, "no axis: one point");
  ok(kb_space_add(&s, NULL) == 0 && s.n == 1
     && kb_space_neighbours(&s, 0, near) == 0, "...which has no neighbour");
  kb_space_free(&s);
  size_t huge[3] = {1 << 10, 1 << 10, 1 << 10};
  ok(kb_space_init(&s, 3, huge) == -1, "a grid too large is refused");
  kb_space_free(&s);

  grid(&s, 20, 10, NULL);
  for (int st = 0; st < KB_STRATEGIES; st++) {
    double best;
    int twice;
    n = drive(st, &s, 1, 0, &best, NULL, &twice);
    ok(n == 200 && !twice && best == 1, "%s: every configuration once, "
       "then the end", kb_strategy_name(st));
  }
  long a[60], b[60], c[60];
  double best;
  int twice;
  drive(KB_STRATEGY_EXHAUSTIVE, &s, 1, 5, &best, a, &twice);
  ok(a[0] == 0 && a[1] == 1 && a[4] == 4, "exhaustive: in the space's order");
  for (int st = KB_STRATEGY_RANDOM; st < KB_STRATEGIES; st++) {
    drive(st, &s, 42, 60, &best, a, &twice);
    drive(st, &s, 42, 60, &best, b, &twice);
    drive(st, &s, 43, 60, &best, c, &twice);
    ok(!memcmp(a, b, sizeof a) && memcmp(a, c, sizeof a),
       "%s: the same seed, the same search; another seed, another",
       kb_strategy_name(st));
  }

  /* The bowl's bottom in 30% of the space, on every seed: a walk down a
  ** smooth slope (random needs luck, and is not asked to). */
  for (int st = KB_STRATEGY_LOCAL; st < KB_STRATEGIES; st++) {
    int found = 0;
    for (uint64_t seed = 1; seed <= 10; seed++) {
      drive(st, &s, seed, 60, &best, NULL, &twice);
      found += best == 1;
    }
    ok(found == 10, "%s: the bottom of a bowl within 60 of 200 "
       "evaluations, %d of 10 seeds", kb_strategy_name(st), found);
  }

  /* The first start is the defaults when the space holds them. */
  uint32_t defaults[2] = {13, 4};
  s.start = kb_space_find(&s, defaults);
  for (int st = KB_STRATEGY_LOCAL; st < KB_STRATEGIES; st++) {
    drive(st, &s, 9, 1, &best, a, &twice);
    ok(a[0] == s.start, "%s: starts at the defaults",
       kb_strategy_name(st));
  }
  n = kb_space_neighbours(&s, (size_t)s.start, near);
  ok(n == 13, "(13, 4) of 20 x 10: 1, 2, 4, 8 steps left, 1, 2, 4 right, "
     "1, 2, 4 down and up: 13 neighbours");
  drive(KB_STRATEGY_LOCAL, &s, 9, 14, &best, a, &twice);
  int lines = 1;
  for (int k = 1; k < 14; k++) {
    long dx = (long)kb_space_coord(&s, (size_t)a[k], 0) - 13;
    long dy = (long)kb_space_coord(&s, (size_t)a[k], 1) - 4;
    lines &= (dx == 0) != (dy == 0);
  }
  ok(best == 1 && lines, "local: from the bottom it tries its 13 "
     "neighbours next");
  kb_space_free(&s);
  return tap_done();
}
