/* The results as JSON: Google Benchmark's schema with kbench's fields (results_json.h). */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "core/host_facts.h"
#include "output/csv.h"
#include "output/json_writer.h"
#include "output/replace.h"
#include "output/results_json.h"


/* --- the context ---------------------------------------------------------- */

/* A device's facts, the braces left to the caller. */
static void device_fields(FILE *f, const kb_device_report *d)
{
  const kbench_device *v = &d->dev;
  fputs("\"ordinal\": ", f);
  fprintf(f, "%d", v->ordinal);
  kb_jw_key(f, "name");
  kb_jw_string(f, v->name);
  kb_jw_key(f, "uuid");
  kb_jw_string(f, d->uuid);
  kb_jw_key(f, "pci_bus_id");
  kb_jw_string(f, d->pci_bus_id);
  fprintf(f, ", \"compute_capability\": \"%d.%d\", \"sm_count\": %d, "
          "\"l2_bytes\": %d, \"global_mem_bytes\": %zu, "
          "\"mem_clock_khz\": %d, \"mem_bus_bits\": %d, \"peak_gbps\": ",
          v->cc_major, v->cc_minor, v->sm_count, v->l2_bytes,
          v->global_mem_bytes, v->mem_clock_khz, v->mem_bus_bits);
  kb_jw_number(f, v->peak_gbps);
}

/* Every device of the run, with what was measured on it; one its worker
** never opened has its ordinal only, and nulls. */
static void devices_context(FILE *f, const kb_json *j)
{
  fputc('[', f);
  for (size_t i = 0; i < j->n_devices; i++) {
    const kb_run_device *d = &j->devices[i];
    fputs(i ? ", {" : "{", f);
    if (d->opened) {
      device_fields(f, &d->report);
      kb_jw_key(f, "launch_floor_s");
      kb_jw_number_or_null(f, d->report.floor_s, d->report.floor_s > 0);
      kb_jw_key(f, "copy_peak_gbps");
      kb_jw_number_or_null(f, d->report.copy_gbps, d->report.copy_gbps > 0);
    } else {
      fprintf(f, "\"ordinal\": %d, \"name\": null, \"uuid\": null, "
              "\"pci_bus_id\": null", d->ordinal);
    }
    fputc('}', f);
  }
  fputc(']', f);
}

/* The first device in the run's order that its worker opened, or NULL. */
static const kb_device_report *first_opened(const kb_json *j)
{
  for (size_t i = 0; i < j->n_devices; i++)
    if (j->devices[i].opened)
      return &j->devices[i].report;
  return NULL;
}

/* Which process of a job wrote the file (kbench fleet tells GPUs apart by
** host, rank and device); a process on its own is rank 0 of 1. */
static void launch_context(FILE *f, const kb_launch *l)
{
  kb_jw_key(f, "launcher");
  if (l->launcher)
    kb_jw_string(f, l->launcher);
  else
    fputs("null", f);
  fprintf(f, ", \"rank\": %d", l->rank);
  kb_jw_key(f, "local_rank");
  kb_jw_number_or_null(f, l->local_rank, l->local_rank >= 0);
  kb_jw_key(f, "world_size");
  kb_jw_number_or_null(f, l->world_size, l->world_size >= 0);
}

