/*
** Readings that cannot all be true (model/plausible.h), on constructed
** results: the forged event times, and honest ones at each margin.
*/
#include <string.h>

#include "model/plausible.h"
#include "tap.h"

/* The H100's facts that the DRAM floor needs. */
static kbench_device h100(void)
{
  kbench_device d;
  memset(&d, 0, sizeof d);
  d.peak_gbps = 3352.0;
  d.l2_bytes = 50 << 20;
  return d;
}

/* A passed CUDA case: event samples around event_us (spread below the
** median by below_us), kernel time kernel_us a run in k kernels (spread
** below its median by kbelow_us). */
static kb_result cuda_case(double event_us, double below_us, double kernel_us,
                           double kbelow_us, size_t k)
{
  kb_result r;
  kb_result_init(&r, KB_PASS);
  r.stats.n = 30;
  r.stats.median = event_us * 1e-6;
  r.stats.min = (event_us - below_us) * 1e-6;
  r.stats.max = (event_us + 1) * 1e-6;
  r.kernels_per_run = k;
  r.kernel_stats.n = 30;
  r.kernel_stats.median = kernel_us * 1e-6;
  r.kernel_stats.min = (kernel_us - kbelow_us) * 1e-6;
  r.kernel_stats.max = (kernel_us + 1) * 1e-6;
  r.bytes.memory = KBENCH_MEM_GLOBAL;
  return r;
}

static int flagged(const kb_result *r, const char *needle)
{
  return r->verdict == KB_PASS && r->implausible[0]
         && strstr(r->implausible, needle) != NULL;
}

