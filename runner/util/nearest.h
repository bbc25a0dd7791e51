/*
** The names nearest to one the user got wrong, to offer in its message
** (an unknown metric, an unknown plugin or variant): by edit distance,
** and only those close enough to be a slip (within a third of the
** name's length, plus two).
*/
#ifndef KB_NEAREST_H
#define KB_NEAREST_H

#include <stddef.h>

/* Levenshtein distance between a and b; (size_t)-1 out of memory. */
size_t kb_edit_distance(const char *a, const char *b);
/* The largest distance at which a candidate for name is still offered. */
size_t kb_nearest_limit(const char *name);
/* Up to max of the n candidates nearest to name, nearest first (ties in
** their order), none twice, and none farther than the nearest's distance
** plus one, into out (pointers into candidates): how many. */
size_t kb_nearest(const char *name, const char *const *candidates, size_t n,
                  const char **out, size_t max);

struct option;
/* "; did you mean --NAME?" for an unknown long option arg ("--filtr" or
** "--filtr=3"), NAME the nearest of getopt's table opts (ending in a
** zeroed entry), or "" when none is near: into buf, which it returns. */
char *kb_nearest_option(const char *arg, const struct option *opts,
                        char *buf, size_t len);

#endif
