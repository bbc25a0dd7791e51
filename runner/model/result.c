/* A result's start, copy and free, by its table, the rates it implies,
** and what its table's rules show of it (result.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/clock_events.h"
#include "util/format.h"
#include "model/placement.h"
#include "model/result.h"

const kb_stats *kb_judged_stats(const kb_result *r)
{
  return r->judged == KB_TIME_KERNEL && r->kernel_stats.n
         ? &r->kernel_stats : &r->stats;
}

double kb_result_time(const kb_result *r)
{
  return kb_judged_stats(r)->median;
}

double kb_other_median(const kb_result *r)
{
  if (r->judged == KB_TIME_KERNEL)
    return r->stats.median;
  return r->kernel_stats.n ? r->kernel_stats.median : NAN;
}

/* 100 * r's rate over a peak of p's, by kb_pct_peak's rule. */
static double pct_of(const kb_result *r, const kb_peaks *p, double peak)
{
  if (!p || !(peak > 0) || r->verdict != KB_PASS
      || r->bytes.memory != KBENCH_MEM_GLOBAL)
    return NAN;
  return 100 * r->gbps / peak;
}

double kb_pct_peak(const kb_result *r, const kb_peaks *p)
{
  return pct_of(r, p, p ? p->peak_gbps : 0);
}

double kb_pct_copy_peak(const kb_result *r, const kb_peaks *p)
{
  return pct_of(r, p, p ? p->copy_gbps : 0);
}

double kb_placement_spread_of(const kb_result *r)
{
  return r->verdict == KB_PASS
         ? kb_placement_spread(r->stats.median, r->placement_median) : NAN;
}

double kb_launch_overhead(const kb_result *r)
{
  if (r->verdict != KB_PASS || !r->kernel_stats.n || !r->stats.n)
    return NAN;
  return r->stats.median - r->kernel_stats.median;
}

/* Each member at its start value; verdict's is the caller's. */
#define INIT_F(m, type, key, unit, rule, init) r->m = init;
#define INIT_P(id, path, type, key, unit, rule, init) r->path = init;
void kb_result_init(kb_result *r, int verdict)
{
  memset(r, 0, sizeof *r);
  KB_RESULT_FIELDS(INIT_F, KB_ROW_SKIP, INIT_P, KB_ROW_SKIP, KB_ROW_SKIP,
                   KB_ROW_SKIP)
  r->verdict = verdict;
}

void kb_result_judge(kb_result *r, int wanted)
{
  /* A run that synchronizes (KBENCH_VARIANT_SYNCS) is judged by the events
  ** around the whole call, as nvbench's exec_tag::sync times it: its
  ** kernels are a small part of what library code costs its caller
  ** (Thrust's reduce to the host at 1M: 6.2 us of kernels in a 124 us
  ** call on the H200), the rest being allocation, copies and waits. */
  r->judged = wanted == KB_TIME_KERNEL && r->kernel_stats.n && !r->syncs
              ? KB_TIME_KERNEL : KB_TIME_EVENT;
  double t = kb_result_time(r);
  r->gbps = t > 0 ? (double)(r->bytes.read + r->bytes.written) / t / 1e9 : 0;
}

void kb_result_clock_events(const kb_result *r, char *buf, size_t len)
{
  kb_clock_events_names(r->clock_events, buf, len);
}

void kb_result_clock_limits(const kb_result *r, char *buf, size_t len)
{
  kb_clock_limits_text(r->clock_events, buf, len);
}

void kb_result_clock_note(const kb_result *r, char *buf, size_t len)
{
  char limits[KB_CLOCK_LIMITS_TEXT_LEN], names[160];
  buf[0] = '\0';
  if (!(r->clock_events & KB_CLOCK_LIMITS))
    return;
  kb_clock_limits_text(r->clock_events, limits, sizeof limits);
  kb_clock_events_names(r->clock_events & KB_CLOCK_LIMITS, names,
                        sizeof names);
  int n = snprintf(buf, len, "its samples ran under %s (NVML: %s)", limits,
                   names);
  size_t used = n > 0 ? (size_t)n : 0;
  if (r->clock_min_mhz && used < len)
    used += (size_t)snprintf(buf + used, len - used, "; SM clock %u-%u MHz",
                             r->clock_min_mhz, r->clock_max_mhz);
  if (r->throttled && used < len)
    snprintf(buf + used, len - used, "%s%zu sample%s under 75%% of it "
             "dropped", r->clock_min_mhz ? ", " : "; ", r->throttled,
             r->throttled == 1 ? "" : "s");
}

