/* --metrics=LIST: parse names and sets, validate against a metric table, suggest near names, evaluate. */
#include "model/metrics.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/nearest.h"

/* Counter names as CUPTI and ncu spell them on GH100 (each checked with the host API for chip
** GH100 and on the H100; see bench/results/2026-11-23-h100-cupti). */
#define DRAM_RD "dram__bytes_read.sum"
#define DRAM_WR "dram__bytes_write.sum"
#define L2_HIT "lts__t_sector_hit_rate.pct"
#define GLD_EFF "smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct"
#define GST_EFF "smsp__sass_average_data_bytes_per_sector_mem_global_op_st.pct"
#define GLD_SPR "l1tex__average_t_sectors_per_request_pipe_lsu_mem_global_op_ld.ratio"
#define GST_SPR "l1tex__average_t_sectors_per_request_pipe_lsu_mem_global_op_st.ratio"
#define GLD_SECT "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"
#define GLD_REQ "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"
#define GST_SECT "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum"
#define GST_REQ "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum"
#define SLD_INST "smsp__inst_executed_op_shared_ld.sum"
#define SST_INST "smsp__inst_executed_op_shared_st.sum"
#define SLD_WAVE "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"
#define SST_WAVE "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"
#define SLD_CONF "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"
#define SST_CONF "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"
#define OCC_PCT "sm__warps_active.avg.pct_of_peak_sustained_active"
#define OCC_WARPS "sm__warps_active.avg.per_cycle_active"
#define WARPS "smsp__warps_launched.sum"

static const struct kb_metric_builtin builtins[] = {
  {"kb__shared_ld_ways.ratio", "wavefront/request", KB_METRIC_DERIVED, SLD_WAVE, SLD_INST, 1, 0,
   "shared-load wavefronts per warp load instruction: the bank-conflict ways (1 = conflict-free)"},
  {"kb__shared_st_ways.ratio", "wavefront/request", KB_METRIC_DERIVED, SST_WAVE, SST_INST, 1, 0,
   "shared-store wavefronts per warp store instruction: the bank-conflict ways"},
  {"kb__shared_ld_conflicts_per_request.ratio", "conflict/request", KB_METRIC_DERIVED, SLD_CONF, SLD_INST, 1, 0,
   "shared-load bank conflicts per warp load instruction"},
  {"kb__shared_st_conflicts_per_request.ratio", "conflict/request", KB_METRIC_DERIVED, SST_CONF, SST_INST, 1, 0,
   "shared-store bank conflicts per warp store instruction"},
  {"kb__global_ld_sectors_per_request.ratio", "sector/request", KB_METRIC_DERIVED, GLD_SECT, GLD_REQ, 1, 0,
   "32-byte sectors per global-load request (4 = coalesced 4-byte loads, 16 = int4)"},
  {"kb__global_st_sectors_per_request.ratio", "sector/request", KB_METRIC_DERIVED, GST_SECT, GST_REQ, 1, 0,
   "32-byte sectors per global-store request"},
  {"launch__registers_per_thread", "register/thread", KB_METRIC_LAUNCH, NULL, NULL, 0,
   KB_LAUNCH_REGISTERS_PER_THREAD, "registers per thread (the kernel's activity record)"},
  {"launch__block_size", "thread", KB_METRIC_LAUNCH, NULL, NULL, 0, KB_LAUNCH_BLOCK_SIZE,
   "threads per block"},
  {"launch__grid_size", "block", KB_METRIC_LAUNCH, NULL, NULL, 0, KB_LAUNCH_GRID_SIZE, "blocks in the grid"},
  {"launch__shared_mem_per_block_static", "byte", KB_METRIC_LAUNCH, NULL, NULL, 0, KB_LAUNCH_SHARED_MEM_STATIC,
   "static shared memory per block"},
  {"launch__shared_mem_per_block_dynamic", "byte", KB_METRIC_LAUNCH, NULL, NULL, 0, KB_LAUNCH_SHARED_MEM_DYNAMIC,
   "dynamic shared memory per block"},
  {NULL, NULL, KB_METRIC_COUNTER, NULL, NULL, 0, 0, NULL},
};

static const char *const set_memory[] = {DRAM_RD, DRAM_WR, L2_HIT, GLD_EFF, GST_EFF, GLD_SPR, GST_SPR, NULL};
static const char *const set_smem[] = {SLD_INST, SST_INST, SLD_WAVE, SST_WAVE, SLD_CONF, SST_CONF,
                                       "kb__shared_ld_conflicts_per_request.ratio",
                                       "kb__shared_st_conflicts_per_request.ratio",
                                       "kb__shared_ld_ways.ratio", "kb__shared_st_ways.ratio", NULL};
