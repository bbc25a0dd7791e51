/*
** ABI 1.2's timed region inside run, as a case keeps it: the rules a
** plugin's calls must keep (one region per run, in every run or in none,
** inside run only), and the copies of the outputs at the region's two
** ends that the check after a verified run reads (worker/measure/region_check.c).
** Nothing here calls the plugin: the case (case.c) answers timer_start and
** timer_stop with these.
*/
#ifndef KB_REGION_H
#define KB_REGION_H

#include <stddef.h>

#include "gpu/gpu.h"
#include "worker/plugin/outputs.h"

typedef struct kb_region {
  int state;               /* this run's: 0 none yet, 1 open, 2 closed */
  int used;                /* whether the case's runs use one; -1 until a
                              run has returned */
  int armed;               /* copy the outputs aside in this run */
  void *copy[2][KB_MAX_OUTPUTS];  /* [0] as the region began, [1] ended */
  int taken;               /* bit per end: copied in this run */
  int failed;              /* copies could not be had: not tried again */
  char why[256];           /* why not */
} kb_region;

void kb_region_init(kb_region *r);
/* A run begins: no region yet, nothing copied. */
void kb_region_run(kb_region *r);

/* A call of timer_start (start 1) or timer_stop (0), from the callback
** named stage (in_run: from run): 0 with the region's state moved on, or
** -1 with the rule it breaks in why. */
int kb_region_mark(kb_region *r, int in_run, const char *stage, int start,
                   char *why, size_t len);
/* After run returned: 0 with whether runs use a region learnt from the
** first, or -1 with the rule the run broke in why. */
int kb_region_after_run(kb_region *r, char *why, size_t len);

/* Arm the next run, when the case's runs use a region, to copy the
** outputs at its ends: room is taken here, never inside run. */
void kb_region_arm(kb_region *r, const kb_output *o, size_t n, kb_gpu *g);
/* Copy each output aside at one end (0: start, 1: end) of an armed run,
** in the stream's order in a CUDA case (g non-NULL). */
void kb_region_copy(kb_region *r, int end, const kb_output *o, size_t n,
                    kb_gpu *g);
/* Put the outputs back as they were at one end; the stream is waited
** for.  0, or -1 with the CUDA error in err. */
int kb_region_restore(kb_region *r, int end, const kb_output *o, size_t n,
                      kb_gpu *g, char *err, size_t len);
/* The copies freed (the case ends). */
void kb_region_release(kb_region *r, const kb_output *o, size_t n,
                       kb_gpu *g);

#endif
