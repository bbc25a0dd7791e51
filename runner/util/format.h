/* Numbers as people read them (times and counts with their unit), and
** lists of parts. */
#ifndef KB_FORMAT_H
#define KB_FORMAT_H

#include <stddef.h>

/* "91.23 us", "1.5 ns", "3.271 ms", "1.200 s"; "-" for NaN or infinity */
void kb_format_seconds(char *buf, size_t len, double s);

/* "12.3 GFLOP/s", "268.4 M": a number with an SI prefix and its unit, in
** digits significant digits; "-" for NaN. */
void kb_format_si(char *buf, size_t len, double v, int digits,
                  const char *unit);

/* The plural ending of a count of n: "" for one, "s" for any other
** ("1 case", "0 cases", "2 cases"). */
const char *kb_s(size_t n);

/* fmt's text after the text in buf, with sep between the two when buf
** holds some; cut short to fit len. */
void kb_append(char *buf, size_t len, const char *sep, const char *fmt, ...)
  __attribute__((format(printf, 4, 5)));

#endif
