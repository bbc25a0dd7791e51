/* Statistics on samples whose answers are known by hand. */
#include <math.h>

#include "util/stats.h"
#include "tap.h"

int main(void)
{
  kb_stats s;
  double five[] = {5, 1, 4, 2, 3};
  ok(kb_stats_compute(five, 5, &s) == 0, "five samples");
  ok(s.n == 5 && s.median == 3 && s.mean == 3 && s.min == 1 && s.max == 5,
     "median, mean, min, max of 1..5");
  ok(near(s.stdev, sqrt(2.5), 1e-12), "sample stdev sqrt(2.5): %g", s.stdev);
  ok(near(s.rel_stdev, sqrt(2.5) / 3, 1e-12), "relative stdev");
  /* MAD of 1..5 about 3 is 1: noise = 1.2533 * 1.4826 / sqrt(5) / 3. */
  ok(near(s.noise, 1.2533 * 1.4826 / sqrt(5.0) / 3, 1e-9),
     "noise from the MAD: %g", s.noise);

  double four[] = {4, 1, 3, 2};
  kb_stats_compute(four, 4, &s);
  ok(s.median == 2.5, "even count: median is the mean of the middle two");

  double flat[] = {7, 7, 7, 7};
  kb_stats_compute(flat, 4, &s);
  ok(s.stdev == 0 && s.noise == 0, "constant samples have no noise");

  double outlier[] = {10, 10, 10, 10, 10, 10, 10, 10, 10, 1000};
  kb_stats_compute(outlier, 10, &s);
  ok(s.median == 10 && s.noise == 0 && s.max == 1000,
     "one outlier moves neither the median nor its noise");
  ok(kb_stats_compute(five, 0, &s) != 0, "no samples is an error");
  return tap_done();
}
