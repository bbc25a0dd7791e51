/*
** The results format's version, context.kbench.results_format, and the
** keys an older version gave a row of the field table
** (model/result_fields.h), so that the readers read files of every
** version by the table's keys.  docs/results.md's table of time fields
** says what each version names.
*/
#ifndef KB_RESULTS_FORMAT_H
#define KB_RESULTS_FORMAT_H

#include <stddef.h>
#include <stdio.h>

/* 2: the time judged is time_*_s (by the clock "time" names), the event
** time event_*_s, and kernel time kernel_*_s however many kernels a run
** launches.  1 (no results_format key: kbench up to d73b828): median_s,
** ... were the event time, busy_*_s the kernel time, and kernel_*_s the
** kernel time of a run of one kernel only. */
#define KB_RESULTS_FORMAT 2

/* The key of the table's row id (enum kb_field_id) in a file of the
** given format: the table's own, or what the older format named it. */
const char *kb_format_key(int id, int format);
/* A key of the table (one of the current format) as a file of the given
** format names it, for a reader that looks a key up by its name (tune's
** cache); a key that is not the table's is itself. */
const char *kb_format_key_named(const char *key, int format);
/* For a reader of results files, one line (no newline) into buf when any
** of the n runs is a kbench file of an older format: "FILE is results
** format 1, read as format 2 (...)", the first such named, "and N more"
** counted; 1 then, else 0 (Google Benchmark's keys never changed). */
struct kb_res_run;
int kb_format_note(const struct kb_res_run *runs, size_t n, char *buf,
                   size_t len);

/* json-c only (format_upgrade.c).  A kbench results file of an older
** format (root, as kb_results_parse read it) rewritten in place as the
** current format writes it: each entry's renamed keys under their names
** now, the keys the older format used for something else left out, the
** judged clock's time_* added, and its context's results_format the
** current one; the number of entries, or -1 (out of memory, or no
** kbench context).  kbench compare --upgrade; docs/decisions/
** format-1-readers.md says why. */
struct json_object;
int kb_format_upgrade(struct json_object *root);
/* root written onto f as kbench writes a results file: an entry a line.
** 0, or -1. */
int kb_format_write(FILE *f, struct json_object *root);

#endif
