/*
** A case's result, as every part of kbench sees it: the worker fills it,
** the wire carries it, the writers print it.
*/
#ifndef KB_RESULT_H
#define KB_RESULT_H

#include <stddef.h>
#include <stdint.h>

#include <kbench/plugin.h>

#include "model/energy.h"
#include "model/measure_cfg.h"
#include "model/metrics.h"
#include "model/result_fields.h"
#include "util/stats.h"
#include "model/verdict.h"

/* A message from a case or a plugin, terminator included. */
#define KB_MESSAGE_LEN 1024

/* Kernels of one run whose counters a result keeps, one row each; a run
** that launches more keeps the first ones and their count. */
#define KB_COUNTER_KERNELS 16
#define KB_KERNEL_NAME_LEN 160

/* The --metrics of one untimed run of a case: per kernel and their total
** (model/metrics.h says how each metric adds up). */
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

/* A case's result: the members the table declares (model/result_fields.h,
** where each is described), and the ones it describes field by field or
** cannot describe, declared here. */
#define KB_DECLARE_F(m, type, ...) KB_CTYPE_##type m;
#define KB_DECLARE_S(m, size, ...) char m[size];
typedef struct kb_result {
  kb_stats stats;           /* of samples */
  kb_stats kernel_stats;    /* of kernel_samples; its n is their count */
  kbench_bytes bytes;       /* what one run claims to move */
  double *samples;          /* seconds per run; owned, free with
                               kb_result_free */
  size_t n_samples;
  double *kernel_samples;   /* kernel time: busy time per run (owned, like
                               samples), kernel_stats.n of them; none:
                               kernel_note says why */
  double *energy_windows;   /* each --energy window's joules per run
                               (owned, like samples) */
  size_t energy_n_windows;
  kb_counters *counters;    /* --metrics of one run (owned; NULL: none) */
  KB_RESULT_FIELDS(KB_DECLARE_F, KB_DECLARE_S, KB_ROW_SKIP, KB_ROW_SKIP,
                   KB_ROW_SKIP, KB_ROW_SKIP)
} kb_result;
#undef KB_DECLARE_F
#undef KB_DECLARE_S

void kb_result_free(kb_result *r);
/* dst as a copy of src that owns copies of everything src owns (samples,
** kernel samples, output, counters): 0, or -1 out of memory with dst
** freed.  A struct assignment shares them, and both frees then free them
** twice. */
int kb_result_copy(kb_result *dst, const kb_result *src);
/* The statistics of the time r is judged by (the time_* keys, the
** table's): the kernel time's when r->judged says kernel, else the event
** time's. */
const kb_stats *kb_judged_stats(const kb_result *r);
/* The judged median, seconds per run (kb_judged_stats' median). */
double kb_result_time(const kb_result *r);
/* The median of the clock r is not judged by: the event time's beside
** kernel time, the kernel time's beside event time; NaN when it has
** none. */
double kb_other_median(const kb_result *r);
/* The queue and launch overhead: the event median less the kernel time's
** (with several kernels a run, the gaps between them count as kernel time
** no more than launches do); NaN without both. */
double kb_launch_overhead(const kb_result *r);
/* How far the event median of the study's furthest placement is from
** the case's own (model/placement.h); NAN when no study measured it. */
double kb_placement_spread_of(const kb_result *r);
/* r zeroed with verdict, and every field at its table's start value
** (model/result_fields.h: -1 for a reading not taken yet, as the bytes
** audit's DRAM bytes, the busy time after the stream, energy, watts and
** the host-clock median are). */
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
/* The word every printer gives r's result: "FLAGGED" for a flagged one,
** "ok?" for a passed one an audit could not check (--strict fails both),
** else its verdict's ("ok", "FAIL", "SKIP", ...). */
const char *kb_result_word(const kb_result *r);

