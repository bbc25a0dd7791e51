/* Kernel time on a pass of its own, under the range profiler (kernel_pass.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/host_facts.h"
#include "worker/measure/kernel_pass.h"
#include "worker/measure/kernel_time.h"

typedef struct pass {
  kb_case *c;
  void *state;
  size_t runs;
  int flush_each;          /* cold: a flush before every run */
  kb_cupti_config *config;
  int col[3];              /* its columns: time, DRAM read and write */
} pass;

/* The pass as the profiler launches it: kbench's flush, then the runs. */
static int launch_pass(void *ctx, char *err, size_t len)
{
  pass *x = ctx;
  for (size_t i = 0; i < x->runs; i++) {
    if ((i == 0 || x->flush_each)
        && kb_gpu_flush_l2(x->c->gpu, err, len))
      return -1;
    if (kb_case_run(x->c, x->state) != KBENCH_OK) {
      snprintf(err, len, "run failed: %s", x->c->message);
      return -1;
    }
  }
  return 0;
}

static void no_kernel_time(kb_result *r, const char *why)
{
  if (!r->kernel_note[0])
    snprintf(r->kernel_note, sizeof r->kernel_note, "%.250s", why);
}

/* The pass's config and its columns: time, DRAM read, DRAM write (-1:
** not counted).  With --metrics the counters' config, which carries time
** too (probe.c); else kernel time's own, made at the first pass.  A
** profiler that another process holds (or that needs privileges) refuses
** it, and the run goes on with event time. */
static kb_cupti_config *config_of(kb_probe *p, const kb_measure_cfg *cfg,
                                  int col[3], char *why, size_t len)
{
  if (p->config) {
    col[0] = p->time_at;
    col[1] = p->dram_read_at;
    col[2] = p->dram_write_at;
    return p->time_at >= 0 ? p->config : NULL;
  }
  static const char *const names[] = {"gpu__time_duration.sum",
                                      "dram__bytes_read.sum",
                                      "dram__bytes_write.sum"};
  if (!p->time_config
      && kb_cupti_prepare(p->cupti, names, cfg->audit ? 3 : 1,
                          KB_KERNEL_PASS_MAX_RANGES, &p->time_config, why,
                          len) != KB_CUPTI_OK) {
    p->time_config = NULL;
    return NULL;
  }
  col[0] = 0;                 /* a worker's settings do not change */
  col[1] = cfg->audit ? 1 : -1;
  col[2] = cfg->audit ? 2 : -1;
  return p->time_config;
}

/* One pass of x->runs runs; the worker's first is made twice and the
** first thrown away (probe.c, collect_counters, says why).  A kb_cupti
** status. */
static int collect(kb_probe *p, pass *x, struct kb_cupti_values *v,
                   char *why, size_t len)
{
  int throw_away = !p->collected;
  int st = kb_cupti_collect_quiet(p->cupti, x->config, launch_pass, x, v,
                                  why, len);
  p->collected = 1;
  if (st == KB_CUPTI_OK && throw_away) {
    kb_cupti_values_free(v);
    st = kb_cupti_collect_quiet(p->cupti, x->config, launch_pass, x, v, why,
                                len);
  }
  kb_probe_collected(p, st);
  return st;
}

/* The runs of a pass that fit the config's ranges, when one run launches
** PER_RUN kernels (the timed ones and the untimed first one). */
static size_t runs_that_fit(size_t per_run, int cold, size_t first_timed)
{
  size_t fit = cold ? KB_KERNEL_PASS_MAX_RANGES / (per_run + 1)
                    : (KB_KERNEL_PASS_MAX_RANGES - 1) / per_run;
  return fit > first_timed ? fit : 0;
}

/* The pass's ranges into r (and the first run's DRAM bytes); 0, or -1
** with why. */
static int take(const pass *x, size_t first_timed,
                const struct kb_cupti_values *v, kb_result *r, double *rd,
                double *wr, char *why, size_t len)
{
  size_t m;
  int dram = x->col[1] >= 0 && x->col[2] >= 0;
  if (kb_kernel_time_layout(v->nkernels, x->runs, x->flush_each, &m, why,
                            len)) {
    /* Flushes alone: the run launched no kernel, and DRAM's bytes are its
    ** copies' alone (the caller adds them). */
    if (dram && v->nkernels == (x->flush_each ? x->runs : 1))
      *rd = *wr = 0;
    return -1;
  }
  size_t n = x->runs - first_timed;
  double *busy = malloc(n * sizeof *busy);
  if (!busy) {
    snprintf(why, len, "out of host memory");
    return -1;
  }
  for (size_t i = 0; i < n; i++) {
    busy[i] = 1e-9 * kb_kernel_time_sum(v->values, v->ncounters, x->col[0],
                                        first_timed + i, m, x->flush_each);
    if (!isfinite(busy[i]) || busy[i] <= 0) {
      free(busy);
      snprintf(why, len, "the profiler gave no duration for the run's "
               "kernels");
      return -1;
    }
  }
  /* kernel_stats.n is the count of kernel_samples: n. */
  if (kb_stats_compute(busy, n, &r->kernel_stats)) {
    free(busy);
    snprintf(why, len, "out of host memory");
    return -1;
  }
  r->kernel_samples = busy;
  r->kernels_per_run = m;
  if (dram) {
    *rd = kb_kernel_time_sum(v->values, v->ncounters, x->col[1], 0, m,
                             x->flush_each);
    *wr = kb_kernel_time_sum(v->values, v->ncounters, x->col[2], 0, m,
                             x->flush_each);
  }
  return 0;
}

