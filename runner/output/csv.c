/* The CSV files: one row per case (--csv) and every raw sample (--samples). */

#define _GNU_SOURCE            /* open_memstream */
#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/field_text.h"
#include "model/measure_cfg.h"
#include "output/csv.h"
#include "output/csv_columns.h"

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
  if (strcmp(path, "-") == 0)          /* --format=csv */
    e->f = stdout;
  else if (!(e->f = kb_create(path, err, len)))
    return -1;
  fprintf(e->f, "%s\n", header);
  flush(e);
  return 0;
}

int kb_export_close(kb_export *e, char *err, size_t len)
{
  if (!e->f)
    return 0;
  if ((e->f == stdout ? fflush(e->f) || ferror(e->f) : fclose(e->f) != 0)
      && !e->failed)
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

/* The CSV's own columns (output/csv_columns.h) as a header's names and as
** a row's cells.  Each is followed by a comma: a row always ends with the
** device's ordinal. */
#define NAME(name, ...) #name ","
#define CELL_N(name, conv, value, when) \
  if (when)                             \
    fprintf(f, "%" conv, value);        \
  fputc(',', f);
#define CELL_T(name, value, when) \
  if (when)                       \
    csv_string(f, value);         \
  fputc(',', f);

/* The field table's rows the CSV places, in its order; every other row
** that says CSV follows them (unplaced). */
#define PLACED(id) KB_FIELD_##id,
static const enum kb_field_id placed[] = {
  KB_CSV_COLUMNS(PLACED, KB_ROW_SKIP, KB_ROW_SKIP)
};

static int unplaced(int id)
{
  if (kb_result_fields[id].out != KB_OUT_CSV)
    return 0;
  for (size_t i = 0; i < sizeof placed / sizeof *placed; i++)
    if ((int)placed[i] == id)
      return 0;
  return 1;
}

/* A field's cell: its text, a free text quoted; empty where the results
** file has null or no key. */
static void field_cell(FILE *f, const kb_result *r, enum kb_field_id id)
{
  char text[KB_FIELD_TEXT_MAX];
  int shown = kb_field_text(r, id, text, sizeof text);
  if (shown == KB_SHOWN_VALUE || shown == KB_SHOWN_ZERO) {
    if (strcmp(kb_result_fields[id].hint, "q") == 0)
      csv_string(f, text);
    else
      fputs(text, f);
  }
  fputc(',', f);
}

/* The header's names in a stream, each followed by a comma. */
#define NAME_R(id) fprintf(f, "%s,", kb_result_fields[KB_FIELD_##id].key);
#define NAME_OWN(name, ...) fputs(#name ",", f);
static void names(FILE *f, const struct kb_metric_list *metrics)
{
  KB_CSV_COLUMNS(NAME_R, NAME_OWN, NAME_OWN)
  for (int id = 0; id < KB_FIELDS; id++)
    if (unplaced(id))
      fprintf(f, "%s,", kb_result_fields[id].key);
  for (size_t m = 0; m < metrics->n; m++)
    fprintf(f, "%s,", metrics->shown[m].name);
  fputs("device", f);
}

char *kb_csv_header(const struct kb_metric_list *metrics)
{
  char *header = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&header, &len);
  if (!f)
    return NULL;
  names(f, metrics);
  if (fclose(f) != 0) {
    free(header);
    return NULL;
  }
  return header;
}

static const char samples_header[] = KB_SAMPLES_COLUMNS(NAME, NAME)
                                     "device";

/* A case's row of the --csv file. */
#define CELL_R(id) field_cell(f, r, KB_FIELD_##id);
static void case_row(FILE *f, const struct kb_metric_list *metrics,
                     const kb_plan_case *pc, const kb_result *r,
                     const kbench_device *dev, double copy_gbps,
                     int ordinal, size_t rep)
{
  const kbench_variant *v = pc->variant;
  const kb_stats *s = &r->stats;
  double flops = kb_per_second(r, r->flops);
  KB_CSV_COLUMNS(CELL_R, CELL_N, CELL_T)
  for (int id = 0; id < KB_FIELDS; id++)
    if (unplaced(id))
      field_cell(f, r, (enum kb_field_id)id);
  /* A --metrics counter's total over the run's kernels: empty where it
  ** was not collected or cannot be summed. */
  const kb_counters *c = r->counters;
  for (size_t m = 0; m < metrics->n; m++) {
    for (size_t j = 0; c && j < c->n_metrics; j++)
      if (strcmp(c->names[j], metrics->shown[m].name) == 0
          && isfinite(c->total[j]))
        fprintf(f, "%.9g", c->total[j]);
    fputc(',', f);
  }
  fprintf(f, "%d\n", ordinal);
}

/* The --samples file's rows of a case: every sample's event time, then
** the kernel-time pass's busy time of each run. */
static void sample_rows(FILE *f, const kb_plan_case *pc, const kb_result *r,
                        int ordinal, size_t rep)
{
  const kbench_variant *v = pc->variant;
  const double *all[2] = {r->samples, r->kernel_samples};
  const size_t counts[2] = {r->n_samples, r->n_kernel};
  static const char *const names[2] = {"event", "busy"};
  for (int n = 0; n < 2; n++)
    for (size_t i = 0; i < counts[n]; i++) {
      const char *series = names[n];
      double seconds = all[n][i];
      KB_SAMPLES_COLUMNS(CELL_N, CELL_T)
      fprintf(f, "%d\n", ordinal);
    }
}

void kb_export_case(kb_export *csv, kb_export *samples,
                    const struct kb_metric_list *metrics,
                    const kb_plan_case *pc, const kb_result *res,
                    const kbench_device *dev, double copy_gbps, int ordinal,
                    size_t rep)
{
  if (csv->f) {
    case_row(csv->f, metrics, pc, res, dev, copy_gbps, ordinal, rep);
    flush(csv);
  }
  if (samples->f) {
    sample_rows(samples->f, pc, res, ordinal, rep);
    flush(samples);
  }
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
  char *header = kb_csv_header(&f->metrics);
  if (!header) {
    snprintf(err, len, "out of memory");
    return -1;
  }
  int rc = kb_export_open(&f->csv, csv_path, header, err, len)
           || kb_export_open(&f->samples, samples_path, samples_header,
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
