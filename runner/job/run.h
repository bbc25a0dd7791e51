/* One benchmark run: kbench without a subcommand. */
#ifndef KB_RUN_H
#define KB_RUN_H

/* The run's exit status (model/verdict.h), or 128 + the signal that
** interrupted it. */
int kb_run_main(int argc, char **argv);

#endif
