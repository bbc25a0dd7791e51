/* Where plugins are found: $KBENCH_PLUGIN_PATH, the build tree, plugindir. */
#ifndef KB_SEARCH_H
#define KB_SEARCH_H

#include <stddef.h>

typedef struct kb_search {
  char **dirs;
  size_t n;
} kb_search;

/* env_path is $KBENCH_PLUGIN_PATH (may be NULL); exe_dir the directory of
** the running kbench (may be NULL). */
int kb_search_init(kb_search *s, const char *env_path, const char *exe_dir);
void kb_search_free(kb_search *s);

/* Resolve a --plugin argument to a path: one containing '/' is used as it
** is; otherwise NAME or NAME.so is looked up in each directory in order.
** Returns 0, or -1 when nothing matches. */
int kb_search_find(const kb_search *s, const char *arg, char *path,
                   size_t len);

/* Every *.so in the search directories, first occurrence of a file name
** winning, sorted by name within a directory.  Caller frees. */
int kb_search_catalogue(const kb_search *s, char ***paths, size_t *n);

#endif
