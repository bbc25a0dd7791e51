/* The plan: sweeps of parameter values over the selected variants (plan.h). */
#include <fnmatch.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/params.h"
#include "plan/plan.h"

int kb_variant_declares(const kb_plugin *p, const kbench_variant *v,
                        const char *name, size_t len)
{
  for (uint32_t k = 0; k < v->n_params; k++) {
    const char *have = kb_variant_param(p, v, k)->name;
    if (strlen(have) == len && strncmp(have, name, len) == 0)
      return 1;
  }
  return 0;
}

/* Whether some variant that o selects declares that parameter. */
static int any_declares(const kb_plugin *plugins, size_t n,
                        const kb_plan_opts *o, const char *name, size_t len)
{
  for (size_t p = 0; p < n; p++)
    for (size_t v = 0; v < plugins[p].n_variants; v++) {
      const kbench_variant *var = plugins[p].variants[v];
      if (kb_plan_selects(o, var->name)
          && kb_variant_declares(&plugins[p], var, name, len))
        return 1;
    }
  return 0;
}

/* Whether name is one of the comma-separated names in the first size bytes
** of list. */
static int in_list(const char *list, size_t size, const char *name,
                   size_t len)
{
  for (size_t at = 0; at < size; at++) {
    size_t n = strcspn(list + at, ",");
    if (n == len && strncmp(list + at, name, len) == 0)
      return 1;
    at += n;
  }
  return 0;
}

static int in_group(const char *group, const char *name, size_t len)
{
  return in_list(group, strlen(group), name, len);
}

/* The zip group that pairs parameter i of v, or -1: the group naming it,
** when v declares at least two of that group's names. */
static int zip_group(const kb_plugin *p, const kbench_variant *v, uint32_t i,
                     const kb_plan_opts *o)
{
  const char *name = kb_variant_param(p, v, i)->name;
  for (size_t g = 0; g < o->n_zips; g++) {
    if (!in_group(o->zips[g], name, strlen(name)))
      continue;
    int members = 0;
    for (uint32_t k = 0; k < v->n_params; k++) {
      const char *other = kb_variant_param(p, v, k)->name;
      members += in_group(o->zips[g], other, strlen(other));
    }
    return members >= 2 ? (int)g : -1;
  }
  return -1;
}

/* Make room for n more cases at once: a sweep may add thousands. */
static int reserve(kb_plan *plan, size_t n)
{
  kb_plan_case *grown = realloc(plan->cases, (plan->n + n) * sizeof *grown);
  if (!grown)
    return -1;
  plan->cases = grown;
  return 0;
}

static int add_case(kb_plan *plan, const kb_plugin *p,
                    const kbench_variant *v, const int64_t *values)
{
  kb_plan_case *c = &plan->cases[plan->n];
  memset(c, 0, sizeof *c);
  c->plugin = p;
  c->variant = v;
  if (v->n_params
      && !(c->values = malloc(v->n_params * sizeof *c->values)))
    return -1;
  plan->n++;
  if (v->n_params)
    memcpy(c->values, values, v->n_params * sizeof *c->values);
  kb_case_text(c->label, sizeof c->label, p, v, values, KB_CASE_WORDS, NULL);
  return 0;
}

/* The message for a zip group g whose lists differ in length for v. */
static void unequal(const kb_plugin *p, const kbench_variant *v,
                    const kb_values *lists, const int *group, int g,
                    const char *zip, char *err, size_t errlen)
{
  size_t used = (size_t)snprintf(err, errlen, "--zip %s: lists of unequal "
                                 "length for %s:", zip, v->name);
  const char *sep = "";
  for (uint32_t k = 0; k < v->n_params && used < errlen; k++)
    if (group[k] == g) {
      used += (size_t)snprintf(err + used, errlen - used, "%s %s has %zu",
                               sep, kb_variant_param(p, v, k)->name,
                               lists[k].n);
      sep = ",";
    }
}

