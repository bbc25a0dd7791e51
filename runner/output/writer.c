/* Handing each event of a run to every writer (writer.h). */
#include <stdio.h>

#include "output/writer.h"

int kb_writers_add(kb_writers *s, kb_writer w)
{
  if (s->n == KB_MAX_WRITERS)
    return -1;
  s->w[s->n++] = w;
  return 0;
}

#define EACH(hook, ...)                                                   \
  for (size_t i = 0; i < s->n; i++)                                       \
    if (s->w[i].hook)                                                     \
      s->w[i].hook(s->w[i].self, __VA_ARGS__)

void kb_writers_begin(kb_writers *s, size_t total) { EACH(begin, total); }
void kb_writers_device(kb_writers *s, size_t lane) { EACH(device, lane); }
void kb_writers_lane_done(kb_writers *s, size_t lane)
{
  EACH(lane_done, lane);
}

void kb_writers_interrupted(kb_writers *s, const char *signal)
{
  EACH(interrupted, signal);
}

void kb_writers_start(kb_writers *s, size_t lane, const kb_plan_case *pc)
{
  EACH(start, lane, pc);
}

void kb_writers_result(kb_writers *s, size_t lane, const kb_plan_case *pc,
                       const kb_result *res, size_t rep)
{
  EACH(result, lane, pc, res, rep);
}

int kb_writers_end(kb_writers *s, double seconds, char *err, size_t len)
{
  int rc = 0;
  for (size_t i = 0; i < s->n; i++) {
    char why[1024];
    if (s->w[i].end && s->w[i].end(s->w[i].self, seconds, why, sizeof why)
        && rc == 0) {
      snprintf(err, len, "%s", why);
      rc = -1;
    }
  }
  return rc;
}
