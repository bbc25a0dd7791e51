/* A search's space of configurations on a grid (space.h). */
#include <stdlib.h>
#include <string.h>

#include "commands/tune/search/space.h"

int kb_space_init(kb_space *s, size_t n_axes, const size_t *len)
{
  memset(s, 0, sizeof *s);
  s->start = -1;
  if (n_axes > KB_SPACE_AXES)
    return -1;
  s->n_axes = n_axes;
  s->cells = 1;
  for (size_t a = 0; a < n_axes; a++) {
    if (len[a] == 0 || len[a] > KB_SPACE_CELLS / s->cells)
      return -1;
    s->len[a] = len[a];
    s->cells *= len[a];
  }
  if (!(s->at = malloc(s->cells * sizeof *s->at)))
    return -1;
  for (size_t c = 0; c < s->cells; c++)
    s->at[c] = -1;
  return 0;
}

void kb_space_free(kb_space *s)
{
  free(s->coords);
  free(s->at);
  memset(s, 0, sizeof *s);
  s->start = -1;
}

/* The grid point of coords, or -1 when off the grid. */
static long cell(const kb_space *s, const uint32_t *coords)
{
  size_t c = 0;
  for (size_t a = 0; a < s->n_axes; a++) {
    if (coords[a] >= s->len[a])
      return -1;
    c = c * s->len[a] + coords[a];
  }
  return (long)c;
}

long kb_space_add(kb_space *s, const uint32_t *coords)
{
  long c = cell(s, coords);
  if (c < 0 || s->at[c] >= 0)
    return -1;
  if (s->n == s->cap) {
    size_t cap = s->cap ? 2 * s->cap : 64;
    uint32_t *grown = realloc(s->coords,
                              cap * (s->n_axes ? s->n_axes : 1)
                              * sizeof *grown);
    if (!grown)
      return -1;
    s->coords = grown;
    s->cap = cap;
  }
  if (s->n_axes)              /* a space of no axis has one point */
    memcpy(s->coords + s->n * s->n_axes, coords,
           s->n_axes * sizeof *coords);
  s->at[c] = (int32_t)s->n;
  return (long)s->n++;
}

long kb_space_find(const kb_space *s, const uint32_t *coords)
{
  long c = cell(s, coords);
  return c < 0 ? -1 : s->at[c];
}

uint32_t kb_space_coord(const kb_space *s, size_t i, size_t a)
{
  return s->coords[i * s->n_axes + a];
}

size_t kb_space_neighbours(const kb_space *s, size_t i, size_t *out)
{
  uint32_t here[KB_SPACE_AXES];
  size_t n = 0;
  memcpy(here, s->coords + i * s->n_axes, s->n_axes * sizeof *here);
  for (size_t a = 0; a < s->n_axes; a++) {
    long mine = here[a], len = (long)s->len[a];
    for (int way = -1; way <= 1; way += 2) {
      long found = 0;           /* the distance of the last one found */
      for (long step = 1; step < len; step *= 2) {
        if (found >= step)
          continue;             /* it is also the nearest this far out */
        long d = step;
        for (; mine + way * d >= 0 && mine + way * d < len; d++) {
          here[a] = (uint32_t)(mine + way * d);
          long j = kb_space_find(s, here);
          if (j >= 0) {
            out[n++] = (size_t)j;
            found = d;
            break;
          }
        }
        if (found < step)
          break;                /* nothing further this way */
      }
    }
    here[a] = (uint32_t)mine;
  }
  return n;
}