/*
** The axes of v's product: a parameter on its own, or a zip group, which
** takes the place of its first parameter.  axis[i] is parameter i's axis,
** len[a] the length of axis a.  The number of axes, or -1 with a message
** when a group's lists differ in length.
*/
static int axes(const kb_plugin *p, const kbench_variant *v,
                const kb_values *lists, const kb_plan_opts *o, size_t *axis,
                size_t *len, char *err, size_t errlen)
{
  int group[64];
  size_t n = 0;
  for (uint32_t i = 0; i < v->n_params; i++)
    group[i] = zip_group(p, v, i, o);
  for (uint32_t i = 0; i < v->n_params; i++) {
    uint32_t j = 0;
    if (group[i] >= 0)
      while (j < i && group[j] != group[i])
        j++;
    if (group[i] < 0 || j == i) {
      axis[i] = n;
      len[n++] = lists[i].n;
    } else if (lists[i].n == len[axis[j]]) {
      axis[i] = axis[j];
    } else {
      unequal(p, v, lists, group, group[i], o->zips[group[i]], err, errlen);
      return -1;
    }
  }
  return (int)n;
}

/* Expand the product of the axes, last axis fastest. */
static int expand(kb_plan *plan, const kb_plugin *p, const kbench_variant *v,
                  const kb_values *lists, const size_t *axis,
                  const size_t *len, size_t n_axes)
{
  size_t idx[64] = {0};
  int64_t values[64];
  for (;;) {
    for (uint32_t i = 0; i < v->n_params; i++)
      values[i] = lists[i].v[idx[axis[i]]];
    if (add_case(plan, p, v, values))
      return -1;
    size_t a = n_axes;
    while (a > 0 && ++idx[a - 1] == len[a - 1])
      idx[--a] = 0;
    if (a == 0)
      return 0;
  }
}

