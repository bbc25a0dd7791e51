/* A run on several devices set side by side (side.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/format.h"
#include "model/verdict.h"
#include "output/side.h"

void kb_side_init(kb_side *s, size_t n_lanes)
{
  memset(s, 0, sizeof *s);
  s->n_lanes = n_lanes;
}

void kb_side_add(kb_side *s, size_t lane, const kb_plan_case *pc,
                 const kb_result *res)
{
  if (s->n_lanes < 2 || lane >= KB_SIDE_LANES_MAX)
    return;
  if (s->n == s->cap) {
    size_t cap = s->cap ? 2 * s->cap : 64;
    kb_side_entry *grown = realloc(s->e, cap * sizeof *grown);
    if (!grown) {
      s->no_memory = 1;
      return;
    }
    s->e = grown;
    s->cap = cap;
  }
  s->e[s->n] = (kb_side_entry){pc, lane, res->verdict, res->stats.median,
                                s->n};
  s->n++;
}

/* By case in the plan's order, then lane, then arrival. */
static int by_case_then_lane(const void *x, const void *y)
{
  const kb_side_entry *a = x, *b = y;
  if (a->pc != b->pc)
    return a->pc < b->pc ? -1 : 1;   /* pointers into one plan array */
  if (a->lane != b->lane)
    return a->lane < b->lane ? -1 : 1;
  return (a->order > b->order) - (a->order < b->order);
}

int kb_side_next(kb_side *s, kb_side_row *row)
{
  if (s->next == 0 && s->n)
    qsort(s->e, s->n, sizeof *s->e, by_case_then_lane);
  if (s->next >= s->n)
    return 0;
  const kb_plan_case *pc = s->e[s->next].pc;
  row->pc = pc;
  for (size_t i = 0; i < KB_SIDE_LANES_MAX; i++) {
    row->verdict[i] = -1;
    row->median[i] = row->ratio[i] = NAN;
  }
  for (; s->next < s->n && s->e[s->next].pc == pc; s->next++) {
    const kb_side_entry *e = &s->e[s->next];
    if (row->verdict[e->lane] >= 0)
      continue;                      /* a later repetition */
    row->verdict[e->lane] = e->verdict;
    if (e->verdict == KB_PASS)
      row->median[e->lane] = e->median;
  }
  for (size_t i = 0; i < s->n_lanes && i < KB_SIDE_LANES_MAX; i++)
    if (row->median[0] > 0 && row->median[i] > 0)
      row->ratio[i] = row->median[i] / row->median[0];
  return 1;
}

void kb_side_cell(const kb_side_row *row, size_t i, char *buf, size_t len)
{
  if (row->verdict[i] == KB_PASS)
    kb_format_seconds(buf, len, row->median[i]);
  else
    snprintf(buf, len, "%s", row->verdict[i] >= 0
                             ? kb_verdict_word(row->verdict[i]) : "-");
}

void kb_side_free(kb_side *s)
{
  free(s->e);
  memset(s, 0, sizeof *s);
}
