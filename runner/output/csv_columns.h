/*
** The columns of the --csv and --samples files, in order: the one list
** from which output/csv.c generates both a file's header and each row's
** cells, so that the two cannot drift apart.  A new column is one row.
**
** An X-macro rather than an array of cell-writing functions: a row is
** then the column's name, its printf conversion and the expression
** written, side by side, and the compiler checks each expression's type
** against its conversion (-Wformat), where an array would spread them
** over a small function per column.  The rows, as output/csv.c defines
** them:
**
**   N(name, conv, value, when)   a number or a bare word: printf's "%"
**                                conv of value
**   T(name, value, when)         a text, quoted, its quotes doubled
**
** The cell is empty unless when holds.  After these columns come one per
** --metrics counter (CSV only), then the device's ordinal, last.
**
** The rows name the locals of output/csv.c's writers: r the result, s its
** statistics, k its kernel time's, v the variant, pc the case, dev the
** device (NULL for a host case), copy_gbps, rep the repetition; and what
** they work out once for several cells: passed, energy (--energy
** measured), kernel (kernel time of a passed case), span (its span),
** dram (the bytes audit measured DRAM), events (NVML read the clock-event
** reasons), flops and items (per second), audit and reasons (texts).
*/
#ifndef KB_CSV_COLUMNS_H
#define KB_CSV_COLUMNS_H

