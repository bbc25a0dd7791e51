/* The processes named in disturbed cases' messages (disturbers.h). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "model/disturbers.h"

/* The "pid N (name)" at s, copied into out: its length in s, or 0 when s
** does not start one. */
static size_t one(const char *s, char *out, size_t len)
{
  const char *p = s + 4;
  if (strncmp(s, "pid ", 4) != 0 || !isdigit((unsigned char)*p))
    return 0;
  while (isdigit((unsigned char)*p))
    p++;
  if (strncmp(p, " (", 2) != 0)
    return 0;
  const char *close = strchr(p + 2, ')');
  if (!close || close == p + 2)
    return 0;
  size_t n = (size_t)(close + 1 - s);
  snprintf(out, len, "%.*s", (int)(n < len ? n : len - 1), s);
  return n;
}

void kb_disturbers_add(kb_disturbers *d, const char *message)
{
  d->cases++;
  for (const char *s = message ? strstr(message, "pid ") : NULL; s;
       s = strstr(s + 1, "pid ")) {
    char name[KB_DISTURBER_LEN];
    if ((s != message && isalnum((unsigned char)s[-1]))
        || !one(s, name, sizeof name))
      continue;
    size_t i = 0;
    while (i < d->n && strcmp(d->names[i], name) != 0)
      i++;
    if (i < d->n)
      continue;
    if (d->n == KB_DISTURBERS_KEPT)
      d->more = 1;
    else
      snprintf(d->names[d->n++], sizeof d->names[0], "%s", name);
  }
}

void kb_disturbers_text(const kb_disturbers *d, char *buf, size_t len)
{
  size_t used = 0;
  buf[0] = '\0';
  if (!d->n) {
    snprintf(buf, len, "a process it could not name");
    return;
  }
  for (size_t i = 0; i < d->n && used < len; i++) {
    int n = snprintf(buf + used, len - used, "%s%s", i ? ", " : "",
                     d->names[i]);
    used += n > 0 ? (size_t)n : 0;
  }
  if (d->more && used < len)
    snprintf(buf + used, len - used, " and others");
}
