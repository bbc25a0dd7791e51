/*
** The plugins of a run: found on the search path (or named), described by
** the supervisor's first worker, checked for variants provided twice.
*/
#ifndef KB_CATALOGUE_H
#define KB_CATALOGUE_H

#include <stddef.h>

#include "model/variant.h"
#include "plan/cli.h"
#include "process/supervisor.h"

typedef struct kb_failure {
  char *what;
  char *msg;
} kb_failure;

/* The plugins as the supervisor knows them: descriptions a worker sent. */
typedef struct kb_catalogue {
  kb_plugin *plugins;
  size_t n;
  size_t n_named;          /* plugins[0, n_named) were given (--plugin,
                              a path), */
  size_t n_by_name;        /* the next n_by_name the files of names
                              (NAME.so), the rest found in the catalogue */
  kb_failure *failures;
  size_t n_failures;
} kb_catalogue;

/* Find and describe the plugins a run needs; what fails is kept in
** cat->failures, a name found nowhere with the nearest names.  The
** plugins given (--plugin, a path) first.  A name (o->names) is a variant
** of those if one has it; else the file NAME.so of the search path, loaded
** alone; else a variant of the whole catalogue.  A pattern is matched
** among the given plugins' variants, else the catalogue's.  The whole
** catalogue is loaded when nothing is given, or a name or pattern needs
** it; no file is loaded twice.  0, or -1 out of memory. */
int kb_catalogue_load(kb_catalogue *cat, kb_supervisor *sv,
                      const kb_options *o);
/* Whether a variant of plugins[from, to) matches selector (a name or a
** pattern). */
int kb_catalogue_has(const kb_catalogue *cat, size_t from, size_t to,
                     const char *selector);
/* Whether --list shows a variant (kb_job_list says which). */
typedef int (*kb_variant_shown)(const char *variant, void *ctx);
/* --list: every variant shown (all, for a NULL shown) with its parameters
** on stdout (unless quiet), and the failures on stderr. */
void kb_catalogue_list(const kb_catalogue *cat, int quiet,
                       kb_variant_shown shown, void *ctx);
void kb_catalogue_free(kb_catalogue *cat);

#endif
