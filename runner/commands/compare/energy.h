/*
** kbench compare's judgement of energy (energy.c): for a case that
** passed in both runs and has --energy's joules per run in both, whether
** it changed, with the same care as its time: the windows of each run
** (kbench --energy writes one joules-per-run value per window,
** energy_windows_j) are the samples of a two-sided Mann-Whitney U test,
** and the change must pass --alpha and --energy-threshold both.  Energy
** changes are reported, never counted as regressions: the exit status
** stays the times' and the verdicts'.
*/
#ifndef KB_COMPARE_ENERGY_H
#define KB_COMPARE_ENERGY_H

#include <stddef.h>

#include "commands/compare/judge.h"

enum kb_cmp_energy_status {
  KB_CMP_ENERGY_NONE = 0,  /* not both passed with energy: not compared */
  KB_CMP_ENERGY_SAME,
  KB_CMP_ENERGY_MORE,      /* significantly more joules per run */
  KB_CMP_ENERGY_LESS
};

typedef struct kb_cmp_energy {
  int status;              /* enum kb_cmp_energy_status */
  double base_j, cur_j;    /* the windows' medians, joules per run */
  double base_w, cur_w;    /* the entries' median watts; NAN: unknown */
  double change;           /* percent of base; NAN when not compared */
  double p;                /* the U test's, or NAN */
  int method;              /* enum kb_mwu_method, when p is */
  size_t nb, nc;           /* windows a side */
  char note[160];          /* why it is not significant, or "" */
} kb_cmp_energy;

void kb_cmp_energy_judge(const kb_cmp_row *row, const kb_cmp_cfg *cfg,
                         kb_cmp_energy *e);
/* "more", "less", "same", or NULL for NONE. */
const char *kb_cmp_energy_word(int status);

/* Of rows[0..n): how many cases have energy on both sides (*with) and of
** those how many changed significantly (*changed). */
void kb_cmp_energy_count(const kb_cmp_row *rows, size_t n,
                         const kb_cmp_cfg *cfg, size_t *with,
                         size_t *changed);
/* "0.2501 J -> 0.275 J per run (+9.96%, p 0.0079; 381 W -> 402 W): more" */
void kb_cmp_energy_text(const kb_cmp_energy *e, char *buf, size_t len);

#endif
