/*
** kbench compare's judgement: pair the cases of two runs by name and
** decide for each whether it changed significantly (judge.c).
*/
#ifndef KB_COMPARE_JUDGE_H
#define KB_COMPARE_JUDGE_H

#include <stddef.h>

#include "model/clock_events.h"
#include "model/disturbers.h"
#include "results/reader.h"

/* Fewer samples than this on a side can never be significant. */
#define KB_CMP_MIN_SAMPLES 5

typedef struct kb_cmp_cfg {
  double alpha;              /* significance level of the U test */
  double threshold;          /* smallest |change| that counts, percent */
  double host_threshold;     /* the same for cases of backend "host" */
  double counter_tolerance;  /* a count changed past this, percent */
  double energy_threshold;   /* smallest energy change that counts, percent
                                (energy.h) */
  int time;                  /* enum kb_time: --time, the time judged where
                                both sides have it */
  int allow_missing;         /* --allow-missing: a case of base absent from
                                new is listed, not a regression */
} kb_cmp_cfg;

enum kb_cmp_status {
  KB_CMP_SAME = 0,     /* both passed; no significant change */
  KB_CMP_SLOWER,       /* significantly slower past the threshold */
  KB_CMP_FASTER,       /* significantly faster past the threshold */
  KB_CMP_BROKEN,       /* passed in base, FAIL, ERROR or CRASH in new */
  KB_CMP_NOT_PASSED,   /* not passed on a side otherwise: not compared */
  KB_CMP_ONLY_BASE,
  KB_CMP_ONLY_NEW,
  KB_CMP_DISTURBED,    /* another process disturbed it on a side: its
                          times are not its own there, nothing is judged */
  KB_CMP_NOT_JUDGED    /* both passed, too few samples (a host case:
                          repetitions) on a side for the U test to say */
};

typedef struct kb_cmp_row {
  const kb_res_case *base, *cur;   /* cur: the new run's; NULL if absent */
  int status;                      /* enum kb_cmp_status */
  int regression;                  /* counts toward exit status 1 */
  int time;                        /* enum kb_time judged: kernel time
                                      when asked and both sides have it */
  double base_median, cur_median;  /* seconds; NAN when not known */
  double change;                   /* percent of the base median, or NAN */
  double p;                        /* U test's p-value, or NAN */
  int method;                      /* enum kb_mwu_method used, when p is */
  double threshold;                /* the one that applied, percent */
  double placement;                /* percent the case moves between two
                                      allocations on either side, when
                                      beyond its noise (kb_res_placement);
                                      the threshold is at least this */
  char result[64];                 /* "SLOWER", "CRASH in new", ... */
  char note[256];                  /* why it is not significant, a failure's
                                      message, or "" */
} kb_cmp_row;

typedef struct kb_cmp_summary {
  size_t rows, compared, slower, faster, same, broken, not_passed,
         only_base, only_new, disturbed, not_judged, regressions;
  size_t missing;              /* passed in base, absent from new: a
                                  regression (not counted in only_base) */
  kb_disturbers disturbers;    /* the processes the disturbed cases name */
  size_t flagged, unaudited;   /* cases of new whose claim the bytes audit
                                  flagged, or whose audit was not made */
  kb_clock_tally slower_clocks;  /* the slower cases, and the limits on
                                    the GPU's clocks new's samples hit */
  int base_kernel, new_kernel; /* the file has kernel times (of a case) */
  int base_interrupted, new_interrupted;  /* the run was interrupted: the
                                  cases only in the other are missing */
} kb_cmp_summary;

/* One row per case of base (in its order), then one per case only in cur
** (in its order): *rows (malloc'd) and *n.  0, or -1 when memory runs
** out. */
int kb_cmp_judge(const kb_res_run *base, const kb_res_run *cur,
                 const kb_cmp_cfg *cfg, kb_cmp_row **rows, size_t *n,
                 kb_cmp_summary *sum);

/* "different devices: ..." when the runs' devices differ (name or uuid,
** or a device on one side only), else "".  Returns whether they differ. */
int kb_cmp_device_mismatch(const kb_res_run *base, const kb_res_run *cur,
                           char *buf, size_t len);

/* The run's mode as its cases were timed: "host" when every case is a
** host case (kbench writes its --mode, cold by default, in the context
** all the same), else the context's mode, or NULL. */
const char *kb_cmp_run_mode(const kb_res_run *run);

/* The status as kbench compare's JSON spells it: same, slower, ... */
const char *kb_cmp_status_name(int status);

#endif
