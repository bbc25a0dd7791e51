/* The progress line's text: counts, clock times, the estimate, the cut. */
#include <stdio.h>
#include <string.h>

#include "output/progress.h"
#include "tap.h"

int main(void)
{
  char buf[512];
  kb_progress_format(buf, sizeof buf, 1, 61, "reduce_smem n=64M", 0.2, 0, 200);
  ok(strcmp(buf, "case 1 of 61 (0:00 elapsed): reduce_smem n=64M") == 0,
     "first case: no estimate yet: '%s'", buf);
  /* 2 cases took 10 s: 5 s each, and cases 3..61 (59) are still to do. */
  kb_progress_format(buf, sizeof buf, 3, 61, "copy_cpu n=1K", 10, 2, 200);
  ok(strcmp(buf, "case 3 of 61 (0:10 elapsed, ~4:55 left): copy_cpu n=1K")
     == 0, "estimate from the mean of finished cases: '%s'", buf);
  kb_progress_format(buf, sizeof buf, 10, 10, "x", 3723, 9, 200);
  ok(strcmp(buf, "case 10 of 10 (1:02:03 elapsed, ~6:54 left): x") == 0,
     "hours shown as h:mm:ss; the last case counts as still to do: '%s'",
     buf);
  kb_progress_format(buf, sizeof buf, 3, 61, "copy_cpu n=1K", 10, 2, 20);
  ok(strlen(buf) == 19 && strncmp(buf, "case 3 of 61 (0:10 ", 19) == 0,
     "cut to one column less than the terminal, so it never wraps: '%s'",
     buf);

  /* Not a terminal: nothing is ever drawn. */
  FILE *f = tmpfile();
  kb_progress p;
  kb_progress_begin(&p, f);
  kb_progress_show(&p, 1, 2, "a");
  kb_progress_redraw(&p);
  kb_progress_clear(&p);
  ok(p.tty == NULL && ftell(f) == 0, "a file gets no progress line");
  fclose(f);
  return tap_done();
}
