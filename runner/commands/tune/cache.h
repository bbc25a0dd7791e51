/*
** kbench tune's --cache: the configurations measured before, read from a
** kbench JSON results file, and the rules that say when one of its entries
** stands for a configuration of this search, so that none is measured
** twice.  An entry stands for a configuration when:
**   - its name is the configuration's case name (variant and every
**     parameter value: "transpose_cpu/rows:1K/cols:1K/block:32");
**   - its device is the search's, by results/'s one rule
**     (kb_res_same_device): a host case is the host's, whatever its
**     ordinal; a CUDA case's device has the same UUID when both are
**     known, else the same ordinal (a machine without that device
**     replaying a cache);
**   - its mode, when it has one, is the search's ("cold", "host"...);
**   - it failed (a failure is one, whatever is measured), or it has the
**     objective's value, or it was measured for this objective and had
**     none (failed to measure: an energy reading NVML could not give).
** The first entry that qualifies is the one used.
*/
#ifndef KB_TUNE_CACHE_H
#define KB_TUNE_CACHE_H

#include <stddef.h>

#include "commands/tune/search/objective.h"

typedef struct kb_tune_cache kb_tune_cache;

/* A configuration as the cache knows it. */
typedef struct kb_tune_key {
  const char *name;        /* kb_case_name's */
  int ordinal;             /* the search's device */
  const char *uuid;        /* its UUID for a CUDA case, when known */
  const char *mode;        /* "cold", "hot", "graph", or "host" */
  int host;                /* a host case: on the host, not a device */
  int time;                /* enum kb_time: the time the search judges */
} kb_tune_key;

/* What an entry says of it. */
typedef struct kb_tune_hit {
  size_t entry;
  int verdict;             /* enum kb_verdict */
  int has_value;
  double value;            /* the objective's, when has_value */
  const char *note;        /* why it has none: the failure, or the note */
} kb_tune_hit;

/* Read path into a new cache: a file that does not exist is an empty
** cache.  0, or -1 with a message in err (unreadable, not a results file,
** or kbench built without json-c). */
int kb_tune_cache_read(kb_tune_cache **c, const char *path, char *err,
                       size_t len);
void kb_tune_cache_free(kb_tune_cache *c);

/* The entry standing for k under objective o: 1 with it in hit, else 0. */
int kb_tune_cache_find(const kb_tune_cache *c, const kb_tune_key *k,
                       const kb_objective *o, kb_tune_hit *hit);

/* The entries, as read, to write them back. */
size_t kb_tune_cache_size(const kb_tune_cache *c);
const char *kb_tune_cache_text(const kb_tune_cache *c, size_t entry);
/* An entry without its "tune" object (json-c's, the cache's; NULL without
** json-c); the cache no longer finds its tune note afterwards. */
struct json_object *kb_tune_cache_untagged(kb_tune_cache *c, size_t entry);

#endif
