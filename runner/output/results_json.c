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
#include "results/json_write.h"
#include "output/replace.h"
#include "output/results_json.h"
#include "results/entry.h"


/* --- the context ---------------------------------------------------------- */

/* A device's facts, the braces left to the caller. */
static void device_fields(FILE *f, const kb_device_report *d)
{
  const kbench_device *v = &d->dev;
  static const char *const keys[] = {"name", "uuid", "pci_bus_id"};
  const char *const values[] = {v->name, d->uuid, d->pci_bus_id};
  fprintf(f, "\"ordinal\": %d", v->ordinal);
  kb_jw_strings(f, keys, values, 3);
  fprintf(f, ", \"compute_capability\": \"%d.%d\", \"sm_count\": %d, "
          "\"l2_bytes\": %d, \"global_mem_bytes\": %zu, "
          "\"mem_clock_khz\": %d, \"mem_bus_bits\": %d, \"peak_gbps\": ",
          v->cc_major, v->cc_minor, v->sm_count, v->l2_bytes,
          v->global_mem_bytes, v->mem_clock_khz, v->mem_bus_bits);
  kb_jw_number(f, v->peak_gbps);
}

/* What --lock-clocks did to a device: the clocks it holds (null: not
** locked), and in words, or why not (null: not asked). */
static void clock_lock(FILE *f, const kb_device_report *d)
{
  kb_jw_key(f, "locked_sm_clock_mhz");
  kb_jw_number_or_null(f, d->locked_sm_mhz, d->clocks_locked
                                            && d->locked_sm_mhz);
  kb_jw_key(f, "locked_mem_clock_mhz");
  kb_jw_number_or_null(f, d->locked_mem_mhz, d->locked_mem_mhz > 0);
  kb_jw_key(f, "clock_lock");
  if (d->clocks[0])
    kb_jw_string(f, d->clocks);
  else
    fputs("null", f);
}

/* Every device of the run, with what was measured on it; one its worker
** never opened has its ordinal only, and nulls. */
static void devices_context(FILE *f, const kb_json *j)
{
  fputc('[', f);
  for (size_t i = 0; i < j->run.n_devices; i++) {
    const kb_run_device *d = &j->run.devices[i];
    fputs(i ? ", {" : "{", f);
    if (d->opened) {
      device_fields(f, &d->report);
      kb_jw_key(f, "launch_floor_s");
      kb_jw_number_or_null(f, d->report.floor_s, d->report.floor_s > 0);
      kb_jw_key(f, "copy_peak_gbps");
      kb_jw_number_or_null(f, d->report.copy_gbps, d->report.copy_gbps > 0);
      clock_lock(f, &d->report);
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
  for (size_t i = 0; i < j->run.n_devices; i++)
    if (j->run.devices[i].opened)
      return &j->run.devices[i].report;
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
  /* The CPUs it could use and the host's load as it started; the note
  ** says when either may have starved the host's side of the samples. */
  const kb_host_state *h = &l->cpus;
  char note[KB_HOST_NOTE_LEN];
  kb_host_state_note(h, note, sizeof note);
  fprintf(f, ", \"host\": {\"usable_cpus\": %u, \"online_cpus\": %u",
          h->usable_cpus, h->online_cpus);
  kb_jw_key(f, "load_1min");
  kb_jw_number_or_null(f, h->load_1min, h->load_1min >= 0);
  kb_jw_key(f, "note");
  if (note[0])
    kb_jw_string(f, note);
  else
    fputs("null", f);
  fputc('}', f);
}

static const char *const criterion_keys[] = {"min_time_s", "max_noise",
                                              "timeout_s", "host_timeout_s"};

static void context(const kb_json *j, FILE *f)
{
  const kb_options *o = j->run.o;
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
  for (int i = 0; i < j->run.argc; i++) {
    if (i)
      fputs(", ", f);
    kb_jw_string(f, j->run.argv[i]);
  }
  fprintf(f, "], \"time\": \"%s\", \"kernel_time\": %s",
          kb_time_name(o->measure.time),
          o->measure.kernel_time ? "true" : "false");
  fprintf(f, ", \"mode\": \"%s\", \"seed\": %llu, \"repetitions\": %zu, "
          "\"criterion\": {\"min_samples\": %zu, \"max_samples\": %zu",
          kb_mode_name(o->measure.mode), (unsigned long long)o->seed,
          o->repetitions, k->min_samples, k->max_samples);
  kb_jw_numbers(f, criterion_keys, (const double[]){k->min_time, k->max_noise,
                k->timeout, k->host_timeout}, 4);
  fputs("}", f);
  /* The run's name in kbench history (--label, $KBENCH_LABEL). */
  kb_jw_key(f, "label");
  if (o->label)
    kb_jw_string(f, o->label);
  else
    fputs("null", f);
  /* Stopped early by a signal: the cases missing never ran to an end,
  ** which compare, fleet and history say rather than count as failed. */
  kb_jw_key(f, "interrupted");
  if (j->interrupted)
    kb_jw_string(f, j->interrupted);
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
  launch_context(f, j->run.launch);
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
  /* The seal the plugins ran under: its layers, and what it lacked. */
  kb_jw_key(f, "seal");
  if (j->run.seal && j->run.seal[0])
    kb_jw_string(f, j->run.seal);
  else
    fputs("null", f);
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
  fputs("{\"benchmarks\": [", j->f);
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

/* What kb_entry_write's hooks need of the document. */
typedef struct entry_ctx {
  const kb_json *j;
  const kb_plan_case *pc;
} entry_ctx;

static void entry_params(FILE *f, void *ctx)
{
  kb_json_params(f, ((entry_ctx *)ctx)->pc);
}

static void entry_more(FILE *f, void *ctx)
{
  const kb_json *j = ((entry_ctx *)ctx)->j;
  if (j->entry_more)
    j->entry_more(f, j->entry_ctx);
}

/* One entry (results/entry.h); the device's facts belong to the cases
** that used it. */
static void entry(FILE *f, const kb_json *j, const kb_plan_case *pc,
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
    .peak_gbps = used ? used->dev.peak_gbps : 0,
    .copy_gbps = used ? used->copy_gbps : 0,
    .params = entry_params, .more = entry_more, .ctx = &ctx,
  };
  kb_entry_write(f, res, &about);
}

/* Before an entry: a separator. */
static void entry_begin(kb_json *j)
{
  fputs(j->n ? ",\n" : "\n", j->f);
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
  entry_begin(j);
  entry(j->f, j, pc, res, d, rep, reps);
  j->n++;
  step_end(j);
}

void kb_json_raw(kb_json *j, const char *const *texts, size_t n)
{
  if (!j->f)
    return;
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
