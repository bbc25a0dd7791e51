/* The CUPTI glue without a GPU: every set's names checked by CUPTI's host API for chip GH100 (H100). */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "model/metrics.h"
#include "gpu/cupti.h"

int main(void)
{
  char err[1024];
  kb_cupti *s = NULL;
  if (!kb_cupti_built()) {
    ok(kb_cupti_open_chip("GH100", &s, err, sizeof err) == KB_CUPTI_NOT_BUILT && strstr(err, "CUPTI"),
       "without CUPTI, opening says what to install: %s", err);
    return tap_done();
  }
  int rc = kb_cupti_open_chip("GH100", &s, err, sizeof err);
  ok(rc == KB_CUPTI_OK, "a host-only session for GH100 opens%s%s", rc ? ": " : "", rc ? err : "");
  if (rc) return tap_done();
  ok(!strcmp(kb_cupti_chip(s), "GH100"), "the session names its chip");
  struct kb_metric_table table;
  kb_cupti_metric_table(s, &table);
  struct kb_metric_list l;
  for (const struct kb_metric_set *set = kb_metric_sets(); set->name; set++) {
    rc = kb_metrics_parse(set->name, &table, &l, err, sizeof err);
    ok(rc == 0, "every name of set %s is collectable on GH100%s%s", set->name, rc ? ": " : "", rc ? err : "");
    int units = 1;
    for (size_t i = 0; i < l.n; i++) units &= l.shown[i].unit[0] != 0;
    ok(rc == 0 && units, "every metric of set %s has a unit", set->name);
    const char *names[KB_METRICS_MAX];
    for (size_t i = 0; i < l.ncounters; i++) names[i] = l.counters[i];
    kb_cupti_config *c = NULL;
    rc = kb_cupti_prepare(s, names, l.ncounters, 16, &c, err, sizeof err);
    ok(rc == 0 && kb_cupti_passes(c) >= 1, "set %s: config image built, %zu pass(es)%s%s", set->name,
       kb_cupti_passes(c), rc ? ": " : "", rc ? err : "");
    if (!strcmp(set->name, "dram")) ok(kb_cupti_passes(c) == 1, "the bytes audit's set takes one pass");
    kb_cupti_config_free(c);
  }
  rc = kb_metrics_parse("dram__bytes_raed.sum", &table, &l, err, sizeof err);
  ok(rc == -1 && strstr(err, "dram__bytes_read.sum"), "a typo gets the device's near name: %s", err);
  rc = kb_metrics_parse("dram__bytes_read.su", &table, &l, err, sizeof err);
  ok(rc == -1 && strstr(err, "dram__bytes_read.sum"), "a bad rollup is refused, the right one offered: %s", err);
  rc = kb_metrics_parse("l1tex__t_requests_pipe_lsu_mem_shared_op_ld.sum", &table, &l, err, sizeof err);
  ok(rc == -1, "a name ncu knows on other chips but GH100 lacks is refused: %s", err);
  rc = kb_metrics_parse("sm__cycles_active.avg,gpu__time_duration.sum", &table, &l, err, sizeof err);
  ok(rc == 0 && l.n == 2 && !strcmp(l.shown[1].unit, "nanosecond"), "any device name works, with its unit (%s)",
     rc ? err : l.shown[1].unit);
  const char *bad[] = {"dram__bytes_read.sum", "not__a_metric.sum"};
  kb_cupti_config *c = NULL;
  rc = kb_cupti_prepare(s, bad, 2, 1, &c, err, sizeof err);
  ok(rc == KB_CUPTI_BAD_METRIC && strstr(err, "not__a_metric.sum") && !c, "prepare names the bad counter: %s", err);
  struct kb_cupti_values v;
  rc = kb_cupti_collect(s, NULL, KB_CUPTI_REPLAY_USER, NULL, NULL, NULL, &v, err, sizeof err);
  ok(rc == KB_CUPTI_UNSUPPORTED, "a chip-only session cannot collect: %s", err);
  kb_cupti_close(s);
  rc = kb_cupti_open_chip("NOSUCHCHIP", &s, err, sizeof err);
  ok(rc != KB_CUPTI_OK && !s, "an unknown chip is refused: %s", err);
  return tap_done();
}
