/* The CSV files: one row per case (--csv) and every raw sample (--samples). */
#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/measure_cfg.h"
#include "output/csv.h"

FILE *kb_create(const char *path, char *err, size_t len)
{
  /* Close-on-exec, so that no worker inherits a result file. */
  int fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
  if (!f) {
    snprintf(err, len, "cannot create %s: %s", path, strerror(errno));
    if (fd >= 0)
      close(fd);
  }
  return f;
}

/* A write that failed (a full disk) is remembered and reported at the
** end; the run goes on, and what was flushed before stays readable. */
static void flush(kb_export *e)
{
  if (fflush(e->f) != 0 && !e->failed)
    e->failed = errno ? errno : EIO;
}

int kb_export_open(kb_export *e, const char *path, const char *header,
                   char *err, size_t len)
{
  e->path = path;
  e->f = NULL;
  e->failed = 0;
  if (!path)
    return 0;
  if (!(e->f = kb_create(path, err, len)))
    return -1;
  fprintf(e->f, "%s\n", header);
  flush(e);
  return 0;
}

int kb_export_close(kb_export *e, char *err, size_t len)
{
  if (!e->f)
    return 0;
  if (fclose(e->f) != 0 && !e->failed)
    e->failed = errno ? errno : EIO;
  e->f = NULL;
  if (!e->failed)
    return 0;
  snprintf(err, len, "cannot write %s: %s", e->path, strerror(e->failed));
  return -1;
}

/* A CSV field: quoted, with quotes doubled. */
static void csv_string(FILE *f, const char *s)
{
  fputc('"', f);
  for (; s && *s; s++) {
    if (*s == '"')
      fputc('"', f);
    if (*s != '\n')
      fputc(*s, f);
  }
  fputc('"', f);
}


/* The audits' columns and the counters', after the fixed ones: empty where
** nothing was measured. */
static void counter_cells(FILE *f, const struct kb_metric_list *metrics,
                          const kb_result *res)
{
  char audit[160];
  if (res->dram_read >= 0)
    fprintf(f, ",%.9g,%.9g,", res->dram_read, res->dram_write);
  else
    fputs(",,,", f);
  if (kb_dram_gbps(res) > 0)
    fprintf(f, "%.6g", kb_dram_gbps(res));
  fputc(',', f);
  kb_audit_text(res, audit, sizeof audit);
  csv_string(f, audit);
  fprintf(f, ",%d,%d,", res->claim_flagged, res->unaudited);
  csv_string(f, res->audit_note);
  fputc(',', f);
  csv_string(f, res->counters_note);
  const kb_counters *k = res->counters;
  for (size_t m = 0; m < metrics->n; m++) {
    fputc(',', f);
    for (size_t j = 0; k && j < k->n_metrics; j++)
      if (strcmp(k->names[j], metrics->shown[m].name) == 0
          && isfinite(k->total[j]))
        fprintf(f, "%.9g", k->total[j]);
  }
}

/* --energy's columns, after the rates: empty where nothing was measured. */
static void energy_cells(FILE *f, const kb_result *res)
{
  if (res->energy_j > 0)
    fprintf(f, ",%.6g,%.6g,%.4f,%.6g,%.4g,", res->energy_j, res->power_w,
            res->energy_s, res->energy_runs, res->energy_spread);
  else
    fputs(",,,,,,", f);
  if (res->energy_j > 0 && res->power_limit_w > 0)
    fprintf(f, "%.6g", res->power_limit_w);
  fputc(',', f);
  if (res->energy_j > 0 && res->energy_sm_mhz)
    fprintf(f, "%u", res->energy_sm_mhz);
  fputc(',', f);
  if (res->energy_j > 0 && res->energy_mem_mhz)
    fprintf(f, "%u", res->energy_mem_mhz);
  fputc(',', f);
  if (kb_gbps_per_watt(res) > 0)
    fprintf(f, "%.6g", kb_gbps_per_watt(res));
  fputc(',', f);
  if (kb_flops_per_watt(res) > 0)
    fprintf(f, "%.6g", kb_flops_per_watt(res));
  fputc(',', f);
  csv_string(f, res->energy_note);
}

