/* A result as one entry of a results file, key by key from its table
** (entry.h). */
#include <string.h>

#include "results/entry.h"
#include "results/json_write.h"

/* The key of a field by its rule: 1 when its value is to follow, else 0
** with null or zero written, or no key at all. */
static int key_for(FILE *f, const kb_result *r, const char *key, int rule,
                   double v, const char *zero)
{
  if (!key)
    return 0;
  int shown = kb_rule_shown(r, rule, v);
  if (shown == KB_SHOWN_NONE)
    return 0;
  kb_jw_key(f, key);
  if (shown == KB_SHOWN_VALUE)
    return 1;
  fputs(shown == KB_SHOWN_ZERO ? zero : "null", f);
  return 0;
}

/* One writer a TYPE of the table. */
static void write_F64(FILE *f, const kb_result *r, const char *key,
                      int rule, double v)
{
  if (key_for(f, r, key, rule, v, "0"))
    kb_jw_number(f, v);
}

static void write_U64(FILE *f, const kb_result *r, const char *key,
                      int rule, uint64_t v)
{
  if (key_for(f, r, key, rule, (double)v, "0"))
    fprintf(f, "%llu", (unsigned long long)v);
}

static void write_SIZE(FILE *f, const kb_result *r, const char *key,
                       int rule, size_t v)
{
  write_U64(f, r, key, rule, v);
}

static void write_UINT(FILE *f, const kb_result *r, const char *key,
                       int rule, unsigned v)
{
  write_U64(f, r, key, rule, v);
}

static void write_BOOL(FILE *f, const kb_result *r, const char *key,
                       int rule, int v)
{
  if (key_for(f, r, key, rule, v, "false"))
    fputs(v ? "true" : "false", f);
}

static void write_STR(FILE *f, const kb_result *r, const char *key,
                      int rule, const char *s)
{
  if (key_for(f, r, key, rule, s && *s, "\"\""))
    kb_jw_string(f, s);
}

#define write_OWNSTR write_STR

static void write_TEXT(FILE *f, const kb_result *r, const char *key,
                       int rule, void (*text)(const kb_result *, char *,
                                              size_t))
{
  char buf[KB_MESSAGE_LEN + 64];
  text(r, buf, sizeof buf);
  write_STR(f, r, key, rule, buf);
}

/* An int by its name. */
#define write_VERDICT(f, r, key, rule, v) \
  write_STR(f, r, key, rule, kb_verdict_name(v))
#define write_STOP(f, r, key, rule, v) \
  write_STR(f, r, key, rule, kb_stop_name(v))
#define write_MEMORY(f, r, key, rule, v) \
  write_STR(f, r, key, rule, kb_memory_name(v))
#define write_TIME(f, r, key, rule, v) \
  write_STR(f, r, key, rule, kb_time_name(v))

static void write_array(FILE *f, const kb_result *r, const char *key,
                        int rule, const double *x, size_t n)
{
  if (!key_for(f, r, key, rule, (double)n, "[]"))
    return;
  fputc('[', f);
  for (size_t i = 0; i < n; i++) {
    fputs(i ? ", " : "", f);
    kb_jw_number(f, x[i]);
  }
  fputc(']', f);
}

/* --- the keys the table leaves to code ----------------------------------- */

/* Google Benchmark's: the name, its run, its repetition. */
static void hook_head(FILE *f, const kb_result *r, const kb_entry_about *a)
{
  (void)r;
  fputs("\"name\": ", f);
  kb_jw_string(f, a->name);
  kb_jw_key(f, "run_name");
  kb_jw_string(f, a->name);
  fprintf(f, ", \"run_type\": \"iteration\", \"repetitions\": %zu, "
          "\"repetition_index\": %zu, \"threads\": 1", a->reps, a->rep);
}

/* The device whose worker ran it, the variant and its parameters. */
static void hook_where(FILE *f, const kb_result *r, const kb_entry_about *a)
{
  static const char *const keys[] = {"device_name", "device_uuid",
                                     "device_pci_bus_id", "variant"};
  const char *const values[] = {a->device_name, a->device_uuid,
                                a->device_pci_bus_id, a->variant};
  (void)r;
  fprintf(f, ", \"device_ordinal\": %d", a->ordinal);
  kb_jw_strings(f, keys, values, 4);
  kb_jw_key(f, "params");
  if (a->params)
    a->params(f, a->ctx);
  else
    fputs("{}", f);
  kb_jw_key(f, "backend");
  kb_jw_string(f, a->backend);
}

/* The bandwidth against the device's: theoretical and measured copy. */
static void hook_peaks(FILE *f, const kb_result *r, const kb_entry_about *a)
{
  int global = r->verdict == KB_PASS && r->bytes.memory == KBENCH_MEM_GLOBAL;
  kb_jw_key(f, "pct_peak");
  kb_jw_number_or_null(f, 100 * r->gbps / a->peak_gbps,
                       global && a->peak_gbps > 0);
  kb_jw_key(f, "pct_copy_peak");
  kb_jw_number_or_null(f, 100 * r->gbps / a->copy_gbps,
                       global && a->copy_gbps > 0);
}

/*
** The counters, each a numeric field of the entry under its own name (as
** Google Benchmark writes user counters, so its compare.py and Bencher
** read them) and, with its unit and each kernel's value, in "metrics".
*/
static void hook_counters(FILE *f, const kb_result *r,
                          const kb_entry_about *a)
{
  const kb_counters *k = r->counters;
  (void)a;
  if (!k)
    return;
  for (size_t m = 0; m < k->n_metrics; m++) {
    kb_jw_key(f, k->names[m]);
    kb_jw_number(f, k->total[m]);
  }
  fprintf(f, ", \"metrics\": {\"kernels_launched\": %zu, \"passes\": %zu",
          k->n_launched, k->passes);
  for (size_t m = 0; m < k->n_metrics; m++) {
    kb_jw_key(f, k->names[m]);
    fputs("{\"unit\": ", f);
    kb_jw_string(f, k->units[m]);
    kb_jw_key(f, "value");
    kb_jw_number(f, k->total[m]);
    fputs(", \"kernels\": [", f);
    for (size_t i = 0; i < k->n_kernels; i++) {
      fputs(i ? ", {\"name\": " : "{\"name\": ", f);
      kb_jw_string(f, k->kernels[i]);
      kb_jw_key(f, "value");
      kb_jw_number(f, k->values[i][m]);
      fputc('}', f);
    }
    fputs("]}", f);
  }
  fputc('}', f);
}

/* --- the entry ----------------------------------------------------------- */

#define WRITE_F(m, type, key, unit, rule, init) \
  write_##type(f, r, key, KB_RULE_##rule, r->m);
#define WRITE_S(m, size, key, rule) write_STR(f, r, key, KB_RULE_##rule, r->m);
#define WRITE_P(id, path, type, key, unit, rule, init) \
  write_##type(f, r, key, KB_RULE_##rule, r->path);
#define WRITE_A(m, n, store, key, unit, rule) \
  write_array(f, r, key, KB_RULE_##rule, r->m, r->n);
#define WRITE_D(id, type, expr, key, unit, rule) \
  write_##type(f, r, key, KB_RULE_##rule, expr);
#define WRITE_H(id) hook_##id(f, r, a);
void kb_entry_write(FILE *f, const kb_result *r, const kb_entry_about *a)
{
  fputc('{', f);
  KB_RESULT_FIELDS(WRITE_F, WRITE_S, WRITE_P, WRITE_A, WRITE_D, WRITE_H)
  if (a->more)
    a->more(f, a->ctx);
  fputc('}', f);
}