int kb_plan_variant(kb_plan *plan, const kb_plugin *p,
                    const kbench_variant *v, const kb_plan_opts *o,
                    char *err, size_t errlen)
{
  kb_values lists[64];
  size_t axis[64], len[64];
  uint32_t done = 0;
  int rc = -1;
  if (v->n_params > 64) {
    snprintf(err, errlen, "%s: more than 64 parameters", v->name);
    return -1;
  }
  for (; done < v->n_params; done++) {
    const kbench_param *prm = kb_variant_param(p, v, done);
    const kb_assign *a = kb_assign_find(o->assignments, o->n_assignments,
                                        prm->name);
    char why[256];
    if (a ? kb_assign_values(a, prm, &lists[done], why, sizeof why)
          : kb_param_parse(prm, prm->dflt, &lists[done], why, sizeof why)) {
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
  int n_axes = axes(p, v, lists, o, axis, len, err, errlen);
  if (n_axes < 0)
    goto out;
  /* Count first, so that a plan too large is refused before it is made. */
  size_t count = 1;
  for (int a = 0; a < n_axes; a++)
    if (len[a] > (KB_PLAN_MAX - plan->n) / count) {
      snprintf(err, errlen, "%s: the plan would have more than %d cases "
               "(narrow the ranges, or pair lists with --zip)", v->name,
               KB_PLAN_MAX);
      goto out;
    } else {
      count *= len[a];
    }
  rc = reserve(plan, count) ? -1
       : expand(plan, p, v, lists, axis, len, (size_t)n_axes);
  if (rc)
    snprintf(err, errlen, "out of memory");
out:
  while (done > 0)
    kb_values_free(&lists[--done]);
  return rc;
}

int kb_plan_selects(const kb_plan_opts *o, const char *variant)
{
  if (!o)
    return 1;
  int in = o->n_include == 0 && o->n_named == 0;
  for (size_t i = 0; i < o->n_include && !in; i++)
    in = fnmatch(o->include[i], variant, 0) == 0;
  for (size_t i = 0; i < o->n_named && !in; i++)
    in = strcmp(o->named[i], variant) == 0;
  for (size_t i = 0; i < o->n_exclude && in; i++)
    in = fnmatch(o->exclude[i], variant, 0) != 0;
  return in;
}

/* Every include pattern must match a variant, and exclusion leave one:
** a typo must not silently run nothing, or everything. */
static int check_filters(const kb_plugin *plugins, size_t n,
                         const kb_plan_opts *o, char *err, size_t errlen)
{
  size_t total = 0, kept = 0;
  for (size_t p = 0; p < n; p++)
    for (size_t v = 0; v < plugins[p].n_variants; v++) {
      total++;
      kept += kb_plan_selects(o, plugins[p].variants[v]->name);
    }
  for (size_t i = 0; i < o->n_include; i++) {
    int hit = 0;
    for (size_t p = 0; p < n && !hit; p++)
      for (size_t v = 0; v < plugins[p].n_variants && !hit; v++)
        hit = fnmatch(o->include[i], plugins[p].variants[v]->name, 0) == 0;
    if (!hit) {
      snprintf(err, errlen, "no variant matches '%s' (see --list)",
               o->include[i]);
      return -1;
    }
  }
  if (total > 0 && kept == 0) {
    snprintf(err, errlen, "--exclude leaves no variant to run");
    return -1;
  }
  return 0;
}

/* Every assignment must name a parameter some selected variant has, and
** only once: a typo must not silently run the defaults. */
static int check_assignments(const kb_plugin *plugins, size_t n,
                             const kb_plan_opts *o, char *err, size_t errlen)
{
  const kb_assign *a = o->assignments;
  for (size_t i = 0; i < o->n_assignments; i++) {
    if (kb_assign_find(a, i, a[i].name)) {
      snprintf(err, errlen, "--param %s given twice", a[i].name);
      return -1;
    }
    if (!any_declares(plugins, n, o, a[i].name, strlen(a[i].name))) {
      snprintf(err, errlen, "--param %s: no selected variant has a "
               "parameter of that name (see --list)", a[i].name);
      return -1;
    }
  }
  return 0;
}

/* "A,B[,C...]": two or more names, none of them empty. */
static int zip_shape_ok(const char *group)
{
  size_t len = strlen(group);
  return strchr(group, ',') && group[0] != ',' && group[len - 1] != ','
         && !strstr(group, ",,");
}

/* Each zip group: two or more parameter names, each in one group only,
** each declared by some selected variant. */
static int check_zips(const kb_plugin *plugins, size_t n,
                      const kb_plan_opts *o, char *err, size_t errlen)
{
  for (size_t g = 0; g < o->n_zips; g++) {
    const char *group = o->zips[g];
    if (!zip_shape_ok(group)) {
      snprintf(err, errlen, "--zip %s: expected two or more parameter "
               "names, A,B[,C...]", group);
      return -1;
    }
    for (const char *s = group; *s; s += *s == ',') {
      size_t len = strcspn(s, ",");
      char name[64];
      snprintf(name, sizeof name, "%.*s", (int)len, s);
      if (len >= sizeof name || !kb_param_name_ok(name)) {
        snprintf(err, errlen, "--zip %s: '%.*s' is not a parameter name",
                 group, (int)len, s);
        return -1;
      }
      int twice = in_list(group, (size_t)(s - group), s, len);
      for (size_t h = 0; h < g && !twice; h++)
        twice = in_group(o->zips[h], s, len);
      if (twice) {
        snprintf(err, errlen, "--zip %s: %s is zipped twice", group, name);
        return -1;
      }
      if (!any_declares(plugins, n, o, s, len)) {
        snprintf(err, errlen, "--zip %s: no selected variant has a "
                 "parameter %s (see --list)", group, name);
        return -1;
      }
      s += len;
    }
  }
  return 0;
}

int kb_plan_build(kb_plan *plan, const kb_plugin *plugins, size_t n_plugins,
                  const kb_plan_opts *opts, char *err, size_t errlen)
{
  static const kb_plan_opts none;
  const kb_plan_opts *o = opts ? opts : &none;
  plan->cases = NULL;
  plan->n = 0;
  if (check_filters(plugins, n_plugins, o, err, errlen)
      || check_assignments(plugins, n_plugins, o, err, errlen)
      || check_zips(plugins, n_plugins, o, err, errlen))
    return -1;
  for (size_t p = 0; p < n_plugins; p++)
    for (size_t v = 0; v < plugins[p].n_variants; v++) {
      const kbench_variant *var = plugins[p].variants[v];
      if (kb_plan_selects(o, var->name)
          && kb_plan_variant(plan, &plugins[p], var, o, err, errlen)) {
        kb_plan_free(plan);
        return -1;
      }
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
