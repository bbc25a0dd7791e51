/* Parsing --devices lists of CUDA ordinals (devices.h). */
#include <ctype.h>
#include <stdio.h>

#include "plan/devices.h"

/* Digits at *p: the ordinal, and *p past them; -1 when there are none or
** the number is too large. */
static int ordinal_at(const char **p)
{
  if (!isdigit((unsigned char)**p))
    return -1;
  long v = 0;
  for (; isdigit((unsigned char)**p); (*p)++)
    if ((v = v * 10 + (**p - '0')) > KB_MAX_ORDINAL)
      v = KB_MAX_ORDINAL + 1;   /* keep reading: the message names it */
  return v > KB_MAX_ORDINAL ? -1 : (int)v;
}

int kb_devices_parse(const char *list, int *ordinals, size_t *n, char *err,
                     size_t len)
{
  const char *p = list;
  *n = 0;
  for (;;) {
    int lo = ordinal_at(&p), hi = lo;
    if (lo >= 0 && *p == '-') {
      p++;
      hi = ordinal_at(&p);
    }
    if (lo < 0 || hi < 0 || (*p && *p != ',')) {
      snprintf(err, len, "expected all or a list of device ordinals (0 to "
               "%d) such as 0,1 or 0-3", KB_MAX_ORDINAL);
      return -1;
    }
    if (hi < lo) {
      snprintf(err, len, "the range %d-%d goes down", lo, hi);
      return -1;
    }
    for (int d = lo; d <= hi; d++) {
      for (size_t i = 0; i < *n; i++)
        if (ordinals[i] == d) {
          snprintf(err, len, "device %d is listed twice", d);
          return -1;
        }
      if (*n == KB_MAX_DEVICES) {
        snprintf(err, len, "at most %d devices", KB_MAX_DEVICES);
        return -1;
      }
      ordinals[(*n)++] = d;
    }
    if (!*p)
      return 0;
    p++;                       /* the comma */
  }
}
