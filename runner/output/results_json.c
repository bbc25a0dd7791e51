/* The results as JSON: Google Benchmark's schema with kbench's fields (results_json.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "util/host_facts.h"
#include "output/csv.h"
#include "results/json_write.h"
#include "output/replace.h"
#include "output/results_json.h"
#include "results/entry.h"
#include "results/format.h"


/* --- the context ---------------------------------------------------------- */

/* A device's facts, as members of the open object. */
static void device_fields(kb_jw *w, const kb_device_report *d)
{
  const kbench_device *v = &d->dev;
  char cc[32];
  snprintf(cc, sizeof cc, "%d.%d", v->cc_major, v->cc_minor);
  kb_jw_int(w, "ordinal", v->ordinal);
  kb_jw_string(w, "name", v->name);
  kb_jw_string(w, "uuid", d->uuid);
  kb_jw_string(w, "pci_bus_id", d->pci_bus_id);
  kb_jw_string(w, "compute_capability", cc);
  kb_jw_int(w, "sm_count", v->sm_count);
  kb_jw_int(w, "l2_bytes", v->l2_bytes);
  kb_jw_uint(w, "global_mem_bytes", v->global_mem_bytes);
  kb_jw_int(w, "mem_clock_khz", v->mem_clock_khz);
  kb_jw_int(w, "mem_bus_bits", v->mem_bus_bits);
  kb_jw_number(w, "peak_gbps", v->peak_gbps);
}

/* What --lock-clocks did to a device: the clocks it holds (null: not
** locked), and in words, or why not (null: not asked). */
static void clock_lock(kb_jw *w, const kb_device_report *d)
{
  kb_jw_number_or_null(w, "locked_sm_clock_mhz", d->locked_sm_mhz,
                       d->clocks_locked && d->locked_sm_mhz);
  kb_jw_number_or_null(w, "locked_mem_clock_mhz", d->locked_mem_mhz,
                       d->locked_mem_mhz > 0);
  kb_jw_text(w, "clock_lock", d->clocks);
}

/* Every device of the run, with what was measured on it; one its worker
** never opened has its ordinal only, and nulls. */
static void devices_context(kb_jw *w, const kb_json *j)
{
  kb_jw_array(w, "devices");
  for (size_t i = 0; i < j->run.n_devices; i++) {
    const kb_run_device *d = &j->run.devices[i];
    kb_jw_object(w, NULL);
    if (d->opened) {
      device_fields(w, &d->report);
      kb_jw_number_or_null(w, "launch_floor_s", d->report.floor_s,
                           d->report.floor_s > 0);
      kb_jw_number_or_null(w, "copy_peak_gbps", d->report.copy_gbps,
                           d->report.copy_gbps > 0);
      clock_lock(w, &d->report);
    } else {
      kb_jw_int(w, "ordinal", d->ordinal);
      kb_jw_null(w, "name");
      kb_jw_null(w, "uuid");
      kb_jw_null(w, "pci_bus_id");
    }
    kb_jw_end(w);
  }
  kb_jw_end(w);
}

/* The first device in the run's order that its worker opened, or NULL. */
static const kb_device_report *first_opened(const kb_json *j)
{
  for (size_t i = 0; i < j->run.n_devices; i++)
    if (j->run.devices[i].opened)
      return &j->run.devices[i].report;
  return NULL;
}

/* Which process of a job wrote the file (kbench fleet tells GPUs apart by
** host, rank and device); a process on its own is rank 0 of 1. */
static void launch_context(kb_jw *w, const kb_launch *l)
{
  kb_jw_string(w, "launcher", l->launcher);
  kb_jw_int(w, "rank", l->rank);
  kb_jw_number_or_null(w, "local_rank", l->local_rank, l->local_rank >= 0);
  kb_jw_number_or_null(w, "world_size", l->world_size, l->world_size >= 0);
  /* The CPUs it could use and the host's load as it started; the note
  ** says when either may have starved the host's side of the samples. */
  const kb_host_state *h = &l->cpus;
  char note[KB_HOST_NOTE_LEN];
  kb_host_state_note(h, note, sizeof note);
  kb_jw_object(w, "host");
  kb_jw_uint(w, "usable_cpus", h->usable_cpus);
  kb_jw_uint(w, "online_cpus", h->online_cpus);
  kb_jw_number_or_null(w, "load_1min", h->load_1min, h->load_1min >= 0);
  kb_jw_text(w, "note", note);
  kb_jw_end(w);
}

