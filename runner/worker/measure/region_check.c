/*
** The check that keeps ABI 1.2's timed region honest (sampler.h): the work
** verify checks must lie inside the region.  After the verified run after
** timing, whose outputs were copied aside at both ends of the region
** (worker/plugin/region.c), the outputs as the region began must fail verify and
** as it ended must pass.  A region that leaves the kernel out, before it
** or after it, fails the case whatever its size, with or without CUPTI.
*/
#include <stdio.h>

#include "worker/measure/sampler.h"

int kb_region_check(kb_case *c, void *state, const char **unchecked)
{
  kb_region *r = &c->region;
  *unchecked = "";
  if (r->taken != 3) {
    *unchecked = r->why[0] ? r->why : "the outputs were not copied at the "
                 "region's ends";
    return KBENCH_OK;
  }
  int status = kb_region_restore(r, 0, c->outputs, c->n_outputs, c->gpu,
                                 c->message, sizeof c->message)
               ? KBENCH_ERROR : kb_case_verify(c, state);
  if (status == KBENCH_OK)
    return c->host.fail(&c->host, KBENCH_ERROR, "the outputs already "
                        "verified when timer_start was called: the work "
                        "verify checks ran before the timed region, which "
                        "times none of it (do that work between timer_start "
                        "and timer_stop)");
  if (status != KBENCH_WRONG)
    return status;
  c->message[0] = '\0';
  if (kb_region_restore(r, 1, c->outputs, c->n_outputs, c->gpu, c->message,
                        sizeof c->message))
    return KBENCH_ERROR;
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
