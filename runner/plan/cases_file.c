/* A --cases file: the plan as a list of cases, one a line (plan.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/params.h"
#include "plan/plan.h"

/* One line: "VARIANT [NAME=VALUES]...", or blank, or a #-comment. */
static int plan_line(kb_plan *plan, const kb_plugin *plugins, size_t n,
                     char *line, char *err, size_t errlen)
{
  const char *words[65];
  size_t nw = 0;
  char *save = NULL;
  for (char *w = strtok_r(line, " \t\r\n", &save); w && nw < 65;
       w = strtok_r(NULL, " \t\r\n", &save))
    words[nw++] = w;
  if (nw == 0 || words[0][0] == '#')
    return 0;
  for (size_t p = 0; p < n; p++)
    for (size_t v = 0; v < plugins[p].n_variants; v++) {
      const kbench_variant *var = plugins[p].variants[v];
      if (strcmp(var->name, words[0]) != 0)
        continue;
      kb_assign a[64];
      size_t na = 0;
      int rc = 0;
      for (size_t i = 1; i < nw && !rc; i++) {
        if (kb_assign_parse(&a[na], words[i])
            || !kb_variant_declares(&plugins[p], var, a[na].name,
                                    strlen(a[na].name))) {
          snprintf(err, errlen, "'%s': %s has no such parameter (want "
                   "NAME=VALUES)", words[i], var->name);
          rc = -1;
        } else if (kb_assign_find(a, na, a[na].name)) {
          snprintf(err, errlen, "'%s' given twice", words[i]);
          rc = -1;
        }
        na++;
      }
      kb_plan_opts line = {.assignments = a, .n_assignments = na};
      if (!rc)
        rc = kb_plan_variant(plan, &plugins[p], var, &line, err, errlen);
      while (na > 0)
        kb_assign_free(&a[--na]);
      return rc;
    }
  snprintf(err, errlen, "no loaded plugin has a variant '%s'", words[0]);
  return -1;
}

int kb_plan_read_cases(kb_plan *plan, const kb_plugin *plugins,
                       size_t n_plugins, FILE *f, const char *path,
                       char *err, size_t errlen)
{
  char line[4096], why[1024];
  plan->cases = NULL;
  plan->n = 0;
  for (size_t number = 1; fgets(line, sizeof line, f); number++)
    if (plan_line(plan, plugins, n_plugins, line, why, sizeof why)) {
      snprintf(err, errlen, "%s:%zu: %s", path, number, why);
      kb_plan_free(plan);
      return -1;
    }
  if (plan->n == 0) {
    snprintf(err, errlen, "%s: no cases", path);
    return -1;
  }
  return 0;
}
