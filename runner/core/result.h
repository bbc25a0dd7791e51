/*
** A case's result, as every part of kbench sees it: the worker fills it,
** the wire carries it, the writers print it.
*/
#ifndef KB_RESULT_H
#define KB_RESULT_H

#include <stddef.h>
#include <stdint.h>

#include <kbench/plugin.h>

#include "core/stats.h"
#include "core/verdict.h"

/* A message from a case or a plugin, terminator included. */
#define KB_MESSAGE_LEN 1024

typedef struct kb_result {
  int verdict;              /* enum kb_verdict */
  char stage[32];           /* where a non-pass verdict came from */
  char message[KB_MESSAGE_LEN];
  char mode[16];            /* sampler name */
  size_t batch;
  double *samples;          /* seconds per run; owned, free with kb_result_free */
  size_t n_samples;
  int stop;                 /* enum kb_stop */
  kb_stats stats;
  kbench_bytes bytes;
  double gbps;              /* (read + written) / median, 1e9 bytes/s */
  uint64_t flops;           /* per run, from the variant's work(); 0: none */
  uint64_t items;           /* per run, likewise */
  int device_lost;          /* the CUDA context is unusable after this case */
  unsigned clock_min_mhz;   /* SM clock over the kept samples (NVML); 0: unknown */
  unsigned clock_max_mhz;
  size_t throttled;         /* samples dropped: SM clock under 75% of max */
  double wall_s;            /* the whole case, setup to teardown */
  double setup_s;           /* where wall_s went: the plugin's setup, */
  double verify_s;          /* both verified runs (poison, run, verify), */
  double sampling_s;        /* warm-up and timed samples, */
  double teardown_s;        /* and the plugin's teardown */
  double busy_after_s;      /* stream check: device busy past the stream's
                               batch (seconds; < 0 when not checked) */
  char *output;             /* the last lines the plugin printed, for a
                               failed case (owned; NULL when none) */
} kb_result;

void kb_result_free(kb_result *r);
/* "host", "global", "shared": where bytes are counted (KBENCH_MEM_*). */
const char *kb_memory_name(int memory);
/* count per second at the median: FLOP/s from r->flops, items/s from
** r->items; 0 for a count of 0 or a case that did not pass. */
double kb_per_second(const kb_result *r, uint64_t count);

#endif