static void context(const kb_json *j, FILE *f)
{
  const kb_options *o = j->o;
  const kb_criterion_cfg *k = &o->measure.criterion;
  const kb_device_report *d = first_opened(j);
  char host[256] = "", exe[4096] = "";
  gethostname(host, sizeof host - 1);
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  exe[n > 0 ? n : 0] = '\0';
  fputs("\"context\": {\"date\": ", f);
  kb_jw_string(f, j->date);
  kb_jw_key(f, "host_name");
  kb_jw_string(f, host);
  kb_jw_key(f, "executable");
  kb_jw_string(f, exe);
  fprintf(f, ", \"num_cpus\": %ld, \"mhz_per_cpu\": %d, \"caches\": [], "
          "\"library_version\": \"%s\", \"library_build_type\": \"release\", "
          "\"json_schema_version\": 1, \"kbench\": {\"version\": \"%s\", "
          "\"abi\": \"%d.%d\", \"command_line\": [",
          sysconf(_SC_NPROCESSORS_ONLN), kb_host_mhz(), PACKAGE_VERSION,
          PACKAGE_VERSION, KBENCH_ABI_MAJOR, KBENCH_ABI_MINOR);
  for (int i = 0; i < j->argc; i++) {
    if (i)
      fputs(", ", f);
    kb_jw_string(f, j->argv[i]);
  }
  fprintf(f, "], \"time\": \"%s\", \"kernel_time\": %s",
          kb_time_name(o->measure.time),
          o->measure.kernel_time ? "true" : "false");
  fprintf(f, ", \"mode\": \"%s\", \"seed\": %llu, \"repetitions\": %zu, "
          "\"criterion\": {\"min_samples\": %zu, \"max_samples\": %zu, "
          "\"min_time_s\": ", kb_mode_name(o->measure.mode),
          (unsigned long long)o->seed, o->repetitions, k->min_samples,
          k->max_samples);
  kb_jw_number(f, k->min_time);
  kb_jw_key(f, "max_noise");
  kb_jw_number(f, k->max_noise);
  kb_jw_key(f, "timeout_s");
  kb_jw_number(f, k->timeout);
  kb_jw_key(f, "host_timeout_s");
  kb_jw_number(f, k->host_timeout);
  fputs("}", f);
  /* The run's name in kbench history (--label, $KBENCH_LABEL). */
  kb_jw_key(f, "label");
  if (o->label)
    kb_jw_string(f, o->label);
  else
    fputs("null", f);
  /* The staging threads: the data does not depend on them, the setup and
  ** verify times do. */
  fprintf(f, ", \"jobs\": %u", o->jobs ? o->jobs : kb_host_cpus());
  kb_jw_key(f, "case_timeout_s");
  kb_jw_number(f, o->case_timeout);
  kb_jw_key(f, "energy_time_s");
  kb_jw_number_or_null(f, o->measure.energy_time > 0 ? o->measure.energy_time
                       : KB_ENERGY_TIME_S, o->measure.energy);
  launch_context(f, j->launch);
  kb_jw_key(f, "device");
  if (d) {
    fputc('{', f);
    device_fields(f, d);
    fputc('}', f);
  } else {
    fputs("null", f);
  }
  kb_jw_key(f, "devices");
  devices_context(f, j);
  kb_jw_key(f, "driver_version");
  kb_jw_number_or_null(f, d ? d->driver_version : 0, d && d->driver_version);
  kb_jw_key(f, "runtime_version");
  kb_jw_number_or_null(f, d ? d->runtime_version : 0, d && d->runtime_version);
  kb_jw_key(f, "launch_floor_s");
  kb_jw_number_or_null(f, d ? d->floor_s : 0, d && d->floor_s > 0);
  kb_jw_key(f, "copy_peak_gbps");
  kb_jw_number_or_null(f, d ? d->copy_gbps : 0, d && d->copy_gbps > 0);
  fputc('}', f);
  if (j->context_more)
    j->context_more(f, j->context_ctx);
  fputc('}', f);
}

/* --- the document ------------------------------------------------------- */

static void check(kb_json *j)
{
  if ((ferror(j->f) || fflush(j->f) != 0) && !j->failed)
    j->failed = errno ? errno : EIO;
}

/* What closes the document after the last entry: the array's end, the
** context, the document's end. */
static void write_end(const kb_json *j, FILE *f)
{
  fputs(j->n ? "\n], " : "], ", f);
  context(j, f);
  fputs("}\n", f);
}

/* A file replaced whole: the entries so far (in memory) and the end, into
** a new file renamed over the old one (output/replace.h). */
static void publish(kb_json *j)
{
  char err[256];
  kb_replace r;
  check(j);               /* the memory stream: body and body_len now */
  FILE *f = kb_replace_open(&r, j->path, err, sizeof err);
  /* Replaced after every configuration of a search: the rename keeps it
  ** whole for a killed process, while an fsync each time cost 7 ms a
  ** configuration on the 2-core VM, 8% of a search at the H100's 84 ms.
  ** A power cut may lose the last evaluations, which are measured again. */
  r.no_sync = 1;
  if (f) {
    fwrite(j->body, 1, j->body_len, f);
    write_end(j, f);
    kb_replace_commit(&r, err, sizeof err);
  }
  if (r.failed && !j->failed)
    j->failed = r.failed;
}

