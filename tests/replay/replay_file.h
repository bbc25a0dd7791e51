/*
** A results file taken back to what a run's writers are given: its
** devices (as their workers reported them), a plan case per case name,
** and each entry's result read by the results reader.  What
** replay_print.c feeds the table, TAP, markdown, CSV and JSON writers, so
** that a file written on a GPU checks the printers on a host without one.
** Needs json-c.
*/
#ifndef KB_REPLAY_FILE_H
#define KB_REPLAY_FILE_H

#include <stddef.h>

#include "model/device_report.h"
#include "model/result.h"
#include "plan/plan.h"
#include "results/entries.h"

/* At most this many parameters a case, and devices a file. */
#define REPLAY_PARAMS_MAX 16
#define REPLAY_DEVICES_MAX 16

/* A case as a plan holds it, rebuilt from its name: each parameter an
** enumerated one whose one choice is the value's text ("64M"), so that
** its name and label come out as they were written. */
typedef struct replay_case {
  char text[512];                    /* the name, cut into its parts */
  kbench_param params[REPLAY_PARAMS_MAX];
  const char *choices[REPLAY_PARAMS_MAX];
  int64_t values[REPLAY_PARAMS_MAX]; /* 0: each one's only choice */
  kbench_variant variant;
  const kbench_variant *list[1];
  kb_plugin plugin;
} replay_case;

/* One entry: its case, its result, the lane of its device. */
typedef struct replay_entry {
  const kb_plan_case *pc;
  kb_result res;
  size_t lane;
  size_t rep;                        /* repetition_index */
} replay_entry;

typedef struct replay_file {
  kb_entries entries;                /* the document, as read */
  kb_run_device devices[REPLAY_DEVICES_MAX];
  size_t n_devices;                  /* 1 at least (a host file: closed) */
  const char *mode;                  /* context.kbench.mode, or "" */
  const char *time;                  /* context.kbench.time, or "" */
  replay_case *cases;
  kb_plan plan;                      /* a case per name, in file order */
  replay_entry *e;
  size_t n;
} replay_file;

/* path read into f: 0, or -1 with a message in err. */
int replay_file_read(const char *path, replay_file *f, char *err,
                     size_t len);
void replay_file_free(replay_file *f);

#endif