int kb_result_event_fallback(const kb_result *r, int wanted)
{
  return r->verdict == KB_PASS && wanted == KB_TIME_KERNEL
         && r->judged != KB_TIME_KERNEL;
}

double kb_per_second(const kb_result *r, uint64_t count)
{
  double t = kb_result_time(r);
  if (r->verdict != KB_PASS || count == 0 || !(t > 0))
    return 0;
  return (double)count / t;
}

double kb_gbps_per_watt(const kb_result *r)
{
  if (r->verdict != KB_PASS)
    return 0;
  return kb_energy_per_joule((double)r->bytes.read + (double)r->bytes.written,
                             r->energy_j) / 1e9;
}

double kb_flops_per_watt(const kb_result *r)
{
  if (r->verdict != KB_PASS)
    return 0;
  return kb_energy_per_joule((double)r->flops, r->energy_j);
}

void kb_result_work_text(char *buf, size_t len, const kb_result *r)
{
  char flops[32] = "", items[32] = "";
  double f = kb_per_second(r, r->flops), i = kb_per_second(r, r->items);
  if (f > 0)
    kb_format_si(flops, sizeof flops, f, 3, "FLOP/s");
  if (i > 0)
    kb_format_si(items, sizeof items, i, 3, "items/s");
  snprintf(buf, len, "%s%s%s", flops, f > 0 && i > 0 ? ", " : "", items);
}

/* What a result owns, by the table: its text members of type OWNSTR (the
** one pointer type among them) and its OWNED arrays; and, by hand, its
** counters. */
static void release_text(char **s)
{
  free(*s);
  *s = NULL;
}

static void release_none(const void *p)
{
  (void)p;
}

#define RELEASE(x) \
  _Generic((x), char *: release_text, default: release_none)(&(x))
#define FREE_F(m, ...) RELEASE(r->m);
#define FREE_A(m, n, ...) free(r->m), r->m = NULL, r->n = 0;
void kb_result_free(kb_result *r)
{
  KB_RESULT_FIELDS(FREE_F, KB_ROW_SKIP, KB_ROW_SKIP, FREE_A, KB_ROW_SKIP,
                   KB_ROW_SKIP)
  free(r->counters);
  r->counters = NULL;
}

/* One owned array copied, or NULL for none; -1 when out of memory. */
static int copy_doubles(double **dst, const double *src, size_t n)
{
  *dst = NULL;
  if (!src || n == 0)
    return 0;
  if (!(*dst = malloc(n * sizeof **dst)))
    return -1;
  memcpy(*dst, src, n * sizeof **dst);
  return 0;
}

/* A copy of owned text, or NULL for none: 0, or -1 out of memory. */
static int copy_text(char **dst, char *const *src)
{
  *dst = *src ? strdup(*src) : NULL;
  return *src && !*dst ? -1 : 0;
}

static int copy_none(const void *dst, const void *src)
{
  (void)dst;
  (void)src;
  return 0;
}

/* Each copy is made (or NULL) whatever came before it, so that dst never
** shares what src owns, even when one fails. */
#define COPY(d, s) \
  _Generic((d), char *: copy_text, default: copy_none)(&(d), &(s))
#define COPY_F(m, ...) bad |= COPY(dst->m, src->m);
#define COPY_A(m, n, ...) bad |= copy_doubles(&dst->m, src->m, src->n);
int kb_result_copy(kb_result *dst, const kb_result *src)
{
  int bad = 0;
  *dst = *src;
  KB_RESULT_FIELDS(COPY_F, KB_ROW_SKIP, KB_ROW_SKIP, COPY_A, KB_ROW_SKIP,
                   KB_ROW_SKIP)
  dst->counters = NULL;
  if (src->counters && (dst->counters = malloc(sizeof *dst->counters)))
    *dst->counters = *src->counters;
  else if (src->counters)
    bad = -1;
  if (bad) {
    kb_result_free(dst);
    return -1;
  }
  return 0;
}

int kb_result_flagged(const kb_result *r)
{
  return r->verdict == KB_PASS && (r->claim_flagged || r->implausible[0]);
}

const char *kb_result_word(const kb_result *r)
{
  if (kb_result_flagged(r))
    return "FLAGGED";
  if (r->verdict == KB_PASS && r->unaudited)
    return "ok?";
  return kb_verdict_word(r->verdict);
}

