/* Freeing a result, and the rates it implies (result.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/format.h"
#include "core/result.h"

int kb_result_has_span(const kb_result *r)
{
  return r->n_kernel && r->kernels_per_run == 1;
}

double kb_result_time(const kb_result *r)
{
  if (r->judged == KB_TIME_KERNEL && r->n_kernel)
    return r->kernel_stats.median;
  return r->stats.median;
}

double kb_launch_overhead(const kb_result *r)
{
  if (r->verdict != KB_PASS || !r->n_kernel || !r->stats.n)
    return NAN;
  return r->stats.median - r->kernel_stats.median;
}

void kb_result_init(kb_result *r, int verdict)
{
  memset(r, 0, sizeof *r);
  r->verdict = verdict;
  r->busy_after_s = -1;
  r->dram_read = r->dram_write = -1;
  r->energy_j = r->power_w = -1;
  r->host_s = -1;
}

void kb_result_judge(kb_result *r, int wanted)
{
  /* A run that synchronizes (KBENCH_VARIANT_SYNCS) is judged by the events
  ** around the whole call, as nvbench's exec_tag::sync times it: its
  ** kernels are a small part of what library code costs its caller
  ** (Thrust's reduce to the host at 1M: 6.2 us of kernels in a 124 us
  ** call on the H200), the rest being allocation, copies and waits. */
  r->judged = wanted == KB_TIME_KERNEL && r->n_kernel && !r->syncs
              ? KB_TIME_KERNEL : KB_TIME_EVENT;
  double t = kb_result_time(r);
  r->gbps = t > 0 ? (double)(r->bytes.read + r->bytes.written) / t / 1e9 : 0;
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

void kb_result_free(kb_result *r)
{
  free(r->samples);
  free(r->kernel_samples);
  free(r->output);
  free(r->counters);
  r->samples = r->kernel_samples = NULL;
  r->n_kernel = 0;
  r->output = NULL;
  r->counters = NULL;
  r->n_samples = 0;
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

int kb_result_copy(kb_result *dst, const kb_result *src)
{
  *dst = *src;
  dst->output = NULL;
  dst->counters = NULL;
  int bad = copy_doubles(&dst->samples, src->samples, src->n_samples)
            | copy_doubles(&dst->kernel_samples, src->kernel_samples,
                           src->n_kernel);
  if (src->output && !(dst->output = strdup(src->output)))
    bad = -1;
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

void kb_result_missed(kb_result *r, const char *audit, const char *why)
{
  if (r->unaudited)
    return;
  r->unaudited = 1;
  snprintf(r->audit_note, sizeof r->audit_note, "no %s: %.200s", audit, why);
}

const char *kb_memory_name(int memory)
{
  static const char *const names[] = {"host", "global", "shared"};
  return names[(unsigned)memory > 2 ? 0 : memory];
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
  if (r->dram_read < 0 || r->dram_write < 0 || claimed <= 0 || moved <= 0)
    return;
  if (r->claim_flagged)
    snprintf(buf, len, "claims %.1fx the %.1f MB DRAM moved", claimed / moved,
             moved / 1e6);
  else if (moved > 1.1 * claimed)
    snprintf(buf, len, "DRAM moved %.1fx the claimed bytes", moved / claimed);
}