static const char *const set_occupancy[] = {OCC_PCT, OCC_WARPS, WARPS, "launch__registers_per_thread",
                                            "launch__block_size", "launch__grid_size",
                                            "launch__shared_mem_per_block_static",
                                            "launch__shared_mem_per_block_dynamic", NULL};
/* What docs/catalogue.md's lesson table reads: conflict ways, sectors per request, DRAM bytes,
** load efficiency. Ratios of counts, so a run of several kernels still gets exact totals. */
static const char *const set_seed[] = {SLD_CONF, SST_CONF, "kb__shared_ld_ways.ratio", "kb__shared_st_ways.ratio",
                                       "kb__global_ld_sectors_per_request.ratio",
                                       "kb__global_st_sectors_per_request.ratio", DRAM_RD, DRAM_WR, GLD_EFF, NULL};
/* The bytes audit: one pass on GH100. */
static const char *const set_dram[] = {DRAM_RD, DRAM_WR, NULL};

static const struct kb_metric_set sets[] = {
  {"memory", "DRAM bytes, L2 hit rate, global load/store efficiency, sectors per request", set_memory},
  {"smem", "shared-memory requests, wavefronts, bank conflicts, conflicts per request, ways", set_smem},
  {"occupancy", "achieved occupancy, active warps, registers, launch shape", set_occupancy},
  {"seed", "what the catalogue's lesson table uses: conflict ways, sectors/request, DRAM bytes, load efficiency",
   set_seed},
  {"dram", "DRAM bytes read and written (the bytes audit, one pass)", set_dram},
  {NULL, NULL, NULL},
};

const struct kb_metric_set *kb_metric_sets(void) { return sets; }
const struct kb_metric_builtin *kb_metric_builtins(void) { return builtins; }

static const struct kb_metric_set *find_set(const char *name)
{
  for (const struct kb_metric_set *s = sets; s->name; s++)
    if (!strcmp(s->name, name)) return s;
  return NULL;
}

static const struct kb_metric_builtin *find_builtin(const char *name)
{
  for (const struct kb_metric_builtin *b = builtins; b->name; b++)
    if (!strcmp(b->name, name)) return b;
  return NULL;
}

static void copy(char *dst, size_t size, const char *src)
{
  snprintf(dst, size, "%s", src);
}

static int ends_with(const char *s, const char *tail)
{
  size_t n = strlen(s), m = strlen(tail);
  return n >= m && !strcmp(s + n - m, tail);
}

struct candidate {
  size_t distance, order;
  int check; /* from the table: confirm with lookup before offering it */
  char name[KB_METRIC_NAME_MAX];
};

static int by_distance(const void *pa, const void *pb)
{
  const struct candidate *a = pa, *b = pb;
  if (a->distance != b->distance) return a->distance < b->distance ? -1 : 1;
  return a->order < b->order ? -1 : a->order > b->order;
}

/* Distance of NAME to candidate C. A table name without a rollup is compared with NAME's part
** before its first '.', and offered with NAME's rollup appended. */
static void score(struct candidate *c, const char *name, const char *cand, size_t order, int check)
{
  const char *dot = strchr(name, '.');
  c->order = order;
  c->check = check;
  if (dot && !strchr(cand, '.')) {
    char base[KB_METRIC_NAME_MAX];
    size_t len = (size_t)(dot - name) < sizeof base - 1 ? (size_t)(dot - name) : sizeof base - 1;
    memcpy(base, name, len);
    base[len] = 0;
    c->distance = kb_edit_distance(base, cand);
    snprintf(c->name, sizeof c->name, "%s%s", cand, dot);
  } else {
    c->distance = kb_edit_distance(name, cand);
    copy(c->name, sizeof c->name, cand);
  }
}

/* The growing list of candidates. */
struct candidates {
  struct candidate *c;
  size_t n, cap;
};

/* Score CAND as the next candidate; 0 when the list cannot grow. */
static int add(struct candidates *l, const char *name, const char *cand, int check)
{
  if (l->n == l->cap) {
    size_t cap = l->cap ? 2 * l->cap : 64;
    struct candidate *more = realloc(l->c, cap * sizeof *more);
    if (!more) return 0;
    l->c = more, l->cap = cap;
  }
  score(&l->c[l->n], name, cand, l->n, check);
  l->n++;
  return 1;
}

