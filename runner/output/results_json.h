/*
** Results as JSON that Google Benchmark's tools read unchanged (a superset
** of its format): a "benchmarks" array with name, real_time, cpu_time and
** time_unit on every entry, and a "context" with its keys, kbench's own
** fields beside them.  Each entry is a result's (results/entry.h, its keys
** from the table of a result's fields); this file makes the document
** around them.  Strict JSON (results/json_write.h): a number that is not
** finite is null, strings are escaped and made valid UTF-8.
**
** Written to a file (--json), the document is complete after every case:
** each case's entry and the closing context after it go in place of the
** old context, padded with spaces to its length, in one write(2), so a
** run killed at any moment but inside that call leaves a valid file
** holding every finished case (SIGKILL can cut a write short between
** pages; replacing the file whole would cost a rewrite that grows with
** every case).  Written to standard output (--format=json), entries
** are streamed and the context closes the document.  A file opened with
** kb_json_open_whole (kbench tune's --cache, read back and resumed) is
** instead replaced whole after every step (output/replace.h), so that no
** kill, even one in the middle of a write, leaves it invalid.  The
** context comes last because a device is known only once a worker has
** opened it.
**
** Every entry names the device whose worker ran it (device_ordinal, and
** device_name, device_uuid and device_pci_bus_id for a CUDA case on an
** opened device, null otherwise), one device or several, so that programs
** can rely on the keys; the name stays the case's alone.  The context
** holds the first opened device as ever, and every device of the run in
** "devices".
*/
#ifndef KB_JSON_H
#define KB_JSON_H

#include <stdio.h>

#include "output/writer.h"
#include "plan/cli.h"
#include "plan/devices.h"
#include "plan/launcher.h"
#include "plan/plan.h"

typedef struct kb_json {
  FILE *f;                 /* NULL when not asked for */
  const char *path;        /* NULL for standard output */
  int fd;                  /* a file written in place, or -1 */
  int whole;               /* 1: path replaced whole after each step */
  char *body;              /* f's memory for a file: whole, the document
                              so far less its end; in place, the step's
                              new entries */
  size_t body_len;
  size_t tail;             /* in place: where the end starts in the file */
  size_t end_len;          /* ...and how long it is */
  size_t size;             /* ...and the file's length */
  size_t n;                /* entries written */
  int failed;              /* errno of the first failed write, or 0 */
  kb_run_context run;      /* for the context */
  char date[40];           /* when the run started */
  const char *interrupted; /* the signal that stopped the run early, or
                              NULL: context.kbench.interrupted */
  /* More keys of the context, after "kbench" (kbench tune's "tune"):
  ** ", \"key\": value..." written to f; NULL for none. */
  void (*context_more)(FILE *f, void *ctx);
  void *context_ctx;
  /* More keys of each entry, before its closing brace, written the same
  ** way (kbench tune's "tune" object); NULL for none. */
  void (*entry_more)(FILE *f, void *ctx);
  void *entry_ctx;
} kb_json;

/* path "-" is standard output; what run points to must outlive j.  0, or
** -1 with a message in err. */
int kb_json_open(kb_json *j, const char *path, const kb_run_context *run,
                 char *err, size_t len);
/* The same for a file replaced whole after every step rather than
** rewritten in place; nothing is written before the first step (an entry,
** kb_json_raw, or the close). */
int kb_json_open_whole(kb_json *j, const char *path,
                       const kb_run_context *run, char *err, size_t len);
/* One entry for a case's result on device d; rep of reps is its
** repetition. */
void kb_json_case(kb_json *j, const kb_plan_case *pc, const kb_result *res,
                  const kb_run_device *d, size_t rep, size_t reps);
/* A case's parameters as an entry's "params" object: {"name": value...},
** an enumerated one by its choice's name. */
void kb_json_params(FILE *f, const kb_plan_case *pc);
/* Entries written elsewhere (n texts), appended as they are: one step. */
void kb_json_raw(kb_json *j, const char *const *texts, size_t n);
/* An entry read back (a JSON object's text, such as a cache's), with
** entry_more's keys added to it: one step. */
void kb_json_object(kb_json *j, const char *object);
/* Whether a write has failed so far: 0, or -1 with a message in err. */
int kb_json_error(const kb_json *j, char *err, size_t len);
/* Finish the document: 0, or -1 with a message when a write failed. */
int kb_json_close(kb_json *j, char *err, size_t len);

/* The document as one of the run's writers: an entry per result, closed
** at the end. */
kb_writer kb_json_writer(kb_json *j);

#endif
