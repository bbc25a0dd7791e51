/* A result as one entry of a results file, key by key from its table
** (entry.h). */
#include <string.h>

#include "results/entry.h"
#include "results/json_write.h"

/* The key of a field by its rule: 1 when its value is to follow, else 0
** with null or zero (zero) written, or no key at all. */
static int key_for(kb_jw *w, const kb_result *r, const char *key, int rule,
                   double v, void (*zero)(kb_jw *, const char *))
{
  if (!key)
    return 0;
  int shown = kb_rule_shown(r, rule, v);
  if (shown == KB_SHOWN_NONE)
    return 0;
  if (shown == KB_SHOWN_VALUE)
    return 1;
  if (shown == KB_SHOWN_ZERO)
    zero(w, key);
  else
    kb_jw_null(w, key);
  return 0;
}

/* What a key of each kind holds for "zero". */
static void zero_number(kb_jw *w, const char *key) { kb_jw_uint(w, key, 0); }
static void zero_bool(kb_jw *w, const char *key) { kb_jw_bool(w, key, 0); }
static void zero_string(kb_jw *w, const char *key)
{
  kb_jw_string(w, key, "");
}
static void zero_array(kb_jw *w, const char *key)
{
  kb_jw_array(w, key);
  kb_jw_end(w);
}

/* One writer a TYPE of the table. */
static void write_F64(kb_jw *w, const kb_result *r, const char *key,
                      int rule, double v)
{
  if (key_for(w, r, key, rule, v, zero_number))
    kb_jw_number(w, key, v);
}

static void write_U64(kb_jw *w, const kb_result *r, const char *key,
                      int rule, uint64_t v)
{
  if (key_for(w, r, key, rule, (double)v, zero_number))
    kb_jw_uint(w, key, v);
}

static void write_SIZE(kb_jw *w, const kb_result *r, const char *key,
                       int rule, size_t v)
{
  write_U64(w, r, key, rule, v);
}

static void write_UINT(kb_jw *w, const kb_result *r, const char *key,
                       int rule, unsigned v)
{
  write_U64(w, r, key, rule, v);
}

static void write_BOOL(kb_jw *w, const kb_result *r, const char *key,
                       int rule, int v)
{
  if (key_for(w, r, key, rule, v, zero_bool))
    kb_jw_bool(w, key, v);
}

static void write_STR(kb_jw *w, const kb_result *r, const char *key,
                      int rule, const char *s)
{
  if (key_for(w, r, key, rule, s && *s, zero_string))
    kb_jw_string(w, key, s ? s : "");
}

#define write_OWNSTR write_STR

static void write_TEXT(kb_jw *w, const kb_result *r, const char *key,
                       int rule, void (*text)(const kb_result *, char *,
                                              size_t))
{
  char buf[KB_MESSAGE_LEN + 64];
  text(r, buf, sizeof buf);
  write_STR(w, r, key, rule, buf);
}

/* An int by its name. */
#define write_VERDICT(w, r, key, rule, v) \
  write_STR(w, r, key, rule, kb_verdict_name(v))
#define write_STOP(w, r, key, rule, v) \
  write_STR(w, r, key, rule, kb_stop_name(v))
#define write_MEMORY(w, r, key, rule, v) \
  write_STR(w, r, key, rule, kb_memory_name(v))
#define write_TIME(w, r, key, rule, v) \
  write_STR(w, r, key, rule, kb_time_name(v))

static void write_array(kb_jw *w, const kb_result *r, const char *key,
                        int rule, const double *x, size_t n)
{
  if (!key_for(w, r, key, rule, (double)n, zero_array))
    return;
  kb_jw_array(w, key);
  for (size_t i = 0; i < n; i++)
    kb_jw_number(w, NULL, x[i]);
  kb_jw_end(w);
}

/* --- the keys the table leaves to code ----------------------------------- */

/* Google Benchmark's: the name, its run, its repetition. */
static void hook_head(kb_jw *w, const kb_result *r, const kb_entry_about *a)
{
  (void)r;
  kb_jw_string(w, "name", a->name);
  kb_jw_string(w, "run_name", a->name);
  kb_jw_string(w, "run_type", "iteration");
  kb_jw_uint(w, "repetitions", a->reps);
  kb_jw_uint(w, "repetition_index", a->rep);
  kb_jw_int(w, "threads", 1);
}

/* The device whose worker ran it, the variant and its parameters. */
static void hook_where(kb_jw *w, const kb_result *r, const kb_entry_about *a)
{
  (void)r;
  kb_jw_int(w, "device_ordinal", a->ordinal);
  kb_jw_string(w, "device_name", a->device_name);
  kb_jw_string(w, "device_uuid", a->device_uuid);
  kb_jw_string(w, "device_pci_bus_id", a->device_pci_bus_id);
  kb_jw_string(w, "variant", a->variant);
  kb_jw_object(w, "params");
  if (a->params)
    a->params(w, a->ctx);
  kb_jw_end(w);
  kb_jw_string(w, "backend", a->backend);
}

/*
** The counters, each a numeric field of the entry under its own name (as
** Google Benchmark writes user counters, so its compare.py and Bencher
** read them) and, with its unit and each kernel's value, in "metrics".
*/
static void hook_counters(kb_jw *w, const kb_result *r,
                          const kb_entry_about *a)
{
  const kb_counters *k = r->counters;
  (void)a;
  if (!k)
    return;
  for (size_t m = 0; m < k->n_metrics; m++)
    kb_jw_number(w, k->names[m], k->total[m]);
  kb_jw_object(w, "metrics");
  kb_jw_uint(w, "kernels_launched", k->n_launched);
  kb_jw_uint(w, "passes", k->passes);
  for (size_t m = 0; m < k->n_metrics; m++) {
    kb_jw_object(w, k->names[m]);
    kb_jw_string(w, "unit", k->units[m]);
    kb_jw_number(w, "value", k->total[m]);
    kb_jw_array(w, "kernels");
    for (size_t i = 0; i < k->n_kernels; i++) {
      kb_jw_object(w, NULL);
      kb_jw_string(w, "name", k->kernels[i]);
      kb_jw_number(w, "value", k->values[i][m]);
      kb_jw_end(w);
    }
    kb_jw_end(w);
    kb_jw_end(w);
  }
  kb_jw_end(w);
}

/* --- the entry ----------------------------------------------------------- */

#define WRITE_F(m, type, key, unit, rule, init) \
  write_##type(w, r, key, KB_RULE_##rule, r->m);
#define WRITE_S(m, size, key, out, rule) \
  write_STR(w, r, key, KB_RULE_##rule, r->m);
#define WRITE_P(id, path, type, key, unit, rule, init) \
  write_##type(w, r, key, KB_RULE_##rule, r->path);
#define WRITE_A(m, n, key, unit, rule) \
  write_array(w, r, key, KB_RULE_##rule, r->m, r->n);
#define WRITE_D(id, type, expr, key, unit, rule) \
  write_##type(w, r, key, KB_RULE_##rule, expr);
#define WRITE_H(id, ...) hook_##id(w, r, a);
void kb_entry_write(kb_jw *w, const kb_result *r, const kb_entry_about *a)
{
  const kb_peaks *peaks = &a->peaks;   /* the D rows' */
  kb_jw_object(w, NULL);
  KB_RESULT_FIELDS(WRITE_F, WRITE_S, WRITE_P, WRITE_A, WRITE_D, WRITE_H)
  if (a->more)
    a->more(w, a->ctx);
  kb_jw_end(w);
}
