/* The progress line on a terminal's stderr (progress.h). */
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "util/host_facts.h"
#include "output/progress.h"

/* Back to the start of the line and erase it. */
#define ERASE "\r\033[K"

void kb_progress_begin(kb_progress *p, FILE *f)
{
  /* A dumb terminal (an editor's shell buffer) would show ERASE as text. */
  const char *term = getenv("TERM");
  int tty = f && isatty(fileno(f)) && !(term && strcmp(term, "dumb") == 0);
  *p = (kb_progress){.tty = tty ? f : NULL, .t0 = kb_host_clock_s()};
}

/* "0:07", "12:40", "1:02:03" */
static void clock_text(char *buf, size_t len, double s)
{
  long t = s > 0 ? (long)(s + 0.5) : 0;
  if (t < 3600)
    snprintf(buf, len, "%ld:%02ld", t / 60, t % 60);
  else
    snprintf(buf, len, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
}

/* kb_progress_format's line for things called noun. */
static void format_line(char *buf, size_t len, const char *noun, size_t i,
                        size_t n, const char *what, double elapsed,
                        size_t finished, size_t width)
{
  char spent[32], left[48] = "";
  clock_text(spent, sizeof spent, elapsed);
  if (finished > 0) {
    /* The case starting now is still to do. */
    size_t todo = n >= i ? n - i + 1 : 1;
    char t[32];
    clock_text(t, sizeof t, elapsed / (double)finished * (double)todo);
    snprintf(left, sizeof left, ", ~%s left", t);
  }
  snprintf(buf, len, "%s %zu of %zu (%s elapsed%s): %s", noun, i, n, spent,
           left, what);
  /* A line that wraps could not be erased with one ERASE. */
  if (width > 1 && strlen(buf) >= width)
    buf[width - 1] = '\0';
}

void kb_progress_format(char *buf, size_t len, size_t i, size_t n,
                        const char *what, double elapsed, size_t finished,
                        size_t width)
{
  format_line(buf, len, "case", i, n, what, elapsed, finished, width);
}

static size_t columns(FILE *tty)
{
  struct winsize ws;
  if (ioctl(fileno(tty), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
    return ws.ws_col;
  return 80;
}

void kb_progress_show(kb_progress *p, size_t i, size_t n, const char *what)
{
  size_t finished = p->started++;
  if (!p->tty)
    return;
  double elapsed = kb_host_clock_s() - p->t0;
  format_line(p->line, sizeof p->line, p->noun ? p->noun : "case", i, n,
              what, elapsed, finished, columns(p->tty));
  kb_progress_redraw(p);
}

void kb_progress_clear(kb_progress *p)
{
  if (!p->shown)
    return;
  fputs(ERASE, p->tty);
  fflush(p->tty);
  p->shown = 0;
}

void kb_progress_redraw(kb_progress *p)
{
  if (!p->tty || !p->line[0])
    return;
  fprintf(p->tty, ERASE "%s", p->line);
  fflush(p->tty);
  p->shown = 1;
}