/* The columns of statistics st, each name after prefix p: median_s,
** mean_s, min_s, max_s, stdev_s and noise (kernel_median_s, ... with p
** kernel_). */
#define KB_CSV_STATS(N, p, st, when) \
  N(p##median_s, ".9g", st->median, when)                                 \
  N(p##mean_s, ".9g", st->mean, when)                                     \
  N(p##min_s, ".9g", st->min, when)                                       \
  N(p##max_s, ".9g", st->max, when)                                       \
  N(p##stdev_s, ".9g", st->stdev, when)                                   \
  N(p##noise, ".6g", st->noise, when)

/* The case, its verdict, its event time's statistics and the bytes. */
#define KB_CSV_CASE(N, T) \
  T(variant, v->name, 1)                                                  \
  T(params, pc->label, 1)                                                 \
  N(backend, "s", v->backend == KBENCH_BACKEND_CUDA ? "cuda" : "host", 1) \
  N(mode, "s", r->mode, 1)                                                \
  N(verdict, "s", kb_verdict_name(r->verdict), 1)                         \
  T(stage, passed ? "" : r->stage, 1)                                     \
  T(message, passed ? "" : r->message, 1)                                 \
  N(samples, "zu", s->n, 1)                                               \
  N(batch, "zu", r->batch, 1)                                             \
  KB_CSV_STATS(N, , s, 1)                                                 \
  N(stop, "s", kb_stop_name(r->stop), 1)                                  \
  N(bytes_read, "llu", (unsigned long long)r->bytes.read, 1)              \
  N(bytes_written, "llu", (unsigned long long)r->bytes.written, 1)        \
  N(memory, "s", kb_memory_name(r->bytes.memory), 1)

/* The rates, the clocks, where the case's time went, the work. */
#define KB_CSV_RATES(N, T) \
  N(gbps, ".6g", r->gbps, 1)                                              \
  N(peak_gbps, ".6g", dev ? dev->peak_gbps : 0.0, 1)                      \
  N(copy_gbps, ".6g", copy_gbps, 1)                                       \
  N(sm_clock_min_mhz, "u", r->clock_min_mhz, 1)                           \
  N(sm_clock_max_mhz, "u", r->clock_max_mhz, 1)                           \
  N(throttled_samples, "zu", r->throttled, 1)                             \
  N(case_wall_s, ".3f", r->wall_s, 1)                                     \
  N(setup_s, ".3f", r->setup_s, 1)                                        \
  N(verify_s, ".3f", r->verify_s, 1)                                      \
  N(sampling_s, ".3f", r->sampling_s, 1)                                  \
  N(teardown_s, ".3f", r->teardown_s, 1)                                  \
  N(busy_after_stream_s, ".3g", r->busy_after_s, r->busy_after_s >= 0)    \
  N(repetition, "zu", rep, 1)                                             \
  N(flops, "llu", (unsigned long long)r->flops, 1)                        \
  N(items, "llu", (unsigned long long)r->items, 1)                        \
  N(gflops, ".6g", flops / 1e9, flops > 0)                                \
  N(items_per_second, ".6g", items, items > 0)

/* --energy's. */
#define KB_CSV_ENERGY(N, T) \
  N(energy_j_per_run, ".6g", r->energy_j, energy)                         \
  N(power_w, ".6g", r->power_w, energy)                                   \
  N(energy_window_s, ".4f", r->energy_s, energy)                          \
  N(energy_runs, ".6g", r->energy_runs, energy)                           \
  N(energy_spread, ".4g", r->energy_spread, energy)                       \
  N(power_limit_w, ".6g", r->power_limit_w,                               \
    energy && r->power_limit_w > 0)                                       \
  N(energy_sm_clock_mhz, "u", r->energy_sm_mhz,                           \
    energy && r->energy_sm_mhz)                                           \
  N(energy_mem_clock_mhz, "u", r->energy_mem_mhz,                         \
    energy && r->energy_mem_mhz)                                          \
  N(gbps_per_watt, ".6g", kb_gbps_per_watt(r), kb_gbps_per_watt(r) > 0)   \
  N(flops_per_watt, ".6g", kb_flops_per_watt(r), kb_flops_per_watt(r) > 0)\
  T(energy_note, r->energy_note, 1)

/* Kernel time's: which time was judged, the span's statistics (of one
** kernel a run) and the busy time's, both of k. */
#define KB_CSV_KERNEL(N, T) \
  N(time, "s", kb_time_name(r->judged), 1)                                \
  N(kernel_samples, "zu", kernel ? r->n_kernel : 0, 1)                    \
  N(kernels_per_run, "zu", r->kernels_per_run, kernel)                    \
  KB_CSV_STATS(N, kernel_, k, span)                                       \
  KB_CSV_STATS(N, busy_, k, kernel)                                       \
  N(launch_overhead_s, ".6g", kb_launch_overhead(r),                      \
    isfinite(kb_launch_overhead(r)))                                      \
  N(kernel_pass_s, ".4f", r->kernel_pass_s, 1)                            \
  T(kernel_note, r->kernel_note, 1)

/* The GPU over the samples (NVML): the clock-event reasons, then the
** readings at either end, empty where NVML read nothing.  The memory
** clocks are written as the other readings are, as doubles. */
#define KB_CSV_GPU_STATE(N, T) \
  N(clock_event_mask, "llu", (unsigned long long)r->clock_events, events) \
  T(clock_events, reasons, events)                                        \
  N(clock_event_reads, "zu", r->clock_event_reads, 1)                     \
  N(gpu_temp_start_c, ".6g", r->temp_start_c, r->temp_start_c > 0)        \
  N(gpu_temp_end_c, ".6g", r->temp_end_c, r->temp_end_c > 0)              \
  N(mem_clock_start_mhz, ".6g", (double)r->mem_start_mhz,                 \
    r->mem_start_mhz > 0)                                                 \
  N(mem_clock_end_mhz, ".6g", (double)r->mem_end_mhz, r->mem_end_mhz > 0) \
  N(power_start_w, ".6g", r->power_start_w, r->power_start_w > 0)         \
  N(power_end_w, ".6g", r->power_end_w, r->power_end_w > 0)

/* The audits'. */
#define KB_CSV_AUDIT(N, T) \
  N(dram_read_bytes, ".9g", r->dram_read, dram)                           \
  N(dram_write_bytes, ".9g", r->dram_write, dram)                         \
  N(dram_gbps, ".6g", kb_dram_gbps(r), kb_dram_gbps(r) > 0)               \
  T(bytes_audit, audit, 1)                                                \
  N(claim_flagged, "d", r->claim_flagged, 1)                              \
  N(unaudited, "d", r->unaudited, 1)                                      \
  T(audit_note, r->audit_note, 1)                                         \
  T(counters_note, r->counters_note, 1)

#define KB_CSV_COLUMNS(N, T) \
  KB_CSV_CASE(N, T)                                                       \
  KB_CSV_RATES(N, T)                                                      \
  KB_CSV_ENERGY(N, T)                                                     \
  KB_CSV_KERNEL(N, T)                                                     \
  KB_CSV_GPU_STATE(N, T)                                                  \
  KB_CSV_AUDIT(N, T)

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
