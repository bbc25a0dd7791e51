/*
** Reading a results file for kbench compare and kbench fleet, with json-c.
** Read: the context's host_name, and its kbench.version, mode, launcher,
** interrupted, rank, local_rank, world_size and device (ordinal, name, uuid,
** pci_bus_id, global_mem_bytes) and devices (the same keys, one per
** device of kbench --devices); per entry its name, run_type, backend, its
** own device (device_ordinal, device_name, device_uuid,
** device_pci_bus_id, resolved within the file: see kb_res_device), and
** the fields of a result by their keys in its table (kb_entry_read,
** model/result_fields.h): the verdict (or Google Benchmark's
** error_occurred and skipped) with its stage and message (or
** error_message, skip_message); the times, the samples, else the median,
** else Google Benchmark's real_time in time_unit, one sample per entry,
** and kernel time, the busy samples, else the kernel median; the keys
** of the file's results format (format.h); the counts
** (results/counters.h): each "metrics" member whose name ends in .sum or
** that is a bank-conflict ways ratio (its value and unit),
** metrics.kernels_launched, and the bytes audit's DRAM bytes; the claim,
** the bytes read and written; the audits' findings (the claim flagged,
** with the audit's text, unaudited with its note); and the energy per run
** (each window's, else the one value) and the watts.
** Everything else is ignored, and
** every field but name may be missing, so plain Google Benchmark output
** compares too: its repetitions become the samples.  kbench compare
** refuses a file of several devices (kbench --devices): its entries share
** names.  json-c's tokener is
** used in its default, lenient mode because Google Benchmark writes NaN
** and Infinity for some counters; such values are dropped here.
*/
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <json.h>

#include "model/result.h"
#include "results/counters.h"
#include "results/entry.h"
#include "results/json_read.h"
#include "results/pooling.h"
#include "results/reader.h"
#include "results/format.h"

static int is_number(json_object *v)
{
  return v && (json_object_is_type(v, json_type_double)
               || json_object_is_type(v, json_type_int));
}

/* A finite number at key, in *out: 1, or 0 when there is none. */
static int get_number(json_object *obj, const char *key, double *out)
{
  json_object *v = kb_jget(obj, key);
  if (!is_number(v))
    return 0;
  *out = json_object_get_double(v);
  return isfinite(*out);
}

void kb_res_not_results(char *err, size_t elen, const char *path,
                        const char *found, ...)
{
  char what[256];
  va_list ap;
  va_start(ap, found);
  vsnprintf(what, sizeof what, found, ap);
  va_end(ap);
  snprintf(err, elen, "%s: not a kbench or Google Benchmark results file: "
           "found %s", path, what);
}

/* How a text that is not JSON begins: its first line, at most 30 bytes,
** each byte outside printable ASCII as '?'. */
static void beginning(const char *text, size_t len, char *buf, size_t blen)
{
  size_t n = 0;
  for (; n < len && n < 30 && n + 1 < blen && text[n] != '\n'; n++)
    buf[n] = text[n] >= 0x20 && text[n] < 0x7f ? text[n] : '?';
  buf[n] = '\0';
}

static char *slurp(const char *path, size_t *len, char *err, size_t elen)
{
  FILE *f = fopen(path, "rb");
  struct stat st;
  /* A folder opens for reading here and fails only to read; said as the
  ** Python tools (open(2)'s EISDIR) say it. */
  if (f && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    fclose(f);
    f = NULL;
    errno = EISDIR;
  }
  if (!f) {
    snprintf(err, elen, "cannot open %s: %s", path, strerror(errno));
    return NULL;
  }
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap + 1);
  while (buf) {
    n += fread(buf + n, 1, cap - n, f);
    if (n < cap)
      break;
    char *grown = realloc(buf, 2 * cap + 1);
    if (!grown) {
      free(buf);
      buf = NULL;
      break;
    }
    buf = grown;
    cap *= 2;
  }
  int failed = ferror(f);
  fclose(f);
  if (!buf || failed) {
    snprintf(err, elen, "cannot read %s: %s", path,
             buf ? strerror(EIO) : "out of memory");
    free(buf);
    return NULL;
  }
  buf[n] = '\0';
  *len = n;
  return buf;
}

