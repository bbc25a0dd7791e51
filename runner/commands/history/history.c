/*
** kbench history: many runs of one catalogue (a run per commit or per
** night), each case's series of medians per device, and the changes in
** them found by a published change-point method, PELT from the ruptures
** package, each judged by Student's t on the runs on its two sides; a
** table, markdown, JSON or one HTML page, and an exit status for CI.
**
** All of it is Python (scripts/kbench-history): ruptures, numpy and scipy
** are Python's, the figures are matplotlib's as kbench report's, and the
** page is a jinja2 template in kbench report's style.  Its options are
** parsed there once (argparse: a usage error exits 2, as kbench's do)
** rather than here and again there.  This file only hands the script over.
*/
#include "commands/history/history.h"
#include "commands/script.h"

int kb_history_main(int argc, char **argv)
{
  static const kb_script history = {
    "history", "kbench-history", "matplotlib, jinja2, scipy, ruptures",
    "python3-matplotlib, python3-jinja2 and python3-scipy from Debian, and "
    "ruptures from PyPI (./autogen.sh installs them as root)"};
  return kb_script_exec(&history, argc, argv);
}
