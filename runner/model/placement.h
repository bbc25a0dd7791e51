/*
** Where a case's memory landed can set its time: on the H200,
** reduce_vec4's 8-byte accumulator, which all 8192 blocks of a launch
** update, made the kernel 67 us in some places and 73 us in others
** (docs/usage.md, "One case, one number").  After a CUDA case's samples
** the worker sets it up again on a second allocation and times it briefly
** (worker/measure/placement_pads.h); these are the rules that judge the two event
** medians, shared by the notes, compare and fleet.
*/
#ifndef KB_PLACEMENT_H
#define KB_PLACEMENT_H

/* A case is set up a second time only when its first setup took at most
** this long: the second setup is the check's cost, and the catalogue's
** few slow setups (CPU references of a second and more) would add more
** than the rest together. */
#define KB_PLACEMENT_SETUP_MAX_S 0.05
/* Samples taken on the second allocation. */
#define KB_PLACEMENT_SAMPLES 10
/* The spread that says "depends on placement": at least this much, and
** KB_PLACEMENT_NOISES times the case's noise. */
#define KB_PLACEMENT_MIN_SPREAD 0.02
#define KB_PLACEMENT_NOISES 4.0

/* |b - a| / min(a, b): how far apart two medians of one case are; NAN
** unless both are > 0. */
double kb_placement_spread(double a, double b);

/* Whether spread is beyond the case's noise (relative, as kb_stats'). */
int kb_placement_sensitive(double spread, double noise);

/* The spread a comparison of one case allows for its placement: the
** larger of the sides' spreads that are beyond their noise, or 0.  A
** side's spread is NAN where it was not measured. */
double kb_placement_allowance(double spread_a, double noise_a,
                              double spread_b, double noise_b);

#endif