static json_object *parse(const char *path, const char *text, size_t len,
                          char *err, size_t elen)
{
  if (len > (size_t)0x7ffffffe) {
    snprintf(err, elen, "%s: too large to read (%zu bytes)", path, len);
    return NULL;
  }
  json_tokener *tok = json_tokener_new();
  if (!tok) {
    snprintf(err, elen, "out of memory");
    return NULL;
  }
  /* The terminating NUL ends a number at the end of the text. */
  json_object *root = json_tokener_parse_ex(tok, text, (int)len + 1);
  enum json_tokener_error e = json_tokener_get_error(tok);
  size_t end = json_tokener_get_parse_end(tok);
  json_tokener_free(tok);
  if (!root || e != json_tokener_success) {
    /* Stopped past its last character: the text ends early (the NUL that
    ** closes it is read too). */
    size_t last = len;
    while (last > 0 && isspace((unsigned char)text[last - 1]))
      last--;
    char start[32];
    beginning(text, len, start, sizeof start);
    int early = e == json_tokener_continue || e == json_tokener_success
                || end >= last;
    kb_res_not_results(err, elen, path, "%s, beginning \"%s\"",
                       early ? "JSON that ends early" : "text that is not JSON",
                       start);
    json_object_put(root);
    return NULL;
  }
  for (size_t i = end; i < len; i++)
    if (!isspace((unsigned char)text[i])) {
      kb_res_not_results(err, elen, path, "JSON with more text after it, at "
                         "byte %zu", i);
      json_object_put(root);
      return NULL;
    }
  return root;
}

static int verdict_word(json_object *e, const char **unknown)
{
  const char *v = kb_jget_string(e, KB_KEY(verdict));
  *unknown = NULL;
  if (v) {
    int verdict = kb_verdict_parse(v);
    if (verdict >= 0)
      return verdict;
    *unknown = v;
    return KB_ERROR;
  }
  json_object *flag = kb_jget(e, KB_KEY(error_occurred));
  if (flag && json_object_get_boolean(flag))
    return KB_ERROR;
  flag = kb_jget(e, KB_KEY(skipped));
  if (flag && json_object_get_boolean(flag))
    return KB_SKIP;
  return KB_PASS;
}

/* A failure's stage and message, from kbench's fields or Google
** Benchmark's (error_message, skip_message); a crash's message names its
** stage already ("crashed: SIGSEGV in run"), so it has none here, as the
** writer's error_message gives it (kb_result_error_text). */
static void failure_of(json_object *e, int verdict, const char *unknown,
                       char *stage, size_t slen, char *message, size_t mlen)
{
  const char *st = verdict == KB_CRASH || unknown ? NULL
                   : kb_jget_string(e, KB_KEY(stage));
  const char *msg = kb_jget_string(e, KB_KEY(message));
  if (!msg || !*msg)
    msg = kb_jget_string(e, KB_KEY(error_message));
  if (!msg || !*msg)
    msg = kb_jget_string(e, KB_KEY(skip_message));
  snprintf(stage, slen, "%s", st ? st : "");
  if (unknown)
    snprintf(message, mlen, "unknown verdict '%s'", unknown);
  else
    snprintf(message, mlen, "%s", msg ? msg : "");
}

int kb_res_entry_verdict(json_object *e, char *stage, size_t slen,
                         char *message, size_t mlen)
{
  const char *unknown;
  int verdict = verdict_word(e, &unknown);
  failure_of(e, verdict, unknown, stage, slen, message, mlen);
  return verdict;
}

void kb_res_failure_text(const char *stage, const char *message, char *buf,
                         size_t len)
{
  if (stage[0] && message[0])
    snprintf(buf, len, "%s: %s", stage, message);
  else
    snprintf(buf, len, "%s", message);
}

static double unit_seconds(const char *unit)
{
  static const struct { const char *name; double s; } units[] = {
    {"ns", 1e-9}, {"us", 1e-6}, {"ms", 1e-3}, {"s", 1}};
  if (!unit)
    return 1e-9;    /* Google Benchmark's default */
  for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
    if (strcmp(unit, units[i].name) == 0)
      return units[i].s;
  return 0;
}

