/* The hardware's view of a case: counters, stream audit, bytes audit (probe.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "worker/measure/probe.h"
#include "util/host_facts.h"
#include "gpu/gpu.h"
#include "worker/measure/kernel_pass.h"
#include "worker/measure/stream_order.h"

/* Ranges one run may open: more kernels than this fail the collection,
** and the result keeps KB_COUNTER_KERNELS of them. */
#define KB_PROBE_MAX_KERNELS 64
/* The bytes audit counts cases whose claimed traffic is at least this many
** times the L2: smaller ones are served partly from the cache. */
#define KB_AUDIT_L2_TIMES 4

void kb_probe_open(kb_probe *p, int device, const kb_measure_cfg *cfg)
{
  memset(p, 0, sizeof *p);
  p->opened = 1;
  p->audit = cfg->audit;
  /* A profiling tool in the process (ncu, Nsight Systems) owns CUPTI: a
  ** second client would disturb what it measures, or fail. */
  char tool[384];
  const char *attached = kb_gpu_tool(tool, sizeof tool);
  if (cfg->profile || attached
      || (!cfg->metrics[0] && !cfg->audit && !cfg->kernel_time)) {
    p->status = KB_CUPTI_UNSUPPORTED;
    if (attached)
      snprintf(p->why, sizeof p->why, "under a profiling tool (%.300s), "
               "which owns CUPTI", attached);
    else
      snprintf(p->why, sizeof p->why, "%s", cfg->profile
               ? "under --profile, which leaves the counters to an "
                 "outside profiler" : "not asked for");
    return;
  }
  p->status = kb_cupti_open(device, &p->cupti, p->why, sizeof p->why);
  if (p->status != KB_CUPTI_OK) {
    p->cupti = NULL;
    snprintf(p->metrics_error, sizeof p->metrics_error, "%s", p->why);
    return;
  }
  if (!cfg->metrics[0])
    return;
  struct kb_metric_table table;
  kb_cupti_metric_table(p->cupti, &table);
  if (kb_metrics_parse(cfg->metrics, &table, &p->list, p->metrics_error,
                       sizeof p->metrics_error))
    return;
  /* With the audits on, the DRAM counters ride along in the same config,
  ** so one collection serves both: binding a second config for the audit
  ** after the counters' failed on the H100 (PushRange:
  ** CUPTI_ERROR_INVALID_PARAMETER).  So does kernel time's counter: its
  ** pass collects with this config too (binding its own after the
  ** counters' gave NaN times on the H100), and the config holds as many
  ** ranges as such a pass may open. */
  const char *names[KB_METRICS_MAX + 3];
  size_t n = p->list.ncounters;
  for (size_t i = 0; i < n; i++)
    names[i] = p->list.counters[i];
  static const char *const extra[3] = {"dram__bytes_read.sum",
                                       "dram__bytes_write.sum",
                                       "gpu__time_duration.sum"};
  int *at[3] = {&p->dram_read_at, &p->dram_write_at, &p->time_at};
  const int wanted[3] = {cfg->audit, cfg->audit, cfg->kernel_time};
  for (int d = 0; d < 3; d++) {
    *at[d] = -1;
    for (size_t i = 0; wanted[d] && i < n && *at[d] < 0; i++)
      if (strcmp(names[i], extra[d]) == 0)
        *at[d] = (int)i;
    if (wanted[d] && *at[d] < 0) {
      *at[d] = (int)n;
      names[n++] = extra[d];
    }
  }
  if (n && kb_cupti_prepare(p->cupti, names, n, cfg->kernel_time
                            ? KB_KERNEL_PASS_MAX_RANGES : KB_PROBE_MAX_KERNELS,
                            &p->config, p->metrics_error,
                            sizeof p->metrics_error))
    p->config = NULL;
}

