/*
** One interface for everything that writes a run's results (the table or
** TAP, the CSV files, the JSON documents), like nvbench's printers: the
** run hands each event to the set of writers once, and each writer does
** what its format needs with it.  Every hook may be NULL.
**
** The devices of the run are the writers' to read (each writer keeps the
** run's kb_run_device array): a device hook says that lane's worker has
** opened its device and its report is filled in.
*/
#ifndef KB_WRITER_H
#define KB_WRITER_H

#include <stddef.h>

#include "model/device_report.h"
#include "model/result.h"
#include "plan/cli.h"
#include "plan/launcher.h"
#include "plan/plan.h"

/* What a writer that describes the run is told when it opens: the
** options, which process of a job this is, the command line, and the
** devices (kept by pointer: their workers fill them in as they open them,
** so they must outlive the writer). */
typedef struct kb_run_context {
  const kb_options *o;
  const kb_launch *launch;
  int argc;
  char **argv;
  const kb_run_device *devices;
  size_t n_devices;
  const char *seal;        /* the workers' seal in words (the supervisor's
                              kb_supervisor.seal): "" before any, NULL
                              where no worker runs */
} kb_run_context;

typedef struct kb_writer {
  void *self;
  /* The run starts: total test points (cases, and plugins that failed to
  ** load). */
  void (*begin)(void *self, size_t total);
  /* Lane's worker opened its device. */
  void (*device)(void *self, size_t lane);
  /* Lane starts a case. */
  void (*start)(void *self, size_t lane, const kb_plan_case *pc);
  /* A result of lane's worker; rep is its repetition. */
  void (*result)(void *self, size_t lane, const kb_plan_case *pc,
                 const kb_result *res, size_t rep);
  /* Lane has no more cases. */
  void (*lane_done)(void *self, size_t lane);
  /* The run was stopped early by signal ("SIGINT", "SIGTERM"): the cases
  ** not written are missing, not failed.  Before end. */
  void (*interrupted)(void *self, const char *signal);
  /* The run is over, after seconds: finish the output.  0, or -1 with a
  ** message in err (a write failed). */
  int (*end)(void *self, double seconds, char *err, size_t len);
} kb_writer;

#define KB_MAX_WRITERS 8

typedef struct kb_writers {
  kb_writer w[KB_MAX_WRITERS];
  size_t n;
} kb_writers;

/* Add a writer; -1 when the set is full. */
int kb_writers_add(kb_writers *s, kb_writer w);
void kb_writers_begin(kb_writers *s, size_t total);
void kb_writers_device(kb_writers *s, size_t lane);
void kb_writers_start(kb_writers *s, size_t lane, const kb_plan_case *pc);
void kb_writers_result(kb_writers *s, size_t lane, const kb_plan_case *pc,
                       const kb_result *res, size_t rep);
void kb_writers_lane_done(kb_writers *s, size_t lane);
void kb_writers_interrupted(kb_writers *s, const char *signal);
/* Every writer's end, even after one failed: 0, or -1 with the first
** failure's message. */
int kb_writers_end(kb_writers *s, double seconds, char *err, size_t len);

#endif
