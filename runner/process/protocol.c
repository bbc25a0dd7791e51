/*
** The messages between supervisor and worker, packed into wire frames
** (protocol.h).
*/
#include <stdlib.h>
#include <string.h>

#include "model/params.h"
#include "process/protocol.h"

void kb_msg_put_worker_cfg(kb_wbuf *b, const kb_worker_cfg *cfg)
{
  const kb_measure_cfg *m = &cfg->measure;
  kb_put_i64(b, m->mode);
  kb_put_u64(b, m->warmup);
  kb_put_u64(b, m->batch);
  kb_put_i64(b, m->hold);
  kb_put_i64(b, m->profile);
  kb_put_u64(b, m->criterion.min_samples);
  kb_put_u64(b, m->criterion.max_samples);
  kb_put_f64(b, m->criterion.min_time);
  kb_put_f64(b, m->criterion.max_noise);
  kb_put_f64(b, m->criterion.timeout);
  kb_put_f64(b, m->criterion.host_timeout);
  kb_put_str(b, m->metrics);
  kb_put_i64(b, m->audit);
  kb_put_i64(b, m->kernel_time);
  kb_put_i64(b, m->time);
  kb_put_u32(b, m->placements);
  kb_put_i64(b, m->rest_profiler);
  kb_put_i64(b, m->strict);
  kb_put_i64(b, m->energy);
  kb_put_f64(b, m->energy_time);
  kb_put_f64(b, m->lock_timeout);
  kb_put_f64(b, m->quiet_wait);
  kb_put_u32(b, m->lock_clocks);
  kb_put_u64(b, cfg->seed);
  kb_put_i64(b, cfg->device);
  kb_put_i64(b, cfg->calibrate);
  kb_put_i64(b, cfg->builtins);
  kb_put_u32(b, cfg->staging_threads);
  kb_put_i64(b, cfg->lock);
  kb_put_i64(b, cfg->worker_uid);
  kb_put_i64(b, cfg->contain);
}

int kb_msg_get_worker_cfg(kb_rbuf *r, kb_worker_cfg *cfg)
{
  kb_measure_cfg *m = &cfg->measure;
  memset(cfg, 0, sizeof *cfg);
  m->mode = (int)kb_get_i64(r);
  m->warmup = kb_get_u64(r);
  m->batch = kb_get_u64(r);
  m->hold = (int)kb_get_i64(r);
  m->profile = (int)kb_get_i64(r);
  m->criterion.min_samples = kb_get_u64(r);
  m->criterion.max_samples = kb_get_u64(r);
  m->criterion.min_time = kb_get_f64(r);
  m->criterion.max_noise = kb_get_f64(r);
  m->criterion.timeout = kb_get_f64(r);
  m->criterion.host_timeout = kb_get_f64(r);
  kb_get_str(r, m->metrics, sizeof m->metrics);
  m->audit = (int)kb_get_i64(r);
  m->kernel_time = (int)kb_get_i64(r);
  m->time = (int)kb_get_i64(r);
  m->placements = kb_get_u32(r);
  m->rest_profiler = (int)kb_get_i64(r);
  m->strict = (int)kb_get_i64(r);
  m->energy = (int)kb_get_i64(r);
  m->energy_time = kb_get_f64(r);
  m->lock_timeout = kb_get_f64(r);
  m->quiet_wait = kb_get_f64(r);
  m->lock_clocks = kb_get_u32(r);
  cfg->seed = kb_get_u64(r);
  cfg->device = (int)kb_get_i64(r);
  cfg->calibrate = (int)kb_get_i64(r);
  cfg->builtins = (int)kb_get_i64(r);
  cfg->staging_threads = kb_get_u32(r);
  cfg->lock = (int)kb_get_i64(r);
  cfg->worker_uid = kb_get_i64(r);
  cfg->contain = kb_get_i64(r) != 0;
  return r->bad || m->mode < 0 || m->mode > 2 ? -1 : 0;
}

