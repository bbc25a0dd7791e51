/*
** The counts of kbench compare (counters.c): a case's hardware and kbench
** counts pooled over its repetitions, and which of them changed between
** two runs.  Timing verdicts never depend on them.
*/
#ifndef KB_COUNTERS_H
#define KB_COUNTERS_H

#include <stddef.h>

#include "analyze/pooling.h"

/*
** Counts that moved by less than this many bytes never count as changed:
** a kernel that writes one int showed 52 KB of DRAM writes under ncu and
** 63 KB under kbench's collection (H100, bench/results/2026-11-23-h100-why),
** the L2's own write-backs, not the kernel's work.
*/
#define KB_CMP_COUNTER_BYTES_FLOOR 65536.0

/* Whether a metric of that name is a count compare reports: a name ending
** in ".sum" (ratios, percents and averages follow from counts). */
int kb_cmp_is_count(const char *name);

/* The counts of entries es[0..n) of one case: for each name, the median of
** the entries that have it, sorted by name, into c.  0, or -1 (memory). */
int kb_cmp_counters_pool(const kb_cmp_entry *es, size_t n, kb_cmp_case *c);

/* One count both cases have. */
typedef struct kb_cmp_counter_change {
  const char *name, *unit;     /* point into the base case */
  double base, cur;
  double change;               /* percent of base; NAN when base is 0 */
  int changed;                 /* moved past the tolerance */
} kb_cmp_counter_change;

/* The counts both cases have, in name order, into *out (malloc'd; NULL
** when none) and *n, with how many changed: by more than tol_pct percent
** of the larger value and, for bytes, by more than
** KB_CMP_COUNTER_BYTES_FLOOR.  Returns the number changed, or -1 when
** memory ran out. */
int kb_cmp_counters_diff(const kb_cmp_case *base, const kb_cmp_case *cur,
                         double tol_pct, kb_cmp_counter_change **out,
                         size_t *n);

/* "201.3M", "4.1K", "17": a count in few characters. */
void kb_cmp_format_count(char *buf, size_t len, double v);

#endif
