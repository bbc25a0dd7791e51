/*
** A plugin library as the runner knows it: its variants, each with its
** declared parameters, and the names cases of them go by.  The loader
** (worker/plugin/loader.h) fills one from a library it opened; the wire carries
** one as a description only (no handle, no callbacks), for planning and
** listing in the supervisor.
*/
#ifndef KB_VARIANT_H
#define KB_VARIANT_H

#include <stddef.h>
#include <stdint.h>

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

/* Parameter i of v. */
const kbench_param *kb_variant_param(const kb_plugin *p,
                                     const kbench_variant *v, uint32_t i);

/* The text of a case, with values as kb_param_format writes them, in one
** of its forms. */
enum kb_case_form {
  KB_CASE_NAME,   /* for files and other programs, what compare, history
                     and tune's cache match on: "reduce_vec4/n:64M/threads:256" */
  KB_CASE_WORDS,  /* for people, as --param takes them: "n=64M threads=256" */
  KB_CASE_LINE    /* a --cases file's line: "reduce_vec4 n=64M threads=256" */
};
/* The case of v with values in buf, in form; only the parameters i with
** keep[i] set when keep is not NULL.  Cut short to fit len. */
void kb_case_text(char *buf, size_t len, const kb_plugin *p,
                  const kbench_variant *v, const int64_t *values, int form,
                  const int *keep);
/* Its name (KB_CASE_NAME, every parameter). */
void kb_case_name(char *buf, size_t len, const kb_plugin *p,
                  const kbench_variant *v, const int64_t *values);

#endif
