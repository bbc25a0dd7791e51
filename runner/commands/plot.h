/* kbench plot: the door to the kbench-plot script (plot.c). */
#ifndef KB_PLOT_H
#define KB_PLOT_H

/* kbench plot ARGS: argv[0] is "plot".  Runs the kbench-plot script under
** the first Python that can import matplotlib, with ARGS passed through;
** returns only on failure, with exit status 2 and a message said. */
int kb_plot_main(int argc, char **argv);

#endif