/* A default stream's CUPTI id, read off a record: CUPTI has no handle to
** ask about cudaStreamLegacy or cudaStreamPerThread (asking gave the
** default-stream cheats a pass on an H200: the audit had no id and was
** skipped), so a kernel of kbench's own is queued on the stream in a
** traced window and its record names the id.  0, or -1 with why. */
static int default_stream_id(kb_probe *p, kb_gpu *g, uint32_t *id,
                             char *why, size_t len)
{
  void *word = NULL;
  struct kb_activity *recs = NULL;
  size_t n = 0, dropped = 0, kernels = 0;
  if (kb_gpu_alloc(g, &word, sizeof(int), why, len))
    return -1;
  int bad = kb_cupti_activity_begin(p->cupti, why, len) != KB_CUPTI_OK;
  int traced = !bad;
  bad = bad || kb_gpu_touch(g, word, 0, why, len)
        || kb_gpu_sync(g, why, len);
  if (traced && kb_cupti_activity_end(p->cupti, &recs, &n, &dropped, why,
                                      len) != KB_CUPTI_OK)
    bad = 1;
  for (size_t i = 0; !bad && i < n; i++)
    if (recs[i].kind == KB_ACTIVITY_KERNEL) {
      *id = recs[i].stream_id;
      kernels++;
    }
  free(recs);
  kb_gpu_free(word);
  if (!bad && kernels != 1)
    snprintf(why, len, "%zu kernel records where kbench queued one to "
             "learn the default stream's id", kernels);
  return bad || kernels != 1 ? -1 : 0;
}

void kb_probe_attach(kb_probe *p, kb_gpu *g)
{
  char err[512];
  void *stream = kb_gpu_stream(g);
  p->have_stream_id = 0;
  p->stray_thread = 0;
  p->stray_what[0] = '\0';
  if (!p->cupti)
    return;
  if (!kb_gpu_timed_on_default(g)) {
    p->have_stream_id = kb_cupti_stream_id(p->cupti, stream, &p->stream_id,
                                           err, sizeof err) == KB_CUPTI_OK;
    return;
  }
  /* A default stream's id is fixed for the worker's thread: learnt once. */
  for (size_t i = 0; i < p->n_defaults; i++)
    if (p->defaults[i].stream == stream) {
      p->stream_id = p->defaults[i].id;
      p->have_stream_id = 1;
      return;
    }
  uint32_t id;
  if (default_stream_id(p, g, &id, p->default_why, sizeof p->default_why)
      || p->n_defaults == sizeof p->defaults / sizeof p->defaults[0])
    return;
  p->defaults[p->n_defaults].stream = stream;
  p->defaults[p->n_defaults++].id = id;
  p->stream_id = id;
  p->have_stream_id = 1;
}

void kb_probe_close(kb_probe *p)
{
  /* The config goes first, while its session lives: freeing it disables
  ** the range profiler it may be bound to.  (Between cases it stays:
  ** freeing a bound config and collecting again crashed the H100 check,
  ** bench/results/2026-11-23-h100-cupti.) */
  kb_cupti_config_free(p->config);
  kb_cupti_config_free(p->time_config);
  if (p->cupti)
    kb_cupti_close(p->cupti);
  memset(p, 0, sizeof *p);
}

int kb_probe_check(kb_probe *p, char *err, size_t len)
{
  if (!p->metrics_error[0])
    return 0;
  snprintf(err, len, "%s", p->metrics_error);
  /* Refused counters or no device: the timings still mean something. */
  return p->cupti || p->status == KB_CUPTI_NOT_BUILT ? -1 : 1;
}

/* What the run's copies and memsets move in device memory, from their
** activity records: a copy reads its source and writes its destination
** (host memory not counted), a memset writes.  kbench's own work in the
** window is a kernel (the cold flush). */
static void copy_traffic(kb_probe *p, const struct kb_activity *recs,
                         size_t n)
{
  p->copy_read = p->copy_write = 0;
  for (size_t i = 0; i < n; i++) {
    const struct kb_activity *a = &recs[i];
    if (a->kind != KB_ACTIVITY_MEMCPY && a->kind != KB_ACTIVITY_MEMSET)
      continue;
    p->copy_read += a->reads_device ? (double)a->bytes : 0;
    p->copy_write += a->writes_device ? (double)a->bytes : 0;
  }
}

