/*
** A case's result, as every part of kbench sees it: the worker fills it,
** the wire carries it, the writers print it.
*/
#ifndef KB_RESULT_H
#define KB_RESULT_H

#include <stddef.h>
#include <stdint.h>

#include <kbench/plugin.h>

#include "core/energy.h"
#include "core/measure_cfg.h"
#include "core/metrics.h"
#include "core/stats.h"
#include "core/verdict.h"

/* A message from a case or a plugin, terminator included. */
#define KB_MESSAGE_LEN 1024

/* Kernels of one run whose counters a result keeps, one row each; a run
** that launches more keeps the first ones and their count. */
#define KB_COUNTER_KERNELS 16
#define KB_KERNEL_NAME_LEN 160

/* The --metrics of one untimed run of a case: per kernel and their total
** (core/metrics.h says how each metric adds up). */
typedef struct kb_counters {
  size_t n_metrics;
  size_t n_kernels;        /* rows kept */
  size_t n_launched;       /* kernels the run launched */
  size_t passes;           /* replays of the run the counters needed */
  char names[KB_METRICS_MAX][KB_METRIC_NAME_MAX];
  char units[KB_METRICS_MAX][KB_METRIC_UNIT_MAX];
  char kernels[KB_COUNTER_KERNELS][KB_KERNEL_NAME_LEN];
  double values[KB_COUNTER_KERNELS][KB_METRICS_MAX];
  double total[KB_METRICS_MAX];   /* NaN where a value cannot be summed */
} kb_counters;

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
  /* Kernel time (measure/kernel_time.h): per run, on the GPU's own clock
  ** (gpu__time_duration, as ncu counts it), from a pass of runs of its own
  ** after the timed samples.  The busy time is the run's kernels'
  ** durations summed; the span, first kernel's start to last one's end,
  ** is the same number when the run launches one kernel and is not
  ** measured when it launches several.  n_kernel == 0: none, and
  ** kernel_note says why. */
  double *kernel_samples;   /* busy time per run (owned, like samples) */
  size_t n_kernel;
  size_t kernels_per_run;
  kb_stats kernel_stats;    /* of kernel_samples */
  double kernel_pass_s;     /* what the kernel-time pass took (wall) */
  char kernel_note[256];    /* why a CUDA case has no kernel time, or "" */
  int judged;               /* enum kb_time: the time gbps and the rates
                               were taken from */
  kbench_bytes bytes;
  double gbps;              /* (read + written) / judged median, 1e9 B/s */
  uint64_t flops;           /* per run, from the variant's work(); 0: none */
  uint64_t items;           /* per run, likewise */
  int device_lost;          /* the CUDA context is unusable after this case */
  unsigned clock_min_mhz;   /* SM clock over the kept samples (NVML); 0: unknown */
  unsigned clock_max_mhz;
  size_t throttled;         /* samples dropped: SM clock under 75% of max */
  double wall_s;            /* the whole case, setup to teardown */
  double setup_s;           /* where wall_s went: the plugin's setup, */
  double verify_s;          /* both verified runs (poison, run, verify), */
  double sampling_s;        /* warm-up, timed samples (and --energy's
                               batch), */
  double teardown_s;        /* and the plugin's teardown */
  double busy_after_s;      /* stream check: device busy past the stream's
                               batch (seconds; < 0 when not checked) */
  char *output;             /* the last lines the plugin printed, for a
                               failed case (owned; NULL when none) */
  kb_counters *counters;    /* --metrics of one run (owned; NULL: none) */
  char counters_note[256];  /* why a CUDA case has no counters, or "" */
  /* The bytes audit: what DRAM moved in one run, against the claim. */
  double dram_read, dram_write;   /* bytes; < 0: not measured */
  int claim_flagged;        /* the claim exceeds DRAM's bytes + 10% + L2 */
  /* An audit the run asked for that could not be made (the profiler held
  ** by another process, no CUPTI): the case's verdict stands unchecked. */
  int unaudited;
  char audit_note[256];     /* which audit, why, and what to do; or "" */
  /* --energy (NVML): joules per run and the average power over a hot
  ** batch; < 0: not measured. */
  double energy_j;
  double power_w;
  /* How (core/energy.h): the windows' seconds and runs in all, each
  ** window's joules per run and their spread, and what was in force. */
  double energy_s;
  double energy_runs;
  size_t energy_n_windows;
  double energy_windows[KB_ENERGY_MAX_WINDOWS];
  double energy_spread;
  double power_limit_w;     /* 0: unknown */
  unsigned energy_sm_mhz;   /* lowest at the windows' ends; 0: unknown */
  unsigned energy_mem_mhz;
  char energy_note[256];    /* why --energy measured nothing, or "" */
  /* ABI 1.2: how each sample was timed. */
  int syncs;                /* the variant declares KBENCH_VARIANT_SYNCS:
                               each run timed by itself, unheld */
  int timed_region;         /* samples timed run's region (timer_start,
                               timer_stop), not the whole run */
  double host_s;            /* a KBENCH_VARIANT_SYNCS case: the median of
                               its samples on the host's clock; < 0: none */
  /* Which of the run's workers ran the case: the supervisor numbers them
  ** 1, 2, ... as it starts them (a worker runs one trust domain's cases,
  ** plan/trust.h); 0: none.  The supervisor's, never on the wire. */
  int worker;
  /* Two readings of the case that cannot both be true (core/plausible.h):
  ** which, and by how much; "" when they agree.  A passed case with one
  ** is FLAGGED, and fails under --strict. */
  char implausible[384];
} kb_result;

