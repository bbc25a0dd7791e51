/*
** Results as JSON that Google Benchmark's tools read unchanged (a superset
** of its format): a "benchmarks" array with name, real_time, cpu_time and
** time_unit on every entry, and a "context" with its keys, kbench's own
** fields beside them.  Each entry is a result's (results/entry.h, its keys
** from the table of a result's fields); this file makes the document
** around them.  Strict JSON (results/json_write.h): a number that is not
** finite is null, strings are escaped and made valid UTF-8.
**
** Written to a file (--json, or kbench tune's --cache, read back and
** resumed), the document is complete after every case: the entries so far
** are kept in memory, and the file is replaced whole after each case
** (output/replace.h), so that a run killed at any moment, even in the
** middle of a write, leaves a valid file holding every finished case.
** Rewritten in place, a kill inside the write left it invalid (133 of 150
** writers killed at random moments, tests/unit/test_results_json); a
** single write(2) can still be cut short by SIGKILL where it crosses a
** page (1 of 150 under load).  The cost grows with the square of the
** cases: n entries of s bytes are n * n * s / 2 bytes written in all (66
** of 5 KB: 11 MB; 1000 of 5 KB: 2.5 GB, into the page cache, over a run
** of at least 1000 cases' sampling).  Written to standard output
** (--format=json), entries are streamed and the context closes the
** document.  The context comes last because a device is known only once
** a worker has opened it.
**
** Every entry names the device whose worker ran it (device_ordinal, and
** device_name, device_uuid and device_pci_bus_id for a CUDA case on an
** opened device, null otherwise), one device or several, so that programs
** can rely on the keys; the name stays the case's alone.  The context
** holds the first opened device as ever, and every device of the run in
** "devices".
*/
#ifndef KB_RESULTS_JSON_H
#define KB_RESULTS_JSON_H

#include <stdio.h>

#include "output/writer.h"
#include "results/json_write.h"
#include "plan/cli.h"
#include "plan/devices.h"
#include "plan/launcher.h"
#include "plan/plan.h"

typedef struct kb_json {
  FILE *f;                 /* NULL when not asked for */
  const char *path;        /* NULL for standard output */
  int whole;               /* 1: f is memory, path replaced after each
                              step */
  char *body;              /* whole: the document so far, less its end */
  size_t body_len;
  kb_jw w;                 /* the document's writer, inside "benchmarks" */
  size_t n;                /* entries written */
  int failed;              /* errno of the first failed write, or 0 */
  kb_run_context run;      /* for the context */
  char date[40];           /* when the run started */
  const char *interrupted; /* the signal that stopped the run early, or
                              NULL: context.kbench.interrupted */
  /* More members of the context, after "kbench" (kbench tune's "tune"),
  ** written with w into the open object; NULL for none. */
  void (*context_more)(kb_jw *w, void *ctx);
  void *context_ctx;
  /* More members of each entry, after its table's, the same way (kbench
  ** tune's "tune" object); NULL for none. */
  void (*entry_more)(kb_jw *w, void *ctx);
  void *entry_ctx;
} kb_json;

/* path "-" is standard output; what run points to must outlive j.  0, or
** -1 with a message in err. */
int kb_json_open(kb_json *j, const char *path, const kb_run_context *run,
                 char *err, size_t len);
/* The same for a file replaced whole after every step, where nothing is
** written before the first step (an entry, kb_json_raw, or the close):
** kbench tune's --cache, which a search reads back first. */
int kb_json_open_whole(kb_json *j, const char *path,
                       const kb_run_context *run, char *err, size_t len);
/* One entry for a case's result on device d; rep of reps is its
** repetition. */
void kb_json_case(kb_json *j, const kb_plan_case *pc, const kb_result *res,
                  const kb_run_device *d, size_t rep, size_t reps);
/* A case's parameters as the members of an entry's "params" object, open
** in w: "name": value, an enumerated one by its choice's name. */
void kb_json_params(kb_jw *w, const kb_plan_case *pc);
/* Entries written elsewhere (n texts), appended as they are: one step. */
void kb_json_raw(kb_json *j, const char *const *texts, size_t n);
/* An entry read back (json-c's, such as a cache's), written again by
** the writer with entry_more's members added to it: one step. */
void kb_json_object(kb_json *j, struct json_object *object);
/* Whether a write has failed so far: 0, or -1 with a message in err. */
int kb_json_error(const kb_json *j, char *err, size_t len);
/* Finish the document: 0, or -1 with a message when a write failed. */
int kb_json_close(kb_json *j, char *err, size_t len);

/* The document as one of the run's writers: an entry per result, closed
** at the end. */
kb_writer kb_json_writer(kb_json *j);

#endif