/* Close the array and the document after the last entry.  In a file the
** context is written again after every case, and anything left past it by
** a longer earlier context is cut off; a file replaced whole is written
** anew. */
static void write_tail(kb_json *j)
{
  if (j->whole) {
    publish(j);
    return;
  }
  if (j->rewind) {
    fflush(j->f);
    j->tail = ftell(j->f);
  }
  write_end(j, j->f);
  check(j);
  if (j->rewind && ftruncate(fileno(j->f), ftell(j->f)) != 0 && !j->failed)
    j->failed = errno;
}

/* What every document keeps, and its date. */
static void setup(kb_json *j, const kb_options *o, const kb_launch *launch,
                  int argc, char **argv, const kb_run_device *devices,
                  size_t n_devices)
{
  memset(j, 0, sizeof *j);
  j->o = o;
  j->launch = launch;
  j->argc = argc;
  j->argv = argv;
  j->devices = devices;
  j->n_devices = n_devices;
  time_t now = time(NULL);
  struct tm tm;
  localtime_r(&now, &tm);
  /* Google Benchmark's form: 2026-11-23T12:00:00+00:00. */
  char zone[8];
  strftime(j->date, sizeof j->date, "%Y-%m-%dT%H:%M:%S", &tm);
  strftime(zone, sizeof zone, "%z", &tm);
  snprintf(j->date + strlen(j->date), sizeof j->date - strlen(j->date),
           "%.3s:%.2s", zone, zone + 3);
}

int kb_json_open(kb_json *j, const char *path, const kb_options *o,
                 const kb_launch *launch, int argc, char **argv,
                 const kb_run_device *devices, size_t n_devices, char *err,
                 size_t len)
{
  setup(j, o, launch, argc, argv, devices, n_devices);
  if (!path)
    return 0;
  if (strcmp(path, "-") == 0) {
    j->f = stdout;
  } else {
    if (!(j->f = kb_create(path, err, len)))
      return -1;
    j->path = path;
    j->rewind = 1;
  }
  fputs("{\"benchmarks\": [", j->f);
  if (j->rewind)
    write_tail(j);
  return 0;
}

int kb_json_open_whole(kb_json *j, const char *path, const kb_options *o,
                       const kb_launch *launch, int argc, char **argv,
                       const kb_run_device *devices, size_t n_devices,
                       char *err, size_t len)
{
  setup(j, o, launch, argc, argv, devices, n_devices);
  if (!path)
    return 0;
  if (!(j->f = open_memstream(&j->body, &j->body_len))) {
    snprintf(err, len, "out of memory");
    return -1;
  }
  j->path = path;
  j->whole = 1;
  fputs("{\"benchmarks\": [", j->f);
  return 0;
}

int kb_json_error(const kb_json *j, char *err, size_t len)
{
  if (!j->failed)
    return 0;
  snprintf(err, len, "cannot write %s: %s", j->path ? j->path
           : "standard output", strerror(j->failed));
  return -1;
}

/* Work besides bytes, as Google Benchmark writes items_per_second: only
** when the variant reports it and the case passed. */
static void work(FILE *f, const kb_result *res)
{
  double flops = kb_per_second(res, res->flops);
  double items = kb_per_second(res, res->items);
  if (flops > 0) {
    fprintf(f, ", \"flops\": %llu, \"flops_per_second\": ",
            (unsigned long long)res->flops);
    kb_jw_number(f, flops);
  }
  if (items > 0) {
    fprintf(f, ", \"items\": %llu, \"items_per_second\": ",
            (unsigned long long)res->items);
    kb_jw_number(f, items);
  }
}

