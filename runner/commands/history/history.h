/* kbench history: the door to the kbench-history script (history.c). */
#ifndef KB_HISTORY_H
#define KB_HISTORY_H

/* kbench history ARGS: argv[0] is "history".  Runs the kbench-history
** script under the first Python that can import matplotlib, jinja2 and
** ruptures, with ARGS passed through; returns only on failure, with exit
** status 2 and a message said. */
int kb_history_main(int argc, char **argv);

#endif
