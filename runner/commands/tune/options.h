/*
** kbench tune's command line: the run's selection and measurement options
** (plan/cli.h) and the search's own, parsed in one pass.
*/
#ifndef KB_TUNE_OPTIONS_H
#define KB_TUNE_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "plan/cli.h"
#include "commands/tune/search/objective.h"
#include "commands/tune/search/restrict.h"

/*
** What a tuned configuration is measured with unless the options say
** otherwise: host cases stop sampling after 0.1 s instead of a run's
** 0.5 s (docs/tuning.md has the measurements behind it).
*/
#define KB_TUNE_HOST_TIMEOUT_S 0.1
/* Rows of the closing table, per search, unless --top says. */
#define KB_TUNE_TOP 5

typedef struct kb_tune_options {
  int strategy;              /* enum kb_strategy */
  uint64_t seed;             /* --seed: the search's; the inputs keep a
                                run's default seed, whatever it is */
  size_t budget;             /* evaluations per search; 0: the default */
  double budget_s;           /* seconds per search; 0: none */
  const char **restrict_text;/* --restrict, as given */
  kb_restrict **restricts;   /* ...and parsed */
  size_t n_restricts;
  const char **per;          /* --per: a search per value of these */
  size_t n_per;
  kb_objective objective;
  const char *cache_path;
  const char *best_path;
  size_t top;
} kb_tune_options;

/* Both sets of options from argv (argv[0] is "tune"): 0 to search, 1 when
** --help or --version was printed, -1 after a usage error was printed. */
int kb_tune_parse(int argc, char **argv, kb_options *o, kb_tune_options *t);
void kb_tune_options_free(kb_options *o, kb_tune_options *t);

/* The budget in evaluations of a search of a space of n configurations:
** --budget's, else all of them for exhaustive and 30% for the others (at
** least one), never more than n. */
size_t kb_tune_budget(const kb_tune_options *t, size_t n);

#endif