void kb_msg_put_order(kb_wbuf *b, const kb_order *o)
{
  kb_put_u64(b, o->index);
  kb_put_u64(b, o->token);
  kb_put_str(b, o->path);
  kb_put_str(b, o->variant);
  kb_put_u32(b, o->cuda);
  kb_put_u32(b, o->n_values);
  for (uint32_t i = 0; i < o->n_values; i++)
    kb_put_i64(b, o->values[i]);
}

int kb_msg_get_order(kb_rbuf *r, kb_order *o)
{
  o->index = kb_get_u64(r);
  o->token = kb_get_u64(r);
  kb_get_str(r, o->path, sizeof o->path);
  kb_get_str(r, o->variant, sizeof o->variant);
  o->cuda = kb_get_u32(r) != 0;
  o->n_values = kb_get_u32(r);
  if (o->n_values > KB_MAX_PARAMS)
    return -1;
  for (uint32_t i = 0; i < o->n_values; i++)
    o->values[i] = kb_get_i64(r);
  return r->bad ? -1 : 0;
}

void kb_msg_put_device(kb_wbuf *b, const kb_device_report *d)
{
  const kbench_device *v = &d->dev;
  kb_put_str(b, v->name);
  kb_put_i64(b, v->ordinal);
  kb_put_i64(b, v->cc_major);
  kb_put_i64(b, v->cc_minor);
  kb_put_i64(b, v->sm_count);
  kb_put_i64(b, v->l2_bytes);
  kb_put_i64(b, v->max_threads_per_block);
  kb_put_i64(b, v->smem_per_block);
  kb_put_i64(b, v->smem_per_block_optin);
  kb_put_i64(b, v->mem_clock_khz);
  kb_put_i64(b, v->mem_bus_bits);
  kb_put_f64(b, v->peak_gbps);
  kb_put_u64(b, v->global_mem_bytes);
  kb_put_f64(b, d->floor_s);
  kb_put_f64(b, d->copy_gbps);
  kb_put_str(b, d->uuid);
  kb_put_str(b, d->pci_bus_id);
  kb_put_i64(b, d->driver_version);
  kb_put_i64(b, d->runtime_version);
  kb_put_str(b, d->warning);
  kb_put_str(b, d->kernel_note);
  kb_put_i64(b, d->clocks_locked);
  kb_put_u32(b, d->locked_sm_mhz);
  kb_put_u32(b, d->locked_mem_mhz);
  kb_put_str(b, d->clocks);
}

int kb_msg_get_device(kb_rbuf *r, kb_device_report *d)
{
  kbench_device *v = &d->dev;
  memset(d, 0, sizeof *d);
  v->size = sizeof *v;
  kb_get_str(r, v->name, sizeof v->name);
  v->ordinal = (int)kb_get_i64(r);
  v->cc_major = (int)kb_get_i64(r);
  v->cc_minor = (int)kb_get_i64(r);
  v->sm_count = (int)kb_get_i64(r);
  v->l2_bytes = (int)kb_get_i64(r);
  v->max_threads_per_block = (int)kb_get_i64(r);
  v->smem_per_block = (int)kb_get_i64(r);
  v->smem_per_block_optin = (int)kb_get_i64(r);
  v->mem_clock_khz = (int)kb_get_i64(r);
  v->mem_bus_bits = (int)kb_get_i64(r);
  v->peak_gbps = kb_get_f64(r);
  v->global_mem_bytes = (size_t)kb_get_u64(r);
  d->floor_s = kb_get_f64(r);
  d->copy_gbps = kb_get_f64(r);
  kb_get_str(r, d->uuid, sizeof d->uuid);
  kb_get_str(r, d->pci_bus_id, sizeof d->pci_bus_id);
  d->driver_version = (int)kb_get_i64(r);
  d->runtime_version = (int)kb_get_i64(r);
  kb_get_str(r, d->warning, sizeof d->warning);
  kb_get_str(r, d->kernel_note, sizeof d->kernel_note);
  d->clocks_locked = (int)kb_get_i64(r);
  d->locked_sm_mhz = kb_get_u32(r);
  d->locked_mem_mhz = kb_get_u32(r);
  kb_get_str(r, d->clocks, sizeof d->clocks);
  return r->bad ? -1 : 0;
}

void kb_msg_put_count(kb_wbuf *b, int count, const char *why)
{
  kb_put_i64(b, count);
  kb_put_str(b, why);
}

