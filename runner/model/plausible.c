/* Readings that cannot all be true (plausible.h). */
#include <stdio.h>

#include "util/format.h"
#include "model/plausible.h"

/* The events against the kernels they hold. */
static int events_hold_kernels(kb_result *r)
{
  if (!r->kernel_stats.n || !r->kernels_per_run || !r->stats.n)
    return 0;
  double longest = r->kernel_stats.median / (double)r->kernels_per_run;
  double below = r->stats.median - r->stats.min;
  double kbelow = r->kernel_stats.median - r->kernel_stats.min;
  /* The kernel time comes from a pass of its own, under the profiler. */
  double jitter = (below > kbelow ? below : kbelow) + KB_EVENT_RESOLUTION_S
                  + KB_KERNEL_PASS_REL * r->kernel_stats.median;
  /* Back to back (hot, graph), a kernel's start hides behind the one
  ** before it, which its duration alone includes. */
  if (r->batch > 1)
    jitter += KB_BATCH_OVERLAP_S * (double)r->kernels_per_run;
  if (r->stats.median >= longest - jitter)
    return 0;
  char ev[32], k[32], j[32];
  kb_format_seconds(ev, sizeof ev, r->stats.median);
  kb_format_seconds(k, sizeof k, r->kernel_stats.median);
  kb_format_seconds(j, sizeof j, jitter);
  if (r->kernels_per_run == 1)
    snprintf(r->implausible, sizeof r->implausible, "the event time %s is "
             "shorter than the kernel time %s of the same runs, beyond "
             "their jitter %s", ev, k, j);
  else
    snprintf(r->implausible, sizeof r->implausible, "the event time %s is "
             "shorter than the longest of its %zu kernels can be (their "
             "busy time %s over their count), beyond their jitter %s", ev,
             r->kernels_per_run, k, j);
  return 1;
}

/* Two times as text, for a rule's message. */
typedef struct times_text {
  char a[32], b[32];
} times_text;

static times_text as_text(double a, double b)
{
  times_text t;
  kb_format_seconds(t.a, sizeof t.a, a);
  kb_format_seconds(t.b, sizeof t.b, b);
  return t;
}

/* Each time reading against what DRAM moved at the device's peak. */
static int above_dram_floor(kb_result *r, const kbench_device *dev)
{
  if (r->dram_read < 0 || r->dram_write < 0 || !dev || dev->peak_gbps <= 0)
    return 0;
  double moved = r->dram_read + r->dram_write - (double)dev->l2_bytes;
  if (moved <= 0)
    return 0;
  double floor_s = moved / (dev->peak_gbps * 1e9);
  const char *which = NULL;
  double t = 0;
  if (r->stats.n && r->stats.median < floor_s * (1 - KB_DRAM_FLOOR_MARGIN)) {
    which = "event";
    t = r->stats.median;
  } else if (r->kernel_stats.n && r->kernel_stats.median
                            < floor_s * (1 - KB_DRAM_FLOOR_MARGIN)) {
    which = "kernel";
    t = r->kernel_stats.median;
  }
  if (!which)
    return 0;
  times_text x = as_text(t, floor_s);
  snprintf(r->implausible, sizeof r->implausible, "the %s time %s is below "
           "the DRAM floor %s: the DRAM counters measured %.1f MB a run "
           "(%.1f MB beyond the L2), which take %s at the theoretical peak "
           "of %.0f GB/s", which, x.a, x.b,
           (r->dram_read + r->dram_write) / 1e6, moved / 1e6, x.b,
           dev->peak_gbps);
  return 1;
}

/* A run that synchronizes: its events inside the host's clock. */
static int events_inside_host_clock(kb_result *r)
{
  if (!r->syncs || r->host_s < 0 || !r->stats.n)
    return 0;
  double allowance = KB_SYNC_ALLOWANCE_S
                     + KB_SYNC_ALLOWANCE_REL * r->stats.median;
  if (r->stats.median <= r->host_s + allowance)
    return 0;
  char ev[32], h[32], a[32];
  kb_format_seconds(ev, sizeof ev, r->stats.median);
  kb_format_seconds(h, sizeof h, r->host_s);
  kb_format_seconds(a, sizeof a, allowance);
  snprintf(r->implausible, sizeof r->implausible, "the event time %s of a "
           "run that synchronizes is longer than the host clock's %s around "
           "the same runs, beyond the %s recording the events may add", ev,
           h, a);
  return 1;
}

/* r, flagged: failed under --strict. */
static int flag(kb_result *r, int strict)
{
  if (strict) {
    r->verdict = KB_ERROR;
    snprintf(r->stage, sizeof r->stage, "plausibility");
    snprintf(r->message, sizeof r->message, "the readings cannot all be "
             "true (--strict): %.900s", r->implausible);
  }
  return 1;
}

int kb_plausible_judge(kb_result *r, const kbench_device *dev, int strict)
{
  r->implausible[0] = '\0';
  if (r->verdict != KB_PASS || !dev)
    return 0;
  if (!events_hold_kernels(r) && !above_dram_floor(r, dev)
      && !events_inside_host_clock(r))
    return 0;
  return flag(r, strict);
}

int kb_plausible_host(kb_result *r, double copy_gbps, int strict)
{
  r->implausible[0] = '\0';
  double bytes = (double)r->bytes.read + (double)r->bytes.written;
  if (r->verdict != KB_PASS || copy_gbps <= 0 || !r->stats.n
      || bytes < KB_HOST_FLOOR_MIN_BYTES)
    return 0;
  double floor_s = bytes / (copy_gbps * 1e9);
  if (r->stats.median >= floor_s * KB_HOST_FLOOR_SHARE)
    return 0;
  times_text x = as_text(r->stats.median, floor_s);
  snprintf(r->implausible, sizeof r->implausible, "the host time %s is "
           "under half the %s a copy of its %.1f MB takes on this host "
           "(%.1f GB/s, the best of a copy of as many bytes): %.1f GB/s "
           "claimed", x.a, x.b, bytes / 1e6, copy_gbps,
           bytes / r->stats.median / 1e9);
  return flag(r, strict);
}

/* A timed region much shorter than the fastest whole run around it. */
static int region_short_of_run(kb_result *r, double run_s)
{
  double least = KB_REGION_RUN_SHARE * (run_s - KB_REGION_RUN_ALLOWANCE_S);
  if (run_s <= 0 || !r->stats.n || r->stats.median >= least)
    return 0;
  times_text x = as_text(r->stats.median, run_s);
  snprintf(r->implausible, sizeof r->implausible, "the timed region's %s "
           "is under an eighth of the %s its whole run takes on the host's "
           "clock (the fastest): work outside the region, before "
           "timer_start or after timer_stop, is not timed, and the work "
           "verify checks may be there", x.a, x.b);
  return 1;
}

int kb_plausible_region(kb_result *r, double run_s, int strict)
{
  r->implausible[0] = '\0';
  if (r->verdict != KB_PASS || !region_short_of_run(r, run_s))
    return 0;
  return flag(r, strict);
}