int kb_probe_can_trace(const kb_probe *p)
{
  return p->cupti && p->have_stream_id;
}

void kb_probe_trace_begin(kb_probe *p, int count_copies)
{
  p->trace_why[0] = '\0';
  p->counting_copies = count_copies;
  if (count_copies) {
    p->copy_read = p->copy_write = -1; /* unknown until the records say */
    p->run_graphs = 0;
  }
  if (!p->cupti)
    snprintf(p->trace_why, sizeof p->trace_why, "%s", p->why);
  else if (!p->have_stream_id)
    snprintf(p->trace_why, sizeof p->trace_why, "CUPTI has no id for "
             "the timed stream%s%.400s", p->default_why[0] ? ": " : "",
             p->default_why);
  p->tracing = !p->trace_why[0]
               && kb_cupti_activity_begin(p->cupti, p->trace_why,
                                          sizeof p->trace_why) == KB_CUPTI_OK;
}

int kb_probe_trace_end(kb_probe *p, kb_case *c, int judge, kb_result *r)
{
  judge = judge && p->audit;
  if (!p->tracing) {
    if (judge)
      kb_result_missed(r, "stream audit", p->trace_why);
    return KBENCH_OK;      /* the host-timed check still runs */
  }
  p->tracing = 0;
  struct kb_activity *recs = NULL;
  size_t n = 0, dropped = 0;
  char why[512];
  if (kb_cupti_activity_end(p->cupti, &recs, &n, &dropped, why, sizeof why)
      != KB_CUPTI_OK) {
    if (judge)
      kb_result_missed(r, "stream audit", why);
    return KBENCH_OK;
  }
  int status = KBENCH_OK;
  kb_order_finding f;
  if (p->counting_copies) {
    copy_traffic(p, recs, n);
    for (size_t i = 0; i < n; i++)
      p->run_graphs |= recs[i].graph_id != 0;
  }
  if (judge && dropped)
    kb_result_missed(r, "stream audit",
                     "CUPTI dropped activity records of the run");
  else if (judge) {
    int found = kb_stream_order_judge(recs, n, p->stream_id, &f, why,
                                      sizeof why);
    if (found < 0)
      kb_result_missed(r, "stream audit", why);
    else if (found) {
      kb_stream_order_text(&f, p->stream_id, c->message, sizeof c->message);
      status = KBENCH_ERROR;
      /* Another thread's work, and none of the run's own. */
      if (f.stray && !f.own && !p->stray_thread) {
        char op[128];
        kb_stream_order_op(f.stray, op, sizeof op);
        p->stray_thread = f.stray->thread_id;
        snprintf(p->stray_what, sizeof p->stray_what, "%s on stream %u", op,
                 f.stray->stream_id);
      }
    }
  }
  free(recs);
  return status;
}

typedef struct run_ctx {
  kb_case *c;
  void *state;
} run_ctx;

static int run_once(void *ctx, char *err, size_t len)
{
  run_ctx *r = ctx;
  if (kb_case_run(r->c, r->state) != KBENCH_OK) {
    snprintf(err, len, "run failed: %s", r->c->message);
    return -1;
  }
  return 0;
}

/* A read-only L2 flush: a memset would leave dirty lines that the next
** run writes back, counted as its DRAM writes. */
static int flush_l2(void *ctx, char *err, size_t len)
{
  run_ctx *r = ctx;
  return kb_gpu_demote_persisting(r->c->gpu, err, len)
         || kb_gpu_flush_l2(r->c->gpu, err, len) ? -1 : 0;
}

static void note(kb_result *r, const char *what, const char *why)
{
  if (!r->counters_note[0])
    snprintf(r->counters_note, sizeof r->counters_note, "%s: %.220s", what,
             why);
}

