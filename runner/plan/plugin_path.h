/* Where plugins are found: $KBENCH_PLUGIN_PATH, the build tree, plugindir. */
#ifndef KB_PLUGIN_PATH_H
#define KB_PLUGIN_PATH_H

#include <stddef.h>

typedef struct kb_search {
  char **dirs;
  size_t n;
  char *tree;              /* the build tree's plugins/, whose families'
                              .libs/ are dirs[tree_first, + tree_n); or NULL */
  size_t tree_first, tree_n;
} kb_search;

/* env_path is $KBENCH_PLUGIN_PATH (may be NULL); exe_dir the directory of
** the running kbench (may be NULL). */
int kb_search_init(kb_search *s, const char *env_path, const char *exe_dir);
void kb_search_free(kb_search *s);

/* The directories searched as the user knows them, into buf: the build
** tree's plugin folders as "the build tree's TOP/plugins/" (libtool's
** .libs/ is the build's business), the others as they are, in order. */
void kb_search_text(const kb_search *s, char *buf, size_t len);

/* Resolve a --plugin argument to a path: one containing '/' is used as it
** is; otherwise NAME or NAME.so is looked up in each directory in order.
** Returns 0, or -1 when nothing matches. */
int kb_search_find(const kb_search *s, const char *arg, char *path,
                   size_t len);

/* A bare NAME or NAME.so that names a file in the current directory,
** which kb_search_find never looks in: "./NAME.so" into path, 0; or -1. */
int kb_search_local(const char *arg, char *path, size_t len);

/* Every *.so in the search directories, first occurrence of a file name
** winning, sorted by name within a directory.  Caller frees. */
int kb_search_catalogue(const kb_search *s, char ***paths, size_t *n);

#endif
