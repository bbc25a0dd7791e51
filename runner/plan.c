#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "params.h"
#include "plan.h"

void kb_format_count(char *buf, size_t len, int64_t v)
{
  static const char suffix[] = "GMK";
  for (int i = 0; i < 3; i++) {
    int shift = 30 - 10 * i;
    int64_t unit = (int64_t)1 << shift;
    if (v != 0 && v % unit == 0) {
      snprintf(buf, len, "%" PRId64 "%c", v / unit, suffix[i]);
      return;
    }
  }
  snprintf(buf, len, "%" PRId64, v);
}

/* The value given for name on the command line, or NULL. */
static const char *assigned(const char *const *a, size_t n, const char *name)
{
  size_t len = strlen(name);
  for (size_t i = 0; i < n; i++)
    if (strncmp(a[i], name, len) == 0 && a[i][len] == '=')
      return a[i] + len + 1;
  return NULL;
}

static int add_case(kb_plan *plan, const kb_plugin *p,
                    const kbench_variant *v, const int64_t *values)
{
  kb_plan_case *grown = realloc(plan->cases, (plan->n + 1) * sizeof *grown);
  if (!grown)
    return -1;
  plan->cases = grown;
  kb_plan_case *c = &plan->cases[plan->n];
  memset(c, 0, sizeof *c);
  c->plugin = p;
  c->variant = v;
  if (v->n_params
      && !(c->values = malloc(v->n_params * sizeof *c->values)))
    return -1;
  size_t used = 0;
  for (uint32_t i = 0; i < v->n_params; i++) {
    char num[32];
    c->values[i] = values[i];
    kb_format_count(num, sizeof num, values[i]);
    used += (size_t)snprintf(c->label + used, used < sizeof c->label
                             ? sizeof c->label - used : 0, "%s%s=%s",
                             i ? " " : "", kb_variant_param(p, v, i)->name,
                             num);
    if (used >= sizeof c->label)
      used = sizeof c->label - 1;
  }
  plan->n++;
  return 0;
}

/* Expand the cartesian product of the value lists, last parameter fastest. */
static int expand(kb_plan *plan, const kb_plugin *p, const kbench_variant *v,
                  const kb_values *lists)
{
  size_t np = v->n_params;
  size_t idx[64] = {0};
  int64_t values[64];
  if (np > 64)
    return -1;
  for (;;) {
    for (size_t i = 0; i < np; i++)
      values[i] = lists[i].v[idx[i]];
    if (add_case(plan, p, v, values))
      return -1;
    size_t i = np;
    while (i > 0 && ++idx[i - 1] == lists[i - 1].n)
      idx[--i] = 0;
    if (i == 0)
      return 0;
  }
}

static int plan_variant(kb_plan *plan, const kb_plugin *p,
                        const kbench_variant *v, const char *const *a,
                        size_t na, char *err, size_t errlen)
{
  kb_values lists[64];
  uint32_t done = 0;
  int rc = -1;
  if (v->n_params > 64) {
    snprintf(err, errlen, "%s: more than 64 parameters", v->name);
    return -1;
  }
  for (; done < v->n_params; done++) {
    const kbench_param *prm = kb_variant_param(p, v, done);
    const char *text = assigned(a, na, prm->name);
    char why[256];
    if (kb_parse_values(text ? text : prm->dflt, &lists[done], why,
                        sizeof why)) {
      snprintf(err, errlen, "--param %s: %s", prm->name, why);
      goto out;
    }
    for (size_t k = 0; k < lists[done].n; k++)
      if (kb_param_check(prm, lists[done].v[k], why, sizeof why)) {
        snprintf(err, errlen, "%s: %s (%s)", v->name, why, prm->help);
        done++;
        goto out;
      }
  }
  rc = expand(plan, p, v, lists);
  if (rc)
    snprintf(err, errlen, "out of memory");
out:
  while (done > 0)
    kb_values_free(&lists[--done]);
  return rc;
}

int kb_plan_build(kb_plan *plan, const kb_plugin *plugins, size_t n_plugins,
                  const char *const *a, size_t na, char *err, size_t errlen)
{
  plan->cases = NULL;
  plan->n = 0;
  /* Every assignment must name a parameter some selected variant has,
  ** and only once: a typo must not silently run the defaults. */
  for (size_t i = 0; i < na; i++) {
    size_t len = strcspn(a[i], "=");
    int known = 0;
    for (size_t j = 0; j < i; j++)
      if (strncmp(a[j], a[i], len + 1) == 0) {
        snprintf(err, errlen, "--param %.*s given twice", (int)len, a[i]);
        return -1;
      }
    for (size_t p = 0; p < n_plugins && !known; p++)
      for (size_t v = 0; v < plugins[p].n_variants && !known; v++) {
        const kbench_variant *var = plugins[p].variants[v];
        for (uint32_t k = 0; k < var->n_params && !known; k++) {
          const char *name = kb_variant_param(&plugins[p], var, k)->name;
          known = strlen(name) == len && strncmp(name, a[i], len) == 0;
        }
      }
    if (!known) {
      snprintf(err, errlen, "--param %.*s: no selected variant has a "
               "parameter of that name (see --list)", (int)len, a[i]);
      return -1;
    }
  }
  for (size_t p = 0; p < n_plugins; p++)
    for (size_t v = 0; v < plugins[p].n_variants; v++)
      if (plan_variant(plan, &plugins[p], plugins[p].variants[v], a, na, err,
                       errlen)) {
        kb_plan_free(plan);
        return -1;
      }
  return 0;
}

void kb_plan_free(kb_plan *plan)
{
  for (size_t i = 0; i < plan->n; i++)
    free(plan->cases[i].values);
  free(plan->cases);
  plan->cases = NULL;
  plan->n = 0;
}

/* The parameter name an assignment names must be declared by v. */
static int declared(const kb_plugin *p, const kbench_variant *v,
                    const char *assignment)
{
  size_t len = strcspn(assignment, "=");
  for (uint32_t k = 0; k < v->n_params; k++) {
    const char *name = kb_variant_param(p, v, k)->name;
    if (strlen(name) == len && strncmp(name, assignment, len) == 0)
      return 1;
  }
  return 0;
}

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
      for (size_t i = 1; i < nw; i++) {
        if (!strchr(words[i], '=') || !declared(&plugins[p], var, words[i])) {
          snprintf(err, errlen, "'%s': %s has no such parameter (want "
                   "NAME=VALUES)", words[i], var->name);
          return -1;
        }
        for (size_t j = 1; j < i; j++)
          if (strncmp(words[j], words[i], strcspn(words[i], "=") + 1) == 0) {
            snprintf(err, errlen, "'%s' given twice", words[i]);
            return -1;
          }
      }
      return plan_variant(plan, &plugins[p], var, words + 1, nw - 1, err,
                          errlen);
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