/*
** The hardware's view: the bytes audit, and the counters, each a numeric
** field of the entry under its own name (as Google Benchmark writes user
** counters, so its compare.py and Bencher read them) and, with its unit
** and each kernel's value, in "metrics".
*/
static void counters(FILE *f, const kb_result *res)
{
  int audited = res->dram_read >= 0;
  char audit[160];
  kb_audit_text(res, audit, sizeof audit);
  kb_jw_key(f, "dram_read_bytes");
  kb_jw_number_or_null(f, res->dram_read, audited);
  kb_jw_key(f, "dram_write_bytes");
  kb_jw_number_or_null(f, res->dram_write, audited);
  kb_jw_key(f, "bytes_audit");
  kb_jw_string_or_null(f, audit[0] ? audit : NULL);
  kb_jw_key(f, "dram_gbps");
  kb_jw_number_or_null(f, kb_dram_gbps(res), kb_dram_gbps(res) > 0);
  fprintf(f, ", \"bytes_claim_flagged\": %s, \"unaudited\": %s",
          res->claim_flagged ? "true" : "false",
          res->unaudited ? "true" : "false");
  kb_jw_key(f, "audit_note");
  kb_jw_string_or_null(f, res->audit_note[0] ? res->audit_note : NULL);
  /* Two readings that cannot both be true (core/plausible.h). */
  kb_jw_key(f, "implausible");
  kb_jw_string_or_null(f, res->implausible[0] ? res->implausible : NULL);
  kb_jw_key(f, "counters_note");
  kb_jw_string_or_null(f, res->counters_note[0] ? res->counters_note : NULL);
  const kb_counters *k = res->counters;
  if (!k)
    return;
  for (size_t m = 0; m < k->n_metrics; m++) {
    kb_jw_key(f, k->names[m]);
    kb_jw_number_or_null(f, k->total[m], 1);
  }
  fprintf(f, ", \"metrics\": {\"kernels_launched\": %zu, \"passes\": %zu",
          k->n_launched, k->passes);
  for (size_t m = 0; m < k->n_metrics; m++) {
    kb_jw_key(f, k->names[m]);
    fputs("{\"unit\": ", f);
    kb_jw_string(f, k->units[m]);
    kb_jw_key(f, "value");
    kb_jw_number_or_null(f, k->total[m], 1);
    fputs(", \"kernels\": [", f);
    for (size_t i = 0; i < k->n_kernels; i++) {
      fputs(i ? ", {\"name\": " : "{\"name\": ", f);
      kb_jw_string(f, k->kernels[i]);
      kb_jw_key(f, "value");
      kb_jw_number_or_null(f, k->values[i][m], 1);
      fputc('}', f);
    }
    fputs("]}", f);
  }
  fputc('}', f);
}

/* --energy's numbers, each null where not measured; energy_note says
** why there are none ("" when --energy was off). */
static void energy(FILE *f, const kb_result *res)
{
  int known = res->energy_j > 0;
  kb_jw_key(f, "energy_j_per_run");
  kb_jw_number_or_null(f, res->energy_j, known);
  kb_jw_key(f, "power_w");
  kb_jw_number_or_null(f, res->power_w, known);
  kb_jw_key(f, "energy_window_s");
  kb_jw_number_or_null(f, res->energy_s, known);
  kb_jw_key(f, "energy_runs");
  kb_jw_number_or_null(f, res->energy_runs, known);
  kb_jw_key(f, "energy_spread");
  kb_jw_number_or_null(f, res->energy_spread, known);
  kb_jw_key(f, "energy_windows_j");
  if (known) {
    fputc('[', f);
    for (size_t i = 0; i < res->energy_n_windows; i++) {
      fputs(i ? ", " : "", f);
      kb_jw_number(f, res->energy_windows[i]);
    }
    fputc(']', f);
  } else {
    fputs("null", f);
  }
  kb_jw_key(f, "power_limit_w");
  kb_jw_number_or_null(f, res->power_limit_w, known && res->power_limit_w > 0);
  kb_jw_key(f, "energy_sm_clock_mhz");
  kb_jw_number_or_null(f, res->energy_sm_mhz, known && res->energy_sm_mhz);
  kb_jw_key(f, "energy_mem_clock_mhz");
  kb_jw_number_or_null(f, res->energy_mem_mhz, known && res->energy_mem_mhz);
  kb_jw_key(f, "gbps_per_watt");
  kb_jw_number_or_null(f, kb_gbps_per_watt(res), kb_gbps_per_watt(res) > 0);
  kb_jw_key(f, "flops_per_watt");
  kb_jw_number_or_null(f, kb_flops_per_watt(res), kb_flops_per_watt(res) > 0);
  kb_jw_key(f, "energy_note");
  kb_jw_string_or_null(f, res->energy_note[0] ? res->energy_note : NULL);
}

