/* NVML's clock-event reasons by name, and the limits among them
** (clock_events.h). */
#include <stdio.h>
#include <string.h>

#include "model/clock_events.h"

/* The names nvidia-smi's query keys use (clocks_event_reasons.*). */
static const struct {
  uint64_t bit;
  const char *name;
} reasons[] = {
  {KB_CLOCK_GPU_IDLE, "gpu_idle"},
  {KB_CLOCK_APP_CLOCKS, "applications_clocks_setting"},
  {KB_CLOCK_SW_POWER_CAP, "sw_power_cap"},
  {KB_CLOCK_HW_SLOWDOWN, "hw_slowdown"},
  {KB_CLOCK_SYNC_BOOST, "sync_boost"},
  {KB_CLOCK_SW_THERMAL, "sw_thermal_slowdown"},
  {KB_CLOCK_HW_THERMAL, "hw_thermal_slowdown"},
  {KB_CLOCK_HW_POWER_BRAKE, "hw_power_brake_slowdown"},
  {KB_CLOCK_DISPLAY_CLOCKS, "display_clock_setting"},
};
#define N_REASONS (sizeof reasons / sizeof *reasons)

/* Append text to buf (used so far in *used), after a separator when
** something is there already. */
static void append(char *buf, size_t len, size_t *used, const char *sep,
                   const char *text)
{
  if (*used >= len)
    return;
  int n = snprintf(buf + *used, len - *used, "%s%s", *used ? sep : "",
                   text);
  *used += n > 0 ? (size_t)n : 0;
}

void kb_clock_events_names(uint64_t mask, char *buf, size_t len)
{
  size_t used = 0;
  uint64_t known = 0;
  buf[0] = '\0';
  for (size_t i = 0; i < N_REASONS; i++) {
    known |= reasons[i].bit;
    if (mask & reasons[i].bit)
      append(buf, len, &used, ",", reasons[i].name);
  }
  for (int b = 0; b < 64; b++)
    if ((mask & ~known) >> b & 1) {
      char hex[24];
      snprintf(hex, sizeof hex, "0x%llx", 1ULL << b);
      append(buf, len, &used, ",", hex);
    }
}

uint64_t kb_clock_events_parse(const char *names)
{
  uint64_t mask = 0;
  while (names && *names) {
    size_t n = strcspn(names, ",");
    for (size_t i = 0; i < N_REASONS; i++)
      if (strlen(reasons[i].name) == n
          && strncmp(names, reasons[i].name, n) == 0)
        mask |= reasons[i].bit;
    names += n + (names[n] == ',');
  }
  return mask;
}

void kb_clock_limits_text(uint64_t mask, char *buf, size_t len)
{
  size_t used = 0;
  buf[0] = '\0';
  if (mask & KB_CLOCK_POWER)
    append(buf, len, &used, " and ", "a power cap");
  if (mask & KB_CLOCK_THERMAL)
    append(buf, len, &used, " and ", "a thermal slowdown");
  if (mask & KB_CLOCK_HW_SLOWDOWN)
    append(buf, len, &used, " and ", "a hardware slowdown");
}

void kb_clock_tally_add(kb_clock_tally *t, uint64_t mask)
{
  t->cases++;
  t->limited += (mask & KB_CLOCK_LIMITS) != 0;
  t->limits |= mask & KB_CLOCK_LIMITS;
}

void kb_clock_tally_text(const kb_clock_tally *t, char *buf, size_t len)
{
  char limits[KB_CLOCK_LIMITS_TEXT_LEN];
  buf[0] = '\0';
  if (!t->limited)
    return;
  kb_clock_limits_text(t->limits, limits, sizeof limits);
  if (t->limited == t->cases)
    snprintf(buf, len, "%sunder %s", t->cases == 1 ? "" : "all ", limits);
  else
    snprintf(buf, len, "%zu under %s", t->limited, limits);
}