int kb_msg_get_count(kb_rbuf *r, int *count, char *why, size_t len)
{
  int64_t n = kb_get_i64(r);
  kb_get_str(r, why, len);
  *count = n >= 0 && n <= INT32_MAX ? (int)n : -1;
  return r->bad || *count < 0 ? -1 : 0;
}

void kb_msg_put_checked(kb_wbuf *b, int verdict, const char *why)
{
  kb_put_i64(b, verdict);
  kb_put_str(b, why);
}

int kb_msg_get_checked(kb_rbuf *r, int *verdict, char *why, size_t len)
{
  *verdict = (int)kb_get_i64(r);
  kb_get_str(r, why, len);
  return r->bad || *verdict < -1 || *verdict > 1 ? -1 : 0;
}

/* A result's counters: their count first, 0 for none. */
static void put_counters(kb_wbuf *b, const kb_counters *k)
{
  kb_put_u64(b, k ? k->n_metrics : 0);
  if (!k)
    return;
  kb_put_u64(b, k->n_kernels);
  kb_put_u64(b, k->n_launched);
  kb_put_u64(b, k->passes);
  for (size_t m = 0; m < k->n_metrics; m++) {
    kb_put_str(b, k->names[m]);
    kb_put_str(b, k->units[m]);
    kb_put_f64(b, k->total[m]);
  }
  for (size_t i = 0; i < k->n_kernels; i++) {
    kb_put_str(b, k->kernels[i]);
    for (size_t m = 0; m < k->n_metrics; m++)
      kb_put_f64(b, k->values[i][m]);
  }
}

/* 0, or -1 when malformed or out of memory. */
static int get_counters(kb_rbuf *r, kb_counters **out)
{
  uint64_t n = kb_get_u64(r);
  *out = NULL;
  if (r->bad || n == 0)
    return r->bad ? -1 : 0;
  kb_counters *k = calloc(1, sizeof *k);
  if (!k)
    return -1;
  *out = k;
  k->n_metrics = n;
  k->n_kernels = kb_get_u64(r);
  k->n_launched = kb_get_u64(r);
  k->passes = kb_get_u64(r);
  if (r->bad || n > KB_METRICS_MAX || k->n_kernels > KB_COUNTER_KERNELS)
    return -1;
  for (size_t m = 0; m < k->n_metrics; m++) {
    kb_get_str(r, k->names[m], sizeof k->names[m]);
    kb_get_str(r, k->units[m], sizeof k->units[m]);
    k->total[m] = kb_get_f64(r);
  }
  for (size_t i = 0; i < k->n_kernels; i++) {
    kb_get_str(r, k->kernels[i], sizeof k->kernels[i]);
    for (size_t m = 0; m < k->n_metrics; m++)
      k->values[i][m] = kb_get_f64(r);
  }
  return r->bad ? -1 : 0;
}

/* An array of times: its length, then each. */
static void put_times(kb_wbuf *b, const double *x, size_t n)
{
  kb_put_u64(b, n);
  for (size_t i = 0; i < n; i++)
    kb_put_f64(b, x[i]);
}

/* *x malloc'd (NULL when empty) and *n: 0, or -1 when malformed or out of
** memory.  Each time is 8 bytes of what is left: a bound that needs no
** limit. */
static int get_times(kb_rbuf *r, double **x, size_t *n)
{
  uint64_t len = kb_get_u64(r);
  if (r->bad || len > r->left / sizeof(double))
    return -1;
  if (len && !(*x = malloc(len * sizeof **x)))
    return -1;
  *n = len;
  for (size_t i = 0; i < len; i++)
    (*x)[i] = kb_get_f64(r);
  return 0;
}

/* A result's fields, each by its type (model/result_fields.h).  An int
** travels as 64 bits, a count as 64 unsigned. */
#define put_F64 kb_put_f64
#define put_U64 kb_put_u64
#define put_SIZE kb_put_u64
#define put_UINT kb_put_u32
#define put_BOOL kb_put_i64
#define put_VERDICT kb_put_i64
#define put_STOP kb_put_i64
#define put_MEMORY kb_put_i64
#define put_TIME kb_put_i64
#define put_OWNSTR kb_put_str