/* What e holds at key where a finite number should be, in words. */
static const char *no_number(json_object *e, const char *key)
{
  json_object *v = NULL;
  if (!json_object_object_get_ex(e, key, &v))
    return "missing";
  switch (json_object_get_type(v)) {     /* json-c's null is NULL */
  case json_type_null: return "null";
  case json_type_string: return "a string";
  case json_type_boolean: return "a boolean";
  case json_type_array: return "an array";
  case json_type_object: return "an object";
  default: return "not finite";
  }
}

/* Whether a time is at key: a finite number, or an array with one. */
static int timed_at(json_object *e, const char *key)
{
  json_object *v = kb_jget(e, key);
  double t;
  if (json_object_is_type(v, json_type_array)) {
    for (size_t k = 0; k < json_object_array_length(v); k++) {
      json_object *x = json_object_array_get_idx(v, k);
      if (is_number(x) && isfinite(json_object_get_double(x)))
        return 1;
    }
    return 0;
  }
  return get_number(e, key, &t);
}

int kb_res_entry_timed(json_object *e, int format, const char *path,
                       size_t i, char *err, size_t len)
{
  const char *name = kb_jget_string(e, "name");
  const char *judged = KB_KEY(time_median);
  json_object *v = kb_jget(e, judged);
  /* The judged median, the table's: a file of format 2 or later has it
  ** for every passed case. */
  if (format >= 2
      && !(is_number(v) && isfinite(json_object_get_double(v)))) {
    kb_res_not_results(err, len, path, "benchmarks[%zu] (\"%.80s\") that "
                       "passed with no numeric time: %s is %s", i,
                       name ? name : "", judged, no_number(e, judged));
    return -1;
  }
  /* A time to judge: its samples, else its median, else Google
  ** Benchmark's real_time in a time_unit known. */
  const char *unit = kb_jget_string(e, KB_KEY(time_unit));
  const char *median = kb_format_key(KB_FIELD_event_median, format);
  if (timed_at(e, KB_KEY(samples)) || timed_at(e, median)
      || (unit_seconds(unit) > 0 && timed_at(e, KB_KEY(real_time))))
    return 0;
  kb_res_not_results(err, len, path, "benchmarks[%zu] (\"%.80s\") that "
                     "passed with no numeric time (%s, %s or %s)", i,
                     name ? name : "", KB_KEY(samples), median,
                     KB_KEY(real_time));
  return -1;
}

/* A passed entry's samples: its own, else the one time it gives, its
** median or Google Benchmark's real_time in its time_unit.  0 or -1
** (memory). */
static int samples_of(json_object *e, kb_res_entry *x)
{
  kb_result *r = &x->res;
  double t, unit = unit_seconds(kb_jget_string(e, KB_KEY(time_unit)));
  if (r->n_samples)
    return 0;
  free(r->samples);
  if (!(r->samples = malloc(sizeof *r->samples)))
    return -1;
  if (x->given[KB_FIELD_event_median])
    r->samples[r->n_samples++] = r->stats.median;
  else if (unit > 0 && get_number(e, KB_KEY(real_time), &t))
    r->samples[r->n_samples++] = t * unit;
  return 0;
}

/* The entry's counts (see kb_res_counter): 0, or -1 when memory ran out. */
static int counters_of(json_object *e, kb_res_entry *x)
{
  json_object *m = kb_jget(e, "metrics");
  size_t cap = 3 + (m && json_object_is_type(m, json_type_object)
                    ? (size_t)json_object_object_length(m) : 0);
  x->counters = calloc(cap, sizeof *x->counters);
  if (!x->counters)
    return -1;
  kb_res_entry_counter *c = x->counters;
  double v;
  if (x->given[KB_FIELD_dram_read])
    c[x->n_counters++] = (kb_res_entry_counter){KB_KEY(dram_read), "byte",
                                                x->res.dram_read};
  if (x->given[KB_FIELD_dram_write])
    c[x->n_counters++] = (kb_res_entry_counter){KB_KEY(dram_write), "byte",
                                                x->res.dram_write};
  if (get_number(m, "kernels_launched", &v))
    c[x->n_counters++] = (kb_res_entry_counter){"kernels_launched",
                                                "kernel", v};
  if (m && json_object_is_type(m, json_type_object)) {
    json_object_object_foreach(m, key, val) {
      if (kb_res_is_count(key) && get_number(val, "value", &v))
        c[x->n_counters++] = (kb_res_entry_counter){
            key, kb_jget_string(val, "unit"), v};
    }
  }
  return 0;
}

