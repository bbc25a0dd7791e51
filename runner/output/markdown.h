/*
** A run as GitHub-flavoured markdown (--format=md), for a pull request
** comment or an issue: the command line, then per device its facts and a
** table of its cases (median, min, max, noise, GB/s, % of peak and of
** the copy peak, work, result), the warnings and failures' output below
** it, and each case's counters in a folded <details> table.  Devices run
** at once and their results interleave, so each device's text waits in
** memory and the whole document is printed when the run ends.
*/
#ifndef KB_MARKDOWN_H
#define KB_MARKDOWN_H

#include <stdio.h>

#include "model/device_report.h"
#include "model/disturbers.h"
#include "util/host_facts.h"
#include "output/side.h"
#include "output/writer.h"
#include "plan/cli.h"

/* What one device's cases have said so far. */
typedef struct kb_md_lane {
  FILE *rows, *notes, *counters;   /* memory streams (open_memstream) */
  char *rows_buf, *notes_buf, *counters_buf;
  size_t rows_len, notes_len, counters_len;
  size_t verdicts[KB_VERDICTS];   /* results by verdict */
  size_t with_counters;            /* cases with a counters table */
} kb_md_lane;

typedef struct kb_markdown {
  FILE *out;                 /* NULL when not asked for */
  kb_run_context run;        /* the command line for the heading, the
                                devices */
  const char *program;       /* what stands for argv[0]: NULL, "kbench";
                                "kbench tune" for a search */
  kb_md_lane *lanes;         /* one per device */
  FILE *failures;            /* plugins that did not load */
  char *failures_buf;
  size_t failures_len;
  int no_memory;             /* a memory stream could not be had */
  kb_side side;              /* several devices side by side */
  kb_disturbers disturbed;   /* the processes that disturbed cases */
  char host_note[KB_HOST_NOTE_LEN];  /* kb_host_state_note, or "" */
} kb_markdown;

/* out NULL: not asked for, every call does nothing.  What run points to
** must outlive m.  0, or -1 with a message in err. */
int kb_md_open(kb_markdown *m, FILE *out, const kb_run_context *run,
               char *err, size_t len);
/* The CPUs the run may use and the host's load as it started: said under
** the command line when they may starve its host side. */
void kb_md_host(kb_markdown *m, const kb_host_state *h);
/* A plugin that could not be found or loaded. */
void kb_md_load_failure(kb_markdown *m, const char *what, const char *msg);
/* Free what open took (safe twice, and after a failed open). */
void kb_md_close(kb_markdown *m);

/* The document as one of the run's writers: printed at the end. */
kb_writer kb_md_writer(kb_markdown *m);

/* Text for a markdown table cell: no line breaks, pipes escaped. */
void kb_md_cell(FILE *f, const char *s);

#endif
