/* kbench tune's command line (options.h). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/params.h"
#include "commands/tune/search/search.h"
#include "commands/tune/options.h"

static const char usage_text[] =
"Usage: kbench tune [OPTION]... VARIANT...\n"
"Search the parameter space of each VARIANT (names, or patterns such as\n"
"'transpose_*') for its best configuration.  Every --param given several\n"
"values is searched; one given a single value is fixed (a problem size).\n"
"Each configuration is measured as kbench measures a case, in a worker\n"
"process of its own: one that is wrong, crashes, hangs, cannot launch or is\n"
"unsupported is recorded as failed and the search goes on.\n"
"\n"
"Searching:\n"
"      --strategy=NAME     exhaustive (every configuration, the default),\n"
"                          random (sampling without repeats), local (greedy\n"
"                          local search with random restarts; the first\n"
"                          start is the variant's defaults) or anneal\n"
"                          (simulated annealing)\n"
"  -s, --seed=N            seed of the search's random choices (default 1);\n"
"                          the inputs are seeded alike for every\n"
"                          configuration, whatever N is\n"
"      --budget=N|TIME     evaluations per search (default: every\n"
"                          configuration for exhaustive, 30%% of them for\n"
"                          the others), or a time per search such as 90s,\n"
"                          5m or 1h; configurations found in the cache count\n"
"                          as evaluations\n"
"      --restrict=EXPR     keep only the configurations for which EXPR is\n"
"                          true (repeatable: all must be): integers and\n"
"                          parameter names with + - * / %% < <= > >= == !=\n"
"                          && || ! and parentheses, as in C, numbers with\n"
"                          an optional K/M/G (x1024): 'threads*items<=4096\n"
"                          && threads%%32==0'; an expression that divides by\n"
"                          zero or overflows is false\n"
"      --objective=OBJ     what to optimise: time (the median, the default),\n"
"                          bandwidth, energy (joules per run through NVML:\n"
"                          turns on --energy), or one metric --metrics\n"
"                          accepts (its counters are collected); lower is\n"
"                          better for times, energy and counts, higher for\n"
"                          bandwidth, percentages and rates; OBJ:min or\n"
"                          OBJ:max overrides\n"
"      --per=NAME          a search of its own for each value of parameter\n"
"                          NAME (repeatable), such as each problem size\n"
"      --cache=FILE        a kbench JSON results file of measured\n"
"                          configurations: read first, and written complete\n"
"                          after each new one; a configuration found there\n"
"                          (the same variant, parameter values, device and\n"
"                          mode) is not measured again\n"
"      --best=FILE         write the best configuration of each search to\n"
"                          FILE as a --cases file: kbench --cases=FILE reruns\n"
"                          exactly them\n"
"      --top=N             configurations per search in the closing table\n"
"                          (default 5)\n"
"\n"
"The run's options (kbench --help says more):\n"
"  selecting: -p, --plugin=NAME|PATH, --exclude=PATTERN,\n"
"             -P, --param=NAME=VALUES, -d, --device=N, --devices=all|LIST\n"
"             (a search per device, all at once), -j, --jobs=N\n"
"  measuring: -m, --mode=MODE, --batch=N, --warmup=N, --min-samples=N,\n"
"             --max-samples=N, --min-time=SEC, --max-noise=PCT,\n"
"             --timeout=SEC (default 15, and 0.1 for host cases here),\n"
"             --case-timeout=SEC, --lock-timeout=SEC, --no-lock (a search\n"
"             holds its GPU's lock as a run does), --lock-clocks[=...]\n"
"             (the clocks held for the whole search, then restored),\n"
"             --no-hold, --calibrate,\n"
"             --metrics=LIST, --no-audit, --strict, --energy,\n"
"             --energy-time=SEC, --time=kernel|event (the time and\n"
"             bandwidth objectives judge it; a cached entry of the other\n"
"             time is measured again), --no-kernel-time,\n"
"             --no-placement, --rest-profiler\n"
"  writing:   --json=FILE (every evaluation of this search, each with its\n"
"             \"tune\" object; kbench plot draws it), --csv=FILE and\n"
"             --samples=FILE (the configurations measured), --all-ranks,\n"
"             --label=TEXT (the search's name in the JSON context),\n"
"             --format=json (every evaluation, as --json writes it) or\n"
"             --format=md (the configurations measured, as a run's\n"
"             markdown) on stdout, in place of the closing table\n"
"  -h, --help              show this help and exit\n"
"  -V, --version           show the version and exit\n"
"Plugins are looked up as in a run: $KBENCH_PLUGIN_PATH, the build tree,\n"
"then %s.\n"
"\n"
"On a terminal a progress line shows the evaluations done of the budget\n"
"and the best so far; at the end a table shows each search's best\n"
"configurations.  Ctrl-C stops after the current configurations, which are\n"
"written to the cache, and the best so far is reported.\n"
"\n"
"Exit status: 0 when every search found a configuration that passed,\n"
"4 when one found none, 5 when every configuration of one was skipped (no\n"
"CUDA device), 2 for a usage error (a malformed --restrict included),\n"
"3 when a plugin could not be loaded; 130 or 143 when interrupted.\n";

enum {
  OPT_STRATEGY = KB_CLI_MORE, OPT_BUDGET, OPT_RESTRICT, OPT_OBJECTIVE,
  OPT_CACHE, OPT_BEST, OPT_PER, OPT_TOP
};

static const struct option tune_options[] = {
  {"strategy", required_argument, NULL, OPT_STRATEGY},
  {"budget", required_argument, NULL, OPT_BUDGET},
  {"restrict", required_argument, NULL, OPT_RESTRICT},
  {"objective", required_argument, NULL, OPT_OBJECTIVE},
  {"cache", required_argument, NULL, OPT_CACHE},
  {"best", required_argument, NULL, OPT_BEST},
  {"per", required_argument, NULL, OPT_PER},
  {"top", required_argument, NULL, OPT_TOP},
  {NULL, 0, NULL, 0},
};

static int bad(const char *opt, const char *arg, const char *want)
{
  fprintf(stderr, "kbench tune: invalid %s '%s': %s\n", opt, arg, want);
  return -1;
}

/* --budget: a count of evaluations, or a number with s, m or h. */
static int budget_arg(const char *arg, kb_tune_options *t)
{
  int64_t n;
  if (kb_parse_int(arg, &n) == 0) {
    if (n < 1)
      return bad("--budget", arg, "expected at least 1 evaluation");
    t->budget = (size_t)n;
    t->budget_s = 0;
    return 0;
  }
  char *end;
  double v = strtod(arg, &end);
  double unit = !strcmp(end, "s") ? 1 : !strcmp(end, "m") ? 60
              : !strcmp(end, "h") ? 3600 : 0;
  if (end == arg || unit == 0 || !(v > 0) || v * unit > 1e7)
    return bad("--budget", arg, "expected a number of evaluations, or a "
               "time such as 90s, 5m or 1h");
  t->budget_s = v * unit;
  t->budget = 0;
  return 0;
}

