/*
** The catalogue: the plugins a run uses, as the supervisor knows them
** (descriptions a worker sent: it never loads a plugin itself), and those
** that could not be found or loaded, each with its reason.
*/
#define _GNU_SOURCE            /* realpath */
#include <fnmatch.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/install_dir.h"
#include "util/nearest.h"
#include "model/params.h"
#include "job/catalogue.h"
#include "plan/plugin_path.h"

static int add_failure(kb_catalogue *cat, const char *what, const char *msg)
{
  kb_failure *grown = realloc(cat->failures,
                              (cat->n_failures + 1) * sizeof *grown);
  if (!grown)
    return -1;
  cat->failures = grown;
  grown[cat->n_failures].what = strdup(what);
  grown[cat->n_failures].msg = strdup(msg);
  cat->n_failures++;
  return 0;
}

static int add_plugin(kb_catalogue *cat, kb_supervisor *s, const char *what,
                      const char *path)
{
  kb_plugin p;
  char err[1024];
  if (kb_supervisor_load(s, path, &p, err, sizeof err)) {
    /* The path when it says more than what the user wrote (a name found
    ** on the search path); the failure names what already. */
    char msg[1280];
    snprintf(msg, sizeof msg, "%s%s%s", strcmp(what, path) ? path : "",
             strcmp(what, path) ? ": " : "", err);
    return add_failure(cat, what, msg);
  }
  /* The same variant twice (a name and its path) would run twice. */
  for (size_t i = 0; i < cat->n; i++)
    for (size_t j = 0; j < cat->plugins[i].n_variants; j++)
      for (size_t k = 0; k < p.n_variants; k++)
        if (strcmp(cat->plugins[i].variants[j]->name, p.variants[k]->name)
            == 0) {
          char msg[1280];
          snprintf(msg, sizeof msg, "%s: variant %s is already provided by "
                   "%s", path, p.variants[k]->name, cat->plugins[i].path);
          kb_msg_free_plugin(&p);
          return add_failure(cat, what, msg);
        }
  kb_plugin *grown = realloc(cat->plugins, (cat->n + 1) * sizeof *grown);
  if (!grown) {
    kb_msg_free_plugin(&p);
    return -1;
  }
  cat->plugins = grown;
  cat->plugins[cat->n++] = p;
  return 0;
}

/* Whether the file at path is one of the plugins already loaded. */
static int already_loaded(const kb_catalogue *cat, const char *path)
{
  char *real = realpath(path, NULL);
  int same = 0;
  for (size_t i = 0; i < cat->n && real && !same; i++) {
    char *loaded = realpath(cat->plugins[i].path, NULL);
    same = loaded && strcmp(loaded, real) == 0;
    free(loaded);
  }
  free(real);
  return same;
}

int kb_catalogue_has(const kb_catalogue *cat, size_t from, size_t to,
                     const char *selector)
{
  for (size_t i = from; i < to && i < cat->n; i++)
    for (size_t j = 0; j < cat->plugins[i].n_variants; j++)
      if (fnmatch(selector, cat->plugins[i].variants[j]->name, 0) == 0)
        return 1;
  return 0;
}

/* The message for a name found nowhere: the nearest variant and plugin
** names (of what was loaded, and the catalogue's files), then where the
** files were looked for. */
static void not_found(const kb_catalogue *cat, const kb_search *s,
                      const char *name, char *msg, size_t len)
{
  char **paths = NULL;
  size_t n_paths = 0, n = 0;
  kb_search_catalogue(s, &paths, &n_paths);
  size_t total = n_paths;
  for (size_t i = 0; i < cat->n; i++)
    total += cat->plugins[i].n_variants;
  const char **names = calloc(total + 1, sizeof *names);
  for (size_t i = 0; i < cat->n && names; i++)
    for (size_t j = 0; j < cat->plugins[i].n_variants; j++)
      names[n++] = cat->plugins[i].variants[j]->name;
  for (size_t i = 0; i < n_paths && names; i++) {
    char *base = strrchr(paths[i], '/') + 1;
    base[strlen(base) - 3] = '\0';            /* less ".so" */
    names[n++] = base;
  }
  const char *near[4];
  size_t k = names ? kb_nearest(name, names, n, near, 4) : 0;
  size_t used = (size_t)snprintf(msg, len, "not found: no variant or "
                                 "plugin of that name");
  for (size_t i = 0; i < k && used < len; i++)
    used += (size_t)snprintf(msg + used, len - used, "%s%s",
                             i ? ", " : "; did you mean ", near[i]);
  char where[2048];
  kb_search_text(s, where, sizeof where);
  if (used < len)
    used += (size_t)snprintf(msg + used, len - used, "%s (searched %s)",
                             k ? "?" : "", where);
  /* A bare name is looked for on the search path only, as a command is
  ** on $PATH: say so when the file is right here. */
  char here[NAME_MAX + 8];            /* "./", a file name, ".so" */
  if (used < len && kb_search_local(name, here, sizeof here) == 0)
    snprintf(msg + used, len - used, "; %s is here: write --plugin %s",
             here, here);
  free(names);
  for (size_t i = 0; i < n_paths; i++)
    free(paths[i]);
  free(paths);
}

/* Every plugin of the search path not loaded yet. */
static int load_catalogue(kb_catalogue *cat, kb_supervisor *sv,
                          const kb_search *s)
{
  char **paths;
  size_t n;
  int rc = kb_search_catalogue(s, &paths, &n);
  for (size_t i = 0; i < n; i++) {
    if (rc == 0 && !already_loaded(cat, paths[i]))
      rc = add_plugin(cat, sv, strrchr(paths[i], '/') + 1, paths[i]);
    free(paths[i]);
  }
  free(paths);
  return rc;
}

