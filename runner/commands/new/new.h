/*
** kbench new NAME [--host|--cuda]: a plugin skeleton in ./NAME/ that builds
** and verifies as written (skeleton.h has its files).
*/
#ifndef KB_NEW_H
#define KB_NEW_H

/* The subcommand, argv[0] being "new": 0 written, 2 refused (usage, a name
** that is not a C identifier, a NAME that exists), 1 a write failed. */
int kb_new_main(int argc, char **argv);

#endif