/* The entry's audit note only where it went unaudited, as kbench writes
** one (kb_result_missed), so that the note its case pools (the first) is
** an unaudited entry's.  The bytes audit's text is no member: it is made
** again from the DRAM bytes (kb_audit_text). */
static void audit_of(kb_res_entry *x)
{
  if (!x->res.unaudited) {
    x->res.audit_note[0] = '\0';
    x->given[KB_FIELD_audit_note] = 0;
  }
}

/* The positive numbers of a[0..*n), kept in order in place. */
static void keep_positives(double *a, size_t *n)
{
  size_t kept = 0;
  for (size_t i = 0; i < *n; i++)
    if (a[i] > 0)
      a[kept++] = a[i];
  *n = kept;
}

/* A passed entry's kernel time per run: the positive busy times, else
** the kernel median.  0, or -1 (memory). */
static int kernel_of(kb_res_entry *x)
{
  kb_result *r = &x->res;
  keep_positives(r->kernel_samples, &r->kernel_stats.n);
  if (r->kernel_stats.n || !x->given[KB_FIELD_kernel_median]
      || !(r->kernel_stats.median > 0))
    return 0;
  double *one = realloc(r->kernel_samples, sizeof *one);
  if (!one)
    return -1;
  one[0] = r->kernel_stats.median;
  r->kernel_samples = one;
  r->kernel_stats.n = 1;
  return 0;
}

/* A failed entry's times are not the case's: none. */
static void no_times(kb_result *r)
{
  free(r->samples);
  free(r->kernel_samples);
  r->samples = r->kernel_samples = NULL;
  r->n_samples = r->kernel_stats.n = 0;
}

/* --energy's joules per run: each positive window's, else the entry's
** one value (energy_j_per_run).  0, or -1 (memory). */
static int energy_of(kb_res_entry *x)
{
  kb_result *r = &x->res;
  keep_positives(r->energy_windows, &r->energy_n_windows);
  if (r->energy_n_windows || !x->given[KB_FIELD_energy_j]
      || !(r->energy_j > 0))
    return 0;
  double *one = realloc(r->energy_windows, sizeof *one);
  if (!one)
    return -1;
  one[0] = r->energy_j;
  r->energy_windows = one;
  r->energy_n_windows = 1;
  return 0;
}

/* An integer at key in *out, else -1 there. */
static void get_count(json_object *obj, const char *key, int *out)
{
  double v;
  *out = get_number(obj, key, &v) && v >= 0 && v <= 1e9 ? (int)v : -1;
}

/* A copy of the string at key, or NULL when there is none: 0, or -1 when
** memory ran out. */
static int copy_string(json_object *obj, const char *key, char **out)
{
  const char *s = kb_jget_string(obj, key);
  return s && !(*out = strdup(s)) ? -1 : 0;
}

/* The device object d (context.kbench.device or one of its devices) in
** *out: 0, or -1 out of memory. */
static int read_device(json_object *d, kb_res_device *out)
{
  memset(out, 0, sizeof *out);
  out->ordinal = -1;
  if (!d || !json_object_is_type(d, json_type_object))
    return 0;
  out->known = 1;
  get_count(d, "ordinal", &out->ordinal);
  if (!get_number(d, "global_mem_bytes", &out->mem_bytes))
    out->mem_bytes = 0;
  return copy_string(d, "name", &out->name)
         || copy_string(d, "uuid", &out->uuid)
         || copy_string(d, "pci_bus_id", &out->pci_bus_id) ? -1 : 0;
}

