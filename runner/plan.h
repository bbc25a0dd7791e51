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

#include "loader.h"

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

/* assignments are "NAME=VALUES" strings.  0, or -1 with a message. */
int kb_plan_build(kb_plan *plan, const kb_plugin *plugins, size_t n_plugins,
                  const char *const *assignments, size_t n_assignments,
                  char *err, size_t errlen);
void kb_plan_free(kb_plan *plan);

/*
** A case list instead of the cartesian plan: each line of f is
** "VARIANT [NAME=VALUES]...", blank lines and #-comments skipped; names
** must be the variant's own parameters, the others take their defaults.
** 0, or -1 with "path:line: message" in err.
*/
int kb_plan_read_cases(kb_plan *plan, const kb_plugin *plugins,
                       size_t n_plugins, FILE *f, const char *path,
                       char *err, size_t errlen);

/* "64M" for 67108864, "1000003" for 1000003: exact, short. */
void kb_format_count(char *buf, size_t len, int64_t v);

#endif
