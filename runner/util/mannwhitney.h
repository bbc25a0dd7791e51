/*
** The Mann-Whitney U test (Wilcoxon rank-sum), two-sided: do two sets of
** samples come from the same distribution, or does one tend to be larger?
** kbench compare asks it of two runs' raw samples (commands/compare/
** judge.c says why this test and not a bootstrap), a placement study of
** its fastest and slowest placements' (model/placement.h).
*/
#ifndef KB_MANNWHITNEY_H
#define KB_MANNWHITNEY_H

#include <stddef.h>

enum kb_mwu_method {
  KB_MWU_AUTO = 0,   /* exact when small (KB_MWU_EXACT_MAX_*), else normal */
  KB_MWU_EXACT,      /* the permutation distribution of the rank sum */
  KB_MWU_NORMAL      /* normal approximation, tie and continuity corrected */
};

/* AUTO computes the exact p-value when the smaller sample has at most
** KB_MWU_EXACT_MAX_SMALL values and both together at most
** KB_MWU_EXACT_MAX_TOTAL: the table then costs at most ~3e7 additions. */
#define KB_MWU_EXACT_MAX_SMALL 20
#define KB_MWU_EXACT_MAX_TOTAL 200

typedef struct kb_mwu {
  double u;          /* U of the first sample: pairs with a > b, ties 1/2 */
  double p;          /* two-sided p-value, in [0, 1] */
  double z;          /* the normal approximation's z (0 when exact) */
  int method;        /* KB_MWU_EXACT or KB_MWU_NORMAL: the one used */
  int ties;          /* the pooled samples hold equal values */
} kb_mwu;

/* Returns 0, or -1 when a sample is empty, a value is not finite, or
** memory runs out. */
int kb_mwu_test(const double *a, size_t na, const double *b, size_t nb,
                int method, kb_mwu *r);

const char *kb_mwu_method_name(int method);

#endif
