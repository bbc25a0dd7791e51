/* The keys of the results format's older versions (format.h). */
#include <stdio.h>
#include <string.h>

#include "model/result_fields.h"
#include "results/reader.h"
#include "results/format.h"

/* What format 1 named the rows format 2 renamed.  Format 1's own
** kernel_*_s (kernel time of a run of one kernel, null with several) are
** not read: its busy_*_s are the same numbers, and every run's. */
static const struct {
  int id;
  const char *key;
} format1[] = {
  {KB_FIELD_event_median, "median_s"}, {KB_FIELD_event_mean, "mean_s"},
  {KB_FIELD_event_min, "min_s"}, {KB_FIELD_event_max, "max_s"},
  {KB_FIELD_event_stdev, "stdev_s"}, {KB_FIELD_event_noise, "noise"},
  {KB_FIELD_kernel_median, "busy_median_s"},
  {KB_FIELD_kernel_mean, "busy_mean_s"},
  {KB_FIELD_kernel_min, "busy_min_s"}, {KB_FIELD_kernel_max, "busy_max_s"},
  {KB_FIELD_kernel_stdev, "busy_stdev_s"},
  {KB_FIELD_kernel_noise, "busy_noise"},
};

const char *kb_format_key(int id, int format)
{
  if (format < 2)
    for (size_t i = 0; i < sizeof format1 / sizeof format1[0]; i++)
      if (format1[i].id == id)
        return format1[i].key;
  return kb_result_fields[id].key;
}

const char *kb_format_key_named(const char *key, int format)
{
  for (int id = 0; id < KB_FIELDS; id++)
    if (kb_result_fields[id].key && strcmp(kb_result_fields[id].key, key) == 0)
      return kb_format_key(id, format);
  return key;
}

int kb_format_note(const kb_res_run *runs, size_t n, char *buf, size_t len)
{
  const kb_res_run *first = NULL;
  size_t old = 0;
  for (size_t i = 0; i < n; i++)
    if (runs[i].is_kbench && runs[i].format < KB_RESULTS_FORMAT
        && !(first && strcmp(first->path, runs[i].path) == 0)) {
      first = first ? first : &runs[i];   /* a file given twice: once */
      old++;
    }
  if (!first)
    return 0;
  char more[48] = "";
  if (old > 1)
    snprintf(more, sizeof more, " and %zu more", old - 1);
  snprintf(buf, len, "%s%s %s results format %d, read as format %d "
           "(docs/results.md: time fields)", first->path, more,
           old > 1 ? "are" : "is", first->format, KB_RESULTS_FORMAT);
  return 1;
}
