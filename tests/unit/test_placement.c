/*
** The placement study's rule (model/placement.h) on sample sets made
** here: a spread within the noise is no claim, one past the noise and the
** test is, the test's p accounts for the pairs a study of N could pick,
** and a run that synchronizes, times a region or fits in the L2 is never
** judged; the note says which.
*/
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "model/placement.h"
#include "model/result.h"
#include "model/result_notes.h"
#include "util/stats.h"
#include "tap.h"

/* n samples around median m, relative spread `rel` (uniform), from a
** fixed splitmix64 stream: the same sets every run. */
static void samples(double *x, size_t n, double m, double rel, uint64_t s)
{
  for (size_t i = 0; i < n; i++) {
    uint64_t z = (s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    double u = (double)(z >> 11) / 9007199254740992.0;   /* [0, 1) */
    x[i] = m * (1 + rel * (2 * u - 1));
  }
}

/* The rule as a study applies it: spread of the medians, the case's
** noise, the family-wise p of N placements. */
static int claims(const double *a, size_t na, const double *b, size_t nb,
                  unsigned placements, double *spread, double *p)
{
  kb_stats sa, sb;
  kb_stats_compute(a, na, &sa);
  kb_stats_compute(b, nb, &sb);
  *spread = kb_placement_spread(sa.median, sb.median);
  *p = kb_placement_p(a, na, b, nb, placements);
  return kb_placement_sensitive(*spread, sa.noise, *p);
}

int main(void)
{
  double a[40], b[40], spread, p;
  char buf[256];

  /* The same runs 2% slower, each sample within +-10%: 2% is within
  ** the noise (4 times it is past 2%), and so no claim. */
  samples(a, 40, 18.82e-6, 0.10, 1);
  for (size_t i = 0; i < 40; i++)
    b[i] = a[i] * 1.02;
  int claim = claims(a, 40, b, 40, 2, &spread, &p);
  kb_stats sa;
  kb_stats_compute(a, 40, &sa);
  ok(!claim && fabs(spread - 0.02) < 1e-9 && 4 * sa.noise > 0.02,
     "2%% apart within the noise: no claim (spread %.2f%%, noise %.2f%%, "
     "p %.3g)", 100 * spread, 100 * sa.noise, p);

  /* 67 and 73 us, each within +-0.3%: a claim. */
  samples(a, 40, 67e-6, 0.003, 3);
  samples(b, 40, 73e-6, 0.003, 4);
  claim = claims(a, 40, b, 40, 8, &spread, &p);
  ok(claim && spread > 0.08 && p < 1e-6,
     "67 and 73 us, tight: a claim (spread %.2f%%, p %.3g)", 100 * spread,
     p);

  /* Medians 15% apart and the case's own tight, but half the other
  ** placement's samples among the case's: the test holds the claim back. */
  double tight[10] = {99.8, 99.85, 99.9, 99.95, 100, 100, 100.05, 100.1,
                      100.15, 100.2};
  double split[10] = {99.82, 99.87, 99.97, 100.02, 100.12, 130, 131, 132,
                      133, 134};
  claim = claims(tight, 10, split, 10, 8, &spread, &p);
  kb_stats_compute(tight, 10, &sa);
  ok(!claim && spread > 0.02 && spread > 4 * sa.noise
     && p >= KB_PLACEMENT_ALPHA,
     "apart past the magnitude, not past the test: no claim (spread "
     "%.1f%%, p %.3g)", 100 * spread, p);

  /* The pairs a study could pick weigh on p: ten a side, separated, is
  ** p 1.1e-5 for two placements, 28 times that for eight. */
  samples(a, 10, 100e-6, 0.001, 7);
  samples(b, 10, 110e-6, 0.001, 8);
  double p2 = kb_placement_p(a, 10, b, 10, 2);
  double p8 = kb_placement_p(a, 10, b, 10, 8);
  ok(fabs(p8 / p2 - 28) < 1e-6 && p2 < 2e-5,
     "p times the pairs: %.3g for 2 placements, %.3g for 8", p2, p8);
  ok(isnan(kb_placement_p(a, 10, b, 10, 1)),
     "one placement is no study: no p");

  /* A file of an earlier kbench has no p: the magnitude alone. */
  ok(kb_placement_sensitive(0.09, 0.001, -1)
     && !kb_placement_sensitive(0.015, 0.001, -1)
     && !kb_placement_sensitive(0.09, 0.03, -1),
     "no p: past 2%% and 4 times the noise, as before");

  /* Never judged: a run that synchronizes, a timed region, the L2. */
  const char *why = kb_placement_confounded(1, 0, 1e9, 60e6, buf,
                                            sizeof buf);
  ok(why && strstr(why, "synchronizes"), "a variant that synchronizes: "
     "never judged (%s)", why ? why : "NULL");
  why = kb_placement_confounded(0, 1, 1e9, 60e6, buf, sizeof buf);
  ok(why && strstr(why, "timed region"), "a timed region: never judged");
  why = kb_placement_confounded(0, 0, 32e6, 62914560, buf, sizeof buf);
  ok(why && strstr(why, "within the L2"), "32 MB within a 63 MB L2: never "
     "judged (%s)", why ? why : "NULL");
  ok(kb_placement_confounded(0, 0, 512e6, 62914560, buf, sizeof buf)
     == NULL, "512 MB a run, no other reason: judged");

  /* The notes: none without a study; with one, the figures. */
  kb_result r;
  kb_result_init(&r, KB_PASS);
  samples(a, 40, 67e-6, 0.003, 3);
  kb_stats_compute(a, 40, &r.stats);
  kb_note_placement(&r, buf, sizeof buf);
  ok(buf[0] == '\0', "no study (the default): no note");
  r.placements = 8;
  r.placement_median = 73e-6;
  r.placement_p = 1e-9;
  kb_note_placement(&r, buf, sizeof buf);
  ok(strstr(buf, "67.") && strstr(buf, "73.") && strstr(buf, "8 placements")
     && strstr(buf, "depends on where its memory landed"),
     "a study past its noise: both figures (%s)", buf);
  r.placement_median = 67.3e-6;
  r.placement_p = 0.4;
  kb_note_placement(&r, buf, sizeof buf);
  ok(strstr(buf, "no placement effect") && !strstr(buf, "depends"),
     "a study within its noise: no claim (%s)", buf);
  snprintf(r.placement_note, sizeof r.placement_note, "study not made: "
           "placement 2 of 8 failed at setup: out of memory");
  kb_note_placement(&r, buf, sizeof buf);
  ok(strstr(buf, "study not made") != NULL, "a study not made says why");
  kb_result_free(&r);
  return tap_done();
}