void kb_result_free(kb_result *r);
/* dst as a copy of src that owns copies of everything src owns (samples,
** kernel samples, output, counters): 0, or -1 out of memory with dst
** freed.  A struct assignment shares them, and both frees then free them
** twice. */
int kb_result_copy(kb_result *dst, const kb_result *src);
/* The judged median, seconds per run: the kernel time's when r->judged
** says kernel, else the event median's. */
double kb_result_time(const kb_result *r);
/* Whether r's span was measured: it has kernel time, one kernel a run. */
int kb_result_has_span(const kb_result *r);
/* The queue and launch overhead: the event median less the kernel time's
** (the span's, or with several kernels a run the busy time's, which then
** counts the gaps between them too); NaN without both. */
double kb_launch_overhead(const kb_result *r);
/* r zeroed with verdict, and every reading not taken yet marked so (-1:
** the bytes audit's DRAM bytes, the busy time after the stream, energy,
** watts, the host-clock median). */
void kb_result_init(kb_result *r, int verdict);
/* Which time to judge: the one asked for when r has it, else event time;
** sets r->judged and the rates (gbps) that follow from it. */
void kb_result_judge(kb_result *r, int wanted);
/* Whether a passed r is judged by event time where kernel time was wanted
** (the outputs say so beside a CUDA case's result, and why). */
int kb_result_event_fallback(const kb_result *r, int wanted);
/* An audit the run asked for that could not be made: marks r unaudited,
** saying which audit and why; the first such note stands. */
void kb_result_missed(kb_result *r, const char *audit, const char *why);
/* Whether a passed r is FLAGGED: the bytes audit flagged its claim, or
** two of its readings cannot both be true (r->implausible). */
int kb_result_flagged(const kb_result *r);
/* What DRAM moved against what the case claims: "" when it was not
** measured or agrees, else a sentence ("claims 1000.0x the 268.4 MB DRAM
** moved", "DRAM moved 1.9x the claimed bytes"). */
void kb_audit_text(const kb_result *r, char *buf, size_t len);
/* What the bytes audit saw DRAM move, read + write, per second at the
** median, in GB/s (1e9 bytes/s); 0 when not measured or not passed. */
double kb_dram_gbps(const kb_result *r);
/* "host", "global", "shared": where bytes are counted (KBENCH_MEM_*). */
const char *kb_memory_name(int memory);
/* count per second at the judged median: FLOP/s from r->flops, items/s from
** r->items; 0 for a count of 0 or a case that did not pass. */
double kb_per_second(const kb_result *r, uint64_t count);
/* Per watt, from --energy's batch: bytes moved per joule / 1e9 (GB/s per
** W) and FLOP per joule (FLOP/s per W); 0 without energy or such work. */
double kb_gbps_per_watt(const kb_result *r);
double kb_flops_per_watt(const kb_result *r);

/* What a passed case did besides moving bytes, when its variant says:
** "12.3 GFLOP/s, 4.1 Gitems/s", or "". */
void kb_result_work_text(char *buf, size_t len, const kb_result *r);

#endif