void kb_result_missed(kb_result *r, const char *audit, const char *why)
{
  if (r->unaudited)
    return;
  r->unaudited = 1;
  snprintf(r->audit_note, sizeof r->audit_note, "no %s: %.200s", audit, why);
}

static const char *const memory_names[] = {"host", "global", "shared"};

const char *kb_memory_name(int memory)
{
  return memory_names[(unsigned)memory > 2 ? 0 : memory];
}

int kb_memory_parse(const char *name)
{
  for (int m = 0; m < 3; m++)
    if (strcmp(name, memory_names[m]) == 0)
      return m;
  return -1;
}

void kb_result_error_text(const kb_result *r, char *buf, size_t len)
{
  if (r->verdict == KB_CRASH)
    snprintf(buf, len, "%s", r->message);
  else
    snprintf(buf, len, "%s: %s", r->stage, r->message);
}

double kb_dram_gbps(const kb_result *r)
{
  if (r->dram_read < 0 || r->dram_write < 0)
    return 0;
  return kb_per_second(r, 1) * (r->dram_read + r->dram_write) / 1e9;
}

void kb_audit_text(const kb_result *r, char *buf, size_t len)
{
  double moved = r->dram_read + r->dram_write;
  double claimed = (double)r->bytes.read + (double)r->bytes.written;
  buf[0] = '\0';
  if (r->dram_read < 0 || r->dram_write < 0 || claimed <= 0)
    return;
  if (r->reads_flagged)
    snprintf(buf, len, "cold, yet DRAM read %.1f MB of the %.1f MB it claims "
             "to read: the L2 served its reads", r->dram_read / 1e6,
             (double)r->bytes.read / 1e6);
  else if (moved <= 0)
    return;
  else if (r->claim_flagged)
    snprintf(buf, len, "claims %.1fx the %.1f MB DRAM moved", claimed / moved,
             moved / 1e6);
  else if (moved > 1.1 * claimed)
    snprintf(buf, len, "DRAM moved %.1fx the claimed bytes", moved / claimed);
}

int kb_audit_reads_short(double claimed_read, double dram_read)
{
  return claimed_read >= KB_AUDIT_READ_MIN && dram_read >= 0
         && dram_read < KB_AUDIT_READ_SHARE * claimed_read;
}

int kb_rule_shown(const kb_result *r, int rule, double v)
{
  int pass = r->verdict == KB_PASS;
  int kernel = pass && r->kernel_stats.n;
  int energy = r->energy_j > 0;
  int shown;
  switch (rule) {
  case KB_RULE_PASS: shown = pass; break;
  case KB_RULE_PASS_OR_ZERO: return pass ? KB_SHOWN_VALUE : KB_SHOWN_ZERO;
  case KB_RULE_FAILED: return pass ? KB_SHOWN_ZERO : KB_SHOWN_VALUE;
  case KB_RULE_NONNEG: shown = v >= 0; break;
  case KB_RULE_POSITIVE: shown = v > 0; break;
  case KB_RULE_PASS_POSITIVE: shown = pass && v > 0; break;
  case KB_RULE_KERNEL: shown = kernel; break;
  case KB_RULE_KERNEL_OR_ZERO:
    return kernel ? KB_SHOWN_VALUE : KB_SHOWN_ZERO;
  case KB_RULE_NONEMPTY: shown = v != 0; break;
  case KB_RULE_DRAM: shown = r->dram_read >= 0; break;
  case KB_RULE_ENERGY: shown = energy; break;
  case KB_RULE_ENERGY_POSITIVE: shown = energy && v > 0; break;
  case KB_RULE_WORK:
    return kb_per_second(r, (uint64_t)v) > 0 ? KB_SHOWN_VALUE
                                              : KB_SHOWN_NONE;
  case KB_RULE_RATE: return v > 0 ? KB_SHOWN_VALUE : KB_SHOWN_NONE;
  case KB_RULE_SKIPPED:
    return r->verdict == KB_SKIP ? KB_SHOWN_VALUE : KB_SHOWN_NONE;
  case KB_RULE_ERRORED:
    return !pass && r->verdict != KB_SKIP ? KB_SHOWN_VALUE : KB_SHOWN_NONE;
  case KB_RULE_EVENTS: shown = r->clock_event_reads > 0; break;
  default: shown = 1; break;
  }
  return shown ? KB_SHOWN_VALUE : KB_SHOWN_NULL;
}
