/*
** kbench: which program the command line asks for.  A benchmark run
** (job/run.c) unless the first argument names a subcommand, each of which is
** its own room (a search, tune/, among them); the worker, and the clock
** keeper of --lock-clocks, are kbench started again by the supervisor.
*/
#include <stdio.h>
#include <string.h>

#include "commands/compare/compare.h"
#include "commands/fleet/fleet.h"
#include "commands/history/history.h"
#include "commands/plot.h"
#include "commands/report.h"
#include "commands/new/new.h"
#include "util/nearest.h"
#include "model/verdict.h"
#include "process/keeper.h"
#include "process/worker_start.h"
#include "job/run.h"
#include "commands/tune/tune.h"
#include "worker/clock_lock.h"
#include "worker/worker.h"

static const struct {
  const char *name;
  int (*main)(int argc, char **argv);
} subcommands[] = {
  {"compare", kb_compare_main},
  {"fleet", kb_fleet_main},
  {"history", kb_history_main},
  {"new", kb_new_main},
  {"plot", kb_plot_main},
  {"report", kb_report_main},
  {"tune", kb_tune_main},
};

/* A slip in a subcommand's name ("kbench comapre a.json b.json") would
** run the catalogue with three variant names that are not found: when
** every argument after it names a results file, which a run never takes,
** and a subcommand is near, say so instead.  1 when said. */
static int near_subcommand(int argc, char **argv)
{
  const char *names[sizeof subcommands / sizeof *subcommands], *near[1];
  size_t n = sizeof subcommands / sizeof *subcommands;
  int files = argc >= 3;
  for (int i = 2; i < argc && files; i++) {
    size_t len = strlen(argv[i]);
    files = (len > 5 && strcmp(argv[i] + len - 5, ".json") == 0)
            || (len > 8 && strcmp(argv[i] + len - 8, ".json.gz") == 0)
            || argv[i][0] == '-';
  }
  if (!files || argv[1][0] == '-')
    return 0;
  for (size_t i = 0; i < n; i++)
    names[i] = subcommands[i].name;
  if (!kb_nearest(argv[1], names, n, near, 1))
    return 0;
  fprintf(stderr, "kbench: '%s' is not a subcommand, and a run takes no "
          "results files; did you mean 'kbench %s'?\nTry 'kbench --help'.\n",
          argv[1], near[0]);
  return 1;
}

int main(int argc, char **argv)
{
  if (argc == 2 && strcmp(argv[1], KB_WORKER_ARG) == 0)
    return kb_worker_main();
  if (argc == 2 && strcmp(argv[1], KB_KEEPER_ARG) == 0)
    return kb_keeper_main();
  for (size_t i = 0; argc >= 2 && i < sizeof subcommands / sizeof *subcommands;
       i++)
    if (strcmp(argv[1], subcommands[i].name) == 0)
      return subcommands[i].main(argc - 1, argv + 1);
  if (argc >= 3 && near_subcommand(argc, argv))
    return KB_EXIT_USAGE;
  return kb_run_main(argc, argv);
}
