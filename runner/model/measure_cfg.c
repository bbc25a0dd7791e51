/* Names and defaults of the measurement settings (measure_cfg.h). */
#include <string.h>

#include "model/measure_cfg.h"

void kb_criterion_cfg_default(kb_criterion_cfg *cfg)
{
  cfg->min_samples = 10;
  cfg->max_samples = 100000;
  cfg->min_time = 0.01;
  cfg->max_noise = 0.005;
  cfg->timeout = 15.0;
  cfg->host_timeout = KB_HOST_TIMEOUT_S;
}

static const char *const stop_names[] = {"running", "noise", "max-samples",
                                         "timeout"};

const char *kb_stop_name(int stop)
{
  return stop_names[(unsigned)stop <= KB_STOP_TIMEOUT ? stop : 0];
}

int kb_stop_parse(const char *s)
{
  for (int t = 0; t <= KB_STOP_TIMEOUT; t++)
    if (strcmp(s, stop_names[t]) == 0)
      return t;
  return -1;
}

static const char *const mode_names[] = {"cold", "hot", "graph"};

const char *kb_mode_name(int mode) { return mode_names[mode]; }

int kb_mode_parse(const char *s)
{
  for (int m = 0; m < 3; m++)
    if (strcmp(s, mode_names[m]) == 0)
      return m;
  return -1;
}

static const char *const time_names[] = {"event", "kernel"};

const char *kb_time_name(int time) { return time_names[time == KB_TIME_KERNEL]; }

int kb_time_parse(const char *s)
{
  for (int t = 0; t < 2; t++)
    if (strcmp(s, time_names[t]) == 0)
      return t;
  return -1;
}