/* --restrict: parsed now, so that a malformed one stops everything; the
** message points at the column. */
static int restrict_arg(const char *arg, kb_tune_options *t)
{
  kb_restrict *r, **grown;
  char why[256];
  size_t col;
  if (kb_restrict_parse(arg, &r, why, sizeof why, &col)) {
    fprintf(stderr, "kbench tune: --restrict: %s\n  %s\n  %*s^\n", why, arg,
            (int)col, "");
    return -1;
  }
  if ((grown = realloc(t->restricts, (t->n_restricts + 1) * sizeof *grown)))
    t->restricts = grown;
  const char **texts = grown ? realloc(t->restrict_text,
                                       (t->n_restricts + 1) * sizeof *texts)
                             : NULL;
  if (!texts) {
    kb_restrict_free(r);
    return bad("--restrict", arg, "out of memory");
  }
  t->restrict_text = texts;
  t->restrict_text[t->n_restricts] = arg;
  t->restricts[t->n_restricts++] = r;
  return 0;
}

static int one(int opt, const char *arg, void *ctx)
{
  kb_tune_options *t = ctx;
  char why[768];
  int64_t n;
  switch (opt) {
  case OPT_STRATEGY:
    if ((t->strategy = kb_strategy_parse(arg)) < 0)
      return bad("--strategy", arg, "expected exhaustive, random, local or "
                 "anneal");
    return 0;
  case OPT_BUDGET:
    return budget_arg(arg, t);
  case OPT_RESTRICT:
    return restrict_arg(arg, t);
  case OPT_OBJECTIVE:
    if (kb_objective_parse(arg, &t->objective, why, sizeof why))
      return bad("--objective", arg, why);
    return 0;
  case OPT_CACHE:
    t->cache_path = arg;
    return 0;
  case OPT_BEST:
    t->best_path = arg;
    return 0;
  case OPT_PER:
    if (!kb_param_name_ok(arg))
      return bad("--per", arg, "expected a parameter name");
    return kb_cli_push(&t->per, &t->n_per, arg);
  case OPT_TOP:
    if (kb_parse_int(arg, &n) || n < 1 || n > 1000)
      return bad("--top", arg, "expected 1 to 1000");
    t->top = (size_t)n;
    return 0;
  }
  return -1;
}

