/* --metrics=LIST: metric names, named sets, kbench's derived ratios, validation and "did you mean". */
#ifndef KB_METRICS_H
#define KB_METRICS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KB_METRIC_NAME_MAX 128 /* longest name, with its NUL */
#define KB_METRIC_UNIT_MAX 48
#define KB_METRICS_MAX 64      /* shown metrics, and counters collected, per list */

/* Where a metric's value comes from. */
enum kb_metric_source {
  KB_METRIC_COUNTER, /* a CUPTI / ncu metric, collected by the range profiler */
  KB_METRIC_DERIVED, /* kbench's own ratio of two collected counters, computed in C */
  KB_METRIC_LAUNCH   /* a launch fact from the kernel's activity record (ncu's launch__ names) */
};

/* What a kernel's activity record says about its launch (KB_METRIC_LAUNCH). */
enum kb_launch_field {
  KB_LAUNCH_REGISTERS_PER_THREAD,
  KB_LAUNCH_BLOCK_SIZE,        /* threads per block */
  KB_LAUNCH_GRID_SIZE,         /* blocks */
  KB_LAUNCH_SHARED_MEM_STATIC, /* bytes per block */
  KB_LAUNCH_SHARED_MEM_DYNAMIC,
  KB_LAUNCH_FIELDS
};
struct kb_launch_info {
  double v[KB_LAUNCH_FIELDS];
};

/* One metric the user asked for, in the order asked, without duplicates. */
struct kb_metric {
  char name[KB_METRIC_NAME_MAX];
  char unit[KB_METRIC_UNIT_MAX];
  enum kb_metric_source source;
  int additive;      /* a count (.sum): per-kernel values add up to the run's */
  int num, den;      /* KB_METRIC_COUNTER: num is its index in counters[]; DERIVED: both */
  double scale;      /* DERIVED: value = scale * num / den */
  int launch_field;  /* LAUNCH: which field of kb_launch_info */
};

/* A parsed --metrics list: what to show and which counters CUPTI must collect for it. */
struct kb_metric_list {
  size_t n;
  struct kb_metric shown[KB_METRICS_MAX];
  size_t ncounters; /* deduplicated, in first-use order */
  char counters[KB_METRICS_MAX][KB_METRIC_NAME_MAX];
};

/* The device's metric names, or a fake table in a unit test.
** lookup: 1 when the device can collect NAME (a full name such as dram__bytes_read.sum), with
**   its unit copied into UNIT; 0 when it cannot.
** name_at: the I-th name the device knows, NULL past the end; names without a rollup
**   ("dram__bytes_read") are fine: suggestions then keep the rollup the user typed.
**   May be NULL (no suggestions from the device). */
struct kb_metric_table {
  void *ctx;
  int (*lookup)(void *ctx, const char *name, char *unit, size_t unit_size);
  const char *(*name_at)(void *ctx, size_t i);
};

/* The named sets, NULL-terminated: name and a one-line purpose. */
struct kb_metric_set {
  const char *name;
  const char *purpose;
  const char *const *members;  /* NULL-terminated */
};
const struct kb_metric_set *kb_metric_sets(void);

/* kbench's own names (derived and launch), NULL-terminated, with unit and meaning. */
struct kb_metric_builtin {
  const char *name;
  const char *unit;
  enum kb_metric_source source;
  const char *num, *den; /* DERIVED */
  double scale;
  int launch_field;      /* LAUNCH */
  const char *help;
};
const struct kb_metric_builtin *kb_metric_builtins(void);

/* Parses LIST (comma-separated metric and set names; blanks around names ignored) into OUT:
** sets expand in place, duplicates drop, derived metrics add their counters. Counter names are
** checked with TABLE (NULL: accepted unchecked, unit left empty). Returns 0, or -1 with ERR
** naming the first bad name and up to three valid near ones. */
int kb_metrics_parse(const char *list, const struct kb_metric_table *table, struct kb_metric_list *out,
                     char *err, size_t err_size);

/* Up to MAX names near NAME (edit distance), best first, among the sets, kbench's own names and
** TABLE's names (each checked with TABLE's lookup). Returns how many were written. */
size_t kb_metrics_suggest(const char *name, const struct kb_metric_table *table, char out[][KB_METRIC_NAME_MAX],
                          size_t max);

/* One kernel's shown values from its collected COUNTERS (list->ncounters, in list->counters
** order) and LAUNCH (may be NULL: launch metrics become NaN). A ratio with a zero denominator
** is NaN. OUT gets list->n values. */
void kb_metrics_evaluate(const struct kb_metric_list *list, const double *counters, const struct kb_launch_info *launch,
                         double *out);

/* A run's values over NKERNELS kernels (COUNTERS row-major, NKERNELS x list->ncounters;
** LAUNCH NKERNELS entries or NULL): counts add up; derived ratios are recomputed from the summed
** counters; a CUPTI ratio or percentage, which cannot be summed, is NaN unless there is one
** kernel; a launch fact is kept when every kernel agrees, else NaN. */
void kb_metrics_total(const struct kb_metric_list *list, const double *counters, const struct kb_launch_info *launch,
                      size_t nkernels, double *out);

#ifdef __cplusplus
}
#endif

#endif
