/*
** One search's space: its configurations, each a point on the grid of the
** searched parameters' values (axis i holds parameter i's values in
** ascending order), and only the points that the restrictions kept.  The
** strategies (search.h) move on it; neighbours are found along the
** axes, near and far, skipping the points restricted out, so that a
** restriction makes no wall a local search cannot cross.
*/
#ifndef KB_TUNE_SPACE_H
#define KB_TUNE_SPACE_H

#include <stddef.h>
#include <stdint.h>

#define KB_SPACE_AXES 64
/* The most grid points a space may span (the plan's own bound is far
** below it). */
#define KB_SPACE_CELLS ((size_t)1 << 26)

typedef struct kb_space {
  size_t n_axes;
  size_t len[KB_SPACE_AXES];  /* values on each axis */
  size_t n;                   /* configurations */
  uint32_t *coords;           /* n x n_axes: each one's place on each axis */
  int32_t *at;                /* per grid point: its configuration, or -1 */
  size_t cells;
  size_t cap;
  long start;                 /* where a local search begins first (the
                                 variant's defaults), or -1 */
} kb_space;

/* An empty space over a grid of n_axes axes of len[i] values: 0, or -1
** (too large, or out of memory). */
int kb_space_init(kb_space *s, size_t n_axes, const size_t *len);
void kb_space_free(kb_space *s);

/* Add the configuration at coords: its index, or -1 (out of memory, a
** place off the grid, or one already taken). */
long kb_space_add(kb_space *s, const uint32_t *coords);
/* The configuration at coords, or -1. */
long kb_space_find(const kb_space *s, const uint32_t *coords);
/* Configuration i's place on axis a. */
uint32_t kb_space_coord(const kb_space *s, size_t i, size_t a);

/* Configuration i's neighbours into out (room for KB_SPACE_NEAR x
** n_axes): along each axis, each way, the nearest configuration at least
** 1, 2, 4, 8... steps away with every other coordinate equal, each once.
** The far ones let a local search cross a bump (noise) and cover a long
** axis in a few moves; on an axis of up to 4 values they are all of it.
** Returns how many. */
#define KB_SPACE_NEAR 56
size_t kb_space_neighbours(const kb_space *s, size_t i, size_t *out);

#endif
