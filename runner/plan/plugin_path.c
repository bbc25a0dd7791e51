/*
** Where plugins are found: KBENCH_PLUGIN_PATH, the build tree, the installed
** plugindir (plugin_path.h).
*/
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/install_dir.h"
#include "plan/plugin_path.h"

static int add_dir(kb_search *s, const char *dir)
{
  char **grown = realloc(s->dirs, (s->n + 1) * sizeof *grown);
  if (!grown)
    return -1;
  s->dirs = grown;
  if (!(s->dirs[s->n] = strdup(dir)))
    return -1;
  s->n++;
  return 0;
}

static int is_dir(const char *path)
{
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int cmp_str(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The build tree's plugins live in plugins/<family>/.libs/. */
static int add_build_tree(kb_search *s, const char *top)
{
  char plugins[4096];
  snprintf(plugins, sizeof plugins, "%s/plugins", top);
  DIR *d = opendir(plugins);
  if (!d)
    return 0;
  char **fam = NULL;
  size_t n = 0;
  struct dirent *e;
  int rc = 0;
  while ((e = readdir(d)) != NULL) {
    char libs[4096 + 264];
    if (e->d_name[0] == '.')
      continue;
    snprintf(libs, sizeof libs, "%s/%s/.libs", plugins, e->d_name);
    if (!is_dir(libs))
      continue;
    char **grown = realloc(fam, (n + 1) * sizeof *grown);
    if (!grown || !(grown[n] = strdup(libs))) {
      fam = grown ? grown : fam;
      rc = -1;
      break;
    }
    fam = grown;
    n++;
  }
  closedir(d);
  if (n)   /* qsort of a NULL array is undefined, even of none */
    qsort(fam, n, sizeof *fam, cmp_str);
  s->tree_first = s->n;
  s->tree_n = rc == 0 ? n : 0;
  if (n && rc == 0 && !(s->tree = strdup(plugins)))
    rc = -1;
  for (size_t i = 0; i < n; i++) {
    if (rc == 0)
      rc = add_dir(s, fam[i]);
    free(fam[i]);
  }
  free(fam);
  return rc;
}

int kb_search_init(kb_search *s, const char *env_path, const char *exe_dir)
{
  memset(s, 0, sizeof *s);
  if (env_path && *env_path) {
    char *copy = strdup(env_path), *save = NULL;
    if (!copy)
      return -1;
    for (char *d = strtok_r(copy, ":", &save); d; d = strtok_r(NULL, ":", &save))
      if (add_dir(s, d)) {
        free(copy);
        return -1;
      }
    free(copy);
  }
  /* Run from the build tree: prefer its fresh plugins to installed ones. */
  if (kb_in_build_tree(exe_dir) && add_build_tree(s, exe_dir))
    return -1;
  char installed[4096];
  return add_dir(s, kb_plugindir(exe_dir, installed, sizeof installed));
}

void kb_search_free(kb_search *s)
{
  for (size_t i = 0; i < s->n; i++)
    free(s->dirs[i]);
  free(s->dirs);
  free(s->tree);
  memset(s, 0, sizeof *s);
}

void kb_search_text(const kb_search *s, char *buf, size_t len)
{
  size_t used = 0;
  buf[0] = '\0';
  for (size_t i = 0; i < s->n && used < len; i++) {
    int in_tree = s->tree && i >= s->tree_first
                  && i < s->tree_first + s->tree_n;
    if (in_tree && i > s->tree_first)
      continue;
    int w = snprintf(buf + used, len - used, "%s%s%s%s", used ? ", " : "",
                     in_tree ? "the build tree's " : "",
                     in_tree ? s->tree : s->dirs[i], in_tree ? "/" : "");
    used += w > 0 ? (size_t)w : 0;
  }
}

static int is_file(const char *path)
{
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* What a --plugin argument lacks of a file name: ".so", or nothing. */
static const char *so_suffix(const char *arg)
{
  size_t al = strlen(arg);
  return al > 3 && strcmp(arg + al - 3, ".so") == 0 ? "" : ".so";
}

int kb_search_find(const kb_search *s, const char *arg, char *path,
                   size_t len)
{
  if (strchr(arg, '/')) {
    snprintf(path, len, "%s", arg);
    return 0;
  }
  const char *ext = so_suffix(arg);
  for (size_t i = 0; i < s->n; i++) {
    snprintf(path, len, "%s/%s%s", s->dirs[i], arg, ext);
    if (is_file(path))
      return 0;
  }
  return -1;
}

int kb_search_local(const char *arg, char *path, size_t len)
{
  if (!*arg || strchr(arg, '/'))
    return -1;
  const char *ext = so_suffix(arg);
  snprintf(path, len, "./%s%s", arg, ext);
  return is_file(path) ? 0 : -1;
}

static int has_suffix(const char *name, const char *suffix)
{
  size_t n = strlen(name), k = strlen(suffix);
  return n > k && strcmp(name + n - k, suffix) == 0;
}

int kb_search_catalogue(const kb_search *s, char ***paths, size_t *n)
{
  char **out = NULL;
  size_t count = 0;
  *paths = NULL;
  *n = 0;
  for (size_t i = 0; i < s->n; i++) {
    DIR *d = opendir(s->dirs[i]);
    if (!d)
      continue;
    size_t first = count;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
      if (!has_suffix(e->d_name, ".so"))
        continue;
      int seen = 0;
      for (size_t j = 0; j < count && !seen; j++) {
        const char *base = strrchr(out[j], '/') + 1;
        seen = strcmp(base, e->d_name) == 0;
      }
      if (seen)
        continue;
      char **grown = realloc(out, (count + 1) * sizeof *grown);
      size_t need = strlen(s->dirs[i]) + strlen(e->d_name) + 2;
      if (!grown || !(grown[count] = malloc(need))) {
        closedir(d);
        *paths = grown ? grown : out;
        *n = count;
        return -1;
      }
      out = grown;
      snprintf(out[count], need, "%s/%s", s->dirs[i], e->d_name);
      count++;
    }
    closedir(d);
    if (count > first)
      qsort(out + first, count - first, sizeof *out, cmp_str);
  }
  *paths = out;
  *n = count;
  return 0;
}