static int read_devices(json_object *kb, kb_res_run *run)
{
  json_object *list = kb_jget(kb, "devices");
  size_t n = list && json_object_is_type(list, json_type_array)
             ? json_object_array_length(list) : 0;
  if (!n)
    return 0;
  if (!(run->devices = calloc(n, sizeof *run->devices)))
    return -1;
  for (size_t i = 0; i < n; i++, run->n_devices++)
    if (read_device(json_object_array_get_idx(list, i),
                    &run->devices[i]))
      return -1;
  return 0;
}

static int read_context(json_object *root, kb_res_run *run)
{
  json_object *ctx = kb_jget(root, "context"), *kb = kb_jget(ctx, "kbench");
  run->is_kbench = kb && json_object_is_type(kb, json_type_object);
  run->format = kb_results_format(root);
  get_count(kb, "rank", &run->rank);
  get_count(kb, "local_rank", &run->local_rank);
  get_count(kb, "world_size", &run->world_size);
  if (copy_string(ctx, "host_name", &run->host_name)
      || copy_string(kb, "version", &run->version)
      || copy_string(kb, "mode", &run->mode)
      || copy_string(kb, "launcher", &run->launcher)
      || copy_string(kb, "interrupted", &run->interrupted))
    return -1;
  return read_device(kb_jget(kb, "device"), &run->device)
         || read_devices(kb, run) ? -1 : 0;
}

static int same_string(const char *a, const char *b)
{
  return a && b && strcmp(a, b) == 0;
}

/* The file's own description of the device an entry names: the one of
** context.kbench.devices (or device) with its UUID, else with its
** ordinal; NULL when none. */
static json_object *described(json_object *root, const char *uuid,
                              int ordinal)
{
  json_object *kb = kb_jget(kb_jget(root, "context"), "kbench");
  json_object *list = kb_jget(kb, "devices"), *one = kb_jget(kb, "device");
  size_t n = list && json_object_is_type(list, json_type_array)
             ? json_object_array_length(list) : 0;
  for (size_t i = 0; i <= n; i++) {
    json_object *d = i < n ? json_object_array_get_idx(list, i) : one;
    int o;
    if (!d || !json_object_is_type(d, json_type_object))
      continue;
    get_count(d, "ordinal", &o);
    if (uuid ? same_string(kb_jget_string(d, "uuid"), uuid)
             : ordinal >= 0 && o == ordinal)
      return d;
  }
  return NULL;
}

int kb_res_entry_device(json_object *root, json_object *e, kb_res_device *d)
{
  const char *backend = kb_jget_string(e, "backend");
  const char *uuid = kb_jget_string(e, "device_uuid");
  int ordinal;
  get_count(e, "device_ordinal", &ordinal);
  if (backend && strcmp(backend, "host") == 0) {
    memset(d, 0, sizeof *d);
    d->host = 1;
    d->ordinal = ordinal;
    return 0;
  }
  int own = ordinal >= 0 || uuid || kb_jget_string(e, "device_name")
            || kb_jget_string(e, "device_pci_bus_id");
  json_object *desc = own ? described(root, uuid, ordinal)
                          : kb_jget(kb_jget(kb_jget(root, "context"),
                                            "kbench"), "device");
  if (read_device(desc, d))
    return -1;
  if (own && !desc) {       /* a device the context does not describe */
    d->known = 1;
    d->ordinal = ordinal;
    return copy_string(e, "device_name", &d->name)
           || copy_string(e, "device_uuid", &d->uuid)
           || copy_string(e, "device_pci_bus_id", &d->pci_bus_id) ? -1 : 0;
  }
  return 0;
}