/* Kernel time's columns, after energy's: which time was judged, the runs
** and kernels a run, then the span's statistics (empty where it was not
** measured) and the busy time's, the launch overhead, what the pass took
** and why none. */
static void kernel_cells(FILE *f, const kb_result *res)
{
  int have = res->n_kernel && res->verdict == KB_PASS;
  fprintf(f, ",%s,%zu,", kb_time_name(res->judged), have ? res->n_kernel : 0);
  if (have)
    fprintf(f, "%zu", res->kernels_per_run);
  const kb_stats *s = &res->kernel_stats;
  for (int k = 0; k < 2; k++) {
    if (have && (k == 1 || kb_result_has_span(res)))
      fprintf(f, ",%.9g,%.9g,%.9g,%.9g,%.9g,%.6g", s->median, s->mean,
              s->min, s->max, s->stdev, s->noise);
    else
      fputs(",,,,,,", f);
  }
  fputc(',', f);
  if (isfinite(kb_launch_overhead(res)))
    fprintf(f, "%.6g", kb_launch_overhead(res));
  fprintf(f, ",%.4f,", res->kernel_pass_s);
  csv_string(f, res->kernel_note);
}

/* The GPU over the samples (NVML), after kernel time's: the clock-event
** reasons (mask and names), then the readings at either end; empty where
** NVML read nothing. */
static void gpu_state_cells(FILE *f, const kb_result *res)
{
  char names[256];
  fputc(',', f);
  if (res->clock_event_reads) {
    kb_result_clock_events(res, names, sizeof names);
    fprintf(f, "%llu,", (unsigned long long)res->clock_events);
    csv_string(f, names);
  } else {
    fputc(',', f);
  }
  fprintf(f, ",%zu", res->clock_event_reads);
  const double readings[] = {res->temp_start_c, res->temp_end_c,
                             res->mem_start_mhz, res->mem_end_mhz,
                             res->power_start_w, res->power_end_w};
  for (size_t i = 0; i < sizeof readings / sizeof *readings; i++) {
    fputc(',', f);
    if (readings[i] > 0)
      fprintf(f, "%.6g", readings[i]);
  }
}

void kb_export_case(kb_export *csv, kb_export *samples,
                    const struct kb_metric_list *metrics,
                    const kb_plan_case *pc, const kb_result *res,
                    const kbench_device *dev, double copy_gbps, int ordinal,
                    size_t rep)
{
  const kbench_variant *v = pc->variant;
  if (csv->f) {
    const kb_stats *s = &res->stats;
    FILE *f = csv->f;
    csv_string(f, v->name);
    fputc(',', f);
    csv_string(f, pc->label);
    fprintf(f, ",%s,%s,%s,", v->backend == KBENCH_BACKEND_CUDA ? "cuda"
            : "host", res->mode, kb_verdict_name(res->verdict));
    csv_string(f, res->verdict == KB_PASS ? "" : res->stage);
    fputc(',', f);
    csv_string(f, res->verdict == KB_PASS ? "" : res->message);
    fprintf(f, ",%zu,%zu,%.9g,%.9g,%.9g,%.9g,%.9g,%.6g,%s,%llu,%llu,%s,"
            "%.6g,%.6g,%.6g,%u,%u,%zu,%.3f,%.3f,%.3f,%.3f,%.3f,", s->n,
            res->batch, s->median, s->mean, s->min, s->max, s->stdev,
            s->noise, kb_stop_name(res->stop),
            (unsigned long long)res->bytes.read,
            (unsigned long long)res->bytes.written,
            kb_memory_name(res->bytes.memory),
            res->gbps, dev ? dev->peak_gbps : 0.0, copy_gbps,
            res->clock_min_mhz, res->clock_max_mhz, res->throttled,
            res->wall_s, res->setup_s, res->verify_s, res->sampling_s,
            res->teardown_s);
    if (res->busy_after_s >= 0)     /* empty: not checked (host cases) */
      fprintf(f, "%.3g", res->busy_after_s);
    fprintf(f, ",%zu,%llu,%llu,", rep, (unsigned long long)res->flops,
            (unsigned long long)res->items);
    /* Empty rates: the variant reports no such work, or did not pass. */
    double flops = kb_per_second(res, res->flops);
    double items = kb_per_second(res, res->items);
    if (flops > 0)
      fprintf(f, "%.6g", flops / 1e9);
    fputc(',', f);
    if (items > 0)
      fprintf(f, "%.6g", items);
    energy_cells(f, res);
    kernel_cells(f, res);
    gpu_state_cells(f, res);
    counter_cells(f, metrics, res);
    fprintf(f, ",%d\n", ordinal);
    flush(csv);
  }
  /* Every sample's event time, then the kernel-time pass's busy time of
  ** each run. */
  const double *series[2] = {res->samples, res->kernel_samples};
  const size_t counts[2] = {res->n_samples, res->n_kernel};
  static const char *const names[2] = {"event", "busy"};
  for (int k = 0; samples->f && k < 2; k++)
    for (size_t i = 0; i < counts[k]; i++) {
      csv_string(samples->f, v->name);
      fputc(',', samples->f);
      csv_string(samples->f, pc->label);
      fprintf(samples->f, ",%s,%zu,%s,%zu,%.9g,%zu,%d\n", res->mode,
              res->batch, names[k], i, series[k][i], rep, ordinal);
    }
  if (samples->f)
    flush(samples);
}

