/*
** A tiny TAP producer for the C unit tests (Debian packages no C TAP
** library).  Each test program includes this once; the plan is printed at
** the end, which TAP allows.
*/
#ifndef KB_TAP_H
#define KB_TAP_H

#include <math.h>
#include <stdarg.h>
#include <stdio.h>

static int tap_count, tap_failures;

static void tap_ok(int pass, const char *file, int line, const char *fmt, ...)
{
  va_list ap;
  printf("%sok %d - ", pass ? "" : "not ", ++tap_count);
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  putchar('\n');
  if (!pass) {
    tap_failures++;
    printf("# failed at %s:%d\n", file, line);
  }
}

#define ok(cond, ...) tap_ok(!!(cond), __FILE__, __LINE__, __VA_ARGS__)
#define near(a, b, tol) (fabs((double)(a) - (double)(b)) <= (tol))

static int tap_done(void)
{
  printf("1..%d\n", tap_count);
  return tap_failures ? 1 : 0;
}

#endif
