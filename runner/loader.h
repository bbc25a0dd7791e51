/* Loading one plugin library: dlopen, ABI checks, variant validation. */
#ifndef KB_LOADER_H
#define KB_LOADER_H

#include <stddef.h>

#include <kbench/plugin.h>

/* Bound on variants per library: a plugin whose enumeration never ends
** returning non-NULL is broken, not big. */
#define KB_MAX_VARIANTS 4096
/* Bounds on what one variant declares. */
#define KB_MAX_PARAMS 64
#define KB_MAX_CHOICES 1024

/*
** A loaded library.  variants point at the runner's own copies, full-size
** structures of this runner's ABI: the fields a plugin of an older minor
** lacks are zero (NULL), so nothing after the loader ever reads past a
** plugin's structure.
*/
typedef struct kb_plugin {
  char *path;
  void *handle;
  const kbench_library *lib;
  const kbench_variant **variants;
  size_t n_variants;
  kbench_variant *copies;  /* the loader's: variants[i] is &copies[i] */
  kbench_param *params;    /* the loader's: every variant's, in order */
} kb_plugin;

/* Returns 0, or -1 with a message in err and nothing left open. */
int kb_plugin_load(kb_plugin *p, const char *path, char *err, size_t errlen);
void kb_plugin_unload(kb_plugin *p);

/* Parameter i of v. */
const kbench_param *kb_variant_param(const kb_plugin *p,
                                     const kbench_variant *v, uint32_t i);

#endif