/* --min-samples runs, fewer when they are long (the event median says),
** within the pass's bounds. */
static size_t runs_of(const kb_measure_cfg *cfg, const kb_result *r)
{
  size_t runs = cfg->criterion.min_samples;
  double run_s = r->stats.median;
  if (run_s > 0 && runs * run_s > KB_KERNEL_PASS_TARGET_S) {
    size_t fit = (size_t)(KB_KERNEL_PASS_TARGET_S / run_s);
    runs = fit > KB_KERNEL_PASS_MIN_RUNS ? fit : KB_KERNEL_PASS_MIN_RUNS;
    runs = runs < cfg->criterion.min_samples ? runs
                                             : cfg->criterion.min_samples;
  }
  return runs < 1 ? 1 : runs > KB_KERNEL_PASS_MAX_RUNS
         ? KB_KERNEL_PASS_MAX_RUNS : runs;
}

void kb_kernel_pass(kb_probe *p, kb_case *c, void *state,
                    const kb_measure_cfg *cfg, kb_result *r, double *rd,
                    double *wr)
{
  char why[512] = "kernel time's counter is not in the counters' config";
  size_t runs = runs_of(cfg, r);
  /* Hot and graph modes time runs back to back in a warm L2: the pass's
  ** first run starts cold (it serves the audit) and is not timed.  Graph
  ** mode's runs are launched as such: a kernel's duration does not depend
  ** on how it was launched. */
  int cold = cfg->mode == KB_MODE_COLD;
  size_t first_timed = cold ? 0 : 1;
  /* At least one kernel a run: more runs than the ranges hold then are
  ** not refused but cut short (--min-samples=50 in cold mode counted 14
  ** kernels in 50 runs on an H200, and left the audit's pass failing). */
  size_t most = runs_that_fit(1, cold, first_timed);
  if (runs + first_timed > most)
    runs = most - first_timed;
  pass x = {c, state, runs + first_timed, cold, NULL, {-1, -1, -1}};
  /* A run that replays a CUDA graph (its first run's trace says so): the
  ** auto ranges fail on it and leave the profiler failing for the cases
  ** after it (cuptiRangeProfilerStop: CUPTI_ERROR_UNKNOWN on the H100),
  ** and a user range around each run counted no gpu__time_duration. */
  if (p->run_graphs) {
    no_kernel_time(r, "the run replays a CUDA graph, which the range "
                   "profiler cannot time (its per-kernel ranges fail on a "
                   "graph's replay, and a range around the run counts no "
                   "duration)");
    return;
  }
  if (!(x.config = config_of(p, cfg, x.col, why, sizeof why))) {
    no_kernel_time(r, why);
    return;
  }
  double t0 = kb_host_clock_s();
  struct kb_cupti_values v;
  kb_case_enter(c, "kernel time");
  /* Cold runs start with no persisting lines either: made normal here,
  ** before the profiler's range, whose every kernel counts as the run's. */
  if (cold && kb_gpu_demote_persisting(c->gpu, why, sizeof why)) {
    no_kernel_time(r, why);
    return;
  }
  int st = collect(p, &x, &v, why, sizeof why);
  if (st == KB_CUPTI_TOO_MANY_KERNELS) {
    /* More ranges than the config holds: one run says how many kernels a
    ** run launches, and as many runs as fit follow. */
    size_t m;
    x.runs = 1 + first_timed;
    if ((st = collect(p, &x, &v, why, sizeof why)) == KB_CUPTI_OK
        && kb_kernel_time_layout(v.nkernels, x.runs, cold, &m, why,
                                 sizeof why) == 0) {
      kb_cupti_values_free(&v);
      size_t fit = runs_that_fit(m, cold, first_timed);
      x.runs = fit < runs + first_timed ? fit : runs + first_timed;
      if (x.runs == 0) {
        snprintf(why, sizeof why, "a run launches %zu kernels, more than "
                 "a pass's %d ranges hold", m, KB_KERNEL_PASS_MAX_RANGES);
        st = KB_CUPTI_TOO_MANY_KERNELS;
      } else {
        st = collect(p, &x, &v, why, sizeof why);
      }
    } else if (st == KB_CUPTI_OK) {
      kb_cupti_values_free(&v);
      st = KB_CUPTI_ERROR;
    }
  }
  if (st != KB_CUPTI_OK
      || take(&x, first_timed, &v, r, rd, wr, why, sizeof why))
    no_kernel_time(r, why);
  if (st == KB_CUPTI_OK)
    kb_cupti_values_free(&v);
  r->kernel_pass_s = kb_host_clock_s() - t0;
}

/* --rest-profiler: enabled, the range profiler moves later cases' samples
** (layout_aos 1.7-2.3% on an H200); freeing kernel time's config disables
** it (kb_cupti_config_free), and config_of makes it again.  Disabling it
** and binding the same config again crashed the next collection
** (bench/results/2026-11-28b-instruments-4xh200).  Not with --metrics,
** whose config is the user's for the whole run. */
void kb_kernel_pass_rest(kb_probe *p, const kb_measure_cfg *cfg)
{
  if (cfg->rest_profiler && !p->config && p->time_config) {
    kb_cupti_config_free(p->time_config);
    p->time_config = NULL;
  }
}
