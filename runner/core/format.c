/* Times with their unit (format.h). */
#include <stdio.h>

#include "core/format.h"

void kb_format_seconds(char *buf, size_t len, double s)
{
  if (s < 1e-6)
    snprintf(buf, len, "%.1f ns", s * 1e9);
  else if (s < 1e-3)
    snprintf(buf, len, "%.2f us", s * 1e6);
  else if (s < 1)
    snprintf(buf, len, "%.3f ms", s * 1e3);
  else
    snprintf(buf, len, "%.3f s", s);
}
