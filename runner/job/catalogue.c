/*
** The catalogue: the plugins a run uses, as the supervisor knows them
** (descriptions a worker sent: it never loads a plugin itself), and those
** that could not be found or loaded, each with its reason.
*/
#define _GNU_SOURCE            /* realpath */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/install_dir.h"
#include "core/params.h"
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
    char msg[1280];
    snprintf(msg, sizeof msg, "%s: %s", path, err);
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

/* Whether the file at path is one of the named plugins already loaded. */
static int already_named(const kb_catalogue *cat, const char *path)
{
  char *real = realpath(path, NULL);
  int same = 0;
  for (size_t i = 0; i < cat->n_named && real && !same; i++) {
    char *named = realpath(cat->plugins[i].path, NULL);
    same = named && strcmp(named, real) == 0;
    free(named);
  }
  free(real);
  return same;
}

int kb_catalogue_load(kb_catalogue *cat, kb_supervisor *sv,
                      const kb_options *o)
{
  kb_search s;
  char dir[PATH_MAX];
  if (kb_search_init(&s, getenv("KBENCH_PLUGIN_PATH"),
                     kb_exe_dir(dir, sizeof dir)))
    return -1;
  int rc = 0;
  for (size_t i = 0; i < o->n_plugins && rc == 0; i++) {
    char path[PATH_MAX + 64];
    if (kb_search_find(&s, o->plugins[i], path, sizeof path) == 0) {
      rc = add_plugin(cat, sv, o->plugins[i], path);
      continue;
    }
    char msg[4096];
    size_t used = (size_t)snprintf(msg, sizeof msg, "not found in");
    for (size_t d = 0; d < s.n && used < sizeof msg; d++)
      used += (size_t)snprintf(msg + used, sizeof msg - used, "%s %s",
                               d ? "," : "", s.dirs[d]);
    rc = add_failure(cat, o->plugins[i], msg);
  }
  cat->n_named = cat->n;
  /* No names: the whole catalogue.  Patterns choose from it too, beside
  ** the named plugins, which are not loaded twice. */
  if (rc == 0 && (o->n_plugins == 0 || o->n_patterns > 0)) {
    char **paths;
    size_t n;
    rc = kb_search_catalogue(&s, &paths, &n);
    for (size_t i = 0; i < n; i++) {
      if (rc == 0 && !already_named(cat, paths[i]))
        rc = add_plugin(cat, sv, strrchr(paths[i], '/') + 1, paths[i]);
      free(paths[i]);
    }
    free(paths);
    if (rc == 0 && n == 0 && o->n_plugins == 0)
      rc = add_failure(cat, "catalogue", "no plugins found: set "
                       "KBENCH_PLUGIN_PATH or name one with --plugin");
  }
  kb_search_free(&s);
  return rc;
}

void kb_catalogue_list(const kb_catalogue *cat, int quiet)
{
  for (size_t i = 0; i < cat->n && !quiet; i++)
    for (size_t j = 0; j < cat->plugins[i].n_variants; j++) {
      const kb_plugin *p = &cat->plugins[i];
      const kbench_variant *v = p->variants[j];
      printf("%s [%s]\n  %s\n  origin: %s\n  file:   %s\n", v->name,
             v->backend == KBENCH_BACKEND_CUDA ? "cuda" : "host",
             v->summary ? v->summary : "", v->origin ? v->origin : "-",
             p->path);
      for (uint32_t k = 0; k < v->n_params; k++) {
        const kbench_param *prm = kb_variant_param(p, v, k);
        char lo[32], hi[32], range[600];
        kb_format_count(lo, sizeof lo, prm->min);
        kb_format_count(hi, sizeof hi, prm->max);
        snprintf(range, sizeof range, "[%s, %s]%s", lo, hi,
                 prm->flags & KBENCH_PARAM_POW2 ? " pow2" : "");
        if (prm->n_choices) {
          char list[sizeof range - 2];
          kb_param_choices(prm, list, sizeof list);
          snprintf(range, sizeof range, "{%s}", list);
        }
        printf("    %-10s = %-16s %-20s %s\n", prm->name, prm->dflt, range,
               prm->help ? prm->help : "");
      }
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
