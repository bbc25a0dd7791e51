/*
** A results file's entries one by one, as written, for kbench tune's
** cache: each entry's name, device, mode and verdict, any number in it by
** key, and its text to be written back unchanged.  Unlike kbench
** compare's reading (reader.h), nothing is pooled: two entries of
** one name stay two.  Needs json-c (KBENCH_HAVE_JSON_C).
*/
#ifndef KB_RESULTS_ENTRIES_H
#define KB_RESULTS_ENTRIES_H

#include <stddef.h>

#include "results/reader.h"

typedef struct kb_entry {
  const char *name;        /* the case's: "variant/param:value/..." */
  const char *backend;     /* "cuda", "host", or NULL */
  const char *mode;        /* "cold", "host", ...; NULL or "" for none */
  kb_res_device device;    /* resolved in the file as kb_res_load does:
                              compare with kb_res_same_device */
  int verdict;             /* enum kb_verdict, read as kb_res_load does */
  char *message;           /* "stage: message" of a failure, or "" */
  char *text;              /* the entry as JSON, as read, written again
                              by kbench's writer */
  void *obj;               /* its json_object */
} kb_entry;

typedef struct kb_entries {
  kb_entry *e;
  size_t n;
  void *root;              /* the document: the strings above are its */
  int format;              /* its results format (format.h) */
} kb_entries;

/* The entries of path: 0, or -1 with a message in err (not readable, not
** JSON, no "benchmarks" array, an entry without a name, a passed entry
** without its time: kb_res_entry_timed). */
int kb_entries_read(const char *path, kb_entries *out, char *err,
                    size_t len);
void kb_entries_free(kb_entries *es);

/* The finite number at key (the current format's, read under the name
** the file's format gives it) of entry i in *v: 1, or 0 when there is
** none (missing, null, not a number). */
int kb_entries_number(const kb_entries *es, size_t i, const char *key,
                      double *v);
/* The string at "tune"."key" of entry i, or NULL. */
const char *kb_entries_tune_string(const kb_entries *es, size_t i,
                                   const char *key);
/* Entry i's json_object without its "tune" object (deleted from it). */
struct json_object *kb_entries_untagged(const kb_entries *es, size_t i);

#endif