/* The keys Google Benchmark's tools read: the name, the times, the
** bytes, and a skip or an error with its message. */
static void gbench_keys(FILE *f, const char *name, const kb_result *res,
                        size_t rep, size_t reps)
{
  int pass = res->verdict == KB_PASS;
  /* Google Benchmark's real_time is the judged time, so that its tools
  ** compare what kbench judges; median_s stays the event median. */
  double median_ns = pass ? kb_result_time(res) * 1e9 : 0;
  fputs("{\"name\": ", f);
  kb_jw_string(f, name);
  kb_jw_key(f, "run_name");
  kb_jw_string(f, name);
  fprintf(f, ", \"run_type\": \"iteration\", \"repetitions\": %zu, "
          "\"repetition_index\": %zu, \"threads\": 1, \"iterations\": %zu, "
          "\"real_time\": ", reps, rep, res->stats.n);
  kb_jw_number(f, median_ns);
  kb_jw_key(f, "cpu_time");
  kb_jw_number(f, median_ns);
  fputs(", \"time_unit\": \"ns\", \"bytes_per_second\": ", f);
  kb_jw_number(f, pass ? res->gbps * 1e9 : 0);
  if (res->verdict == KB_SKIP) {
    fputs(", \"skipped\": true, \"skip_message\": ", f);
    kb_jw_string(f, res->message);
  } else if (!pass) {
    fputs(", \"error_occurred\": true, \"error_message\": ", f);
    char msg[KB_MESSAGE_LEN + 64];
    snprintf(msg, sizeof msg, "%s%s%s", res->verdict == KB_CRASH ? ""
             : res->stage, res->verdict == KB_CRASH ? "" : ": ", res->message);
    kb_jw_string(f, msg);
  }
}

/* The device whose worker ran it; used is its report when the case used
** it (a CUDA case on an opened device), else NULL. */
static void device_keys(FILE *f, const kb_run_device *d,
                        const kb_device_report *used)
{
  fprintf(f, ", \"device_ordinal\": %d", d->ordinal);
  kb_jw_key(f, "device_name");
  kb_jw_string_or_null(f, used ? used->dev.name : NULL);
  kb_jw_key(f, "device_uuid");
  kb_jw_string_or_null(f, used ? used->uuid : NULL);
  kb_jw_key(f, "device_pci_bus_id");
  kb_jw_string_or_null(f, used ? used->pci_bus_id : NULL);
}

void kb_json_params(FILE *f, const kb_plan_case *pc)
{
  const kbench_variant *v = pc->variant;
  fputc('{', f);
  for (uint32_t i = 0; i < v->n_params; i++) {
    const kbench_param *prm = kb_variant_param(pc->plugin, v, i);
    fputs(i ? ", " : "", f);
    kb_jw_string(f, prm->name);
    fputs(": ", f);
    if (prm->n_choices)      /* an enumerated parameter: its choice's name */
      kb_jw_string(f, prm->choices[pc->values[i]]);
    else
      fprintf(f, "%lld", (long long)pc->values[i]);
  }
  fputc('}', f);
}

/* The variant and its parameters' values. */
static void variant_keys(FILE *f, const kb_plan_case *pc)
{
  kb_jw_key(f, "variant");
  kb_jw_string(f, pc->variant->name);
  fputs(", \"params\": ", f);
  kb_json_params(f, pc);
}

/* The verdict and what was measured: the statistics (null unless it
** passed), the stop, the bytes and the rates. */
static void outcome_keys(FILE *f, const kb_plan_case *pc,
                         const kb_result *res, const kb_run_device *d,
                         const kbench_device *dev)
{
  const kb_stats *s = &res->stats;
  int pass = res->verdict == KB_PASS;
  int global = res->bytes.memory == KBENCH_MEM_GLOBAL;
  fprintf(f, ", \"backend\": \"%s\", \"mode\": \"%s\", \"verdict\": \"%s\"",
          pc->variant->backend == KBENCH_BACKEND_CUDA ? "cuda" : "host",
          res->mode, kb_verdict_name(res->verdict));
  kb_jw_key(f, "stage");
  kb_jw_string(f, pass ? "" : res->stage);
  kb_jw_key(f, "message");
  kb_jw_string(f, pass ? "" : res->message);
  kb_jw_key(f, "output");
  kb_jw_string(f, res->output);
  /* Which of the run's workers ran it: one trust domain's cases share a
  ** worker (plan/trust.h). */
  fprintf(f, ", \"worker\": %d", res->worker);
  static const char *const stat_keys[] = {"median_s", "mean_s", "min_s",
                                          "max_s", "stdev_s", "noise"};
  const double stat_values[] = {s->median, s->mean, s->min, s->max, s->stdev,
                                s->noise};
  for (int i = 0; i < 6; i++) {
    kb_jw_key(f, stat_keys[i]);
    kb_jw_number_or_null(f, stat_values[i], pass);
  }
  fprintf(f, ", \"stop\": \"%s\", \"batch\": %zu, \"bytes_read\": %llu, "
          "\"bytes_written\": %llu, \"memory\": \"%s\", \"gbps\": ",
          kb_stop_name(res->stop), res->batch,
          (unsigned long long)res->bytes.read,
          (unsigned long long)res->bytes.written,
          kb_memory_name(res->bytes.memory));
  kb_jw_number_or_null(f, res->gbps, pass);
  work(f, res);
  kb_jw_key(f, "pct_peak");
  kb_jw_number_or_null(f, dev ? 100 * res->gbps / dev->peak_gbps : 0,
                 pass && global && dev && dev->peak_gbps > 0);
  double copy = d->opened ? d->report.copy_gbps : 0;
  kb_jw_key(f, "pct_copy_peak");
  kb_jw_number_or_null(f, copy > 0 ? 100 * res->gbps / copy : 0,
                 pass && global && dev && copy > 0);
}

