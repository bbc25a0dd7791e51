/* Unit tests of --metrics parsing: sets, duplicates, derived ratios, a fake device table, suggestions, totals. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "model/metrics.h"
#include "util/nearest.h"

/* A fake device: the counters every set needs, a few others, and "base" names without rollups
** for suggestions. */
static const char *const fake_counters[] = {
  "dram__bytes_read.sum", "dram__bytes_write.sum", "lts__t_sector_hit_rate.pct",
  "smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct",
  "smsp__sass_average_data_bytes_per_sector_mem_global_op_st.pct",
  "l1tex__average_t_sectors_per_request_pipe_lsu_mem_global_op_ld.ratio",
  "l1tex__average_t_sectors_per_request_pipe_lsu_mem_global_op_st.ratio",
  "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
  "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum", "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
  "smsp__inst_executed_op_shared_ld.sum", "smsp__inst_executed_op_shared_st.sum",
  "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
  "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
  "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
  "sm__warps_active.avg.pct_of_peak_sustained_active", "sm__warps_active.avg.per_cycle_active",
  "smsp__warps_launched.sum", "dram__bytes_read.max", NULL};
static const char *const fake_bases[] = {"dram__bytes_read", "dram__bytes_write", "lts__t_sector_hit_rate",
                                         "sm__warps_active", "dram__cycles_elapsed", NULL};
static int lookups;
static const char *missing; /* a counter the fake device pretends not to have */

static int fake_lookup(void *ctx, const char *name, char *unit, size_t size)
{
  (void)ctx;
  lookups++;
  if (missing && !strcmp(name, missing)) return 0;
  for (const char *const *c = fake_counters; *c; c++)
    if (!strcmp(*c, name)) {
      snprintf(unit, size, "%s", strstr(name, "bytes") ? "byte" : strstr(name, ".pct") ? "percent" : "count");
      return 1;
    }
  return 0;
}

static const char *fake_name_at(void *ctx, size_t i)
{
  (void)ctx;
  return i < sizeof fake_bases / sizeof *fake_bases - 1 ? fake_bases[i] : NULL;
}

static const struct kb_metric_table table = {NULL, fake_lookup, fake_name_at};

static int shown(const struct kb_metric_list *l, const char *name)
{
  for (size_t i = 0; i < l->n; i++)
    if (!strcmp(l->shown[i].name, name)) return (int)i;
  return -1;
}

static int counter(const struct kb_metric_list *l, const char *name)
{
  for (size_t i = 0; i < l->ncounters; i++)
    if (!strcmp(l->counters[i], name)) return (int)i;
  return -1;
}

static void test_edit_distance(void)
{
  ok(kb_edit_distance("", "") == 0, "distance of two empty names is 0");
  ok(kb_edit_distance("kitten", "sitting") == 3, "kitten/sitting: 3");
  ok(kb_edit_distance("smem", "") == 4, "against empty: the length");
  ok(kb_edit_distance("memroy", "memory") == 2, "a swap costs 2");
  ok(kb_edit_distance("dram__bytes_read.sum", "dram__bytes_read.sum") == 0, "identical: 0");
}