/* The shown metrics of one collected run, per kernel and in total. */
static kb_counters *counters_of(const kb_probe *p,
                                const struct kb_cupti_values *v)
{
  kb_counters *k = calloc(1, sizeof *k);
  struct kb_launch_info *launch = calloc(v->nkernels ? v->nkernels : 1,
                                         sizeof *launch);
  if (!k || !launch) {
    free(k);
    free(launch);
    return NULL;
  }
  k->n_metrics = p->list.n;
  k->n_launched = v->nkernels;
  k->n_kernels = v->nkernels < KB_COUNTER_KERNELS ? v->nkernels
                                                  : KB_COUNTER_KERNELS;
  k->passes = v->passes;
  for (size_t m = 0; m < k->n_metrics; m++) {
    snprintf(k->names[m], sizeof k->names[m], "%s", p->list.shown[m].name);
    snprintf(k->units[m], sizeof k->units[m], "%s", p->list.shown[m].unit);
  }
  for (size_t i = 0; i < v->nkernels; i++)
    launch[i] = v->kernels[i].launch;
  for (size_t i = 0; i < k->n_kernels; i++) {
    snprintf(k->kernels[i], sizeof k->kernels[i], "%s", v->kernels[i].name);
    kb_metrics_evaluate(&p->list, v->values + i * v->ncounters, &launch[i],
                        k->values[i]);
  }
  /* kb_metrics_total reads rows of the list's own counters: the audit's
  ** DRAM counters, appended to the config, are left out. */
  size_t nc = p->list.ncounters;
  double *rows = malloc((v->nkernels ? v->nkernels : 1) * (nc ? nc : 1)
                        * sizeof *rows);
  if (!rows) {
    free(k);
    free(launch);
    return NULL;
  }
  for (size_t i = 0; i < v->nkernels; i++)
    for (size_t c = 0; c < nc; c++)
      rows[i * nc + c] = v->values[i * v->ncounters + c];
  kb_metrics_total(&p->list, rows, launch, v->nkernels, k->total);
  free(rows);
  free(launch);
  return k;
}

/* The counters of one run; 0 with the DRAM bytes in *rd and *wr when the
** audit's counters rode along, else -1. */
static int collect_counters(kb_probe *p, run_ctx *ctx, kb_result *r,
                            double *rd, double *wr)
{
  struct kb_cupti_values v;
  char err[512];
  /* A worker's first collection counts about 25 MB of DRAM writes that no
  ** kernel made (reduce_vec4 on the H100: 25.3 MB, against 0.06 MB in
  ** ncu and in every later collection): it is made once and thrown away. */
  int tries = p->collected ? 1 : 2;
  for (int t = 0; t < tries; t++) {
    if (t)
      kb_cupti_values_free(&v);
    int st = kb_cupti_collect(p->cupti, p->config, KB_CUPTI_REPLAY_USER,
                              run_once, flush_l2, ctx, &v, err, sizeof err);
    kb_probe_collected(p, st);
    if (st != KB_CUPTI_OK) {
      note(r, "counters", err);
      return -1;
    }
  }
  p->collected = 1;
  if (!(r->counters = counters_of(p, &v)))
    note(r, "counters", "out of host memory");
  int have = p->dram_read_at >= 0 && p->dram_write_at >= 0;
  if (have) {
    *rd = v.total[p->dram_read_at];
    *wr = v.total[p->dram_write_at];
  }
  kb_cupti_values_free(&v);
  return have ? 0 : -1;
}

/* What DRAM moved in one run, against the claim: flagged when the claim
** exceeds it by more than 10% plus the L2 (which may have held part of
** the input from the run before). */
static int audited(const run_ctx *ctx, const kb_result *r)
{
  const kbench_device *d = &ctx->c->device;
  double claimed = (double)r->bytes.read + (double)r->bytes.written;
  return r->bytes.memory == KBENCH_MEM_GLOBAL && d->l2_bytes > 0
         && claimed >= (double)KB_AUDIT_L2_TIMES * d->l2_bytes;
}

