/* The texts of a result's notes (result_notes.h). */
#include <math.h>
#include <stdio.h>

#include "util/format.h"
#include "model/placement.h"
#include "model/result_notes.h"

/* snprintf at *used, which never passes len. */
#define ADD(...)                                                         \
  do {                                                                   \
    if (used < len)                                                      \
      used += (size_t)snprintf(buf + used, len - used, __VA_ARGS__);     \
  } while (0)

void kb_note_timing(const kb_result *r, char *buf, size_t len)
{
  buf[0] = '\0';
  if (!r->syncs && !r->timed_region)
    return;
  char host[32] = "";
  if (r->syncs && r->host_s > 0)
    kb_format_seconds(host, sizeof host, r->host_s);
  snprintf(buf, len, "%s, one run a sample%s%s%s",
           r->timed_region ? "the timed region of each run (timer_start to "
                             "timer_stop)" : "each run as a whole",
           r->syncs ? ", not held (KBENCH_VARIANT_SYNCS)" : "",
           host[0] ? "; median on the host's clock " : "", host);
}

void kb_note_no_kernel(const kb_result *r, char *buf, size_t len)
{
  snprintf(buf, len, "%s", r->counters && r->counters->n_launched == 0
                           ? "the run launched no kernel" : "");
}

/* The audit with both rates, when the claim is flagged or not as asked. */
static void audit_line(const kb_result *r, int flagged, char *buf,
                       size_t len)
{
  char audit[160];
  buf[0] = '\0';
  if (!r->claim_flagged != !flagged)
    return;
  kb_audit_text(r, audit, sizeof audit);
  if (audit[0])
    snprintf(buf, len, "%s: DRAM %.1f GB/s, %.1f GB/s claimed", audit,
             kb_dram_gbps(r), r->gbps);
}

void kb_note_claim_flagged(const kb_result *r, char *buf, size_t len)
{
  audit_line(r, 1, buf, len);
}

void kb_note_bytes_audit(const kb_result *r, char *buf, size_t len)
{
  audit_line(r, 0, buf, len);
}

void kb_note_unaudited(const kb_result *r, char *buf, size_t len)
{
  snprintf(buf, len, "%s", !r->unaudited ? "" : r->audit_note[0]
           ? r->audit_note : "an audit asked for could not be made");
}

void kb_energy_text(const kb_result *res, char *buf, size_t len)
{
  size_t used = 0;
  buf[0] = '\0';
  if (res->verdict != KB_PASS || !(res->energy_j > 0))
    return;
  ADD("%.4g J/run at %.1f W (%.2f s, %.0f run%s, %zu window%s, spread "
      "%.1f%%)", res->energy_j, res->power_w, res->energy_s,
      res->energy_runs, kb_s((size_t)(res->energy_runs + 0.5)),
      res->energy_n_windows, kb_s(res->energy_n_windows),
      100 * res->energy_spread);
  double gbps = kb_gbps_per_watt(res), flops = kb_flops_per_watt(res);
  if (gbps > 0)
    ADD("; %.3g GB/s per W", gbps);
  if (flops > 0)
    ADD("; %.3g GFLOP/s per W", flops / 1e9);
  const char *sep = "; ";
  if (res->energy_sm_mhz) {
    ADD("%sSM %u MHz", sep, res->energy_sm_mhz);
    sep = ", ";
  }
  if (res->energy_mem_mhz) {
    ADD("%smemory %u MHz", sep, res->energy_mem_mhz);
    sep = ", ";
  }
  if (res->power_limit_w > 0)
    ADD("%spower limit %.0f W", sep, res->power_limit_w);
}

void kb_note_placement(const kb_result *r, char *buf, size_t len)
{
  buf[0] = '\0';
  if (r->placement_note[0]) {
    snprintf(buf, len, "%s", r->placement_note);
    return;
  }
  if (r->placements < 2)
    return;
  double spread = kb_placement_spread_of(r);
  char here[32], there[32], p[32] = "";
  kb_format_seconds(here, sizeof here, r->stats.median);
  kb_format_seconds(there, sizeof there, r->placement_median);
  if (r->placement_p >= 0)
    snprintf(p, sizeof p, ", p %.2g", r->placement_p);
  if (kb_placement_sensitive(spread, r->stats.noise, r->placement_p))
    snprintf(buf, len, "%s here, %s on the furthest of %u placements "
             "(%.1f%% apart%s, event time): this kernel's time depends on "
             "where its memory landed", here, there, r->placements,
             100 * spread, p);
  else
    snprintf(buf, len, "%u placements within %.1f%% of %s (%s furthest%s, "
             "event time): no placement effect beyond the noise",
             r->placements, 100 * (isfinite(spread) ? spread : 0), here,
             there, p);
}
