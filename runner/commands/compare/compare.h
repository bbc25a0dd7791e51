/* kbench compare BASE.json NEW.json: a regression gate over two runs. */
#ifndef KB_COMPARE_H
#define KB_COMPARE_H

/* Exit status of kbench compare. */
enum kb_cmp_exit {
  KB_CMP_EXIT_OK = 0,          /* no regression */
  KB_CMP_EXIT_REGRESSION = 1,  /* a significant slowdown, or pass -> fail */
  KB_CMP_EXIT_USAGE = 2        /* bad command line, or unreadable input */
};

/* argv[0] is "compare"; returns the exit status. */
int kb_compare_main(int argc, char **argv);

#endif