/* rd < 0: count them now, in a pass of the audit's own. */
static void audit_bytes(kb_probe *p, run_ctx *ctx, const kb_measure_cfg *cfg,
                        kb_result *r, double rd, double wr)
{
  const kbench_device *d = &ctx->c->device;
  double claimed = (double)r->bytes.read + (double)r->bytes.written;
  char err[512];
  if (rd < 0) {
    int st = kb_cupti_dram_bytes(p->cupti, run_once, flush_l2, ctx, &rd, &wr,
                                 err, sizeof err);
    kb_probe_collected(p, st);
    /* A range around the run: per-kernel ranges fail after it in this
    ** process, so where they come next the worker ends (probe.h). */
    if (cfg->kernel_time || cfg->metrics[0])
      p->broken = 1;
    if (st != KB_CUPTI_OK) {
      kb_result_missed(r, "bytes audit", err);
      return;
    }
  }
  r->dram_read = rd;
  r->dram_write = wr;
  r->claim_flagged = claimed > 1.1 * (rd + wr) + d->l2_bytes;
  if (r->claim_flagged && cfg->strict) {
    char what[160];
    kb_audit_text(r, what, sizeof what);
    r->verdict = KB_ERROR;
    snprintf(r->stage, sizeof r->stage, "bytes audit");
    snprintf(r->message, sizeof r->message, "the case %s (--strict)", what);
  }
}

/* The bytes audit of a cold run's reads (model/result.h), from the DRAM
** bytes a pass already counted (read < 0: none was made, and none is
** made for it).  A case the claim rule flagged stays flagged by it. */
static void audit_reads(const kb_measure_cfg *cfg, kb_result *r,
                        double read, double written)
{
  double claimed = (double)r->bytes.read;
  if (r->dram_read >= 0) {
    read = r->dram_read;
    written = r->dram_write;
  }
  if (read < 0 || r->bytes.memory != KBENCH_MEM_GLOBAL
      || claimed < KB_AUDIT_READ_MIN)
    return;
  r->dram_read = read;
  r->dram_write = written;
  if (r->claim_flagged || !kb_audit_reads_short(claimed, read))
    return;
  r->claim_flagged = r->reads_flagged = 1;
  if (cfg->strict) {
    char what[160];
    kb_audit_text(r, what, sizeof what);
    r->verdict = KB_ERROR;
    snprintf(r->stage, sizeof r->stage, "bytes audit");
    snprintf(r->message, sizeof r->message, "the case %s (--strict)", what);
  }
}

/* Whether the device's counters can be had now.  With --metrics a profiler
** held by another process is waited for, once per worker and up to the
** lock timeout: another kbench's run ends, DCGM's hold does not. */
static int counters_ready(kb_probe *p, kb_case *c, const kb_measure_cfg *cfg,
                          int wait, char *why, size_t len)
{
  int st = kb_cupti_counters_ready(p->cupti, why, len);
  if (st != KB_CUPTI_BUSY || !wait || p->waited)
    return st == KB_CUPTI_OK;
  p->waited = 1;
  kb_case_enter(c, "waiting for the GPU's profiler");
  if (c->on_wait)
    c->on_wait(c->stage_ctx, "another process's profiler session (another "
               "kbench, ncu, Nsight Systems, or DCGM's profiling metrics: "
               "'dcgmi profile --pause')");
  double t0 = kb_host_clock_s();
  do
    nanosleep(&(struct timespec){0, 500000000}, NULL);
  while ((st = kb_cupti_counters_ready(p->cupti, why, len)) == KB_CUPTI_BUSY
         && kb_host_clock_s() - t0 < cfg->lock_timeout);
  if (c->on_wait)
    c->on_wait(c->stage_ctx, NULL);
  return st == KB_CUPTI_OK;
}

/* --strict: a case whose audit could not be made is not a pass. */
static void strict_audit(const kb_measure_cfg *cfg, kb_result *r)
{
  if (!cfg->strict || !r->unaudited || r->verdict != KB_PASS)
    return;
  r->verdict = KB_ERROR;
  snprintf(r->stage, sizeof r->stage, "audit");
  snprintf(r->message, sizeof r->message, "unaudited (--strict): %s",
           r->audit_note);
}

