/* kbench tune's --objective: names, directions, values and costs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "commands/tune/search/objective.h"

int main(void)
{
  kb_objective o;
  char err[512], buf[64], why[256];
  double v;
  kb_result r;
  memset(&r, 0, sizeof r);
  r.energy_j = -1;

  ok(kb_objective_parse("time", &o, err, sizeof err) == 0
     && o.kind == KB_OBJECTIVE_TIME && !o.maximize
     && !strcmp(kb_objective_key(&o), "time_median_s"),
     "time: lower is better, the judged median's key");
  r.stats.median = 0.003345;
  ok(kb_objective_value(&o, &r, &v, why, sizeof why) == 0 && v == 0.003345
     && kb_objective_cost(&o, v) == v, "time's value is the median");
  kb_objective_format(&o, v, buf, sizeof buf);
  ok(!strcmp(buf, "3.345 ms"), "time reads as a time: %s", buf);

  ok(kb_objective_parse("bandwidth", &o, err, sizeof err) == 0
     && o.maximize && !strcmp(kb_objective_key(&o), "gbps"),
     "bandwidth: higher is better");
  r.gbps = 812.4;
  ok(kb_objective_value(&o, &r, &v, why, sizeof why) == 0
     && kb_objective_cost(&o, v) == -812.4, "a higher value costs less");
  r.gbps = 0;
  ok(kb_objective_value(&o, &r, &v, why, sizeof why) == -1
     && strstr(why, "no bytes"), "no bytes, no bandwidth: %s", why);

  ok(kb_objective_parse("energy", &o, err, sizeof err) == 0 && !o.maximize
     && !strcmp(kb_objective_key(&o), "energy_j_per_run"),
     "energy: lower, read from the key the table gives energy_j");
  ok(kb_objective_value(&o, &r, &v, why, sizeof why) == -1
     && strstr(why, "no energy"), "no reading (< 0): no value: %s", why);
  r.energy_j = 0;
  ok(kb_objective_value(&o, &r, &v, why, sizeof why) == -1,
     "0 J is no reading either (the JSON writes null)");
  snprintf(r.energy_note, sizeof r.energy_note, "NVML is not there");
  ok(kb_objective_value(&o, &r, &v, why, sizeof why) == -1
     && strstr(why, "NVML is not there"), "the energy note says why: %s",
     why);
  r.energy_j = 0.25;
  ok(kb_objective_value(&o, &r, &v, why, sizeof why) == 0 && v == 0.25,
     "energy's value is joules per run");

  ok(kb_objective_parse("time:max", &o, err, sizeof err) == 0 && o.maximize,
     ":max overrides");
  ok(kb_objective_parse("bandwidth:min", &o, err, sizeof err) == 0
     && !o.maximize, ":min overrides");
  ok(kb_objective_parse("time:fast", &o, err, sizeof err) == -1
     && strstr(err, ":min or :max"), "another suffix: %s", err);

  ok(kb_objective_parse("dram__bytes_read.sum", &o, err, sizeof err) == 0
     && o.kind == KB_OBJECTIVE_METRIC && !o.maximize
     && !strcmp(kb_objective_key(&o), "dram__bytes_read.sum"),
     "a count: lower is better");
  ok(kb_objective_parse("lts__t_sector_hit_rate.pct", &o, err, sizeof err)
     == 0 && o.maximize, "a hit rate: higher is better");
  ok(kb_objective_parse("sm__warps_active.avg.pct_of_peak_sustained_active",
                        &o, err, sizeof err) == 0 && o.maximize,
     "occupancy: higher is better");
  ok(kb_objective_parse("kb__shared_ld_ways.ratio", &o, err, sizeof err) == 0
     && !o.maximize, "kbench's conflict ways: lower is better");
  ok(kb_objective_parse("dram__bytes_read.sum:max", &o, err, sizeof err) == 0
     && o.maximize, "a metric with :max");
  ok(kb_objective_parse("memory", &o, err, sizeof err) == -1
     && strstr(err, "a set"), "a set is not one metric: %s", err);
  ok(kb_objective_parse("speed", &o, err, sizeof err) == -1,
     "a word that is no metric: %s", err);
  ok(kb_objective_parse(":max", &o, err, sizeof err) == -1, "no name");

  kb_objective_parse("dram__bytes_read.sum", &o, err, sizeof err);
  ok(kb_objective_value(&o, &r, &v, why, sizeof why) == -1
     && strstr(why, "no counters"), "no counters, no value: %s", why);
  r.counters = calloc(1, sizeof *r.counters);
  r.counters->n_metrics = 2;
  r.counters->n_launched = 2;
  strcpy(r.counters->names[0], "lts__t_sector_hit_rate.pct");
  strcpy(r.counters->names[1], "dram__bytes_read.sum");
  strcpy(r.counters->units[1], "byte");
  r.counters->total[0] = NAN;
  r.counters->total[1] = 268435456;
  ok(kb_objective_value(&o, &r, &v, why, sizeof why) == 0 && v == 268435456
     && !strcmp(o.unit, "byte"), "the run's total, and its unit");
  kb_objective_format(&o, v, buf, sizeof buf);
  ok(!strcmp(buf, "2.684e+08 byte"), "a metric reads with its unit: %s",
     buf);
  kb_objective_parse("lts__t_sector_hit_rate.pct", &o, err, sizeof err);
  ok(kb_objective_value(&o, &r, &v, why, sizeof why) == -1
     && strstr(why, "2 kernels"), "no total over two kernels: %s", why);
  free(r.counters);
  return tap_done();
}
