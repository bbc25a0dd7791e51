/*
** The columns of the --csv and --samples files, in order.  A result's
** field is a row of the field table (model/result_fields.h): its name is
** the row's key, its cell the row's value by the row's rule and hint
** (model/field_text.h), and the rows that say CSV are the columns.  What
** this file adds is the CSV's own: the order its columns have always had
** (a reader that counts columns finds them where they were), and the
** cells that are no field of a result.  A row that says CSV and is not
** placed here follows the placed ones, in the table's order: a new field
** is one row of the table.
**
**   R(id)                        the field table's row KB_FIELD_<id>
**   N(name, conv, value, when)   the CSV's own number or bare word:
**                                printf's "%" conv of value
**   T(name, value, when)         the CSV's own text, quoted, its quotes
**                                doubled
**
** Its own cell is empty unless when holds.  After these columns come one
** per --metrics counter, then the device's ordinal, last.  The CSV's own
** rows name the locals of output/csv.c's writers: r the result, s its
** statistics, v the variant, pc the case, dev the device (NULL for a host
** case), copy_gbps, rep the repetition, flops (FLOP/s at the median).
*/
#ifndef KB_CSV_COLUMNS_H
#define KB_CSV_COLUMNS_H

/* The case, its verdict, the judged time's statistics (the table's, where
** format 1 had the event time's) and the bytes.  samples is the results
** file's "iterations", under the name a spreadsheet reader knows it by. */
#define KB_CSV_CASE(R, N, T) \
  T(variant, v->name, 1)                                                  \
  T(params, pc->label, 1)                                                 \
  N(backend, "s", v->backend == KBENCH_BACKEND_CUDA ? "cuda" : "host", 1) \
  R(mode) R(verdict) R(stage) R(message)                                  \
  N(samples, "zu", s->n, 1)                                               \
  R(batch) R(time_median) R(time_mean) R(time_min) R(time_max)            \
  R(time_stdev) R(time_noise) R(stop)                                     \
  R(bytes_read) R(bytes_written) R(memory)

/* The rates against the device's peaks, the clocks, where the case's
** time went, the repetition, the work (gflops: FLOP/s in its unit). */
#define KB_CSV_RATES(R, N, T) \
  R(gbps)                                                                 \
  N(peak_gbps, ".6g", dev ? dev->peak_gbps : 0.0, 1)                      \
  N(copy_gbps, ".6g", copy_gbps, 1)                                       \
  R(clock_min_mhz) R(clock_max_mhz) R(throttled) R(wall_s) R(setup_s)     \
  R(verify_s) R(sampling_s) R(teardown_s) R(busy_after_s)                 \
  N(repetition, "zu", rep, 1)                                             \
  R(flops) R(items)                                                       \
  N(gflops, ".6g", flops / 1e9, flops > 0)                                \
  R(items_per_second)

/* --energy's. */
#define KB_CSV_ENERGY(R, N, T) \
  R(energy_j) R(power_w) R(energy_s) R(energy_runs) R(energy_spread)      \
  R(power_limit_w) R(energy_sm_mhz) R(energy_mem_mhz) R(gbps_per_watt)    \
  R(flops_per_watt) R(energy_note)

/* Which time was judged, the kernel time's statistics and the event
** time's (where format 1 had the span's and the busy time's). */
#define KB_CSV_KERNEL(R, N, T) \
  R(judged) R(kernel_count) R(kernels_per_run) R(kernel_median)           \
  R(kernel_mean) R(kernel_min) R(kernel_max) R(kernel_stdev)              \
  R(kernel_noise) R(event_median) R(event_mean) R(event_min)              \
  R(event_max) R(event_stdev) R(event_noise) R(launch_overhead)           \
  R(kernel_pass_s) R(kernel_note) R(placement_median) R(placement_spread) \
  R(placement_s)

/* The GPU over the samples (NVML). */
#define KB_CSV_GPU_STATE(R, N, T) \
  R(clock_events) R(clock_event_names) R(clock_event_reads)               \
  R(temp_start_c) R(temp_end_c) R(mem_start_mhz) R(mem_end_mhz)           \
  R(power_start_w) R(power_end_w)

/* The audits'.  claim_flagged is the results file's bytes_claim_flagged,
** as 0 or 1. */
#define KB_CSV_AUDIT(R, N, T) \
  R(dram_read) R(dram_write) R(dram_gbps) R(bytes_audit)                  \
  N(claim_flagged, "d", r->claim_flagged, 1)                              \
  R(unaudited) R(audit_note) R(counters_note)

#define KB_CSV_COLUMNS(R, N, T) \
  KB_CSV_CASE(R, N, T)                                                    \
  KB_CSV_RATES(R, N, T)                                                   \
  KB_CSV_ENERGY(R, N, T)                                                  \
  KB_CSV_KERNEL(R, N, T)                                                  \
  KB_CSV_GPU_STATE(R, N, T)                                               \
  KB_CSV_AUDIT(R, N, T)

/* --samples: a row per sample, seconds, the index i in its series
** ("event", "busy"). */
#define KB_SAMPLES_COLUMNS(N, T) \
  T(variant, v->name, 1)                                                  \
  T(params, pc->label, 1)                                                 \
  N(mode, "s", r->mode, 1)                                                \
  N(batch, "zu", r->batch, 1)                                             \
  N(time, "s", series, 1)                                                 \
  N(index, "zu", i, 1)                                                    \
  N(seconds, ".9g", seconds, 1)                                           \
  N(repetition, "zu", rep, 1)

#endif
