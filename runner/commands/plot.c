/*
** kbench plot: the picture is drawn by a Python script with matplotlib
** (scripts/kbench-plot); this file only has script.c find that script and
** an interpreter that can run it, and exec it with the arguments
** unchanged.
*/
#include "commands/plot.h"
#include "commands/script.h"

int kb_plot_main(int argc, char **argv)
{
  static const kb_script plot = {"plot", "kbench-plot", "matplotlib",
                                 "python3-matplotlib"};
  return kb_script_exec(&plot, argc, argv);
}
