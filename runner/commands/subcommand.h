/*
** What kbench compare and kbench fleet share on their command lines: the
** option loop with their own messages, numeric arguments, the report
** format, and what they say when kbench was built without json-c.
*/
#ifndef KB_SUBCOMMAND_H
#define KB_SUBCOMMAND_H

#include <getopt.h>
#include <stdio.h>

/* The report formats both write. */
enum kb_format { KB_FORMAT_TABLE, KB_FORMAT_MARKDOWN, KB_FORMAT_JSON };

typedef struct kb_subcommand {
  const char *name;                /* "compare": messages say kbench NAME */
  const char *usage;               /* --help's text */
  const struct option *options;    /* getopt_long's, -h among them */
  /* One option of options: 0, or -1 with the message printed. */
  int (*one)(int opt, const char *arg, void *ctx);
  void *ctx;
} kb_subcommand;

/* Parses argv[1...]'s options through s->one: 0 with the first operand's
** index in *first; 1 when --help was printed; -1 when a usage error was
** printed (with a line pointing to --help). */
int kb_subcommand_parse(const kb_subcommand *s, int argc, char **argv,
                        int *first);

/* "kbench NAME: invalid OPT 'ARG': WANT" on stderr; returns -1. */
int kb_subcommand_bad(const char *name, const char *opt, const char *arg,
                      const char *want);
/* A number in (lo, hi] when open, [lo, hi] otherwise, in *out: 0, or -1
** with the message printed, want saying what was expected. */
int kb_subcommand_number(const char *name, const char *opt, const char *arg,
                         double lo, int open, double hi, const char *want,
                         double *out);
/* --format's table, markdown (or md) or json as enum kb_format in *out: 0
** or -1. */
int kb_subcommand_format(const char *name, const char *arg, int *out);
/* --time=kernel|event into *out (enum kb_time): 0, or -1 with a message. */
int kb_subcommand_time(const char *name, const char *arg, int *out);

/* --json=FILE: the report as JSON into path, whole or not at all
** (output/replace.h); write returns non-zero when it failed.  0, or -1
** with "kbench NAME: ..." printed. */
int kb_subcommand_write_file(const char *name, const char *path,
                             int (*write)(FILE *f, const void *report),
                             const void *report);

/* Says that kbench NAME needs json-c; returns 2, a usage error. */
int kb_subcommand_no_json_c(const char *name);

#endif
