/* The command lines of kbench compare and kbench fleet (subcommand.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands/subcommand.h"
#include "model/measure_cfg.h"
#include "util/nearest.h"
#include "output/replace.h"

int kb_subcommand_parse(const kb_subcommand *s, int argc, char **argv,
                        int *first)
{
  int opt;
  opterr = 0;
  optind = 1;
  while ((opt = getopt_long(argc, argv, ":h", s->options, NULL)) != -1) {
    if (opt == 'h') {
      fputs(s->usage, stdout);
      return 1;
    }
    char near[160] = "";
    if (opt == '?')
      kb_nearest_option(argv[optind - 1], s->options, near, sizeof near);
    if (opt == '?' || opt == ':')
      fprintf(stderr, opt == '?' ? "kbench %s: unknown option '%s'%s\n"
                                 : "kbench %s: option '%s' needs a value%s\n",
              s->name, argv[optind - 1], near);
    if (opt == '?' || opt == ':' || s->one(opt, optarg, s->ctx)) {
      fprintf(stderr, "Try 'kbench %s --help'.\n", s->name);
      return -1;
    }
  }
  *first = optind;
  return 0;
}

int kb_subcommand_bad(const char *name, const char *opt, const char *arg,
                      const char *want)
{
  fprintf(stderr, "kbench %s: invalid %s '%s': %s\n", name, opt, arg, want);
  return -1;
}

int kb_subcommand_number(const char *name, const char *opt, const char *arg,
                         double lo, int open, double hi, const char *want,
                         double *out)
{
  char *end;
  *out = strtod(arg, &end);
  if (end == arg || *end || !(open ? *out > lo : *out >= lo) || !(*out <= hi))
    return kb_subcommand_bad(name, opt, arg, want);
  return 0;
}

int kb_subcommand_format(const char *name, const char *arg, int *out)
{
  static const char *const names[] = {"table", "markdown", "json"};
  for (int i = 0; i < 3; i++)
    if (strcmp(arg, names[i]) == 0) {
      *out = i;           /* the order of enum kb_format */
      return 0;
    }
  if (strcmp(arg, "md") == 0) {   /* as a run's --format=md */
    *out = KB_FORMAT_MARKDOWN;
    return 0;
  }
  return kb_subcommand_bad(name, "--format", arg,
                           "expected table, markdown (md) or json");
}

int kb_subcommand_time(const char *name, const char *arg, int *out)
{
  int t = kb_time_parse(arg);
  if (t < 0)
    return kb_subcommand_bad(name, "--time", arg, "expected kernel or event");
  *out = t;
  return 0;
}

int kb_subcommand_no_json_c(const char *name)
{
  fprintf(stderr, "kbench %s: kbench was built without json-c: install "
          "libjson-c-dev and reconfigure\n", name);
  return 2;
}

int kb_subcommand_write_file(const char *name, const char *path,
                             int (*write)(FILE *f, const void *report),
                             const void *report)
{
  char err[1024];
  kb_replace r;
  FILE *f = kb_replace_open(&r, path, err, sizeof err);
  if (f && write(f, report)) {
    kb_replace_abort(&r);
    snprintf(err, sizeof err, "cannot write %s", path);
    f = NULL;
  }
  if (!f || kb_replace_commit(&r, err, sizeof err)) {
    fprintf(stderr, "kbench %s: %s\n", name, err);
    return -1;
  }
  return 0;
}