/* Each 0, or -1 when the field cannot be kept (out of memory). */
static int get_F64(kb_rbuf *r, double *v) { *v = kb_get_f64(r); return 0; }
static int get_U64(kb_rbuf *r, uint64_t *v) { *v = kb_get_u64(r); return 0; }
static int get_SIZE(kb_rbuf *r, size_t *v) { *v = kb_get_u64(r); return 0; }
static int get_UINT(kb_rbuf *r, unsigned *v) { *v = kb_get_u32(r); return 0; }
static int get_int(kb_rbuf *r, int *v) { *v = (int)kb_get_i64(r); return 0; }
#define get_BOOL get_int
#define get_VERDICT get_int
#define get_STOP get_int
#define get_MEMORY get_int
#define get_TIME get_int

/* Owned text: NULL for none ("" on the wire); -1 out of memory. */
static int get_OWNSTR(kb_rbuf *r, char **v)
{
  *v = kb_get_strdup(r);
  if (*v && !**v) {
    free(*v);
    *v = NULL;
    return 0;
  }
  return *v || r->bad ? 0 : -1;
}

#define PUT_F(m, type, ...) put_##type(b, res->m);
#define PUT_S(m, ...) kb_put_str(b, res->m);
#define PUT_P(id, path, type, ...) put_##type(b, res->path);
#define PUT_A(m, n, ...) put_times(b, res->m, res->n);
void kb_msg_put_result(kb_wbuf *b, const kb_result *res)
{
  KB_RESULT_FIELDS(PUT_F, PUT_S, PUT_P, PUT_A, KB_ROW_SKIP, KB_ROW_SKIP)
  put_counters(b, res->counters);
}

/* Every field is read even after one fails: a malformed frame is
** refused whole, and whatever was allocated is freed with the result. */
#define GET_F(m, type, ...) bad |= get_##type(r, &res->m);
#define GET_S(m, ...) kb_get_str(r, res->m, sizeof res->m);
#define GET_P(id, path, type, ...) bad |= get_##type(r, &res->path);
#define GET_A(m, n, ...) bad |= get_times(r, &res->m, &res->n);
int kb_msg_get_result(kb_rbuf *r, kb_result *res)
{
  int bad = 0;
  memset(res, 0, sizeof *res);
  KB_RESULT_FIELDS(GET_F, GET_S, GET_P, GET_A, KB_ROW_SKIP, KB_ROW_SKIP)
  if (bad || get_counters(r, &res->counters) || r->bad
      || res->verdict < KB_PASS || res->verdict >= KB_VERDICTS
      || (unsigned)res->bytes.memory > KBENCH_MEM_SHARED) {
    kb_result_free(res);
    return -1;
  }
  return 0;
}

void kb_msg_put_plugin(kb_wbuf *b, const kb_plugin *p)
{
  kb_put_str(b, p->path);
  kb_put_u64(b, p->n_variants);
  for (size_t i = 0; i < p->n_variants; i++) {
    const kbench_variant *v = p->variants[i];
    kb_put_str(b, v->name);
    kb_put_str(b, v->summary);
    kb_put_str(b, v->origin);
    kb_put_i64(b, v->backend);
    kb_put_u32(b, v->n_params);
    for (uint32_t k = 0; k < v->n_params; k++) {
      const kbench_param *prm = kb_variant_param(p, v, k);
      kb_put_str(b, prm->name);
      kb_put_str(b, prm->help);
      kb_put_str(b, prm->dflt);
      kb_put_i64(b, prm->min);
      kb_put_i64(b, prm->max);
      kb_put_u32(b, prm->flags);
      kb_put_u32(b, prm->n_choices);
      for (uint32_t c = 0; c < prm->n_choices; c++)
        kb_put_str(b, prm->choices[c]);
    }
  }
}

static void free_params(kbench_param *params, uint32_t n)
{
  for (uint32_t k = 0; params && k < n; k++) {
    free((char *)params[k].name);
    free((char *)params[k].help);
    free((char *)params[k].dflt);
    for (uint32_t c = 0; params[k].choices && c < params[k].n_choices; c++)
      free((char *)params[k].choices[c]);
    free((char **)params[k].choices);
  }
  free(params);
}

