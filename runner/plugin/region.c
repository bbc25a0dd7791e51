/*
** ABI 1.2's timed region inside run (case.h): the rules a plugin keeps
** (one region per run, in every run or in none, inside run only), and the
** check that keeps the region honest.  In the verified run after timing
** the outputs are copied aside at both ends of the region, queued in the
** stream's order and outside the times, into room taken before the run;
** afterwards the outputs as the region began must not verify, and as it
** ended must.  (The first verified run is not checked: it is the one the
** stream audit traces, and the copies are no work of the plugin's.)  So
** the work that verify checks lies inside the region: a region that leaves
** the kernel out, before it or after it, fails the case whatever its size,
** with or without CUPTI.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plugin/case.h"

static kb_case *case_of(const kbench_host *h)
{
  return (kb_case *)h->opaque;
}

static const char *end_name(int start)
{
  return start ? "timer_start" : "timer_stop";
}

/* Why this call breaks the rules, into why; 0 when it keeps them. */
static int broken(const kb_case *c, int start, char *why, size_t len)
{
  const char *name = end_name(start);
  if (!c->in_run)
    snprintf(why, len, "%s called from %s, outside run: the timed region "
             "lies inside run", name, c->stage ? c->stage : "no callback");
  else if (start && c->region == 1)
    snprintf(why, len, "timer_start called twice without timer_stop: timed "
             "regions do not nest (one region per run)");
  else if (start && c->region == 2)
    snprintf(why, len, "timer_start called again after timer_stop: one "
             "timed region per run");
  else if (start && c->region_used == 0)
    snprintf(why, len, "timer_start called in a later run, but the first "
             "run had no timed region: use the region in every run or in "
             "none");
  else if (!start && c->region == 0)
    snprintf(why, len, "timer_stop called without timer_start");
  else if (!start && c->region == 2)
    snprintf(why, len, "timer_stop called twice in one run");
  else
    return 0;
  return 1;
}

static void release_copies(kb_case *c)
{
  kb_shadows *w = &c->shadows;
  for (int end = 0; end < 2; end++)
    for (size_t i = 0; i < c->n_outputs; i++) {
      if (c->gpu && c->outputs[i].memory == KBENCH_MEM_GLOBAL)
        kb_gpu_free(w->copy[end][i]);
      else
        free(w->copy[end][i]);
      w->copy[end][i] = NULL;
    }
}

/* Room for both ends' copies of every output: device memory for device
** outputs, host memory for the rest.  0, or -1 with why. */
static int allocate(kb_case *c)
{
  kb_shadows *w = &c->shadows;
  for (int end = 0; end < 2; end++)
    for (size_t i = 0; i < c->n_outputs; i++) {
      const kb_output *o = &c->outputs[i];
      if (c->gpu && o->memory == KBENCH_MEM_GLOBAL) {
        if (kb_gpu_alloc(c->gpu, &w->copy[end][i], o->bytes, w->why,
                         sizeof w->why))
          goto failed;
      } else if (!(w->copy[end][i] = malloc(o->bytes))) {
        snprintf(w->why, sizeof w->why, "out of host memory");
        goto failed;
      }
    }
  return 0;
failed:
  release_copies(c);
  return -1;
}

/* Copy each output aside at one end of the region (0: its start, 1: its
** end), in the stream's order for a CUDA case. */
static void copy_aside(kb_case *c, int end)
{
  kb_shadows *w = &c->shadows;
  if (!c->check_region || w->failed)
    return;
  for (size_t i = 0; i < c->n_outputs; i++) {
    const kb_output *o = &c->outputs[i];
    void *copy = w->copy[end][i];
    int bad = 0;
    if (!c->gpu)
      memcpy(copy, o->ptr, o->bytes);
    else if (o->memory == KBENCH_MEM_GLOBAL)
      bad = kb_gpu_copy(c->gpu, copy, o->ptr, o->bytes, w->why,
                        sizeof w->why);
    else
      bad = kb_gpu_host_copy(c->gpu, copy, o->ptr, o->bytes, w->why,
                             sizeof w->why);
    if (bad) {
      w->failed = 1;
      return;
    }
  }
  w->taken |= 1 << end;
}