/* The clocks seen, and where the case's time went. */
static void time_keys(FILE *f, const kb_result *res)
{
  fprintf(f, ", \"sm_clock_min_mhz\": %u, \"sm_clock_max_mhz\": %u, "
          "\"throttled_samples\": %zu", res->clock_min_mhz,
          res->clock_max_mhz, res->throttled);
  static const char *const time_keys[] = {"case_wall_s", "setup_s",
                                          "verify_s", "sampling_s",
                                          "teardown_s"};
  const double times[] = {res->wall_s, res->setup_s, res->verify_s,
                          res->sampling_s, res->teardown_s};
  for (int i = 0; i < 5; i++) {
    kb_jw_key(f, time_keys[i]);
    kb_jw_number(f, times[i]);
  }
  kb_jw_key(f, "busy_after_stream_s");
  kb_jw_number_or_null(f, res->busy_after_s, res->busy_after_s >= 0);
  /* ABI 1.2: how a sample was timed, and a synchronizing run's time on
  ** the host's clock beside its events'. */
  fprintf(f, ", \"syncs\": %s, \"timed_region\": %s",
          res->syncs ? "true" : "false", res->timed_region ? "true" : "false");
  kb_jw_key(f, "host_median_s");
  kb_jw_number_or_null(f, res->host_s,
                       res->verdict == KB_PASS && res->host_s > 0);
}

/* Kernel time: which time was judged, the span's statistics (null where
** it was not measured) and the busy time's (null without kernel time;
** kernel_note says why), the launch overhead, and each run's busy time. */
static void kernel_keys(FILE *f, const kb_result *res)
{
  int have = res->n_kernel && res->verdict == KB_PASS;
  kb_jw_key(f, "time");
  kb_jw_string(f, kb_time_name(res->judged));
  fprintf(f, ", \"kernel_samples\": %zu", have ? res->n_kernel : 0);
  kb_jw_key(f, "kernels_per_run");
  kb_jw_number_or_null(f, (double)res->kernels_per_run, have);
  static const char *const prefix[2] = {"kernel", "busy"};
  static const char *const stat[6] = {"median_s", "mean_s", "min_s",
                                      "max_s", "stdev_s", "noise"};
  const kb_stats *s = &res->kernel_stats;
  const double v[6] = {s->median, s->mean, s->min, s->max, s->stdev,
                       s->noise};
  for (int k = 0; k < 2; k++)
    for (int i = 0; i < 6; i++) {
      char key[32];
      snprintf(key, sizeof key, "%s_%s", prefix[k], stat[i]);
      kb_jw_key(f, key);
      kb_jw_number_or_null(f, v[i], have && (k == 1
                                             || kb_result_has_span(res)));
    }
  kb_jw_key(f, "launch_overhead_s");
  kb_jw_number_or_null(f, kb_launch_overhead(res),
                       isfinite(kb_launch_overhead(res)));
  kb_jw_key(f, "kernel_pass_s");
  kb_jw_number(f, res->kernel_pass_s);
  kb_jw_key(f, "kernel_note");
  kb_jw_string_or_null(f, res->kernel_note[0] ? res->kernel_note : NULL);
  kb_jw_key(f, "busy_samples_s");
  fputc('[', f);
  for (size_t i = 0; i < res->n_kernel; i++) {
    fputs(i ? ", " : "", f);
    kb_jw_number(f, res->kernel_samples[i]);
  }
  fputc(']', f);
}

