/*
** The plan: every case to run, in order.  Built completely, and every
** parameter value checked, before anything runs, so a usage error leaves
** nothing half-done.
*/
#ifndef KB_PLAN_H
#define KB_PLAN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "model/params.h"
#include "model/variant.h"

typedef struct kb_plan_case {
  const kb_plugin *plugin;
  const kbench_variant *variant;
  int64_t *values;          /* one per declared parameter */
  char label[512];          /* "n=64M threads=256" */
} kb_plan_case;

typedef struct kb_plan {
  kb_plan_case *cases;
  size_t n;
} kb_plan;

/* The most cases one plan may hold: ranges make huge products easy. */
#define KB_PLAN_MAX 100000

/* What to plan from the loaded variants.  Every list may be empty. */
typedef struct kb_plan_opts {
  const kb_assign *assignments;    /* --param NAME=VALUES, each parsed
                                      once where it was given */
  size_t n_assignments;
  /*
  ** "A,B[,C...]" (--zip): the value lists of these parameters are paired
  ** element by element instead of crossed, and must be equally long.  A
  ** group applies to a variant that declares at least two of its names,
  ** and pairs those; to a variant that declares fewer it does not apply.
  ** The group takes the place of its first parameter in the product.
  */
  const char *const *zips;
  size_t n_zips;
  /* Shell patterns (fnmatch) on variant names: a variant is planned when
  ** it matches some include pattern or is one of the named variants, or
  ** there are neither, and no exclude pattern.  Named variants are those
  ** of plugins named beside patterns (kbench NAME 'PATTERN'): the union. */
  const char *const *include;
  size_t n_include;
  const char *const *exclude;
  size_t n_exclude;
  const char *const *named;
  size_t n_named;
} kb_plan_opts;

/*
** The cartesian plan over the variants opts selects (opts NULL: all, with
** their defaults).  Every --param and --zip name must belong to some
** selected variant, every include pattern must match a variant, and
** exclusion must leave one.  0, or -1 with a message and an empty plan.
*/
int kb_plan_build(kb_plan *plan, const kb_plugin *plugins, size_t n_plugins,
                  const kb_plan_opts *opts, char *err, size_t errlen);
void kb_plan_free(kb_plan *plan);

/* Whether opts (NULL: no patterns) selects the variant of that name: the
** filter alone, without the checks kb_plan_build adds. */
int kb_plan_selects(const kb_plan_opts *opts, const char *variant);

/* Parse and check v's lists (o's assignments and zips), then add its
** cases to plan.  0, or -1 with a message. */
int kb_plan_variant(kb_plan *plan, const kb_plugin *p,
                    const kbench_variant *v, const kb_plan_opts *o,
                    char *err, size_t errlen);
/* Whether v declares the parameter named by the len bytes at name. */
int kb_variant_declares(const kb_plugin *p, const kbench_variant *v,
                        const char *name, size_t len);

/*
** A case list instead (cases_file.c) of the cartesian plan: each line of f is
** "VARIANT [NAME=VALUES]...", blank lines and #-comments skipped; names
** must be the variant's own parameters, the others take their defaults.
** 0, or -1 with "path:line: message" in err.
*/
int kb_plan_read_cases(kb_plan *plan, const kb_plugin *plugins,
                       size_t n_plugins, FILE *f, const char *path,
                       char *err, size_t errlen);


#endif
