/*
** kbench fleet's output: an aligned table, markdown (write.c), or
** JSON (json.c, with json-c: the files it reads need it).
*/
#ifndef KB_FLEET_WRITE_H
#define KB_FLEET_WRITE_H

#include <stdio.h>

#include "commands/fleet/judge.h"

/* verbose: the case-by-case list too (--verbose). */
void kb_fleet_write_table(FILE *out, const kb_fleet *f, int verbose);
void kb_fleet_write_markdown(FILE *out, const kb_fleet *f);
/* 0, or -1 when memory runs out. */
int kb_fleet_write_json(FILE *out, const kb_fleet *f);

/* Why GPU g is flagged on case c ("1.818 x its group's reference (over
** 1.500)", "FAIL verify: ..."), or "" when it is not. */
void kb_fleet_reason(const kb_fleet *f, size_t c, size_t g, char *buf,
                     size_t len);

#endif