/* One entry, key group by key group; the device's facts belong to the
** cases that used it. */
static void entry(FILE *f, const kb_json *j, const kb_plan_case *pc,
                  const kb_result *res, const kb_run_device *d, size_t rep,
                  size_t reps)
{
  const kb_device_report *used = pc->variant->backend == KBENCH_BACKEND_CUDA
                                 && d->opened ? &d->report : NULL;
  char name[1024];
  kb_case_name(name, sizeof name, pc->plugin, pc->variant, pc->values);
  gbench_keys(f, name, res, rep, reps);
  device_keys(f, d, used);
  variant_keys(f, pc);
  outcome_keys(f, pc, res, d, used ? &used->dev : NULL);
  time_keys(f, res);
  kernel_keys(f, res);
  counters(f, res);
  energy(f, res);
  fputs(", \"samples_s\": [", f);
  for (size_t i = 0; i < res->n_samples; i++) {
    fputs(i ? ", " : "", f);
    kb_jw_number(f, res->samples[i]);
  }
  fputc(']', f);
  if (j->entry_more)
    j->entry_more(f, j->entry_ctx);
  fputc('}', f);
}

/* Before an entry: where the context was, a separator. */
static void entry_begin(kb_json *j)
{
  if (j->rewind)
    fseek(j->f, j->tail, SEEK_SET);
  fputs(j->n ? ",\n" : "\n", j->f);
}

/* After a step's entries: the document closed again. */
static void step_end(kb_json *j)
{
  if (j->rewind || j->whole)
    write_tail(j);
  else
    check(j);
}

void kb_json_case(kb_json *j, const kb_plan_case *pc, const kb_result *res,
                  const kb_run_device *d, size_t rep, size_t reps)
{
  if (!j->f)
    return;
  entry_begin(j);
  entry(j->f, j, pc, res, d, rep, reps);
  j->n++;
  step_end(j);
}

void kb_json_raw(kb_json *j, const char *const *texts, size_t n)
{
  if (!j->f)
    return;
  if (j->rewind)
    fseek(j->f, j->tail, SEEK_SET);
  for (size_t i = 0; i < n; i++) {
    fputs(j->n ? ",\n" : "\n", j->f);
    fputs(texts[i], j->f);
    j->n++;
  }
  step_end(j);
}

void kb_json_object(kb_json *j, const char *object)
{
  if (!j->f)
    return;
  size_t n = strlen(object), inner = 1;
  while (n > 0 && isspace((unsigned char)object[n - 1]))
    n--;
  while (inner + 1 < n && isspace((unsigned char)object[inner]))
    inner++;
  int members = n >= 2 && object[0] == '{' && object[n - 1] == '}'
                && inner + 1 < n;
  entry_begin(j);
  if (members && j->entry_more) {
    fwrite(object, 1, n - 1, j->f);    /* all but its closing brace */
    j->entry_more(j->f, j->entry_ctx);
    fputc('}', j->f);
  } else {
    fputs(object, j->f);
  }
  j->n++;
  step_end(j);
}

int kb_json_close(kb_json *j, char *err, size_t len)
{
  if (!j->f)
    return 0;
  /* Once more: the device may have been reported after the last case. */
  if (j->rewind)
    fseek(j->f, j->tail, SEEK_SET);
  write_tail(j);
  if (j->f != stdout && fclose(j->f) != 0 && !j->failed)
    j->failed = errno ? errno : EIO;
  if (j->f == stdout)
    fflush(stdout);
  j->f = NULL;
  free(j->body);
  j->body = NULL;
  return kb_json_error(j, err, len);
}

static void json_result(void *self, size_t lane, const kb_plan_case *pc,
                        const kb_result *res, size_t rep)
{
  kb_json *j = self;
  kb_json_case(j, pc, res, &j->devices[lane], rep, j->o->repetitions);
}

static int json_end(void *self, double seconds, char *err, size_t len)
{
  (void)seconds;
  return kb_json_close(self, err, len);
}

kb_writer kb_json_writer(kb_json *j)
{
  kb_writer w = {.self = j, .result = json_result, .end = json_end};
  return w;
}