int main(void)
{
  kbench_device d = h100();
  kb_result r;

  /* The adversary at factor 0.1: event 22.12 us around kernels of
  ** 220.27 us.  Flagged, naming both readings; the verdict stands. */
  r = cuda_case(22.12, 0.2, 220.27, 0.5, 1);
  ok(kb_plausible_judge(&r, &d, 0) == 1
     && flagged(&r, "event time 22.12 us is shorter than the kernel time 220.27 us"),
     "an event interval 10x shorter than its kernel is flagged: %s",
     r.implausible);
  /* And at 0.9: 198.2 against 220.3, 22 us beyond a jitter of 1 us. */
  r = cuda_case(198.24, 0.5, 220.27, 0.5, 1);
  ok(kb_plausible_judge(&r, &d, 0) == 1, "factor 0.9 too: %s", r.implausible);
  /* Honest: the event a little above the kernel (the launch), or below it
  ** by less than the jitter (the larger median - min of the two, plus the
  ** events' 0.5 us resolution, plus 1% of the kernel time: 2.2 us here). */
  static const struct {
    double event_us, below_us, kernel_us, kbelow_us;
    size_t kernels;
    int flagged;
    const char *what;
  } margins[] = {
    {221.25, 0.5, 220.26, 0.5, 1, 0,
     "an honest case (event 221.25, kernel 220.26 us)"},
    {217.10, 0.2, 220.26, 0.5, 1, 0,
     "event 3.16 us below the kernel, within jitter 0.5 + resolution 0.5 "
     "+ 1% 2.2 us"},
    {217.00, 0.2, 220.26, 0.5, 1, 1,
     "event 3.26 us below the kernel, past jitter 0.5 + resolution 0.5 "
     "+ 1% 2.2 us"},
    /* The honest smem_bank, cold, on an H200: 1.067 ms against its kernel
    ** time 1.072 ms, past a jitter of 884 ns. */
    {1067.0, 0.384, 1072.0, 0.1, 1, 0,
     "smem_bank 0.47% under its kernel time (a pass of its own)"},
    {210.00, 12.0, 220.26, 0.5, 1, 0,
     "a noisy event (12 us below its median) widens the margin"},
    /* Several kernels a run may overlap on streams: the events must hold
    ** the longest one at least, which is no shorter than their mean. */
    {60.0, 0.2, 100.0, 0.5, 2, 0,
     "two kernels of 100 us busy time in a 60 us event interval (overlap)"},
  };
  for (size_t i = 0; i < sizeof margins / sizeof margins[0]; i++) {
    r = cuda_case(margins[i].event_us, margins[i].below_us,
                  margins[i].kernel_us, margins[i].kbelow_us,
                  margins[i].kernels);
    ok(kb_plausible_judge(&r, &d, 0) == margins[i].flagged
       && !r.implausible[0] == !margins[i].flagged, "%s: %s",
       margins[i].what, margins[i].flagged ? "flagged" : "not flagged");
  }
  r = cuda_case(40.0, 0.2, 100.0, 0.5, 2);
  ok(kb_plausible_judge(&r, &d, 0) == 1
     && flagged(&r, "longest of its 2 kernels"),
     "... but not in 40 us: %s", r.implausible);
  /* Back to back (graph mode on an H100): the honest transpose_fast read
  ** 184.49 us a run against its kernel time of 185.31 us, beyond a cold
  ** jitter of 756 ns; a batch hides each kernel's start behind the last. */
  r = cuda_case(184.49, 0.256, 185.31, 0.1, 1);
  r.batch = 10;
  ok(kb_plausible_judge(&r, &d, 0) == 0, "transpose_fast in graph mode, "
     "0.44%% under its kernel time, is not: %s", r.implausible);
  r = cuda_case(0.5, 0.0, 2.0, 0.0, 1);
  ok(kb_plausible_judge(&r, &d, 0) == 1, "cold, an empty kernel's 0.5 us "
     "against its 2 us is flagged: %s", r.implausible);
  r = cuda_case(0.8, 0.01, 2.0, 0.01, 1);
  r.batch = 1000;
  ok(kb_plausible_judge(&r, &d, 0) == 0, "an empty kernel's 0.8 us a run "
     "in a graph against its 2 us alone is not");
  r = cuda_case(198.24, 0.5, 220.27, 0.5, 1);
  r.batch = 10;
  ok(kb_plausible_judge(&r, &d, 0) == 1, "a forger at factor 0.9 in a "
     "batch still is: %s", r.implausible);
  /* No kernel time: nothing to compare. */
  r = cuda_case(22.12, 0.2, 220.27, 0.5, 1);
  r.kernel_stats.n = 0;
  ok(kb_plausible_judge(&r, &d, 0) == 0, "no kernel time, no comparison");

  /* The DRAM floor: 268.4 MB at 3352 GB/s is 80.1 us; less the L2, which
  ** may hold part of a run's data from the one before, 64.4 us. */
  r = cuda_case(8.87, 0.1, 8.50, 0.1, 1);
  r.dram_read = 268.4e6;
  r.dram_write = 0.03e6;
  ok(kb_plausible_judge(&r, &d, 0) == 1
     && flagged(&r, "below the DRAM floor"),
     "8.87 us for 268.4 MB of DRAM is flagged: %s", r.implausible);
  r = cuda_case(88.70, 0.5, 87.86, 0.5, 1);
  r.dram_read = 268.4e6;
  r.dram_write = 0.03e6;
  ok(kb_plausible_judge(&r, &d, 0) == 0,
     "the honest reduce_vec4 (88.7 us, 268.4 MB) is not");
  double floor_s = (268.4e6 - (50 << 20)) / 3352e9;
  r = cuda_case(floor_s * 0.975e6 + 0.5, 0.1, floor_s * 0.975e6, 0.1, 1);
  r.dram_read = 268.4e6;
  r.dram_write = 0;
  ok(kb_plausible_judge(&r, &d, 0) == 0,
     "2.5%% under the floor is within its 3%% margin (counters, clocks)");
  r = cuda_case(floor_s * 0.965e6 + 0.5, 0.1, floor_s * 0.965e6, 0.1, 1);
  r.dram_read = 268.4e6;
  r.dram_write = 0;
  ok(kb_plausible_judge(&r, &d, 0) == 1, "3.5%% under it is flagged: %s",
     r.implausible);
  r = cuda_case(8.87, 0.1, 8.50, 0.1, 1);
  r.dram_read = -1;
  ok(kb_plausible_judge(&r, &d, 0) == 0, "no DRAM counters, no floor");
  r = cuda_case(8.87, 0.1, 8.50, 0.1, 1);
  r.dram_read = 268.4e6;
  r.dram_write = 0;
  kbench_device none = d;
  none.peak_gbps = 0;
  ok(kb_plausible_judge(&r, &none, 0) == 0, "no peak, no floor");

  /* A run that synchronizes: the host clock around the run call, the
  ** events recorded just outside it, so the events may exceed the host
  ** clock by what recording them takes (20 us and 2% allowed). */
  r = cuda_case(124.0, 2.0, 6.2, 0.1, 3);
  r.syncs = 1;
  r.host_s = 122e-6;
  ok(kb_plausible_judge(&r, &d, 0) == 0,
     "Thrust's 124 us call, 122 us on the host clock: not flagged");
  r.stats.median = 248e-6;
  ok(kb_plausible_judge(&r, &d, 0) == 1
     && flagged(&r, "longer than the host clock's 122.00 us"),
     "events forged 2x longer than the host clock: %s", r.implausible);
  r = cuda_case(124.0, 2.0, 6.2, 0.1, 3);
  r.syncs = 1;
  r.host_s = (124.0 - 20.0 - 0.02 * 124.0 + 0.1) * 1e-6;
  ok(kb_plausible_judge(&r, &d, 0) == 0, "just within the allowance");
  r.host_s = (124.0 - 20.0 - 0.02 * 124.0 - 0.1) * 1e-6;
  ok(kb_plausible_judge(&r, &d, 0) == 1, "just past it");
  r.syncs = 0;
  ok(kb_plausible_judge(&r, &d, 0) == 0, "only a run that synchronizes");

  /* --strict: a flagged case fails, with what disagreed. */
  r = cuda_case(22.12, 0.2, 220.27, 0.5, 1);
  ok(kb_plausible_judge(&r, &d, 1) == 1 && r.verdict == KB_ERROR
     && strcmp(r.stage, "plausibility") == 0
     && strstr(r.message, "--strict") && strstr(r.message, "22.12 us"),
     "--strict fails it: %s", r.message);
  /* Only passed cases are judged. */
  r = cuda_case(22.12, 0.2, 220.27, 0.5, 1);
  r.verdict = KB_WRONG;
  ok(kb_plausible_judge(&r, &d, 1) == 0 && r.verdict == KB_WRONG,
     "a failed case is left alone");
  /* A host case has none of these readings. */
  kb_result_init(&r, KB_PASS);
  r.stats.n = 10;
  r.stats.median = r.stats.min = 1e-3;
  ok(kb_plausible_judge(&r, NULL, 0) == 0, "a host case is left alone");

  /* A host case against a copy of its bytes: 4 MB at 25 GB/s take
  ** 160 us; under half of that is flagged. */
  kb_result_init(&r, KB_PASS);
  r.stats.n = 10;
  r.bytes.read = 2000000;
  r.bytes.written = 2000000;
  r.stats.median = r.stats.min = 65e-9;
  ok(kb_plausible_host(&r, 25.0, 0) == 1 && r.verdict == KB_PASS
     && strstr(r.implausible, "under half the 160.00 us a copy of its 4.0 MB"),
     "a host case far under its copy floor is flagged: %s", r.implausible);
  r.stats.median = 81e-6;
  ok(kb_plausible_host(&r, 25.0, 0) == 0, "just over half of it is not");
  r.stats.median = 79e-6;
  ok(kb_plausible_host(&r, 25.0, 0) == 1, "just under half of it is");
  ok(kb_plausible_host(&r, 0, 0) == 0, "no copy measured, no floor");
  r.bytes.read = r.bytes.written = 30000;
  ok(kb_plausible_host(&r, 1e-3, 0) == 0,
     "under 64 KiB, no floor (the clock's reads weigh too much)");
  r.bytes.read = r.bytes.written = 2000000;
  ok(kb_plausible_host(&r, 25.0, 1) == 1 && r.verdict == KB_ERROR
     && strcmp(r.stage, "plausibility") == 0,
     "under --strict the host case fails: %s", r.message);

  /* A timed region against its fastest whole run, at any claim: under an
  ** eighth of the run less 20 us is flagged, both times named. */
  kb_result_init(&r, KB_PASS);
  r.stats.n = 10;
  r.bytes.read = 40;
  r.stats.median = r.stats.min = 3e-6;
  ok(kb_plausible_region(&r, 2.02e-3, 0) == 1 && r.verdict == KB_PASS
     && strstr(r.implausible, "region's 3.00 us is under an eighth of the "
               "2.020 ms its whole run takes"),
     "a 3 us region in a 2 ms run is flagged at 40 bytes: %s",
     r.implausible);
  r.stats.median = 251e-6;
  ok(kb_plausible_region(&r, 2.02e-3, 0) == 0, "just over an eighth is not");
  r.stats.median = 249e-6;
  ok(kb_plausible_region(&r, 2.02e-3, 0) == 1, "just under it is");
  r.stats.median = 1e-6;
  ok(kb_plausible_region(&r, 25e-6, 0) == 0,
     "a run of the runner's own calls around a short region is not");
  ok(kb_plausible_region(&r, 0, 0) == 0, "no run measured, no judgement");
  ok(kb_plausible_region(&r, 2.02e-3, 1) == 1 && r.verdict == KB_ERROR,
     "under --strict the case fails: %s", r.message);
  return tap_done();
}
