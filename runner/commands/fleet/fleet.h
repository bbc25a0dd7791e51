/* kbench fleet FILE...: the GPUs of many results files, the slow and the
** broken ones flagged. */
#ifndef KB_FLEET_H
#define KB_FLEET_H

/* Exit status of kbench fleet. */
enum kb_fleet_exit {
  KB_FLEET_EXIT_OK = 0,        /* no GPU flagged */
  KB_FLEET_EXIT_FLAGGED = 1,   /* a GPU slow, or a case failed on one */
  KB_FLEET_EXIT_USAGE = 2      /* bad command line, unreadable input, or
                                  fewer than two GPUs */
};

/* argv[0] is "fleet"; returns the exit status. */
int kb_fleet_main(int argc, char **argv);

#endif