static void criterion(kb_jw *w, const kb_criterion_cfg *k)
{
  kb_jw_object(w, "criterion");
  kb_jw_uint(w, "min_samples", k->min_samples);
  kb_jw_uint(w, "max_samples", k->max_samples);
  kb_jw_number(w, "min_time_s", k->min_time);
  kb_jw_number(w, "max_noise", k->max_noise);
  kb_jw_number(w, "timeout_s", k->timeout);
  kb_jw_number(w, "host_timeout_s", k->host_timeout);
  kb_jw_end(w);
}

/* The first device's facts and what was measured on it, as ever. */
static void device_context(kb_jw *w, const kb_device_report *d)
{
  if (d) {
    kb_jw_object(w, "device");
    device_fields(w, d);
    kb_jw_end(w);
  } else {
    kb_jw_null(w, "device");
  }
}

static void kbench_context(kb_jw *w, const kb_json *j)
{
  const kb_options *o = j->run.o;
  const kb_device_report *d = first_opened(j);
  char abi[32];
  snprintf(abi, sizeof abi, "%d.%d", KBENCH_ABI_MAJOR, KBENCH_ABI_MINOR);
  kb_jw_object(w, "kbench");
  kb_jw_string(w, "version", PACKAGE_VERSION);
  /* What the entries' keys mean: readers map an older format's. */
  kb_jw_int(w, "results_format", KB_RESULTS_FORMAT);
  kb_jw_string(w, "abi", abi);
  kb_jw_array(w, "command_line");
  for (int i = 0; i < j->run.argc; i++)
    kb_jw_string(w, NULL, j->run.argv[i] ? j->run.argv[i] : "");
  kb_jw_end(w);
  kb_jw_string(w, "time", kb_time_name(o->measure.time));
  kb_jw_bool(w, "kernel_time", o->measure.kernel_time);
  kb_jw_string(w, "mode", kb_mode_name(o->measure.mode));
  kb_jw_uint(w, "seed", (unsigned long long)o->seed);
  kb_jw_uint(w, "repetitions", o->repetitions);
  criterion(w, &o->measure.criterion);
  /* The run's name in kbench history (--label, $KBENCH_LABEL). */
  kb_jw_string(w, "label", o->label);
  /* Stopped early by a signal: the cases missing never ran to an end,
  ** which compare, fleet and history say rather than count as failed. */
  kb_jw_string(w, "interrupted", j->interrupted);
  /* The staging threads: the data does not depend on them, the setup and
  ** verify times do. */
  kb_jw_uint(w, "jobs", o->jobs ? o->jobs : kb_host_cpus());
  kb_jw_number(w, "case_timeout_s", o->case_timeout);
  kb_jw_number_or_null(w, "energy_time_s", o->measure.energy_time > 0
                       ? o->measure.energy_time : KB_ENERGY_TIME_S,
                       o->measure.energy);
  launch_context(w, j->run.launch);
  device_context(w, d);
  devices_context(w, j);
  kb_jw_number_or_null(w, "driver_version", d ? d->driver_version : 0,
                       d && d->driver_version);
  kb_jw_number_or_null(w, "runtime_version", d ? d->runtime_version : 0,
                       d && d->runtime_version);
  kb_jw_number_or_null(w, "launch_floor_s", d ? d->floor_s : 0,
                       d && d->floor_s > 0);
  kb_jw_number_or_null(w, "copy_peak_gbps", d ? d->copy_gbps : 0,
                       d && d->copy_gbps > 0);
  /* The seal the plugins ran under: its layers, and what it lacked. */
  kb_jw_string(w, "seal", j->run.seal && j->run.seal[0] ? j->run.seal : NULL);
  kb_jw_end(w);
}

