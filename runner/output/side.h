/*
** A run on several devices, set side by side (side.c): every result kept
** as it comes, whatever device completes first, then each case's devices
** together in the plan's order, with each device's median over the first
** device's.  The table (groups.c) and the markdown (markdown.c) print it
** after their per-device sections.
*/
#ifndef KB_SIDE_H
#define KB_SIDE_H

#include <stddef.h>

#include "output/writer.h"

/* How many devices are set side by side: the first this many. */
#define KB_SIDE_LANES_MAX 16

typedef struct kb_side_entry {
  const kb_plan_case *pc;  /* into the plan: their order is the cases' */
  size_t lane;
  int verdict;             /* enum kb_verdict */
  double median;           /* seconds, when it passed */
  size_t order;            /* arrival: a case's first repetition first */
} kb_side_entry;

typedef struct kb_side {
  size_t n_lanes;          /* nothing is kept for fewer than 2 */
  kb_side_entry *e;
  size_t n, cap, next;
  int no_memory;           /* a result could not be kept */
} kb_side;

/* A case on several devices, as kb_side_next gives it. */
typedef struct kb_side_row {
  const kb_plan_case *pc;
  int verdict[KB_SIDE_LANES_MAX];   /* -1: no result on that lane */
  double median[KB_SIDE_LANES_MAX];
  double ratio[KB_SIDE_LANES_MAX];  /* median over lane 0's; NAN: none */
} kb_side_row;

void kb_side_init(kb_side *s, size_t n_lanes);
/* Keeps res (its first repetition counts) for lane. */
void kb_side_add(kb_side *s, size_t lane, const kb_plan_case *pc,
                 const kb_result *res);
/* The next case in the plan's order into row: 1, or 0 after the last.
** The first call sorts what was kept. */
int kb_side_next(kb_side *s, kb_side_row *row);
/* Lane i's cell of row: its median ("275.87 us"), else its verdict's
** word ("FAIL"), else "-" (no result there). */
void kb_side_cell(const kb_side_row *row, size_t i, char *buf, size_t len);
void kb_side_free(kb_side *s);

#endif
