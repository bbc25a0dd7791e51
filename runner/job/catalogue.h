/*
** The plugins of a run: found on the search path (or named), described by
** the supervisor's first worker, checked for variants provided twice.
*/
#ifndef KB_CATALOGUE_H
#define KB_CATALOGUE_H

#include <stddef.h>

#include "core/variant.h"
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
  size_t n_named;          /* plugins[0, n_named) were named, the rest
                              found in the catalogue */
  kb_failure *failures;
  size_t n_failures;
} kb_catalogue;

/* Find and describe the plugins o names, then the search path's (all of
** them when o names none, or gives patterns to choose from them; a named
** one is not loaded twice); what fails is kept in cat->failures.  0, or -1 out of
** memory. */
int kb_catalogue_load(kb_catalogue *cat, kb_supervisor *sv,
                      const kb_options *o);
/* --list: every variant with its parameters on stdout (unless quiet), and
** the failures on stderr. */
void kb_catalogue_list(const kb_catalogue *cat, int quiet);
void kb_catalogue_free(kb_catalogue *cat);

#endif
