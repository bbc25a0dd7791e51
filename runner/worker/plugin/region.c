/*
** ABI 1.2's timed region (region.h): its rules, and the copies of the
** outputs at its two ends.  In the verified run after timing, the outputs
** are copied aside when timer_start and timer_stop are called, queued in
** the stream's order and outside the times, into room taken before the
** run; worker/measure/region_check.c then verifies them.  (The first verified run
** is not armed: it is the one the stream audit traces, and the copies are
** no work of the plugin's.)
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kbench/plugin.h>

#include "worker/plugin/region.h"

void kb_region_init(kb_region *r)
{
  memset(r, 0, sizeof *r);
  r->used = -1;
}

void kb_region_run(kb_region *r)
{
  r->state = 0;
  r->taken = 0;
}

int kb_region_mark(kb_region *r, int in_run, const char *stage, int start,
                   char *why, size_t len)
{
  const char *name = start ? "timer_start" : "timer_stop";
  if (!in_run)
    snprintf(why, len, "%s called from %s, outside run: the timed region "
             "lies inside run", name, stage ? stage : "no callback");
  else if (start && r->state == 1)
    snprintf(why, len, "timer_start called twice without timer_stop: timed "
             "regions do not nest (one region per run)");
  else if (start && r->state == 2)
    snprintf(why, len, "timer_start called again after timer_stop: one "
             "timed region per run");
  else if (start && r->used == 0)
    snprintf(why, len, "timer_start called in a later run, but the first "
             "run had no timed region: use the region in every run or in "
             "none");
  else if (!start && r->state == 0)
    snprintf(why, len, "timer_stop called without timer_start");
  else if (!start && r->state == 2)
    snprintf(why, len, "timer_stop called twice in one run");
  else {
    r->state = start ? 1 : 2;
    return 0;
  }
  return -1;
}

int kb_region_after_run(kb_region *r, char *why, size_t len)
{
  if (r->state == 1)
    snprintf(why, len, "run returned with its timed region open: "
             "timer_start without timer_stop");
  else if (r->used == 1 && r->state == 0)
    snprintf(why, len, "run had no timed region this time, but its first "
             "run did: use the region in every run or in none");
  else {
    if (r->used < 0)
      r->used = r->state == 2;
    return 0;
  }
  return -1;
}

static int on_device(const kb_output *o, const kb_gpu *g)
{
  return g && o->memory == KBENCH_MEM_GLOBAL;
}

void kb_region_release(kb_region *r, const kb_output *o, size_t n,
                       kb_gpu *g)
{
  for (int end = 0; end < 2; end++)
    for (size_t i = 0; i < n; i++) {
      if (on_device(&o[i], g))
        kb_gpu_free(r->copy[end][i]);
      else
        free(r->copy[end][i]);
      r->copy[end][i] = NULL;
    }
}

/* Room for both ends' copies of every output: device memory for device
** outputs, host memory for the rest.  0, or -1 with why. */
static int allocate(kb_region *r, const kb_output *o, size_t n, kb_gpu *g)
{
  for (int end = 0; end < 2; end++)
    for (size_t i = 0; i < n; i++) {
      if (on_device(&o[i], g)) {
        if (kb_gpu_alloc(g, &r->copy[end][i], o[i].bytes, r->why,
                         sizeof r->why))
          goto failed;
      } else if (!(r->copy[end][i] = malloc(o[i].bytes))) {
        snprintf(r->why, sizeof r->why, "out of host memory for the "
                 "outputs' copies");
        goto failed;
      }
    }
  return 0;
failed:
  kb_region_release(r, o, n, g);
  return -1;
}

void kb_region_arm(kb_region *r, const kb_output *o, size_t n, kb_gpu *g)
{
  r->armed = r->used == 1;
  if (r->armed && !r->failed && n && !r->copy[0][0] && allocate(r, o, n, g))
    r->failed = 1;
}

void kb_region_copy(kb_region *r, int end, const kb_output *o, size_t n,
                    kb_gpu *g)
{
  if (!r->armed || r->failed)
    return;
  for (size_t i = 0; i < n; i++) {
    void *copy = r->copy[end][i];
    int bad = 0;
    if (!g)
      memcpy(copy, o[i].ptr, o[i].bytes);
    else if (o[i].memory == KBENCH_MEM_GLOBAL)
      bad = kb_gpu_copy(g, copy, o[i].ptr, o[i].bytes, r->why,
                        sizeof r->why);
    else
      bad = kb_gpu_host_copy(g, copy, o[i].ptr, o[i].bytes, r->why,
                             sizeof r->why);
    if (bad) {
      r->failed = 1;
      return;
    }
  }
  r->taken |= 1 << end;
}

int kb_region_restore(kb_region *r, int end, const kb_output *o, size_t n,
                      kb_gpu *g, char *err, size_t len)
{
  for (size_t i = 0; i < n; i++) {
    if (!on_device(&o[i], g))
      memcpy(o[i].ptr, r->copy[end][i], o[i].bytes);
    else if (kb_gpu_copy(g, o[i].ptr, r->copy[end][i], o[i].bytes, err, len))
      return -1;
  }
  return g ? kb_gpu_sync(g, err, len) : 0;
}
