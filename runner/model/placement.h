/*
** Where a case's memory landed can set its time: on the H200,
** reduce_vec4's 8-byte accumulator, which all 8192 blocks of a launch
** update, made the kernel 67 us in some places and 73 us in others
** (docs/usage.md, "Where a case's memory landed").  A placement study
** (--placements=N, worker/measure/placement_study.h) sets a CUDA case up
** N - 1 more times behind pads and times each setup as the case's own
** samples were; these are the rules that judge it, shared by the notes,
** compare and fleet.  The default run makes no study and claims nothing.
*/
#ifndef KB_PLACEMENT_H
#define KB_PLACEMENT_H

#include <stddef.h>

/* The most placements a study makes (--placements=N, the case's own
** setup counted). */
#define KB_PLACEMENTS_MAX 32
/* Samples each further placement takes at least (its case's own number of
** samples, when more), after one untimed run. */
#define KB_PLACEMENT_MIN_SAMPLES 10
/* A spread that says "depends on placement" is at least this much, and
** KB_PLACEMENT_NOISES times the case's noise... */
#define KB_PLACEMENT_MIN_SPREAD 0.02
#define KB_PLACEMENT_NOISES 4.0
/* ...and the Mann-Whitney test of the fastest placement's samples against
** the slowest's rejects "one distribution" at this level, once multiplied
** by the number of pairs a study of N placements could have picked
** (Bonferroni): a test that accounts for the case's noise, as compare's. */
#define KB_PLACEMENT_ALPHA 0.01

/* |b - a| / min(a, b): how far apart two medians of one case are; NAN
** unless both are > 0. */
double kb_placement_spread(double a, double b);

/* The family-wise p-value of a study of `placements` placements whose
** fastest placement took the samples fast[nf] and its slowest slow[ns]:
** the two-sided Mann-Whitney p times the pairs of placements, at most 1;
** NAN when the test cannot be made. */
double kb_placement_p(const double *fast, size_t nf, const double *slow,
                      size_t ns, unsigned placements);

/* Whether a study's spread is the case's placement: past the magnitude
** above and, where its p is known (>= 0), past the test.  A spread read
** from a file of an earlier kbench has no p (-1): the magnitude alone. */
int kb_placement_sensitive(double spread, double noise, double p);

/* Why a case's placements could differ for other reasons than where its
** memory landed, so that no study of it claims anything: a run that
** synchronizes (its time holds the host's waits and a library's
** allocations), a timed region, or runs that move no more bytes than the
** L2 holds; NULL when none.  buf holds a reason with numbers. */
const char *kb_placement_confounded(int syncs, int timed_region,
                                    double moved_bytes, double l2_bytes,
                                    char *buf, size_t len);

#endif