static int read_entries(json_object *root, json_object *list, kb_res_run *run,
                        char *err, size_t elen)
{
  int format = run->format;
  size_t n = json_object_array_length(list), used = 0;
  kb_res_entry *es = calloc(n ? n : 1, sizeof *es);
  int rc = -1;
  if (!es) {
    snprintf(err, elen, "out of memory");
    return -1;
  }
  for (size_t i = 0; i < n; i++) {
    json_object *e = json_object_array_get_idx(list, i);
    const char *name = kb_jget_string(e, "name");
    if (!name || !*name) {
      kb_res_not_results(err, elen, run->path, "benchmarks[%zu] %s", i,
                         e && json_object_is_type(e, json_type_object)
                         ? "with no name" : "that is not an object");
      goto done;
    }
    /* Google Benchmark's mean, median and stddev rows restate the
    ** repetitions' own entries, which are pooled instead. */
    const char *type = kb_jget_string(e, "run_type");
    if (type && strcmp(type, "aggregate") == 0)
      continue;
    kb_res_entry *x = &es[used++];
    x->name = name;
    x->backend = kb_jget_string(e, "backend");
    x->order = i;
    if (kb_entry_read(e, format, &x->res, x->given)) {
      snprintf(err, elen, "out of memory");
      goto done;
    }
    kb_result *r = &x->res;
    r->verdict = kb_res_entry_verdict(e, r->stage, sizeof r->stage,
                                      r->message, sizeof r->message);
    /* A passed case with no time is a writer that broke, not a case to
    ** list as having no samples or a time of 0: a gate must not pass
    ** it. */
    if (r->verdict == KB_PASS
        && kb_res_entry_timed(e, format, run->path, i, err, elen))
      goto done;
    x->given[KB_FIELD_stage] = r->stage[0] != '\0';
    x->given[KB_FIELD_message] = r->message[0] != '\0';
    audit_of(x);
    if (x->res.verdict != KB_PASS)
      no_times(&x->res);
    if (kb_res_entry_device(root, e, &x->device) || energy_of(x)
        || (x->res.verdict == KB_PASS && (samples_of(e, x) || kernel_of(x)))
        || counters_of(e, x)) {
      snprintf(err, elen, "out of memory");
      goto done;
    }
  }
  /* No entries is a job that died before its first case. */
  if (!used) {
    kb_res_not_results(err, elen, run->path, n ? "a \"benchmarks\" list "
                       "of aggregates only" : "an empty \"benchmarks\" list");
    goto done;
  }
  if (kb_res_pool(es, used, run)) {
    snprintf(err, elen, "out of memory");
    goto done;
  }
  rc = 0;
done:
  for (size_t i = 0; i < used; i++)
    kb_res_entry_free(&es[i]);
  free(es);
  return rc;
}

json_object *kb_results_parse(const char *path, char *err, size_t len)
{
  size_t n;
  char *text = slurp(path, &n, err, len);
  if (!text)
    return NULL;
  json_object *root = parse(path, text, n, err, len);
  free(text);
  return root;
}

int kb_results_format(json_object *root)
{
  json_object *v = kb_jget(kb_jget(kb_jget(root, "context"), "kbench"),
                           "results_format");
  return v && json_object_is_type(v, json_type_int)
         && json_object_get_int(v) > 1 ? json_object_get_int(v) : 1;
}

int kb_res_load(const char *path, kb_res_run *run, char *err, size_t len)
{
  memset(run, 0, sizeof *run);
  json_object *root = kb_results_parse(path, err, len);
  if (!root)
    return -1;
  int rc = -1;
  json_object *list = kb_jget(root, "benchmarks");
  if (!(run->path = strdup(path)))
    snprintf(err, len, "out of memory");
  else if (!json_object_is_type(root, json_type_object)
           || !list || !json_object_is_type(list, json_type_array))
    kb_res_not_results(err, len, path, "JSON with no \"benchmarks\" list");
  else if (read_context(root, run))
    snprintf(err, len, "out of memory");
  else
    rc = read_entries(root, list, run, err, len);
  json_object_put(root);
  if (rc)
    kb_res_run_free(run);
  return rc;
}

void kb_res_entry_free(kb_res_entry *e)
{
  free(e->counters);
  kb_result_free(&e->res);
  kb_res_device_free(&e->device);
}

void kb_res_run_free(kb_res_run *run)
{
  for (size_t i = 0; i < run->n_cases; i++)
    kb_res_case_free(&run->cases[i]);
  free(run->cases);
  free(run->path);
  free(run->version);
  free(run->mode);
  free(run->host_name);
  free(run->launcher);
  free(run->interrupted);
  kb_res_device_free(&run->device);
  for (size_t i = 0; i < run->n_devices; i++)
    kb_res_device_free(&run->devices[i]);
  free(run->devices);
  memset(run, 0, sizeof *run);
}