size_t kb_metrics_suggest(const char *name, const struct kb_metric_table *table, char out[][KB_METRIC_NAME_MAX],
                          size_t max)
{
  size_t count = 0, n;
  struct candidates l = {NULL, 0, 0};
  if (max == 0) return 0;
  for (const struct kb_metric_set *s = sets; s->name; s++) add(&l, name, s->name, 0);
  for (const struct kb_metric_builtin *b = builtins; b->name; b++) add(&l, name, b->name, 0);
  for (size_t i = 0; table && table->name_at; i++) {
    const char *t = table->name_at(table->ctx, i);
    if (!t || !add(&l, name, t, 1)) break;
    /* The base is (nearly) right but the rollup may be wrong: offer the usual rollups too. */
    static const char *const rollups[] = {".sum", ".avg", ".max", ".min", ".pct", ".ratio"};
    if (strchr(name, '.') && !strchr(t, '.') && l.c[l.n - 1].distance <= 2)
      for (size_t r = 0; r < sizeof rollups / sizeof *rollups; r++) {
        char full[KB_METRIC_NAME_MAX];
        snprintf(full, sizeof full, "%s%s", t, rollups[r]);
        if (!add(&l, name, full, 1)) break;
      }
  }
  struct candidate *c = l.c;
  n = l.n;
  if (!c) return 0;
  qsort(c, n, sizeof *c, by_distance);
  /* Far-off names are noise: offer only those within a third of the name's length. */
  size_t limit = kb_nearest_limit(name);
  for (size_t i = 0; i < n && count < max && c[i].distance <= limit; i++) {
    int dup = 0;
    for (size_t j = 0; j < count; j++) dup |= !strcmp(out[j], c[i].name);
    char unit[KB_METRIC_UNIT_MAX];
    if (dup || (c[i].check && table->lookup && !table->lookup(table->ctx, c[i].name, unit, sizeof unit))) continue;
    copy(out[count++], KB_METRIC_NAME_MAX, c[i].name);
  }
  free(c);
  return count;
}

/* Index of COUNTER in list->counters, appended when new; -1 when the list is full. */
static int counter_index(struct kb_metric_list *list, const char *counter)
{
  for (size_t i = 0; i < list->ncounters; i++)
    if (!strcmp(list->counters[i], counter)) return (int)i;
  if (list->ncounters == KB_METRICS_MAX) return -1;
  copy(list->counters[list->ncounters], KB_METRIC_NAME_MAX, counter);
  return (int)list->ncounters++;
}

static int fail(char *err, size_t size, const char *fmt, const char *a, const char *b)
{
  if (err && size) snprintf(err, size, fmt, a, b);
  return -1;
}

/* Does the device collect COUNTER? UNIT gets its unit. Without a table a name that looks like
** a metric (unit__counter.rollup) passes. */
static int known_counter(const struct kb_metric_table *table, const char *counter, char *unit, size_t size)
{
  unit[0] = 0;
  if (!table || !table->lookup) return strstr(counter, "__") && strchr(counter, '.');
  return table->lookup(table->ctx, counter, unit, size);
}

static int unknown(const char *name, const struct kb_metric_table *table, char *err, size_t size)
{
  char near[3][KB_METRIC_NAME_MAX];
  size_t n = kb_metrics_suggest(name, table, near, 3);
  char hint[3 * KB_METRIC_NAME_MAX + 32] = "";
  for (size_t i = 0; i < n; i++)
    snprintf(hint + strlen(hint), sizeof hint - strlen(hint), "%s%s", i ? ", " : "; did you mean ", near[i]);
  if (!n) copy(hint, sizeof hint, "; --list-metrics lists the sets");
  return fail(err, size, "unknown metric '%s' (not a set, not kbench's, not collectable on this device)%s", name,
              hint);
}

