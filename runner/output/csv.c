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

/* A case's row as the CSV's own cells need it. */
typedef struct csv_case {
  const kb_plan_case *pc;
  const kb_result *r;
  kb_peaks peaks;              /* its device's; 0 for a host case */
  size_t rep;
} csv_case;

static void cell_variant(FILE *f, const csv_case *c)
{
  csv_string(f, c->pc->variant->name);
}

static void cell_params(FILE *f, const csv_case *c)
{
  csv_string(f, c->pc->label);
}

static void cell_backend(FILE *f, const csv_case *c)
{
  fputs(c->pc->variant->backend == KBENCH_BACKEND_CUDA ? "cuda" : "host", f);
}

static void cell_peak_gbps(FILE *f, const csv_case *c)
{
  fprintf(f, "%.6g", c->peaks.peak_gbps);
}

static void cell_copy_gbps(FILE *f, const csv_case *c)
{
  fprintf(f, "%.6g", c->peaks.copy_gbps);
}

static void cell_repetition(FILE *f, const csv_case *c)
{
  fprintf(f, "%zu", c->rep);
}

/* The CSV's own cells, the case's and its device's, which are no row of
** the field table: each at its column, where it has always been, among
** the rows' (result_fields.h's CSV(n)); the device's ordinal comes last,
** after the counters. */
static const struct csv_own {
  const char *name;
  int column;
  void (*cell)(FILE *f, const csv_case *c);
} own[] = {
  {"variant", 1, cell_variant},
  {"params", 2, cell_params},
  {"backend", 3, cell_backend},
  {"peak_gbps", 21, cell_peak_gbps},
  {"copy_gbps", 22, cell_copy_gbps},
  {"repetition", 32, cell_repetition},
};
#define N_OWN (sizeof own / sizeof *own)

/* The field table's row at a --csv column, or -1 for none. */
static int field_at(int column)
{
  for (int id = 0; id < KB_FIELDS; id++)
    if (kb_result_fields[id].column == column)
      return id;
  return -1;
}

/* The CSV's own cell at a column, or NULL for none. */
static const struct csv_own *own_at(int column)
{
  for (size_t i = 0; i < N_OWN; i++)
    if (own[i].column == column)
      return &own[i];
  return NULL;
}

/* A field's cell: its text, a free text quoted; empty where the results
** file has null or no key. */
static void field_cell(FILE *f, const csv_case *c, int id)
{
  char text[KB_FIELD_TEXT_MAX];
  int shown = kb_field_text(c->r, &c->peaks, (enum kb_field_id)id, text,
                            sizeof text);
  if (shown == KB_SHOWN_VALUE || shown == KB_SHOWN_ZERO) {
    if (strcmp(kb_result_fields[id].hint, "q") == 0)
      csv_string(f, text);
    else
      fputs(text, f);
  }
}

/* The columns up to the counters, from the first to the first that is
** no one's, each followed by a comma: a header's names (c NULL), or a
** case's cells. */
static void columns(FILE *f, const csv_case *c)
{
  for (int column = 1;; column++) {
    int id = field_at(column);
    const struct csv_own *o = own_at(column);
    if (id >= 0 && c)
      field_cell(f, c, id);
    else if (id >= 0)
      fputs(kb_result_fields[id].key, f);
    else if (o && c)
      o->cell(f, c);
    else if (o)
      fputs(o->name, f);
    else
      return;
    fputc(',', f);
  }
}

/* The header's names in a stream. */
static void names(FILE *f, const struct kb_metric_list *metrics)
{
  columns(f, NULL);
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

/* --samples: a row per sample, seconds, the index i in its series
** ("event", "busy"). */
static const char samples_header[] =
  "variant,params,mode,batch,time,index,seconds,repetition,device";

/* A case's row of the --csv file. */
static void case_row(FILE *f, const struct kb_metric_list *metrics,
                     const csv_case *c, int ordinal)
{
  columns(f, c);
  /* A --metrics counter's total over the run's kernels: empty where it
  ** was not collected or cannot be summed. */
  const kb_counters *k = c->r->counters;
  for (size_t m = 0; m < metrics->n; m++) {
    for (size_t j = 0; k && j < k->n_metrics; j++)
      if (strcmp(k->names[j], metrics->shown[m].name) == 0
          && isfinite(k->total[j]))
        fprintf(f, "%.9g", k->total[j]);
    fputc(',', f);
  }
  fprintf(f, "%d\n", ordinal);
}

/* The --samples file's rows of a case: every sample's event time, then
** the kernel-time pass's busy time of each run. */
static void sample_rows(FILE *f, const kb_plan_case *pc, const kb_result *r,
                        int ordinal, size_t rep)
{
  const double *all[2] = {r->samples, r->kernel_samples};
  const size_t counts[2] = {r->n_samples, r->kernel_stats.n};
  static const char *const series[2] = {"event", "busy"};
  for (int n = 0; n < 2; n++)
    for (size_t i = 0; i < counts[n]; i++) {
      csv_string(f, pc->variant->name);
      fputc(',', f);
      csv_string(f, pc->label);
      fprintf(f, ",%s,%zu,%s,%zu,%.9g,%zu,%d\n", r->mode, r->batch,
              series[n], i, all[n][i], rep, ordinal);
    }
}

void kb_export_case(kb_export *csv, kb_export *samples,
                    const struct kb_metric_list *metrics,
                    const kb_plan_case *pc, const kb_result *res,
                    const kbench_device *dev, double copy_gbps, int ordinal,
                    size_t rep)
{
  if (csv->f) {
    csv_case c = {.pc = pc, .r = res, .rep = rep,
                  .peaks = {dev ? dev->peak_gbps : 0, copy_gbps}};
    case_row(csv->f, metrics, &c, ordinal);
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
