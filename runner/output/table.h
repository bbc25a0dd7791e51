/*
** What the user reads: an aligned table, or TAP for test harnesses; in
** several device groups through groups.h, which makes it a writer.
*/
#ifndef KB_TABLE_H
#define KB_TABLE_H

#include <stdio.h>

#include "model/disturbers.h"
#include "util/host_facts.h"
#include "model/measure_cfg.h"
#include "model/result.h"
#include "output/cells.h"
#include "output/energy_text.h"
#include "output/progress.h"
#include "plan/plan.h"

typedef struct kb_report {
  FILE *out;
  int tap;
  size_t next;             /* number of the next test point */
  size_t started;          /* test points begun: cases started, failures */
  size_t total;
  kb_progress progress;    /* the line on stderr, when it is a terminal */
  int calibrate;           /* show a %copy column */
  int time;                /* enum kb_time: the time the run judges */
  char kernel_said[sizeof ((kb_result *)0)->kernel_note];  /* the last
                              reason for event time said under a row */
  double copy_gbps;        /* measured copy peak, 0 until calibrated */
  kb_energy_notes energy_notes;   /* why --energy measured nothing */
  kb_disturbers disturbed; /* the cases another process disturbed, and
                              the processes, for the closing line */
  char host_note[KB_HOST_NOTE_LEN];  /* the header's word on the CPUs
                              (kb_host_state_note), or "" */
  size_t ok, skipped, flagged, failed;  /* the cases, for the closing
                              line (disturbed: in disturbed) */
  int label_w;             /* the parameters column's width: the longest
                              label of the plan, 24 at least */
  char skip_said[sizeof ((kb_result *)0)->stage
                 + sizeof ((kb_result *)0)->message + 4];  /* the last
                              skip reason a row printed whole */
} kb_report;

/* out NULL: nothing on standard output; progress 0: no progress line
** either (a rank of a job other than the first).  Prints nothing. */
void kb_report_init(kb_report *r, FILE *out, int tap, int calibrate,
                    int time, int progress);
/* The CPUs the run may use and the host's load as it started: said in
** the header when they may starve its host side (before begin). */
void kb_report_host(kb_report *r, const kb_host_state *h);
/* The header (the TAP plan of total test points, or the table's). */
void kb_report_begin(kb_report *r, size_t total);
/* Widen the parameters column to the plan's longest label (before begin),
** so that a long one does not push its row's numbers out of their
** columns. */
void kb_report_labels(kb_report *r, const kb_plan *plan);
/* The device line: facts, mode, launch floor (seconds, < 0 if unknown)
** and, once calibrated, the measured copy peak. */
void kb_report_device(kb_report *r, const kbench_device *d, const char *mode,
                      double floor_s);
/* What --lock-clocks did to the device, under its line ("" for
** nothing asked). */
void kb_report_clock_lock(kb_report *r, const char *clocks);
/* The header of a device's rows when its worker never opened it. */
void kb_report_no_device(kb_report *r, int ordinal);
/* A plugin that could not be found or loaded. */
void kb_report_load_failure(kb_report *r, const char *what, const char *msg);
/* "kbench: warning: MSG" on stderr, not on the end of a progress line. */
void kb_report_warning(kb_report *r, const char *msg);
/* A case starts, on device (named when >= 0): the progress line, on a
** terminal only. */
void kb_report_progress(kb_report *r, const kb_plan_case *pc, int device);
void kb_report_case(kb_report *r, const kb_plan_case *pc,
                    const kb_result *res, const kbench_device *dev,
                    const kb_measure_cfg *cfg);

/* The closing line: how many cases, and how long the run took; how many
** another process disturbed, and which. */
void kb_report_end(kb_report *r, double seconds);

/* Warnings about a passed case's numbers, "; "-separated, or "". */
void kb_result_warnings(const kb_result *res, const kbench_device *dev,
                        const kb_measure_cfg *cfg, char *buf, size_t len);


#endif