static int add_one(struct kb_metric_list *list, const char *name, const struct kb_metric_table *table, char *err,
                   size_t size)
{
  for (size_t i = 0; i < list->n; i++)
    if (!strcmp(list->shown[i].name, name)) return 0;
  if (strlen(name) >= KB_METRIC_NAME_MAX) return fail(err, size, "metric name too long: '%.60s...'%s", name, "");
  if (list->n == KB_METRICS_MAX) return fail(err, size, "more than %s metrics asked for%s", "64", "");
  struct kb_metric m;
  memset(&m, 0, sizeof m);
  copy(m.name, sizeof m.name, name);
  m.num = m.den = -1;
  const struct kb_metric_builtin *b = find_builtin(name);
  if (b) {
    m.source = b->source;
    copy(m.unit, sizeof m.unit, b->unit);
    if (b->source == KB_METRIC_LAUNCH) {
      m.launch_field = b->launch_field;
    } else {
      char unit[KB_METRIC_UNIT_MAX];
      const char *parts[2] = {b->num, b->den};
      for (int k = 0; k < 2; k++)
        if (!known_counter(table, parts[k], unit, sizeof unit))
          return fail(err, size, "metric '%s' needs the counter %s, which this device does not have", name,
                      parts[k]);
      m.num = counter_index(list, b->num);
      m.den = counter_index(list, b->den);
      m.scale = b->scale;
      if (m.num < 0 || m.den < 0) return fail(err, size, "more than %s counters to collect (at '%s')", "64", name);
    }
  } else {
    if (!known_counter(table, name, m.unit, sizeof m.unit)) return unknown(name, table, err, size);
    m.source = KB_METRIC_COUNTER;
    m.additive = ends_with(name, ".sum");
    m.num = counter_index(list, name);
    if (m.num < 0) return fail(err, size, "more than %s counters to collect (at '%s')", "64", name);
  }
  list->shown[list->n++] = m;
  return 0;
}

int kb_metrics_parse(const char *text, const struct kb_metric_table *table, struct kb_metric_list *out, char *err,
                     size_t err_size)
{
  memset(out, 0, sizeof *out);
  if (err && err_size) err[0] = 0;
  if (!text) return fail(err, err_size, "--metrics needs a list of names%s%s", "", "");
  const char *p = text;
  for (;;) {
    const char *end = strchr(p, ',');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    while (len && isspace((unsigned char)*p)) p++, len--;
    while (len && isspace((unsigned char)p[len - 1])) len--;
    char name[KB_METRIC_NAME_MAX + 1];
    if (len == 0) return fail(err, err_size, "empty name in the metric list '%s'%s", text, "");
    if (len >= sizeof name) return fail(err, err_size, "metric name too long: '%.60s...'%s", p, "");
    memcpy(name, p, len);
    name[len] = 0;
    const struct kb_metric_set *set = find_set(name);
    if (set) {
      for (const char *const *m = set->members; *m; m++)
        if (add_one(out, *m, table, err, err_size)) return -1;
    } else if (add_one(out, name, table, err, err_size)) {
      return -1;
    }
    if (!end) break;
    p = end + 1;
  }
  return 0;
}

static double ratio(double num, double den, double scale)
{
  return den != 0 ? scale * num / den : NAN;
}

void kb_metrics_evaluate(const struct kb_metric_list *list, const double *counters, const struct kb_launch_info *launch,
                         double *out)
{
  for (size_t i = 0; i < list->n; i++) {
    const struct kb_metric *m = &list->shown[i];
    switch (m->source) {
    case KB_METRIC_COUNTER: out[i] = counters[m->num]; break;
    case KB_METRIC_DERIVED: out[i] = ratio(counters[m->num], counters[m->den], m->scale); break;
    case KB_METRIC_LAUNCH: out[i] = launch ? launch->v[m->launch_field] : NAN; break;
    }
  }
}

void kb_metrics_total(const struct kb_metric_list *list, const double *counters, const struct kb_launch_info *launch,
                      size_t nkernels, double *out)
{
  size_t nc = list->ncounters;
  double sum[KB_METRICS_MAX] = {0};
  for (size_t k = 0; k < nkernels; k++)
    for (size_t c = 0; c < nc; c++) sum[c] += counters[k * nc + c];
  for (size_t i = 0; i < list->n; i++) {
    const struct kb_metric *m = &list->shown[i];
    out[i] = NAN;
    if (nkernels == 0) continue;
    switch (m->source) {
    case KB_METRIC_COUNTER: out[i] = m->additive ? sum[m->num] : nkernels == 1 ? counters[m->num] : NAN; break;
    case KB_METRIC_DERIVED: out[i] = ratio(sum[m->num], sum[m->den], m->scale); break;
    case KB_METRIC_LAUNCH:
      if (!launch) break;
      out[i] = launch[0].v[m->launch_field];
      for (size_t k = 1; k < nkernels; k++)
        if (launch[k].v[m->launch_field] != out[i]) out[i] = NAN;
      break;
    }
  }
}