static void test_sets(void)
{
  struct kb_metric_list l;
  char err[512];
  for (const struct kb_metric_set *s = kb_metric_sets(); s->name; s++) {
    int rc = kb_metrics_parse(s->name, &table, &l, err, sizeof err);
    ok(rc == 0 && l.n > 0, "set %s parses against the fake device (%zu shown, %zu counters)%s%s", s->name, l.n,
       l.ncounters, rc ? ": " : "", rc ? err : "");
    size_t members = 0;
    for (const char *const *m = s->members; *m; m++) members++;
    ok(l.n == members, "set %s shows each of its %zu members once", s->name, members);
  }
  ok(kb_metrics_parse("memory", &table, &l, err, sizeof err) == 0, "memory parses");
  ok(shown(&l, "dram__bytes_read.sum") == 0 && shown(&l, "dram__bytes_write.sum") == 1, "memory: DRAM bytes first");
  ok(shown(&l, "lts__t_sector_hit_rate.pct") >= 0, "memory has the L2 hit rate");
  ok(shown(&l, "smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct") >= 0 &&
         shown(&l, "smsp__sass_average_data_bytes_per_sector_mem_global_op_st.pct") >= 0,
     "memory has global load and store efficiency");
  ok(shown(&l, "l1tex__average_t_sectors_per_request_pipe_lsu_mem_global_op_ld.ratio") >= 0,
     "memory has sectors per request");
  ok(l.n == l.ncounters, "memory: all counters, nothing derived");
  ok(!strcmp(l.shown[0].unit, "byte") && !strcmp(l.shown[2].unit, "percent"), "units come from the table");
  ok(l.shown[0].additive && !l.shown[2].additive, ".sum adds up, .pct does not");

  ok(kb_metrics_parse("smem", &table, &l, err, sizeof err) == 0, "smem parses");
  int ways = shown(&l, "kb__shared_ld_ways.ratio");
  ok(ways >= 0 && l.shown[ways].source == KB_METRIC_DERIVED, "smem has the derived load ways");
  ok(ways >= 0 && !strcmp(l.counters[l.shown[ways].num], "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum") &&
         !strcmp(l.counters[l.shown[ways].den], "smsp__inst_executed_op_shared_ld.sum"),
     "load ways = wavefronts / load instructions");
  ok(l.ncounters == 6, "smem collects 6 counters for 10 shown metrics (got %zu)", l.ncounters);
  ok(shown(&l, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum") >= 0, "smem has store conflicts");

  ok(kb_metrics_parse("occupancy", &table, &l, err, sizeof err) == 0, "occupancy parses");
  int regs = shown(&l, "launch__registers_per_thread");
  ok(regs >= 0 && l.shown[regs].source == KB_METRIC_LAUNCH, "registers come from the launch record");
  ok(shown(&l, "sm__warps_active.avg.pct_of_peak_sustained_active") >= 0, "occupancy has achieved occupancy");
  ok(l.ncounters == 3, "occupancy collects only its 3 counters (got %zu)", l.ncounters);

  ok(kb_metrics_parse("seed", &table, &l, err, sizeof err) == 0, "seed parses");
  ok(shown(&l, "kb__shared_ld_ways.ratio") >= 0 && shown(&l, "kb__global_ld_sectors_per_request.ratio") >= 0 &&
         shown(&l, "dram__bytes_read.sum") >= 0 &&
         shown(&l, "smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct") >= 0,
     "seed: conflict ways, sectors/request, DRAM bytes, load efficiency");
  ok(kb_metrics_parse("dram", &table, &l, err, sizeof err) == 0 && l.n == 2 && l.ncounters == 2,
     "dram: the audit's two counters");
}

static void test_lists(void)
{
  struct kb_metric_list l;
  char err[512];
  ok(kb_metrics_parse(" dram__bytes_read.sum , memory,dram__bytes_read.sum", &table, &l, err, sizeof err) == 0,
     "names and sets mix, blanks ignored");
  ok(l.n == 7 && shown(&l, "dram__bytes_read.sum") == 0, "a repeated name is shown once, where first asked");
  ok(kb_metrics_parse("smem,seed", &table, &l, err, sizeof err) == 0, "overlapping sets");
  ok(shown(&l, "kb__shared_ld_ways.ratio") >= 0 && l.n == 10 + 5, "smem + seed: 15 distinct (got %zu)", l.n);
  int c1 = counter(&l, "smsp__inst_executed_op_shared_ld.sum");
  int uses = 0;
  for (size_t i = 0; i < l.ncounters; i++) uses += !strcmp(l.counters[i], "smsp__inst_executed_op_shared_ld.sum");
  ok(c1 >= 0 && uses == 1, "a counter two metrics need is collected once");
  ok(kb_metrics_parse("kb__global_ld_sectors_per_request.ratio", &table, &l, err, sizeof err) == 0 && l.n == 1 &&
         l.ncounters == 2,
     "a derived metric alone brings its two counters");
  ok(kb_metrics_parse("dram__bytes_read.max", &table, &l, err, sizeof err) == 0 && !l.shown[0].additive,
     "any name the device knows is accepted; .max does not add up");

  ok(kb_metrics_parse("", &table, &l, err, sizeof err) == -1 && strstr(err, "empty"), "empty list refused: %s", err);
  ok(kb_metrics_parse("memory,,smem", &table, &l, err, sizeof err) == -1 && strstr(err, "empty"),
     "empty name refused");
  ok(kb_metrics_parse(NULL, &table, &l, err, sizeof err) == -1, "NULL list refused");
  char longname[300];
  memset(longname, 'a', sizeof longname - 1);
  longname[sizeof longname - 1] = 0;
  ok(kb_metrics_parse(longname, &table, &l, err, sizeof err) == -1 && strstr(err, "too long"), "long name refused");

  missing = "smsp__inst_executed_op_shared_ld.sum";
  ok(kb_metrics_parse("kb__shared_ld_ways.ratio", &table, &l, err, sizeof err) == -1 &&
         strstr(err, "kb__shared_ld_ways.ratio") && strstr(err, missing),
     "a derived metric whose counter the device lacks is refused, naming both: %s", err);
  missing = NULL;

  ok(kb_metrics_parse("dram__bytes_read.sum", NULL, &l, err, sizeof err) == 0 && l.shown[0].unit[0] == 0,
     "without a table, metric-like names pass unchecked");
  ok(kb_metrics_parse("memroy", NULL, &l, err, sizeof err) == -1, "without a table a typo of a set is refused");
}

static void test_suggestions(void)
{
  struct kb_metric_list l;
  char err[512], near[3][KB_METRIC_NAME_MAX];
  ok(kb_metrics_parse("memroy", &table, &l, err, sizeof err) == -1, "unknown set refused");
  ok(strstr(err, "'memroy'") && strstr(err, "did you mean memory"), "names it and suggests memory: %s", err);
  ok(kb_metrics_parse("dram__bytes_raed.sum", &table, &l, err, sizeof err) == -1 &&
         strstr(err, "did you mean dram__bytes_read.sum"),
     "a typo of a device base name keeps the user's rollup: %s", err);
  ok(kb_metrics_parse("dram__bytes_read.su", &table, &l, err, sizeof err) == -1 &&
         strstr(err, "did you mean dram__bytes_read.sum"),
     "a bad rollup is refused, with the right one offered: %s", err);
  size_t n = kb_metrics_suggest("kb__shared_ld_way.ratio", &table, near, 3);
  ok(n >= 1 && !strcmp(near[0], "kb__shared_ld_ways.ratio"), "kbench's own names are suggested (%s)", n ? near[0] : "");
  n = kb_metrics_suggest("lts__t_sector_hit_rate.sum", &table, near, 3);
  int offered_bad = 0;
  for (size_t i = 0; i < n; i++) offered_bad |= !strcmp(near[i], "lts__t_sector_hit_rate.sum");
  ok(!offered_bad, "a suggestion the device would refuse is not offered");
  ok(kb_metrics_suggest("zzzzzzzzzzzzzzzzzzzzzz", &table, near, 3) == 0, "nothing near: no suggestion");
  ok(kb_metrics_parse("zzzzzzzzzzzzzzzzzzzzzz", &table, &l, err, sizeof err) == -1 && strstr(err, "--list-metrics"),
     "with nothing near, the message points at --list-metrics");
  lookups = 0;
  n = kb_metrics_suggest("smem", &table, near, 1);
  ok(n == 1 && !strcmp(near[0], "smem"), "max 1 gives the best one only");
}

static void test_evaluate(void)
{
  struct kb_metric_list l;
  char err[512];
  ok(kb_metrics_parse("dram__bytes_read.sum,lts__t_sector_hit_rate.pct,kb__shared_ld_ways.ratio,"
                      "launch__registers_per_thread",
                      &table, &l, err, sizeof err) == 0,
     "a mixed list parses");
  int rd = counter(&l, "dram__bytes_read.sum"), hit = counter(&l, "lts__t_sector_hit_rate.pct");
  int wf = counter(&l, "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum");
  int in = counter(&l, "smsp__inst_executed_op_shared_ld.sum");
  ok(l.ncounters == 4 && rd >= 0 && hit >= 0 && wf >= 0 && in >= 0, "four counters to collect");
  /* Two kernels: 32-way and conflict-free. */
  double c[2][KB_METRICS_MAX] = {{0}};
  c[0][rd] = 1000, c[0][hit] = 50, c[0][wf] = 3200, c[0][in] = 100;
  c[1][rd] = 3000, c[1][hit] = 90, c[1][wf] = 100, c[1][in] = 100;
  double flat[2 * 4];
  for (int k = 0; k < 2; k++) memcpy(flat + k * l.ncounters, c[k], l.ncounters * sizeof(double));
  struct kb_launch_info li[2];
  memset(li, 0, sizeof li);
  li[0].v[KB_LAUNCH_REGISTERS_PER_THREAD] = 32, li[1].v[KB_LAUNCH_REGISTERS_PER_THREAD] = 40;
  double v[KB_METRICS_MAX];
  kb_metrics_evaluate(&l, flat, &li[0], v);
  ok(v[0] == 1000 && v[1] == 50 && near(v[2], 32, 1e-12) && v[3] == 32, "kernel 0: counts, pct, ways 32, registers");
  kb_metrics_evaluate(&l, flat + 4, NULL, v);
  ok(near(v[2], 1, 1e-12) && isnan(v[3]), "kernel 1: ways 1; no launch record, registers NaN");
  kb_metrics_total(&l, flat, li, 2, v);
  ok(v[0] == 4000, "total DRAM bytes add up");
  ok(isnan(v[1]), "a percentage over two kernels is NaN, not a sum");
  ok(near(v[2], 16.5, 1e-12), "total ways from the summed counters: 3300/200 = 16.5");
  ok(isnan(v[3]), "registers that differ between kernels: NaN");
  li[1].v[KB_LAUNCH_REGISTERS_PER_THREAD] = 32;
  kb_metrics_total(&l, flat, li, 2, v);
  ok(v[3] == 32, "registers that agree are kept");
  kb_metrics_total(&l, flat, li, 1, v);
  ok(v[1] == 50 && v[0] == 1000, "one kernel: its percentage is the total");
  flat[in] = 0;
  kb_metrics_evaluate(&l, flat, NULL, v);
  ok(isnan(v[2]), "ways with no shared loads: NaN, not inf");
  kb_metrics_total(&l, flat, NULL, 0, v);
  ok(isnan(v[0]), "no kernels: NaN");
}

static void test_builtins(void)
{
  size_t derived = 0;
  int units = 1;
  for (const struct kb_metric_builtin *b = kb_metric_builtins(); b->name; b++) {
    units &= b->unit && *b->unit && b->help && *b->help;
    if (b->source == KB_METRIC_DERIVED) {
      derived++;
      char unit[8];
      units &= fake_lookup(NULL, b->num, unit, sizeof unit) && fake_lookup(NULL, b->den, unit, sizeof unit);
    }
  }
  ok(derived >= 6, "at least six derived ratios (%zu)", derived);
  ok(units, "every kbench name has a unit and a help line, and its counters exist");
  int described = 1;
  for (const struct kb_metric_set *s = kb_metric_sets(); s->name; s++) described &= s->purpose && *s->purpose;
  ok(described, "every set says what it is for");
}

int main(void)
{
  test_edit_distance();
  test_sets();
  test_lists();
  test_suggestions();
  test_evaluate();
  test_builtins();
  return tap_done();
}
