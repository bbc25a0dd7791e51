/*
** Which worker may run a plugin library's cases: its trust domain
** (docs/security.md).  kbench's own catalogue is one domain: a library
** whose file name is one kbench ships (generated from the build's
** plugin_LTLIBRARIES) in the build tree's plugins/<family>/.libs or the
** installed plugindir, and whose content is what was built or installed
** there: its SHA-256 is the one recorded beside it at build time
** (plugins/catalogue.sha256) or install time (plugindir's), as sha256sum
** writes them.  Every other library, whether named with --plugin,
** found on $KBENCH_PLUGIN_PATH, or installed into plugindir beside the
** catalogue, is a domain of its own.  A worker runs the cases of one
** domain only: the supervisor replaces it before a library of another
** domain loads (supervisor.h), so that nothing a plugin does to its process
** reaches another domain's cases.
*/
#ifndef KB_TRUST_H
#define KB_TRUST_H

#include <limits.h>
#include <stddef.h>
#include <sys/stat.h>

/* The file of the catalogue's recorded digests, in each place it lies. */
#define KB_CATALOGUE_MANIFEST "catalogue.sha256"

/* The last library judged, by its real path and what stat said of it: a
** run asks again for each case, and a library's digest is read once while
** the file stays as it was.  Its owner's (the supervisor's), zeroed before
** the first judgement. */
typedef struct kb_trust_judged {
  char path[PATH_MAX];
  struct stat st;
  int ok;
  char why[512];
} kb_trust_judged;

/* The domain of the library at path: "" for kbench's own catalogue, else
** the library's real path (path itself when it cannot be resolved).  why:
** "", or why a library named and placed as the catalogue's is not (its
** digest), for the user.  judged: the last judgement, kept by the
** caller.  The worker then opens the library by path again (as before
** the containment; process/contain.h). */
void kb_trust_domain(kb_trust_judged *judged, const char *path,
                     char *domain, size_t len, char *why, size_t why_len);

/* Under KBENCH_CONTAIN=on (process/contain.h), in kb_trust_domain's stead:
** open the library at path for reading and judge the file opened: its
** domain, "" for kbench's own catalogue, else the opened file's real
** path (path itself when it cannot be opened); its digest is read
** through the descriptor.  Returns the descriptor (close-on-exec), which
** is what the worker loads (worker_start.h: KB_WORKER_FILES), so that a
** path that names another file by then changes nothing; -1 when it
** cannot be opened.  why: "", or why a library named and placed as the
** catalogue's is not (its digest), for the user.  judged: the last
** judgement, kept by the caller. */
int kb_trust_open(kb_trust_judged *judged, const char *path, char *domain,
                  size_t len, char *why, size_t why_len);

#endif
