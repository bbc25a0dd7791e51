/*
** A sampler takes one timing sample of a case in one measurement mode.
** Each mode is its own unit (cold.c, hot.c, ...), chosen
** once per case; none of them needs anything from the plugin beyond run().
** All return a kbench status with the reason in the case's message.
*/
#ifndef KB_SAMPLER_H
#define KB_SAMPLER_H

#include <stddef.h>

#include "worker/plugin/case.h"

typedef struct kb_sampling {
  kb_case *c;
  void *state;          /* the plugin's state */
  size_t batch;         /* runs per sample in batched modes */
  void *graph;          /* graph mode: the captured batch */
  int hold;             /* hold the stream while a timed region is queued */
  double host_s;        /* the last run, or its timed region, on the
                           host's clock (kb_sampler_run) */
  double host_mark[2];  /* the region's start and end on the host's clock */
  double run_min_s;     /* the fastest whole run of those that timed a
                           region, on the host's clock (0: none yet), to
                           judge the region by (model/plausible.h) */
  int flush_at_region;  /* cold: flush L2 again where a timed region starts */
} kb_sampling;

typedef struct kb_sampler {
  const char *name;
  int batched;          /* 1 if a sample is `batch` back-to-back runs */
  int (*begin)(kb_sampling *s);                 /* may be NULL */
  int (*sample)(kb_sampling *s, double *seconds_per_run);
  void (*end)(kb_sampling *s);                  /* may be NULL */
} kb_sampler;

extern const kb_sampler kb_sampler_cold;   /* flush L2, one run */
extern const kb_sampler kb_sampler_hot;    /* a batch of back-to-back runs */
extern const kb_sampler kb_sampler_graph;  /* a batch replayed as a graph */
extern const kb_sampler kb_sampler_host;   /* one run on the CPU clock */

/* Shared by the device samplers: close a timed region whatever happened
** inside it, keeping the first error's message. */
int kb_sampler_finish(kb_case *c, int status, double *seconds);

/* One run of the case whose timed region (ABI 1.2), if it has one, is
** timed: the GPU's events mark it in a CUDA case (kb_gpu_region), the
** host's clock in either; s->host_s is the run's, or its region's, time
** on the host's clock. */
int kb_sampler_run(kb_sampling *s);

/* After an armed run of a case whose runs time a region (ABI 1.2;
** region_check.c): the outputs as the region began must not verify, and
** as it ended must.  KBENCH_OK, or KBENCH_ERROR with why in c->message;
** *unchecked says why the check could not be made, or is "". */
int kb_region_check(kb_case *c, void *state, const char **unchecked);

#endif