/* One end of the region.  The start's copy is queued before the start is
** marked, the end's after the end is: neither is timed. */
static int mark(const kbench_host *h, int start)
{
  kb_case *c = case_of(h);
  char why[256];
  if (broken(c, start, why, sizeof why)) {
    /* The first broken rule is the one to name: the calls after it break
    ** others only because of it. */
    if (!c->plugin_bug)
      kb_case_misuse(c, "%s", why);
    return KBENCH_ERROR;
  }
  c->region = start ? 1 : 2;
  if (start)
    copy_aside(c, 0);
  if (c->on_region && c->on_region(c->region_ctx, start, why, sizeof why)) {
    kb_case_misuse(c, "%s: %s", end_name(start), why);
    return KBENCH_ERROR;
  }
  if (!start)
    copy_aside(c, 1);
  return KBENCH_OK;
}

int kb_region_timer_start(const kbench_host *h)
{
  return mark(h, 1);
}

int kb_region_timer_stop(const kbench_host *h)
{
  return mark(h, 0);
}

void kb_region_after_run(kb_case *c)
{
  if (c->plugin_bug)
    return;
  if (c->region == 1)
    kb_case_misuse(c, "run returned with its timed region open: "
                   "timer_start without timer_stop");
  else if (c->region_used < 0)
    c->region_used = c->region == 2;
  else if (c->region_used && c->region == 0)
    kb_case_misuse(c, "run had no timed region this time, but its first "
                   "run did: use the region in every run or in none");
}

/* Put the outputs back as they were at one end of the region. */
static int restore(kb_case *c, int end)
{
  kb_shadows *w = &c->shadows;
  for (size_t i = 0; i < c->n_outputs; i++) {
    const kb_output *o = &c->outputs[i];
    if (c->gpu && o->memory == KBENCH_MEM_GLOBAL) {
      if (kb_gpu_copy(c->gpu, o->ptr, w->copy[end][i], o->bytes, c->message,
                      sizeof c->message))
        return KBENCH_ERROR;
    } else {
      memcpy(o->ptr, w->copy[end][i], o->bytes);
    }
  }
  if (c->gpu && kb_gpu_sync(c->gpu, c->message, sizeof c->message))
    return KBENCH_ERROR;
  return KBENCH_OK;
}

void kb_region_arm(kb_case *c)
{
  kb_shadows *w = &c->shadows;
  c->check_region = c->region_used == 1;
  if (c->check_region && !w->failed && !w->copy[0][0] && allocate(c))
    w->failed = 1;
}

int kb_region_check(kb_case *c, void *state, const char **unchecked)
{
  kb_shadows *w = &c->shadows;
  *unchecked = "";
  if (w->taken != 3) {
    *unchecked = w->why[0] ? w->why : "the outputs were not copied at the "
                 "region's ends";
    return KBENCH_OK;
  }
  int status = restore(c, 0);
  if (status == KBENCH_OK)
    status = kb_case_verify(c, state);
  if (status == KBENCH_OK)
    return c->host.fail(&c->host, KBENCH_ERROR, "the outputs already "
                        "verified when timer_start was called: the work "
                        "verify checks ran before the timed region, which "
                        "times none of it (do that work between timer_start "
                        "and timer_stop)");
  if (status != KBENCH_WRONG)
    return status;
  c->message[0] = '\0';
  if ((status = restore(c, 1)) != KBENCH_OK)
    return status;
  if ((status = kb_case_verify(c, state)) == KBENCH_WRONG) {
    char why[KB_MESSAGE_LEN / 2];
    snprintf(why, sizeof why, "%.*s", (int)sizeof why - 1, c->message);
    return c->host.fail(&c->host, KBENCH_ERROR, "the outputs as timer_stop "
                        "left them do not verify (%s): work after the timed "
                        "region made them right, so the region leaves out "
                        "work verify checks (do it between timer_start and "
                        "timer_stop)", why);
  }
  return status;
}

void kb_region_release(kb_case *c)
{
  release_copies(c);
  memset(&c->shadows, 0, sizeof c->shadows);
}
