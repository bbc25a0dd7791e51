/* The names nearest to a wrong one (nearest.h). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/nearest.h"

size_t kb_edit_distance(const char *a, const char *b)
{
  size_t n = strlen(a), m = strlen(b);
  size_t *row = malloc((m + 1) * sizeof *row);
  if (!row) return (size_t)-1;
  for (size_t j = 0; j <= m; j++) row[j] = j;
  for (size_t i = 1; i <= n; i++) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= m; j++) {
      size_t up = row[j], best = diag + (a[i - 1] != b[j - 1]);
      if (up + 1 < best) best = up + 1;
      if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
      diag = up;
      row[j] = best;
    }
  }
  size_t d = row[m];
  free(row);
  return d;
}

size_t kb_nearest_limit(const char *name)
{
  return strlen(name) / 3 + 2;
}

size_t kb_nearest(const char *name, const char *const *candidates, size_t n,
                  const char **out, size_t max)
{
  size_t count = 0, limit = kb_nearest_limit(name), first = (size_t)-1;
  /* Distance by distance: few names, and no list to sort.  Past the
  ** nearest's distance plus one, a name is a guess, not a slip. */
  for (size_t d = 0; d <= limit && (first == (size_t)-1 || d <= first + 1)
                     && count < max; d++)
    for (size_t i = 0; i < n && count < max; i++) {
      if (kb_edit_distance(name, candidates[i]) != d)
        continue;
      int dup = 0;
      for (size_t j = 0; j < count && !dup; j++)
        dup = strcmp(out[j], candidates[i]) == 0;
      if (!dup)
        out[count++] = candidates[i];
      if (first == (size_t)-1)
        first = d;
    }
  return count;
}

char *kb_nearest_option(const char *arg, const struct option *opts,
                        char *buf, size_t len)
{
  char name[128];
  size_t n = 0, k = 0;
  buf[0] = '\0';
  if (strncmp(arg, "--", 2) != 0)
    return buf;
  snprintf(name, sizeof name, "%.*s", (int)strcspn(arg + 2, "="), arg + 2);
  while (opts[n].name)
    n++;
  const char **names = malloc((n ? n : 1) * sizeof *names), *near[1];
  for (size_t i = 0; names && i < n; i++)
    names[i] = opts[i].name;
  k = names ? kb_nearest(name, names, n, near, 1) : 0;
  /* Options are short words: a third of one is a slip, more is another
  ** option ("--filter" is not "--list"). */
  if (k && kb_edit_distance(name, near[0]) <= strlen(name) / 3 + 1)
    snprintf(buf, len, "; did you mean --%s?", near[0]);
  free(names);
  return buf;
}
