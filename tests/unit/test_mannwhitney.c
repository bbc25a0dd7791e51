/*
** The Mann-Whitney U test against known answers: the expected statistics
** and p-values come from scipy.stats.mannwhitneyu (scipy 1.10.1,
** alternative='two-sided', method='exact' or 'asymptotic'), and, for
** tied samples, from enumerating every way to split the pooled values
** (Python's itertools.combinations over scipy's rankdata).
*/
#include <math.h>

#include "util/mannwhitney.h"
#include "tap.h"

#define N(x) (sizeof(x) / sizeof((x)[0]))

/* Relative agreement: p-values span many decades. */
static int close_to(double got, double want, double rel)
{
  return fabs(got - want) <= rel * fabs(want);
}

static void expect(const char *what, const double *a, size_t na,
                   const double *b, size_t nb, int method, double u,
                   double p, int want_method)
{
  kb_mwu r;
  int rc = kb_mwu_test(a, na, b, nb, method, &r);
  ok(rc == 0 && r.u == u && close_to(r.p, p, 1e-9) && r.method == want_method,
     "%s: U %g (want %g), p %.12g (want %.12g), %s", what, r.u, u, r.p, p,
     kb_mwu_method_name(r.method));
}

int main(void)
{
  /* Completely separated, 5 and 5: the smallest exact p, 2 / C(10, 5). */
  double sep_a[] = {1.1, 2.2, 3.3, 4.4, 5.5}, sep_b[] = {6, 7, 8, 9, 10};
  expect("separated 5 vs 5, exact", sep_a, 5, sep_b, 5, KB_MWU_AUTO, 0,
         2.0 / 252, KB_MWU_EXACT);
  expect("separated 5 vs 5, normal", sep_a, 5, sep_b, 5, KB_MWU_NORMAL, 0,
         0.012185780355344813, KB_MWU_NORMAL);

  /* 4 vs 4 cannot reach p < 0.01 however far apart: 2 / C(8, 4). */
  expect("separated 4 vs 4: p is 2/70 at best", sep_a, 4, sep_b, 4,
         KB_MWU_AUTO, 0, 2.0 / 70, KB_MWU_EXACT);

  double tb_a[] = {19, 22, 16, 29, 24}, tb_b[] = {20, 11, 17, 12};
  expect("5 vs 4, exact", tb_a, 5, tb_b, 4, KB_MWU_EXACT, 17,
         0.1111111111111111, KB_MWU_EXACT);
  expect("5 vs 4, normal", tb_a, 5, tb_b, 4, KB_MWU_NORMAL, 17,
         0.11134688653314041, KB_MWU_NORMAL);

  /* Hollander and Wolfe's permeability data (as in R's wilcox.test). */
  double hw_a[] = {0.8, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46};
  double hw_b[] = {1.15, 0.88, 0.9, 0.74, 1.21};
  expect("Hollander-Wolfe, exact", hw_a, 10, hw_b, 5, KB_MWU_AUTO, 35,
         0.2544122544122544, KB_MWU_EXACT);
  expect("Hollander-Wolfe, normal", hw_a, 10, hw_b, 5, KB_MWU_NORMAL, 35,
         0.24462360512698333, KB_MWU_NORMAL);

  double u12_a[] = {14.5238, 15.5977, 19.2421, 14.6565, 15.0784, 15.8738,
                    11.8466, 15.1191, 16.2988, 17.9298, 10.9412, 13.034};
  double u12_b[] = {12.9067, 20.0964, 18.9344, 12.4188, 21.8219, 21.6476,
                    18.5392, 18.1556, 13.5749, 12.15, 17.2838, 12.5955,
                    13.9021, 14.4194, 12.3008};
  expect("12 vs 15, exact", u12_a, 12, u12_b, 15, KB_MWU_EXACT, 82,
         0.7188962635456108, KB_MWU_EXACT);
  expect("15 vs 12, exact: the same p, U = 180 - 82", u12_b, 15, u12_a, 12,
         KB_MWU_EXACT, 98, 0.7188962635456108, KB_MWU_EXACT);
  expect("12 vs 15, normal", u12_a, 12, u12_b, 15, KB_MWU_NORMAL, 82,
         0.7143930376343264, KB_MWU_NORMAL);

  /* Ties: the normal approximation with scipy's tie correction, and the
  ** exact permutation p-value counted by enumeration. */
  double t_a[] = {1, 2, 2, 3, 3, 3, 4, 5};
  double t_b[] = {3, 4, 4, 5, 5, 6, 6, 7, 7, 8};
  expect("ties 8 vs 10, normal", t_a, 8, t_b, 10, KB_MWU_NORMAL, 7.5,
         0.004045472229575526, KB_MWU_NORMAL);
  expect("ties 8 vs 10, exact: 105 of 43758 splits", t_a, 8, t_b, 10,
         KB_MWU_AUTO, 7.5, 105.0 / 43758, KB_MWU_EXACT);
  expect("ties 10 vs 8, exact: the same", t_b, 10, t_a, 8, KB_MWU_AUTO,
         72.5, 105.0 / 43758, KB_MWU_EXACT);
  double t2_a[] = {1, 1, 2, 2}, t2_b[] = {2, 2, 3, 3, 3};
  expect("ties 4 vs 5, normal says 0.0495", t2_a, 4, t2_b, 5, KB_MWU_NORMAL,
         2, 0.049534613435626706, KB_MWU_NORMAL);
  expect("ties 4 vs 5, exact says 10/126", t2_a, 4, t2_b, 5, KB_MWU_AUTO, 2,
         10.0 / 126, KB_MWU_EXACT);
  kb_mwu r;
  kb_mwu_test(t_a, 8, t_b, 10, KB_MWU_AUTO, &r);
  ok(r.ties, "ties are reported");
  kb_mwu_test(sep_a, 5, sep_b, 5, KB_MWU_AUTO, &r);
  ok(!r.ties, "no ties, none reported");

  /* Past the exact limits AUTO takes the normal approximation. */
  double r_a[] = {99.23, 101.53, 99.32, 99.05, 97.21, 99.36, 103.34, 101.27,
                  103.11, 100.75, 101.18, 100.56, 95.0, 102.57, 101.52, 101.5,
                  94.93, 94.77, 97.33, 98.6, 100.92, 99.86, 101.56, 98.07,
                  100.93, 101.18, 98.02, 105.15, 101.67, 103.59};
  double r_b[] = {100.14, 99.78, 100.97, 101.68, 103.9, 102.75, 100.66, 99.13,
                  100.44, 105.66, 99.58, 102.73, 103.28, 97.53, 102.15,
                  105.92, 95.96, 101.04, 101.68, 99.55, 103.49, 101.81, 97.61,
                  104.48, 104.01, 104.84, 106.32, 103.09, 102.36, 98.1,
                  103.85, 100.16, 100.64, 98.21, 99.1, 100.41, 105.87, 95.9,
                  97.63, 102.72};
  expect("30 vs 40 with ties, normal by default", r_a, N(r_a), r_b, N(r_b),
         KB_MWU_AUTO, 448, 0.07217610911933968, KB_MWU_NORMAL);

  /* Identical samples: no evidence of any difference. */
  expect("identical samples, exact: p = 1", hw_a, 10, hw_a, 10, KB_MWU_AUTO,
         50, 1, KB_MWU_EXACT);
  expect("identical samples, normal: p = 1", hw_a, 10, hw_a, 10,
         KB_MWU_NORMAL, 50, 1, KB_MWU_NORMAL);
  double c_a[] = {5, 5, 5, 5, 5}, c_b[] = {5, 5, 5, 5, 5, 5};
  expect("one value throughout, normal: no variance, p = 1", c_a, 5, c_b, 6,
         KB_MWU_NORMAL, 15, 1, KB_MWU_NORMAL);
  expect("one value throughout, exact: p = 1", c_a, 5, c_b, 6, KB_MWU_EXACT,
         15, 1, KB_MWU_EXACT);

  /* Many samples shifted by 1%: p underflows toward 0, stays a number. */
  static double big_a[1000], big_b[1000];
  for (int i = 0; i < 1000; i++) {
    big_a[i] = 100 + (i * 37 % 1000) / 1000.0;
    big_b[i] = big_a[i] * 1.01 + 0.5;
  }
  kb_mwu_test(big_a, 1000, big_b, 1000, KB_MWU_AUTO, &r);
  ok(r.method == KB_MWU_NORMAL && r.p >= 0 && r.p < 1e-100 && isfinite(r.z),
     "1000 vs 1000 apart: normal, p %g", r.p);

  ok(kb_mwu_test(sep_a, 0, sep_b, 5, KB_MWU_AUTO, &r) != 0,
     "an empty sample is an error");
  double bad[] = {1, NAN, 3};
  ok(kb_mwu_test(bad, 3, sep_b, 5, KB_MWU_AUTO, &r) != 0,
     "a NaN sample is an error");
  return tap_done();
}
