/*
** kbench compare's output: an aligned table, a markdown table for a pull
** request comment (write.c), or JSON (json.c, with json-c:
** the files it reads need it).
*/
#ifndef KB_COMPARE_WRITE_H
#define KB_COMPARE_WRITE_H

#include <stdio.h>

#include "commands/compare/judge.h"

typedef struct kb_cmp_report {
  const kb_res_run *base, *cur;
  const kb_cmp_cfg *cfg;
  const kb_cmp_row *rows;
  size_t n_rows;
  kb_cmp_summary sum;
  const char *device_warning;  /* "different devices: ...", or "" */
  const char *mode_warning;    /* "different modes: ...", or "" */
  const char *time_note;       /* kernel times asked and a file has none:
                                  which, so event times are compared; or
                                  "" */
} kb_cmp_report;

void kb_cmp_write_table(FILE *f, const kb_cmp_report *r);
void kb_cmp_write_markdown(FILE *f, const kb_cmp_report *r);
/* 0, or -1 when memory runs out. */
int kb_cmp_write_json(FILE *f, const kb_cmp_report *r);

/* The cases whose counts both runs have (*with), and of those the cases
** with a count that changed (*changed).  0, or -1 when memory runs out. */
int kb_cmp_count_changes(const kb_cmp_report *r, size_t *with,
                         size_t *changed);

/* What the audits say of a row's case: "FLAGGED in new" (the bytes audit
** flagged its claim), "unaudited in base" (an audit could not be made),
** both, or "". */
void kb_cmp_audit_marker(char *buf, size_t len, const kb_cmp_row *r);

/* "9 cases: 2 regressions (1 slower, 1 failed in new), 1 faster, ..." */
void kb_cmp_summary_text(const kb_cmp_summary *s, char *buf, size_t len);

#endif