/* The bandwidths a case's rate is set against, GB/s: its device's
** theoretical DRAM peak, and the copy peak the run measured
** (--calibrate); 0 where not known, or for a case on no device. */
typedef struct kb_peaks {
  double peak_gbps, copy_gbps;
} kb_peaks;
/* Percent of p's theoretical peak, and of its measured copy peak, that a
** passed r of global memory moved; NaN where none applies (p NULL, a peak
** of 0, another memory, a case that did not pass). */
double kb_pct_peak(const kb_result *r, const kb_peaks *p);
double kb_pct_copy_peak(const kb_result *r, const kb_peaks *p);
/* What DRAM moved against what the case claims: "" when it was not
** measured or agrees, else a sentence ("claims 1000.0x the 268.4 MB DRAM
** moved", "DRAM moved 1.9x the claimed bytes", "cold, yet DRAM read 0.0
** MB of the 33.6 MB it claims to read: the L2 served its reads"). */
void kb_audit_text(const kb_result *r, char *buf, size_t len);

/*
** The bytes audit of a cold run's reads, at any size: the flush before
** the run left none of the case's data in the L2, so what it claims to
** read comes from DRAM, all but a little.  DRAM reading less than
** KB_AUDIT_READ_SHARE of the claim means a cache served the reads (lines
** a persisting access-policy window kept through the flush), or the claim
** counts reads that never happened.  Claims under KB_AUDIT_READ_MIN bytes
** are not judged: a few lines left in the L2 are a large share of them.
** Returns 1 when the reads are short.
*/
#define KB_AUDIT_READ_SHARE 0.5
#define KB_AUDIT_READ_MIN ((double)(1 << 20))
int kb_audit_reads_short(double claimed_read, double dram_read);
/* What the bytes audit saw DRAM move, read + write, per second at the
** median, in GB/s (1e9 bytes/s); 0 when not measured or not passed. */
double kb_dram_gbps(const kb_result *r);
/* "host", "global", "shared": where bytes are counted (KBENCH_MEM_*); and
** back, -1 for an unknown name. */
const char *kb_memory_name(int memory);
int kb_memory_parse(const char *name);
/* NVML's clock-event reasons of the samples by name
** (kb_clock_events_names of r->clock_events), and the limits among them
** in words (kb_clock_limits_text: "a power cap", "" for none). */
void kb_result_clock_events(const kb_result *r, char *buf, size_t len);
void kb_result_clock_limits(const kb_result *r, char *buf, size_t len);
/* A case whose samples ran under a limit on the GPU's clocks (a power
** cap, a thermal or hardware slowdown), in one line for the table, TAP
** and markdown: "its samples ran under a power cap (NVML: sw_power_cap);
** SM clock 1650-1980 MHz, 3 samples under 75% of it dropped"; "" for a
** case that hit none. */
void kb_result_clock_note(const kb_result *r, char *buf, size_t len);
/* A failed case's message as Google Benchmark's error_message: "stage:
** message", or a crash's message alone (it names its stage). */
void kb_result_error_text(const kb_result *r, char *buf, size_t len);
/* count per second at the judged median: FLOP/s from r->flops, items/s from
** r->items; 0 for a count of 0 or a case that did not pass. */
double kb_per_second(const kb_result *r, uint64_t count);
/* Per watt, from --energy's batch: bytes moved per joule / 1e9 (GB/s per
** W) and FLOP per joule (FLOP/s per W); 0 without energy or such work. */
double kb_gbps_per_watt(const kb_result *r);
double kb_flops_per_watt(const kb_result *r);

/* How a key with rule (enum kb_rule, model/result_fields.h) holds a value
** v of result r (for text, v is whether it is not empty; for an array,
** its length). */
enum kb_shown { KB_SHOWN_VALUE, KB_SHOWN_NULL, KB_SHOWN_ZERO, KB_SHOWN_NONE };
int kb_rule_shown(const kb_result *r, int rule, double v);

/* What a passed case did besides moving bytes, when its variant says:
** "12.3 GFLOP/s, 4.1 Gitems/s", or "". */
void kb_result_work_text(char *buf, size_t len, const kb_result *r);

#endif
