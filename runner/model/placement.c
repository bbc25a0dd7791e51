/* The rules that judge a case's two placements (placement.h). */
#include <math.h>

#include "model/placement.h"

double kb_placement_spread(double a, double b)
{
  if (!(a > 0) || !(b > 0))
    return NAN;
  return fabs(b - a) / (a < b ? a : b);
}

int kb_placement_sensitive(double spread, double noise)
{
  if (!isfinite(spread))
    return 0;
  double floor = isfinite(noise) && noise > 0 ? KB_PLACEMENT_NOISES * noise
                                              : 0;
  return spread > KB_PLACEMENT_MIN_SPREAD && spread > floor;
}

double kb_placement_allowance(double spread_a, double noise_a,
                              double spread_b, double noise_b)
{
  double allow = 0;
  if (kb_placement_sensitive(spread_a, noise_a))
    allow = spread_a;
  if (kb_placement_sensitive(spread_b, noise_b) && spread_b > allow)
    allow = spread_b;
  return allow;
}