/* An enumerated parameter's choices, each name checked: 0 or -1. */
static int get_choices(kb_rbuf *r, kbench_param *prm)
{
  uint32_t n = kb_get_u32(r);
  if (r->bad || n > KB_MAX_CHOICES)
    return -1;
  if (n == 0)
    return 0;
  char **choices = calloc(n, sizeof *choices);
  if (!choices)
    return -1;
  prm->choices = (const char *const *)choices;
  prm->n_choices = n;
  for (uint32_t c = 0; c < n; c++)
    if (!kb_param_name_ok(choices[c] = kb_get_strdup(r)))
      return -1;
  return 0;
}

static void free_variant(kbench_variant *v)
{
  if (!v)
    return;
  free((char *)v->name);
  free((char *)v->summary);
  free((char *)v->origin);
  free_params((kbench_param *)v->params, v->n_params);
  free(v);
}

void kb_msg_free_plugin(kb_plugin *p)
{
  for (size_t i = 0; p->variants && i < p->n_variants; i++)
    free_variant((kbench_variant *)p->variants[i]);
  free(p->variants);
  free((kbench_library *)p->lib);
  free(p->path);
  memset(p, 0, sizeof *p);
}

/* One variant's description; NULL when malformed or out of memory.  The
** names are checked again: the supervisor trusts no frame. */
static kbench_variant *get_variant(kb_rbuf *r)
{
  kbench_variant *v = calloc(1, sizeof *v);
  if (!v)
    return NULL;
  v->size = sizeof *v;
  v->name = kb_get_strdup(r);
  v->summary = kb_get_strdup(r);
  v->origin = kb_get_strdup(r);
  v->backend = (int)kb_get_i64(r);
  uint32_t n = kb_get_u32(r);
  if (r->bad || n > KB_MAX_PARAMS || !kb_param_name_ok(v->name)
      || (v->backend != KBENCH_BACKEND_HOST
          && v->backend != KBENCH_BACKEND_CUDA)) {
    free_variant(v);
    return NULL;
  }
  kbench_param *params = n ? calloc(n, sizeof *params) : NULL;
  if (n && !params) {
    free_variant(v);
    return NULL;
  }
  v->params = params;
  v->n_params = n;
  for (uint32_t k = 0; k < n; k++) {
    params[k].name = kb_get_strdup(r);
    params[k].help = kb_get_strdup(r);
    params[k].dflt = kb_get_strdup(r);
    params[k].min = kb_get_i64(r);
    params[k].max = kb_get_i64(r);
    params[k].flags = kb_get_u32(r);
    if (r->bad || !kb_param_name_ok(params[k].name)
        || get_choices(r, &params[k])) {
      free_variant(v);
      return NULL;
    }
  }
  return v;
}

int kb_msg_get_plugin(kb_rbuf *r, kb_plugin *p)
{
  memset(p, 0, sizeof *p);
  kbench_library *lib = calloc(1, sizeof *lib);
  p->lib = lib;
  p->path = kb_get_strdup(r);
  uint64_t n = kb_get_u64(r);
  /* The loader's bounds: a corrupt frame cannot make the supervisor
  ** allocate without limit. */
  if (!lib || r->bad || n == 0 || n > KB_MAX_VARIANTS)
    goto bad;
  lib->abi_major = KBENCH_ABI_MAJOR;
  lib->abi_minor = KBENCH_ABI_MINOR;
  lib->size = sizeof *lib;
  lib->variant_size = sizeof(kbench_variant);
  lib->param_size = sizeof(kbench_param);
  p->variants = calloc(n, sizeof *p->variants);
  if (!p->variants)
    goto bad;
  for (; p->n_variants < n; p->n_variants++)
    if (!(p->variants[p->n_variants] = get_variant(r)))
      goto bad;
  return 0;
bad:
  kb_msg_free_plugin(p);
  return -1;
}

void kb_token_begin(kb_wbuf *b, uint32_t type, uint64_t token)
{
  kb_wbuf_begin(b, type);
  kb_put_u64(b, token);
}
