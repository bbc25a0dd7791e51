/*
** Files for other programs: one CSV row per case (--csv) and every raw
** sample (--samples).  A file is created only once the plan is known to be
** good, and each case's rows are written and flushed as soon as the case
** ends, so a run that is killed, or whose disk fills, leaves every finished
** case readable and no temporary file behind.
*/
#ifndef KB_CSV_H
#define KB_CSV_H

#include <stdio.h>

#include "model/device_report.h"
#include "model/metrics.h"
#include "model/measure_cfg.h"
#include "model/result.h"
#include "output/writer.h"
#include "plan/plan.h"

typedef struct kb_export {
  const char *path;        /* NULL when not asked for */
  FILE *f;
  int failed;              /* errno of the first failed write, or 0 */
} kb_export;

/* A result file, created or emptied, not inherited by workers (and
** seekable: the JSON writer rewrites its tail).  NULL with a message. */
FILE *kb_create(const char *path, char *err, size_t len);

/* 0, or -1 with a message in err. */
int kb_export_open(kb_export *e, const char *path, const char *header,
                   char *err, size_t len);
/* Close the file: 0, or -1 with a message when any write failed.  Safe to
** call twice. */
int kb_export_close(kb_export *e, char *err, size_t len);

/* A result's rows; dev is the device when the case used it (NULL for a
** host case), ordinal the device whose worker ran it. */
void kb_export_case(kb_export *csv, kb_export *samples,
                    const struct kb_metric_list *metrics,
                    const kb_plan_case *pc, const kb_result *res,
                    const kbench_device *dev, double copy_gbps, int ordinal,
                    size_t rep);

/* --csv and --samples as one of the run's writers: every result to both
** files, as it comes. */
typedef struct kb_csv_files {
  kb_export csv, samples;
  const kb_run_device *devices;   /* the run's, one per lane */
  struct kb_metric_list metrics;  /* --metrics: a column each */
} kb_csv_files;

/* Both files (each NULL when not asked for), devices kept by pointer; the
** CSV has a column per metric of the list (--metrics, "" for none).  0,
** or -1 with a message in err. */
int kb_csv_open(kb_csv_files *f, const char *csv_path,
                const char *samples_path, const kb_run_device *devices,
                const char *metrics, char *err, size_t len);
kb_writer kb_csv_writer(kb_csv_files *files);
/* The --csv file's header, without its newline: the field table's
** columns (result_fields.h's CSV(n)) with the CSV's own among them, one
** per metric of metrics, then the device.
** malloc'd (free it), or NULL out of memory. */
char *kb_csv_header(const struct kb_metric_list *metrics);

#endif
