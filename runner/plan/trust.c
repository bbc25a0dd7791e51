/* A plugin library's trust domain (trust.h). */

#define _GNU_SOURCE            /* realpath */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/install_dir.h"
#include "plan/trust.h"

/* The file names of the libraries kbench ships, "reduce_vec4.so", ...:
** made from plugin_LTLIBRARIES at build time (runner/plan/local.mk). */
static const char *const shipped[] = {
#include "plan/shipped.h"
  NULL
};

static int is_shipped(const char *base)
{
  for (size_t i = 0; shipped[i]; i++)
    if (strcmp(shipped[i], base) == 0)
      return 1;
  return 0;
}

/* Whether dir (a real path) is one of kbench's own plugin folders: the
** installed plugindir (core/install_dir.h: where the running kbench finds
** its own), or a family's .libs in the build tree. */
static int is_own_dir(const char *dir)
{
  char real[PATH_MAX], tree[PATH_MAX], exe[PATH_MAX], plugins[PATH_MAX];
  if (realpath(kb_plugindir(kb_exe_dir(exe, sizeof exe), plugins,
                            sizeof plugins), real)
      && strcmp(real, dir) == 0)
    return 1;
  if (!realpath(KBENCH_BUILDDIR, tree))
    return 0;
  size_t n = strlen(tree);
  const char *rest = dir + n;
  if (strncmp(dir, tree, n) != 0 || strncmp(rest, "/plugins/", 9) != 0)
    return 0;
  const char *family = rest + 9, *slash = strchr(family, '/');
  return slash && slash > family && strcmp(slash, "/.libs") == 0;
}

void kb_trust_domain(const char *path, char *domain, size_t len)
{
  char real[PATH_MAX];
  if (!realpath(path, real)) {
    snprintf(domain, len, "%s", path);
    return;
  }
  char *slash = strrchr(real, '/');
  if (slash && slash > real) {
    *slash = '\0';
    int own = is_shipped(slash + 1) && is_own_dir(real);
    *slash = '/';
    if (own) {
      snprintf(domain, len, "%s", "");
      return;
    }
  }
  snprintf(domain, len, "%s", real);
}
