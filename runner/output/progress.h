/*
** The progress line of a long run: which case of how many is starting,
** its name, the time since the run began and an estimate of the time
** left.  It is drawn only when its stream is a terminal, so it never
** reaches a file or a pipe, and it is erased before other output.
*/
#ifndef KB_PROGRESS_H
#define KB_PROGRESS_H

#include <stddef.h>
#include <stdio.h>

typedef struct kb_progress {
  FILE *tty;              /* where to draw; NULL when not a terminal */
  double t0;              /* when the run began (kb_host_clock_s) */
  size_t started;         /* cases started so far */
  int shown;              /* a line is on the screen now */
  char line[512];         /* the line last drawn, to draw it again */
  const char *noun;       /* what is counted: "case" when NULL */
} kb_progress;

/* Start the clock; draw on f from now on if it is a terminal (NULL:
** never). */
void kb_progress_begin(kb_progress *p, FILE *f);
/* Case i of n (counted from 1), named what, is starting. */
void kb_progress_show(kb_progress *p, size_t i, size_t n, const char *what);
/* Erase the line, if one is on the screen, before other output... */
void kb_progress_clear(kb_progress *p);
/* ...and put it back when that output is not the end of the case. */
void kb_progress_redraw(kb_progress *p);

/* The line itself: "case 3 of 61 (0:12 elapsed, ~4:05 left): NAME", the
** estimate from the mean time of the finished cases, none before one has
** finished; cut to width - 1 characters so that it never wraps. */
void kb_progress_format(char *buf, size_t len, size_t i, size_t n,
                        const char *what, double elapsed, size_t finished,
                        size_t width);

#endif
