/* Numbers with their unit, and lists of parts (format.h). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util/format.h"

void kb_format_seconds(char *buf, size_t len, double s)
{
  if (!isfinite(s))
    snprintf(buf, len, "-");
  else if (s < 1e-6)
    snprintf(buf, len, "%.1f ns", s * 1e9);
  else if (s < 1e-3)
    snprintf(buf, len, "%.2f us", s * 1e6);
  else if (s < 1)
    snprintf(buf, len, "%.3f ms", s * 1e3);
  else
    snprintf(buf, len, "%.3f s", s);
}

void kb_format_si(char *buf, size_t len, double v, int digits,
                  const char *unit)
{
  static const char prefix[] = " kMGTPE";
  int p = 0;
  if (isnan(v)) {
    snprintf(buf, len, "-");
    return;
  }
  while (v >= 1000 && p < 6) {
    v /= 1000;
    p++;
  }
  snprintf(buf, len, "%.*g%s%.*s%s", digits, v, p || *unit ? " " : "",
           p > 0, prefix + p, unit);
}

const char *kb_s(size_t n)
{
  return n == 1 ? "" : "s";
}

void kb_append(char *buf, size_t len, const char *sep, const char *fmt, ...)
{
  size_t used = strnlen(buf, len);
  if (used && used < len)
    used += (size_t)snprintf(buf + used, len - used, "%s", sep);
  if (used >= len)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf + used, len - used, fmt, ap);
  va_end(ap);
}
