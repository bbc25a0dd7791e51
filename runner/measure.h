/*
** The life of one case: setup, a verified first run, warm-up, samples
** until the criterion stops, a verified run after timing, teardown.
*/
#ifndef KB_MEASURE_H
#define KB_MEASURE_H

#include <stddef.h>

#include "case.h"
#include "criterion.h"
#include "stats.h"

enum kb_mode { KB_MODE_COLD = 0, KB_MODE_HOT, KB_MODE_GRAPH };

typedef struct kb_measure_cfg {
  int mode;                 /* enum kb_mode, for CUDA cases */
  size_t warmup;            /* samples taken and thrown away */
  size_t batch;             /* runs per batched sample; 0: about 1 ms */
  int hold;                 /* see kb_gpu_begin(); off under profilers */
  int profile;              /* one verified run per case, nothing timed */
  kb_criterion_cfg criterion;
} kb_measure_cfg;

enum kb_verdict {
  KB_PASS = 0,              /* ran and verified */
  KB_WRONG,                 /* verification failed */
  KB_ERROR,                 /* setup, run or the runtime failed */
  KB_SKIP,                  /* cannot run here (no device, unsupported) */
  KB_CRASH                  /* the worker died or was killed during the case */
};

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

void kb_measure_case(kb_case *c, const kb_measure_cfg *cfg, kb_result *r);
void kb_result_free(kb_result *r);
/* count per second at the median: FLOP/s from r->flops, items/s from
** r->items; 0 for a count of 0 or a case that did not pass. */
double kb_per_second(const kb_result *r, uint64_t count);
const char *kb_mode_name(int mode);
int kb_mode_parse(const char *s);

#endif
