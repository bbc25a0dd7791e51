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

/* The earlier case a message names, "the earlier case CASE (thread N)",
** as "CASE's thread" in out: 1, or 0 when it names none. */
static int earlier_case(const char *message, char *out, size_t len)
{
  static const char mark[] = "the earlier case ";
  const char *s = message ? strstr(message, mark) : NULL;
  const char *end = s ? strstr(s, " (thread ") : NULL;
  if (!end || end == s + sizeof mark - 1)
    return 0;
  s += sizeof mark - 1;
  snprintf(out, len, "%.*s's thread", (int)(end - s), s);
  return 1;
}

static void name_once(kb_disturbers *d, const char *name)
{
  size_t i = 0;
  while (i < d->n && strcmp(d->names[i], name) != 0)
    i++;
  if (i < d->n)
    return;
  if (d->n == KB_DISTURBERS_KEPT)
    d->more = 1;
  else
    snprintf(d->names[d->n++], sizeof d->names[0], "%s", name);
}

void kb_disturbers_add(kb_disturbers *d, const char *message)
{
  char name[KB_DISTURBER_LEN];
  d->cases++;
  if (earlier_case(message, name, sizeof name)) {
    d->by_cases++;
    name_once(d, name);
    return;
  }
  for (const char *s = message ? strstr(message, "pid ") : NULL; s;
       s = strstr(s + 1, "pid ")) {
    if ((s != message && isalnum((unsigned char)s[-1]))
        || !one(s, name, sizeof name))
      continue;
    name_once(d, name);
  }
}

const char *kb_disturbers_by(const kb_disturbers *d)
{
  return d->by_cases == 0 ? "another process"
         : d->by_cases == d->cases ? "an earlier case's work"
         : "another process or an earlier case's work";
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
