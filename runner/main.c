/*
** kbench: which program the command line asks for.  A benchmark run
** (run.c) unless the first argument names a subcommand, each of which is
** its own room (a search, tune/, among them); the worker, and the clock
** keeper of --lock-clocks, are kbench started again by the supervisor.
*/
#include <string.h>

#include "analyze/compare/compare.h"
#include "analyze/fleet/fleet.h"
#include "analyze/history/history.h"
#include "analyze/plot.h"
#include "analyze/report.h"
#include "author/new.h"
#include "process/keeper.h"
#include "process/worker_start.h"
#include "run.h"
#include "tune/tune.h"
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
  return kb_run_main(argc, argv);
}
