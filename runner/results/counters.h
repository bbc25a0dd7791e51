/*
** The counts of kbench compare (counters.c): a case's hardware and kbench
** counts pooled over its repetitions, and which of them changed between
** two runs.  Timing verdicts never depend on them.
**
** A count changed when it moved by more than the tolerance of the case's
** own scale, not of itself: between two identical runs on the H100, a
** reduction's DRAM writes (the L2's write-backs, tens of KB to 2 MB) and
** a few dozen bank conflicts move by tens of percent of themselves, while
** a tenth more DRAM bytes or twice the conflict ways is a change at any
** scale.  The scale (kb_res_counters_diff):
**   bytes (DRAM, L2: unit byte, or "bytes" in the name): the case's DRAM
**     traffic, read + write (the bytes audit's, else the dram__ counters'),
**     or the bytes it claims, or the count itself, whichever is most; and
**     never KB_RES_COUNTER_BYTES_FLOOR or less;
**   shared-memory bank conflicts: the shared wavefronts of the same
**     direction (loads or stores), else its requests; where only the
**     conflict ways were collected (--metrics=seed), the conflicts changed
**     when the ways did; with none of these, the count itself, and never
**     KB_RES_CONFLICT_FLOOR or less;
**   anything else (the ways, sectors, instructions, kernels launched):
**     itself.
** And when both sides have KB_RES_SPREAD_REPS or more repetitions of a
** count, it must also have moved by more than the range of each side's.
*/
#ifndef KB_COUNTERS_H
#define KB_COUNTERS_H

#include <stddef.h>

#include "results/reader.h"

/*
** Byte counts that moved by this much or less never count as changed:
** a kernel that writes one int showed 52 KB of DRAM writes under ncu and
** 63 KB under kbench's collection (H100, bench/results/2026-11-23-h100-why),
** the L2's own write-backs, not the kernel's work.
*/
#define KB_RES_COUNTER_BYTES_FLOOR 65536.0
/* Bank conflicts with nothing to scale them by: a few dozen moved by a
** fifth between identical runs (reduce_cluster, 73 and 88, H100). */
#define KB_RES_CONFLICT_FLOOR 1000.0
/* Repetitions a side from which their spread is a measure of the noise. */
#define KB_RES_SPREAD_REPS 3

/* Whether a metric of that name is one compare reads: a count (a name
** ending in ".sum"; ratios, percents and averages follow from counts),
** or the bank-conflict ways (kb__shared_ld_ways.ratio and _st_), which
** the seed set collects instead of the wavefronts. */
int kb_res_is_count(const char *name);

/* The counts of entries es[0..n) of one case: for each name, the median of
** the entries that have it, their least and most, sorted by name, into c.
** 0, or -1 (memory). */
int kb_res_counters_pool(const kb_res_entry *es, size_t n, kb_res_case *c);

/* One count both cases have. */
typedef struct kb_res_counter_change {
  const char *name, *unit;     /* point into the base case */
  double base, cur;
  double change;               /* percent of base; NAN when base is 0 */
  double scale;                /* what the change was judged against */
  const char *against;         /* and in words: "DRAM traffic", ... */
  int by_spread;               /* the repetitions' spread was judged too */
  int changed;                 /* moved past the tolerance (and spread) */
} kb_res_counter_change;

/* The counts both cases have, in name order, into *out (malloc'd; NULL
** when none) and *n, each judged by the rule above with tol_pct percent.
** Returns the number changed, or -1 when memory ran out. */
int kb_res_counters_diff(const kb_res_case *base, const kb_res_case *cur,
                         double tol_pct, kb_res_counter_change **out,
                         size_t *n);

/* The rule in one sentence, for compare's header, with the tolerance. */
void kb_res_counter_rule(char *buf, size_t len, double tol_pct);

/* "201.3M", "4.1K", "17": a count in few characters. */
void kb_res_format_count(char *buf, size_t len, double v);

#endif