static void defaults(kb_options *o, void *ctx)
{
  (void)ctx;
  o->measure.criterion.host_timeout = KB_TUNE_HOST_TIMEOUT_S;
}

/* The run's options that mean nothing to a search: the first given. */
static const char *foreign(const kb_options *o)
{
  return o->list ? "--list" : o->list_metrics ? "--list-metrics"
       : o->cases_path ? "--cases" : o->n_zips ? "--zip"
       : o->repetitions != 1 ? "--repetitions"
       : o->measure.profile ? "--profile"
       : o->tap ? "--tap" : NULL;
}

/* The objective's measurements, turned on: energy, or its metric added to
** --metrics.  0, or -1 when the list would be too long. */
static int measure_objective(kb_options *o, const kb_objective *obj)
{
  if (obj->kind == KB_OBJECTIVE_ENERGY)
    o->measure.energy = 1;
  if (obj->kind != KB_OBJECTIVE_METRIC)
    return 0;
  char *list = o->measure.metrics;
  size_t used = strlen(list), size = sizeof o->measure.metrics;
  for (const char *at = list; (at = strstr(at, obj->name)); at++)
    if ((at == list || at[-1] == ',')
        && (at[strlen(obj->name)] == ',' || !at[strlen(obj->name)]))
      return 0;               /* asked for already */
  if ((size_t)snprintf(list + used, size - used, "%s%s", used ? "," : "",
                       obj->name) >= size - used) {
    list[used] = '\0';
    fprintf(stderr, "kbench tune: --metrics and --objective=%s: longer "
            "than a list may be\n", obj->name);
    return -1;
  }
  return 0;
}

int kb_tune_parse(int argc, char **argv, kb_options *o, kb_tune_options *t)
{
  memset(t, 0, sizeof *t);
  t->top = KB_TUNE_TOP;
  kb_objective_parse("time", &t->objective, NULL, 0);
  kb_cli_more more = {"tune", usage_text, tune_options, defaults, one, t};
  int rc = kb_cli_parse_more(argc, argv, o, &more);
  if (rc)
    return rc;
  t->seed = o->seed;
  o->seed = 1;
  const char *other = foreign(o);
  if (other) {
    fprintf(stderr, "kbench tune: %s has no meaning for a search\n"
            "Try 'kbench tune --help'.\n", other);
    return -1;
  }
  if (t->cache_path && o->json_path
      && strcmp(t->cache_path, o->json_path) == 0) {
    fprintf(stderr, "kbench tune: --json and --cache name the same file: "
            "the cache is written as it is read\nTry 'kbench tune --help'.\n");
    return -1;
  }
  if (o->n_plugins == 0 && o->n_names == 0 && o->n_patterns == 0) {
    fprintf(stderr, "kbench tune: name the variants to tune (or patterns "
            "such as 'transpose_*')\nTry 'kbench tune --help'.\n");
    return -1;
  }
  return measure_objective(o, &t->objective);
}

void kb_tune_options_free(kb_options *o, kb_tune_options *t)
{
  for (size_t i = 0; i < t->n_restricts; i++)
    kb_restrict_free(t->restricts[i]);
  free(t->restricts);
  free(t->restrict_text);
  free(t->per);
  memset(t, 0, sizeof *t);
  kb_cli_free(o);
}

size_t kb_tune_budget(const kb_tune_options *t, size_t n)
{
  size_t b = t->budget ? t->budget
           : t->budget_s > 0 || t->strategy == KB_STRATEGY_EXHAUSTIVE ? n
           : (3 * n + 9) / 10;
  if (b < 1)
    b = 1;
  return b < n ? b : n;
}