int kb_catalogue_load(kb_catalogue *cat, kb_supervisor *sv,
                      const kb_options *o)
{
  kb_search s;
  char dir[PATH_MAX], path[PATH_MAX + 64], msg[4096];
  if (kb_search_init(&s, getenv("KBENCH_PLUGIN_PATH"),
                     kb_exe_dir(dir, sizeof dir)))
    return -1;
  int rc = 0;
  for (size_t i = 0; i < o->n_plugins && rc == 0; i++) {
    if (kb_search_find(&s, o->plugins[i], path, sizeof path) == 0) {
      rc = add_plugin(cat, sv, o->plugins[i], path);
      continue;
    }
    not_found(cat, &s, o->plugins[i], msg, sizeof msg);
    rc = add_failure(cat, o->plugins[i], msg);
  }
  cat->n_named = cat->n;
  /* A name is a variant of the plugins given first; else the file NAME.so
  ** of the search path (the catalogue ships a file per variant, named
  ** after it), loaded alone; else a variant of the whole catalogue. */
  int whole = o->n_plugins == 0 && o->n_names == 0 && o->n_patterns == 0;
  for (size_t i = 0; i < o->n_names && rc == 0; i++) {
    if (kb_catalogue_has(cat, 0, cat->n_named, o->names[i]))
      continue;
    if (kb_search_find(&s, o->names[i], path, sizeof path) == 0) {
      if (!already_loaded(cat, path))
        rc = add_plugin(cat, sv, o->names[i], path);
    } else {
      whole = 1;
    }
  }
  cat->n_by_name = cat->n - cat->n_named;
  /* A pattern too: the given plugins' variants, else the catalogue's. */
  for (size_t i = 0; i < o->n_patterns; i++)
    whole |= !kb_catalogue_has(cat, 0, cat->n_named, o->patterns[i]);
  if (rc == 0 && whole) {
    size_t before = cat->n;
    rc = load_catalogue(cat, sv, &s);
    if (rc == 0 && cat->n == before && cat->n == 0 && o->n_plugins == 0
        && o->n_names == 0)
      rc = add_failure(cat, "catalogue", "no plugins found: set "
                       "KBENCH_PLUGIN_PATH or name one with --plugin");
  }
  for (size_t i = 0; i < o->n_names && rc == 0; i++)
    if (!kb_catalogue_has(cat, 0, cat->n, o->names[i])
        && kb_search_find(&s, o->names[i], path, sizeof path) != 0) {
      not_found(cat, &s, o->names[i], msg, sizeof msg);
      rc = add_failure(cat, o->names[i], msg);
    }
  kb_search_free(&s);
  return rc;
}

/* A parameter's range as --list shows it: "[1, 2G] pow2", "{f32, f64}". */
static void param_range(const kbench_param *prm, char *range, size_t len)
{
  char lo[32], hi[32];
  kb_format_count(lo, sizeof lo, prm->min);
  kb_format_count(hi, sizeof hi, prm->max);
  snprintf(range, len, "[%s, %s]%s", lo, hi,
           prm->flags & KBENCH_PARAM_POW2 ? " pow2" : "");
  if (prm->n_choices) {
    char list[600];
    kb_param_choices(prm, list, sizeof list);
    snprintf(range, len, "{%.*s}", (int)(len > 3 ? len - 3 : 0), list);
  }
}

/* A variant's parameters, one a line, in columns as wide as its longest
** name, default and range (at least 10, 16 and 20): a long default list
** such as "32,64,128,256,512,1024" pushes its column out, not its row. */
static void list_params(const kb_plugin *p, const kbench_variant *v)
{
  int w_name = 10, w_dflt = 16, w_range = 20;
  char range[600];
  for (uint32_t k = 0; k < v->n_params; k++) {
    const kbench_param *prm = kb_variant_param(p, v, k);
    param_range(prm, range, sizeof range);
    int n = (int)strlen(prm->name), d = (int)strlen(prm->dflt),
        r = (int)strlen(range);
    w_name = n > w_name ? n : w_name;
    w_dflt = d > w_dflt ? d : w_dflt;
    w_range = r > w_range ? r : w_range;
  }
  for (uint32_t k = 0; k < v->n_params; k++) {
    const kbench_param *prm = kb_variant_param(p, v, k);
    param_range(prm, range, sizeof range);
    printf("    %-*s = %-*s %-*s %s\n", w_name, prm->name, w_dflt, prm->dflt,
           w_range, range, prm->help ? prm->help : "");
  }
}

void kb_catalogue_list(const kb_catalogue *cat, int quiet,
                       kb_variant_shown shown, void *ctx)
{
  for (size_t i = 0; i < cat->n && !quiet; i++)
    for (size_t j = 0; j < cat->plugins[i].n_variants; j++) {
      const kb_plugin *p = &cat->plugins[i];
      const kbench_variant *v = p->variants[j];
      if (shown && !shown(v->name, ctx))
        continue;
      printf("%s [%s]\n  %s\n  origin: %s\n  file:   %s\n", v->name,
             v->backend == KBENCH_BACKEND_CUDA ? "cuda" : "host",
             v->summary ? v->summary : "", v->origin ? v->origin : "-",
             p->path);
      list_params(p, v);
    }
  for (size_t i = 0; i < cat->n_failures; i++)
    fprintf(stderr, "kbench: %s: %s\n", cat->failures[i].what,
            cat->failures[i].msg);
}

void kb_catalogue_free(kb_catalogue *cat)
{
  for (size_t i = 0; i < cat->n; i++)
    kb_msg_free_plugin(&cat->plugins[i]);
  for (size_t i = 0; i < cat->n_failures; i++) {
    free(cat->failures[i].what);
    free(cat->failures[i].msg);
  }
  free(cat->plugins);
  free(cat->failures);
}
