/* The rules that judge a case's placements (placement.h). */
#include <math.h>
#include <stdio.h>

#include "model/placement.h"
#include "util/mannwhitney.h"

double kb_placement_spread(double a, double b)
{
  if (!(a > 0) || !(b > 0))
    return NAN;
  return fabs(b - a) / (a < b ? a : b);
}

double kb_placement_p(const double *fast, size_t nf, const double *slow,
                      size_t ns, unsigned placements)
{
  kb_mwu t;
  if (placements < 2 || kb_mwu_test(fast, nf, slow, ns, KB_MWU_AUTO, &t))
    return NAN;
  double pairs = 0.5 * placements * (placements - 1.0);
  double p = t.p * pairs;
  return p < 1 ? p : 1;
}

int kb_placement_sensitive(double spread, double noise, double p)
{
  if (!isfinite(spread))
    return 0;
  double floor = isfinite(noise) && noise > 0 ? KB_PLACEMENT_NOISES * noise
                                              : 0;
  if (!(spread > KB_PLACEMENT_MIN_SPREAD && spread > floor))
    return 0;
  return !(p >= 0) || p < KB_PLACEMENT_ALPHA;
}

const char *kb_placement_confounded(int syncs, int timed_region,
                                    double moved_bytes, double l2_bytes,
                                    char *buf, size_t len)
{
  if (syncs)
    return "a variant that synchronizes is timed with its host's waits "
           "and a library's allocations, which move its time for other "
           "reasons than where its memory landed";
  if (timed_region)
    return "a run with a timed region is timed by its region's events, "
           "not as a study times a run";
  if (moved_bytes > 0 && l2_bytes > 0 && moved_bytes <= l2_bytes) {
    snprintf(buf, len, "its runs move %.3g MB, within the L2's %.3g MB: "
             "where its memory lands in DRAM does not set its time",
             moved_bytes / 1e6, l2_bytes / 1e6);
    return buf;
  }
  return NULL;
}