static void csv_result(void *self, size_t lane, const kb_plan_case *pc,
                       const kb_result *res, size_t rep)
{
  kb_csv_files *files = self;
  const kb_run_device *d = &files->devices[lane];
  const kbench_device *dev = pc->variant->backend == KBENCH_BACKEND_CUDA
                             && d->opened ? &d->report.dev : NULL;
  kb_export_case(&files->csv, &files->samples, &files->metrics, pc, res,
                 dev, d->opened ? d->report.copy_gbps : 0, d->ordinal, rep);
}

int kb_csv_open(kb_csv_files *f, const char *csv_path,
                const char *samples_path, const kb_run_device *devices,
                const char *metrics, char *err, size_t len)
{
  f->devices = devices;
  f->metrics.n = 0;
  if (metrics[0] && kb_metrics_parse(metrics, NULL, &f->metrics, err, len))
    return -1;
  size_t size = sizeof KB_CSV_HEADER + 128
                + f->metrics.n * KB_METRIC_NAME_MAX;
  char *header = malloc(size);
  if (!header) {
    snprintf(err, len, "out of memory");
    return -1;
  }
  /* KB_CSV_HEADER ends with the device, which stays last. */
  size_t used = (size_t)snprintf(header, size, "%.*s,dram_read_bytes,"
                                 "dram_write_bytes,dram_gbps,bytes_audit,"
                                 "claim_flagged,unaudited,audit_note,"
                                 "counters_note",
                                 (int)(strlen(KB_CSV_HEADER)
                                       - strlen(",device")),
                                 KB_CSV_HEADER);
  for (size_t m = 0; m < f->metrics.n; m++)
    used += (size_t)snprintf(header + used, size - used, ",%s",
                             f->metrics.shown[m].name);
  snprintf(header + used, size - used, ",device");
  int rc = kb_export_open(&f->csv, csv_path, header, err, len)
           || kb_export_open(&f->samples, samples_path, KB_SAMPLES_HEADER,
                             err, len);
  free(header);
  return rc ? -1 : 0;
}

static int csv_end(void *self, double seconds, char *err, size_t len)
{
  kb_csv_files *files = self;
  (void)seconds;
  int a = kb_export_close(&files->csv, err, len);
  return a ? a : kb_export_close(&files->samples, err, len);
}

kb_writer kb_csv_writer(kb_csv_files *files)
{
  kb_writer w = {.self = files, .result = csv_result, .end = csv_end};
  return w;
}
