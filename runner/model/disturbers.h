/*
** The processes that disturbed cases (KB_DISTURBED), as the cases'
** messages name them.  The worker names each process it saw on the GPU as
** "pid 4242 (stray_copy)", its pid and its name, in the message of a
** disturbed case ("another process used the GPU during the case: pid 4242
** (stray_copy), SM 45%, ..."); a result file has no other field for them,
** so the run's summary line, kbench compare and kbench fleet gather them
** from the messages here, and scripts/kbench-report (disturbers()) reads
** the same text for the report and kbench history.
*/
#ifndef KB_DISTURBERS_H
#define KB_DISTURBERS_H

#include <stddef.h>

#define KB_DISTURBERS_KEPT 4     /* processes named; past them, "and others" */
#define KB_DISTURBER_LEN 80      /* "pid 4242 (stray_copy)" */

typedef struct kb_disturbers {
  size_t cases;                  /* disturbed cases added */
  size_t by_cases;               /* ... of them by work an earlier case of
                                    the same worker left running, which
                                    the message names as "a thread of the
                                    earlier case CASE (thread N)"
                                    (worker/leftovers.h) */
  size_t n;                      /* distinct processes kept */
  char names[KB_DISTURBERS_KEPT][KB_DISTURBER_LEN];
  int more;                      /* a process past the kept ones */
} kb_disturbers;

/* One disturbed case, by its message: each process it names that is not
** already there is added, in the order first seen, and so is an earlier
** case it names ("the earlier case CASE", as "CASE's thread").  Start
** from a zeroed kb_disturbers. */
void kb_disturbers_add(kb_disturbers *d, const char *message);

/* "pid 4242 (stray_copy)", "pid 4242 (a), pid 77 (b) and others", or
** "a process it could not name" when no message named one;
** KB_DISTURBERS_TEXT_LEN holds any. */
#define KB_DISTURBERS_TEXT_LEN (KB_DISTURBERS_KEPT * KB_DISTURBER_LEN + 16)
void kb_disturbers_text(const kb_disturbers *d, char *buf, size_t len);

/* What disturbed the cases, for "N disturbed by ...": "another process",
** "an earlier case's work", or "another process or an earlier case's
** work". */
const char *kb_disturbers_by(const kb_disturbers *d);

#endif