/* Google Benchmark's keys, then kbench's object and its hooks'. */
static void context(const kb_json *j, kb_jw *w)
{
  char host[256] = "", exe[4096] = "";
  gethostname(host, sizeof host - 1);
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  exe[n > 0 ? n : 0] = '\0';
  kb_jw_object(w, "context");
  kb_jw_string(w, "date", j->date);
  kb_jw_string(w, "host_name", host);
  kb_jw_string(w, "executable", exe);
  kb_jw_int(w, "num_cpus", sysconf(_SC_NPROCESSORS_ONLN));
  kb_jw_int(w, "mhz_per_cpu", kb_host_mhz());
  kb_jw_array(w, "caches");
  kb_jw_end(w);
  kb_jw_string(w, "library_version", PACKAGE_VERSION);
  kb_jw_string(w, "library_build_type", "release");
  kb_jw_int(w, "json_schema_version", 1);
  kbench_context(w, j);
  if (j->context_more)
    j->context_more(w, j->context_ctx);
  kb_jw_end(w);
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
  kb_jw w = j->w;         /* the body's writer, where its entries end */
  w.f = f;
  kb_jw_end(&w);          /* "benchmarks" */
  context(j, &w);
  kb_jw_end(&w);
  fputc('\n', f);
}

/* A file replaced whole: the entries so far (in memory) and the end, into
** a new file renamed over the old one (output/replace.h). */
static int publish(kb_json *j, char *err, size_t len)
{
  kb_replace r;
  check(j);               /* the memory stream: body and body_len now */
  FILE *f = kb_replace_open(&r, j->path, err, len);
  /* Replaced after every case of a run and every configuration of a
  ** search: the rename keeps it whole for a killed process, while an
  ** fsync each time costs a search in proportion (7 ms a configuration
  ** where one takes 84 ms: 8%).  A power cut may lose the last results. */
  r.no_sync = 1;
  if (f) {
    fwrite(j->body, 1, j->body_len, f);
    write_end(j, f);
    kb_replace_commit(&r, err, len);
  }
  if (r.failed && !j->failed)
    j->failed = r.failed;
  return r.failed ? -1 : 0;
}

/* Close the array and the document after the last entry: a file is
** written anew; standard output gets the end, at the close. */
static void write_tail(kb_json *j)
{
  char err[256];
  if (j->whole) {
    publish(j, err, sizeof err);
  } else {
    write_end(j, j->f);
    check(j);
  }
}