/* A region's case keeps its events' time: the kernel-time pass's numbers
** are of whole runs (kb_probe_case). */
static void drop_kernel_time(kb_result *r)
{
  free(r->kernel_samples);
  r->kernel_samples = NULL;
  r->kernels_per_run = 0;
  memset(&r->kernel_stats, 0, sizeof r->kernel_stats);   /* n: none */
  snprintf(r->kernel_note, sizeof r->kernel_note, "the run has a timed "
           "region (timer_start, timer_stop), and kernel time's pass "
           "counts whole runs");
}

/* A collection's DRAM bytes (*rd < 0: none) with the run's copies and
** memsets added, as their activity records give them: the collections'
** ranges are the run's kernels, so a copy engine's traffic is in none of
** them (memcpy_d2d "moved 0 bytes" and was flagged). */
static void add_copies(const kb_probe *p, double *rd, double *wr)
{
  if (*rd >= 0 && p->copy_read >= 0) {
    *rd += p->copy_read;
    *wr += p->copy_write;
  }
}

void kb_probe_case(kb_probe *p, kb_case *c, void *state,
                   const kb_measure_cfg *cfg, kb_result *r)
{
  if (!c->gpu || r->verdict != KB_PASS)
    return;
  int timed = cfg->kernel_time;
  if (cfg->profile) {
    if (timed)
      snprintf(r->kernel_note, sizeof r->kernel_note, "none under --profile");
    return;
  }
  /* The pass counts every kernel of a run: of a run with a timed region
  ** (ABI 1.2) it would count the preparation the region leaves out, so
  ** such a case is judged by its events, which bound the region.  The pass
  ** still runs, for the DRAM bytes the audit takes from it: an audit
  ** binding a config of its own after the pass's fails at PushRange
  ** (INVALID_PARAMETER) and leaves the profiler unusable for the cases
  ** after it (seen on the H100, gpu_region in tests/shell/gpu.sh). */
  int region = timed && r->timed_region;
  run_ctx ctx = {c, state};
  int count = cfg->metrics[0] != 0;
  int audit = cfg->audit && audited(&ctx, r);
  char why[512];
  if (!p->cupti || ((count || audit || timed)
                    && !counters_ready(p, c, cfg, count, why, sizeof why))) {
    const char *reason = p->cupti ? why : p->why;
    if (count)
      note(r, "no counters", reason);
    if (audit)
      kb_result_missed(r, "bytes audit", reason);
    if (timed)
      snprintf(r->kernel_note, sizeof r->kernel_note, "%.250s", reason);
    strict_audit(cfg, r);
    return;
  }
  if (count && !p->config) {
    note(r, "no counters", p->metrics_error);
    count = 0;
  }
  double rd = -1, wr = -1;
  if (timed) {
    kb_kernel_pass(p, c, state, cfg, r, &rd, &wr);
    add_copies(p, &rd, &wr);
    if (region)
      drop_kernel_time(r);
  }
  if (count || audit) {
    kb_case_enter(c, "counters");
    /* With --metrics the audit takes its bytes from that collection (a
    ** failed one leaves none) and binds no config of its own: a second
    ** config after the counters' fails (PushRange: INVALID_PARAMETER, on
    ** the H200 too).  Without, from the kernel-time pass when it counted
    ** them, else from a pass of the audit's own. */
    int collected = 0;
    if (count) {
      rd = wr = -1;
      collected = collect_counters(p, &ctx, r, &rd, &wr) == 0;
      if (collected)
        add_copies(p, &rd, &wr);
    }
    if (audit && count && !collected)
      kb_result_missed(r, "bytes audit", r->counters_note);
    else if (audit)
      audit_bytes(p, &ctx, cfg, r, rd, wr);
  }
  if (cfg->audit && cfg->mode == KB_MODE_COLD && r->verdict == KB_PASS)
    audit_reads(cfg, r, rd, wr);
  /* A run that failed under the profiler leaves the stream in an unknown
  ** state: wait, and keep the error in the note. */
  if ((count || audit || timed) && kb_gpu_sync(c->gpu, why, sizeof why))
    note(r, "after the counted runs", why);
  strict_audit(cfg, r);
  kb_kernel_pass_rest(p, cfg);
}
