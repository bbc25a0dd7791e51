/* --energy's words in the table and TAP (energy_text.h). */
#include <stdio.h>
#include <string.h>

#include "core/format.h"
#include "output/energy_text.h"

/* snprintf at *used, which never passes len. */
#define ADD(...)                                                         \
  do {                                                                   \
    if (used < len)                                                      \
      used += (size_t)snprintf(buf + used, len - used, __VA_ARGS__);     \
  } while (0)

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

int kb_energy_note_is_new(kb_energy_notes *s, const char *note)
{
  if (!note[0])
    return 0;
  for (size_t i = 0; i < s->n; i++)
    if (strcmp(s->said[i], note) == 0)
      return 0;
  /* Past the last slot the oldest is forgotten: a run with more distinct
  ** reasons than slots may say one twice, never none. */
  size_t at = s->n < KB_ENERGY_NOTES ? s->n++ : KB_ENERGY_NOTES - 1;
  snprintf(s->said[at], sizeof s->said[at], "%s", note);
  return 1;
}
