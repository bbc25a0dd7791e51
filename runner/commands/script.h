/*
** The offline subcommands written in Python (kbench plot, kbench report):
** find the script (the source tree's when kbench runs from its build tree,
** so an edit shows without installing; otherwise the installed one) and a
** Python that can import what it needs, then exec it.
*/
#ifndef KB_SCRIPT_H
#define KB_SCRIPT_H

typedef struct kb_script {
  const char *subcommand;   /* "plot": messages say kbench plot */
  const char *file;         /* "kbench-plot", beside the others */
  const char *modules;      /* what it imports: "matplotlib, jinja2" */
  const char *packages;     /* Debian's: "python3-matplotlib" */
} kb_script;

/* Execs the script with argv[1...] unchanged (argv[0] is the
** subcommand's name); returns only on failure, with the exit status (2)
** after a message naming what to install. */
int kb_script_exec(const kb_script *s, int argc, char **argv);

#endif