/* What every document keeps, and its date. */
static void setup(kb_json *j, const kb_run_context *run)
{
  memset(j, 0, sizeof *j);
  j->run = *run;
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

/* The document's start, into f; a memory stream for a file. */
static int start_document(kb_json *j, char *err, size_t len)
{
  if (!j->f && !(j->f = open_memstream(&j->body, &j->body_len))) {
    snprintf(err, len, "out of memory");
    return -1;
  }
  kb_jw_start(&j->w, j->f, KB_JW_COMPACT);
  kb_jw_object(&j->w, NULL);
  kb_jw_array_as(&j->w, "benchmarks", KB_JW_LINES);  /* an entry a line */
  return 0;
}

int kb_json_open(kb_json *j, const char *path, const kb_run_context *run,
                 char *err, size_t len)
{
  setup(j, run);
  if (!path)
    return 0;
  if (strcmp(path, "-") == 0) {
    j->f = stdout;
    return start_document(j, err, len);
  }
  j->path = path;
  j->whole = 1;
  /* The file is there from the start, an empty document: a path that
  ** cannot be written is the user's to fix before anything is measured. */
  if (start_document(j, err, len) || publish(j, err, len))
    return -1;
  return 0;
}

int kb_json_open_whole(kb_json *j, const char *path,
                       const kb_run_context *run, char *err, size_t len)
{
  setup(j, run);
  if (!path)
    return 0;
  j->path = path;
  j->whole = 1;
  return start_document(j, err, len);
}

int kb_json_error(const kb_json *j, char *err, size_t len)
{
  if (!j->failed)
    return 0;
  snprintf(err, len, "cannot write %s: %s", j->path ? j->path
           : "standard output", strerror(j->failed));
  return -1;
}

void kb_json_params(kb_jw *w, const kb_plan_case *pc)
{
  const kbench_variant *v = pc->variant;
  for (uint32_t i = 0; i < v->n_params; i++) {
    const kbench_param *prm = kb_variant_param(pc->plugin, v, i);
    if (prm->n_choices)      /* an enumerated parameter: its choice's name */
      kb_jw_string(w, prm->name, prm->choices[pc->values[i]]);
    else
      kb_jw_int(w, prm->name, (long long)pc->values[i]);
  }
}

/* What kb_entry_write's hooks need of the document. */
typedef struct entry_ctx {
  const kb_json *j;
  const kb_plan_case *pc;
} entry_ctx;

static void entry_params(kb_jw *w, void *ctx)
{
  kb_json_params(w, ((entry_ctx *)ctx)->pc);
}

static void entry_more(kb_jw *w, void *ctx)
{
  const kb_json *j = ((entry_ctx *)ctx)->j;
  if (j->entry_more)
    j->entry_more(w, j->entry_ctx);
}

/* One entry (results/entry.h); the device's facts belong to the cases
** that used it. */
static void entry(kb_jw *w, const kb_json *j, const kb_plan_case *pc,
                  const kb_result *res, const kb_run_device *d, size_t rep,
                  size_t reps)
{
  const kb_device_report *used = pc->variant->backend == KBENCH_BACKEND_CUDA
                                 && d->opened ? &d->report : NULL;
  char name[1024];
  kb_case_name(name, sizeof name, pc->plugin, pc->variant, pc->values);
  entry_ctx ctx = {j, pc};
  kb_entry_about about = {
    .name = name, .rep = rep, .reps = reps, .ordinal = d->ordinal,
    .device_name = used ? used->dev.name : NULL,
    .device_uuid = used ? used->uuid : NULL,
    .device_pci_bus_id = used ? used->pci_bus_id : NULL,
    .variant = pc->variant->name,
    .backend = pc->variant->backend == KBENCH_BACKEND_CUDA ? "cuda" : "host",
    .peaks = {used ? used->dev.peak_gbps : 0, used ? used->copy_gbps : 0},
    .params = entry_params, .more = entry_more, .ctx = &ctx,
  };
  kb_entry_write(w, res, &about);
}

/* After a step's entries: the document closed again, in a file. */
static void step_end(kb_json *j)
{
  if (j->whole)
    write_tail(j);
  else
    check(j);
}

void kb_json_case(kb_json *j, const kb_plan_case *pc, const kb_result *res,
                  const kb_run_device *d, size_t rep, size_t reps)
{
  if (!j->f)
    return;
  entry(&j->w, j, pc, res, d, rep, reps);
  j->n++;
  step_end(j);
}

void kb_json_raw(kb_json *j, const char *const *texts, size_t n)
{
  if (!j->f)
    return;
  for (size_t i = 0; i < n; i++) {
    kb_jw_raw(&j->w, NULL, texts[i]);
    j->n++;
  }
  step_end(j);
}

void kb_json_object(kb_json *j, struct json_object *object)
{
  if (!j->f)
    return;
  if (kb_jw_is_object(object) && j->entry_more) {
    kb_jw_object(&j->w, NULL);
    kb_jw_members(&j->w, object);
    j->entry_more(&j->w, j->entry_ctx);
    kb_jw_end(&j->w);
  } else {
    kb_jw_value(&j->w, NULL, object);
  }
  j->n++;
  step_end(j);
}

int kb_json_close(kb_json *j, char *err, size_t len)
{
  if (!j->f)
    return 0;
  /* Once more: the device may have been reported after the last case. */
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
  kb_json_case(j, pc, res, &j->run.devices[lane], rep, j->run.o->repetitions);
}

static void json_interrupted(void *self, const char *signal)
{
  kb_json *j = self;
  j->interrupted = signal;
}

static int json_end(void *self, double seconds, char *err, size_t len)
{
  (void)seconds;
  return kb_json_close(self, err, len);
}

kb_writer kb_json_writer(kb_json *j)
{
  kb_writer w = {.self = j, .result = json_result,
                 .interrupted = json_interrupted, .end = json_end};
  return w;
}
