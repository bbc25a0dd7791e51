/*
** The one table of a result's fields: every member of kb_result
** (model/result.h) with its type, unit, key in a results file's entry,
** where it is shown and what it is, and when that key is null, by group
** in the order of the entry's keys.  The struct's scalar and text members
** are declared from it, and generated from it are: the wire's put and get
** (process/protocol.c), the results file's keys, written and read back
** (results/entry_write.c, results/entry_read.c), a result's start values,
** free and copy (model/result.c), the rows a case pools
** (results/pooling.c), a field as text (model/field_text.c), and from
** that every printer's columns: the table's, TAP's and markdown's
** (output/cells.c), the CSV's (output/csv.c); docs/results.md's list of
** an entry's keys (tests/unit/test_result_keys.c); and the tests' round
** trips (tests/unit/test_wire.c, test_result_fields.c).  A new scalar or
** text field is one row here.
**
** An X-macro (runner/README.md says why): each group is a list of rows,
** and whoever uses the table defines what each kind of row becomes:
**
**   F(member, TYPE, key, shown, rule, init)   a member the table declares
**   S(member, size, key, shown, rule)         a text member, char[size]
**   P(id, path, TYPE, key, shown, rule, init) a field of a member declared
**                                             by hand (stats, kernel_stats,
**                                             bytes)
**   A(member, count, key, shown, rule)        an array of doubles declared
**                                             by hand, malloc'd and the
**                                             result's, with its count
**   D(id, TYPE, expr, key, shown, rule)       derived from the result r
**                                             (and peaks, the device's
**                                             kb_peaks, or NULL): written,
**                                             never stored
**   H(id, keys, doc)                          keys results/entry_write.c
**                                             writes by its own code here,
**                                             named and said in words
**
** TYPE: F64 double, U64 uint64_t, SIZE size_t, UINT unsigned, BOOL int
** (true/false), VERDICT, STOP, MEMORY, TIME (an int written by its name),
** OWNSTR (char *, owned, NULL for none); and for D rows only, STR (a const
** char *) and TEXT (expr is a function that writes the text into a
** buffer, as kb_audit_text does).  key NULL: none, on the wire only (or,
** a D row, in the table only).  shown: (unit, out, hint, pool, table,
** doc), what a printer and a reader need: the unit ("s", "B", "GB/s",
** ...; "" for none); out, where the key is shown besides the results file
** (enum kb_field_out): CSV(n), column n of --csv (from 1, in the order
** its columns have always had: a reader that counts columns finds them
** where they were), named by the key; JSON, the results file alone; WIRE,
** no key; TEXT, no key, a D row the table shows; hint, how a printer of
** text writes the value (model/field_text.h): a printf conversion without
** its % for a number (".9g", "zu", the compiler checks it against TYPE),
** "s" for a name or word, "q" for free text, which CSV quotes; pool (enum
** kb_field_pool below), how the entries of one case in a results file
** make the pooled case's value (results/pooling.c); table, where the
** table shows it, and markdown and TAP with it (output/cells.h):
** TABLE(n, title, width, view), its column n (from 1), under title (NULL:
** the clock the run does not judge, event or kernel), width characters
** wide, written as its view (enum kb_field_view) says; CALIBRATED(...)
** the same, shown only when the run measured a copy peak (--calibrate);
** NO_TABLE, not in the table; and doc, what it is, in words
** (docs/results.md lists the keys with it).  rule
** (enum kb_rule below): when the key holds the value, null, 0 or nothing.
** init: the value before anything is measured (kb_result_init), -1 for a
** reading not taken; a reader leaves a key it does not find so.
**
** The notes (KB_RESULT_NOTES, after the table) are the lines the table,
** TAP and markdown show under a case, "label: text", in their order.
**
** What the table does not hold, by hand in result.h and its users: the
** statistics (kb_stats) and bytes (kbench_bytes) whose fields are P rows,
** the arrays of A rows, and the counters (kb_counters, owned: their wire,
** JSON and copy are written out in protocol.c, entry_write.c, result.c).
*/
#ifndef KB_RESULT_FIELDS_H
#define KB_RESULT_FIELDS_H

/* What a result's key holds, by its rule: the value, or else null, 0
** ("" for text, false, []) or no key at all. */
enum kb_rule {
  KB_RULE_ALWAYS,           /* the value (null only when not finite) */
  KB_RULE_PASS,             /* null unless the case passed */
  KB_RULE_PASS_OR_ZERO,     /* 0 unless the case passed */
  KB_RULE_FAILED,           /* "" when the case passed */
  KB_RULE_NONNEG,           /* null when < 0 (not measured) */
  KB_RULE_POSITIVE,         /* null unless > 0 */
  KB_RULE_PASS_POSITIVE,    /* null unless passed and > 0 */
  KB_RULE_KERNEL,           /* null without kernel time (of a passed case) */
  KB_RULE_KERNEL_OR_ZERO,   /* 0 likewise */
  KB_RULE_NONEMPTY,         /* null for "" */
  KB_RULE_DRAM,             /* null unless the bytes audit measured DRAM */
  KB_RULE_ENERGY,           /* null unless --energy measured */
  KB_RULE_ENERGY_POSITIVE,  /* null unless --energy measured and > 0 */
  KB_RULE_WORK,             /* no key unless the count's rate is > 0 */
  KB_RULE_RATE,             /* no key unless > 0 */
  KB_RULE_SKIPPED,          /* no key unless the case was skipped */
  KB_RULE_ERRORED,          /* no key unless it failed (not a skip) */
  KB_RULE_EVENTS            /* null unless NVML's clock-event reasons were
                               read after a sample (clock_event_reads) */
};

/* How the entries of one case (its repetitions) in a results file make
** the pooled case's value (results/pooling.c): the pool of a row's shown.
** A row that is not pooled stays at its start value in the pooled case;
** tests/unit/test_pooling.c checks each pooled row by its rule. */
enum kb_field_pool {
  KB_POOL_EACH,             /* not pooled: each entry's own */
  KB_POOL_ANY,              /* true when any entry's is (a flag) */
  KB_POOL_BITS,             /* the entries' bits, OR'd (a mask) */
  KB_POOL_MOST,             /* the most of the entries that give it */
  KB_POOL_MEDIAN,           /* the median of the finite ones given */
  KB_POOL_FIRST,            /* the first entry's that is not "" */
  KB_POOL_WORST,            /* the entry's whose verdict is the case's
                               (the worst; the first of equals) */
  KB_POOL_JOIN              /* an array: the passed entries' joined, by
                               pooling.c's own code (which reads the
                               arrays of Google Benchmark's files too) */
};

/* Where a row is shown besides the results file: the out of its shown.
** Every row that says CSV(n) is column n of --csv (output/csv.c), the
** CSV's own cells placed among them there;
** tests/unit/test_result_fields.c checks the columns and the CSV's
** header against the rows. */
enum kb_field_out { KB_OUT_WIRE, KB_OUT_JSON, KB_OUT_CSV, KB_OUT_TEXT };

/* How the table (and markdown and TAP with it) writes a row's number:
** the view of its TABLE(...).  A value it does not hold is "-". */
enum kb_field_view {
  KB_VIEW_NONE,
  KB_VIEW_SECONDS,          /* "123.17 us" (kb_format_seconds) */
  KB_VIEW_PERCENT,          /* a fraction as a percent: "0.2%" */
  KB_VIEW_COUNT,            /* "10" */
  KB_VIEW_TENTHS            /* "4358.9" */
};

/* A row's shown, taken apart: KB_UNIT shown, KB_OUT shown, KB_COLUMN
** shown (its --csv column, 0 for none), KB_HINT shown, KB_POOL shown,
** KB_TABLE_AT shown (its column of the table, 0 for none), KB_TABLE
** shown (the initializer of its struct kb_field_table), KB_DOC shown. */
#define KB_UNIT_OF(unit, out, hint, pool, table, doc) unit
#define KB_OUT_OF(unit, out, hint, pool, table, doc) KB_OUT_IS_##out
#define KB_COLUMN_OF(unit, out, hint, pool, table, doc) KB_COLUMN_##out
#define KB_HINT_OF(unit, out, hint, pool, table, doc) hint
#define KB_POOL_OF(unit, out, hint, pool, table, doc) KB_POOL_##pool
#define KB_TABLE_AT_OF(unit, out, hint, pool, table, doc) KB_AT_##table
#define KB_TABLE_OF(unit, out, hint, pool, table, doc) KB_TAB_##table
#define KB_DOC_OF(unit, out, hint, pool, table, doc) doc
#define KB_UNIT KB_UNIT_OF
#define KB_OUT KB_OUT_OF
#define KB_COLUMN KB_COLUMN_OF
#define KB_HINT KB_HINT_OF
#define KB_POOL KB_POOL_OF
#define KB_TABLE_AT KB_TABLE_AT_OF
#define KB_TABLE KB_TABLE_OF
#define KB_DOC KB_DOC_OF
#define KB_OUT_IS_WIRE KB_OUT_WIRE
#define KB_OUT_IS_JSON KB_OUT_JSON
#define KB_OUT_IS_TEXT KB_OUT_TEXT
#define KB_OUT_IS_CSV(column) KB_OUT_CSV
#define KB_COLUMN_WIRE 0
#define KB_COLUMN_JSON 0
#define KB_COLUMN_TEXT 0
#define KB_COLUMN_CSV(column) column
#define KB_AT_NO_TABLE 0
#define KB_AT_TABLE(at, title, width, view) at
#define KB_AT_CALIBRATED(at, title, width, view) at
#define KB_TAB_NO_TABLE {0, NULL, 0, KB_VIEW_NONE, 0}
#define KB_TAB_TABLE(at, title, width, view) \
  {at, title, width, KB_VIEW_##view, 0}
#define KB_TAB_CALIBRATED(at, title, width, view) \
  {at, title, width, KB_VIEW_##view, 1}

/* The C type of each TYPE. */
#define KB_CTYPE_F64 double
#define KB_CTYPE_U64 uint64_t
#define KB_CTYPE_SIZE size_t
#define KB_CTYPE_UINT unsigned
#define KB_CTYPE_BOOL int
#define KB_CTYPE_VERDICT int
#define KB_CTYPE_STOP int
#define KB_CTYPE_MEMORY int
#define KB_CTYPE_TIME int
#define KB_CTYPE_OWNSTR char *

/* Google Benchmark's keys, and where the case ran. */
#define KB_FIELDS_CASE(F, S, P, A, D, H) \
  H(head,                                                                  \
    "name, run_name, run_type, repetitions, repetition_index, threads",    \
    "Google Benchmark's: the case's name (variant/param:value/...), its "  \
    "run (the same), iteration, the repetitions and this one's index, 1 "  \
    "thread")                                                              \
  P(iterations, stats.n, SIZE, "iterations",                               \
    ("runs", CSV(8), "zu", EACH, NO_TABLE,                                 \
     "the event time's samples: Google Benchmark's "                       \
     "iterations"), ALWAYS, 0)                                             \
  D(real_time, F64, kb_result_time(r) * 1e9, "real_time",                  \
    ("ns", JSON, ".6g", EACH, NO_TABLE,                                    \
     "the judged median, time_median_s in ns: Google Benchmark's; 0 for "  \
     "a case that did not pass"), PASS_OR_ZERO)                            \
  F(cpu_time, F64, "cpu_time",                                             \
    ("ns", JSON, ".6g", EACH, NO_TABLE,                                    \
     "the worker process's CPU time per run over the timed samples, in "   \
     "ns: Google Benchmark's; 0 for a case that did not pass, or timed "   \
     "none (--profile)"), PASS_OR_ZERO, 0)                                 \
  D(time_unit, STR, "ns", "time_unit",                                     \
    ("", JSON, "s", EACH, NO_TABLE,                                        \
     "ns, the unit of real_time and cpu_time"), ALWAYS)                    \
  D(bytes_per_second, F64, r->gbps * 1e9, "bytes_per_second",              \
    ("B/s", JSON, ".6g", EACH, NO_TABLE,                                   \
     "gbps in bytes per second: Google Benchmark's; 0 for a case that "    \
     "did not pass"), PASS_OR_ZERO)                                        \
  D(skipped, BOOL, 1, "skipped",                                           \
    ("", JSON, "d", EACH, NO_TABLE,                                        \
     "true for a skipped case, no key otherwise: Google "                  \
     "Benchmark's"), SKIPPED)                                              \
  D(skip_message, STR, r->message, "skip_message",                         \
    ("", JSON, "q", EACH, NO_TABLE,                                        \
     "why it was skipped"), SKIPPED)                                       \
  D(error_occurred, BOOL, 1, "error_occurred",                             \
    ("", JSON, "d", EACH, NO_TABLE,                                        \
     "true for a case that failed (not a skip), no key otherwise: "        \
     "Google Benchmark's"), ERRORED)                                       \
  D(error_message, TEXT, kb_result_error_text, "error_message",            \
    ("", JSON, "q", EACH, NO_TABLE,                                        \
     "a failure as stage: message (a crash's message alone, which names "  \
     "its stage)"), ERRORED)                                               \
  H(where,                                                                 \
    "device_ordinal, device_name, device_uuid, device_pci_bus_id, "        \
    "variant, params, backend",                                            \
    "the device whose worker ran the case (name, UUID and PCI bus id "     \
    "null for a host case and a device not opened), the variant, its "     \
    "parameters (an object) and its backend, cuda or host")

/* The verdict; the time judged, by the clock that judged it (time_*, the
** one the table shows: results format 2 named them, docs/results.md's
** table of time fields), and the event time's statistics (event_*); the
** bytes and the rates. */
#define KB_FIELDS_OUTCOME(F, S, P, A, D, H) \
  S(mode, 16, "mode",                                                      \
    ("", CSV(4), "s", EACH, NO_TABLE,                                      \
     "the sampler that timed it: cold, hot, graph or host"), ALWAYS)       \
  F(verdict, VERDICT, "verdict",                                           \
    ("", CSV(5), "s", EACH, NO_TABLE,                                      \
     "pass, wrong, error, skip, crash or disturbed"), ALWAYS, KB_PASS)     \
  S(stage, 32, "stage",                                                    \
    ("", CSV(6), "q", WORST, NO_TABLE,                                     \
     "where a case that did not pass stopped; \"\" when it "               \
     "passed"), FAILED)                                                    \
  S(message, KB_MESSAGE_LEN, "message",                                    \
    ("", CSV(7), "q", WORST, NO_TABLE,                                     \
     "why it did not pass; \"\" when it passed"), FAILED)                  \
  F(output, OWNSTR, "output",                                              \
    ("", JSON, "q", EACH, NO_TABLE,                                        \
     "the last lines the plugin printed, for a failure"), ALWAYS, NULL)    \
  F(judged, TIME, "time",                                                  \
    ("", CSV(48), "s", EACH, NO_TABLE,                                     \
     "the clock the case was judged by, kernel or event: its time_* and "  \
     "its rates are of it"), ALWAYS, KB_TIME_EVENT)                        \
  D(time_median, F64, kb_judged_stats(r)->median, "time_median_s",         \
    ("s", CSV(10), ".9g", EACH, TABLE(1, "median", 10, SECONDS),           \
     "the judged clock's median: the table's"), PASS)                      \
  D(time_mean, F64, kb_judged_stats(r)->mean, "time_mean_s",               \
    ("s", CSV(11), ".9g", EACH, NO_TABLE,                                  \
     "the judged clock's mean"), PASS)                                     \
  D(time_min, F64, kb_judged_stats(r)->min, "time_min_s",                  \
    ("s", CSV(12), ".9g", EACH, TABLE(2, "min", 10, SECONDS),              \
     "the judged clock's least"), PASS)                                    \
  D(time_max, F64, kb_judged_stats(r)->max, "time_max_s",                  \
    ("s", CSV(13), ".9g", EACH, TABLE(3, "max", 10, SECONDS),              \
     "the judged clock's most"), PASS)                                     \
  D(time_stdev, F64, kb_judged_stats(r)->stdev, "time_stdev_s",            \
    ("s", CSV(14), ".9g", EACH, NO_TABLE,                                  \
     "the judged clock's standard deviation"), PASS)                       \
  D(time_noise, F64, kb_judged_stats(r)->noise, "time_noise",              \
    ("", CSV(15), ".6g", EACH, TABLE(4, "noise", 6, PERCENT),              \
     "the judged clock's noise: the relative standard error of its "       \
     "median"), PASS)                                                      \
  D(time_samples, SIZE, kb_judged_stats(r)->n, NULL,                       \
    ("runs", TEXT, "zu", EACH, TABLE(5, "samples", 7, COUNT),              \
     "the judged clock's samples: iterations, or kernel_samples"), PASS)   \
  D(other_median, F64, kb_other_median(r), NULL,                           \
    ("s", TEXT, ".9g", EACH, TABLE(6, NULL, 10, SECONDS),                  \
     "the median of the clock not judged: the event time's beside "        \
     "kernel time, the kernel time's beside event time"), PASS)            \
  P(event_median, stats.median, F64, "event_median_s",                     \
    ("s", CSV(57), ".9g", EACH, NO_TABLE,                                  \
     "the event time's median, of samples_s"), PASS, 0)                    \
  P(event_mean, stats.mean, F64, "event_mean_s",                           \
    ("s", CSV(58), ".9g", EACH, NO_TABLE,                                  \
     "the event time's mean"), PASS, 0)                                    \
  P(event_min, stats.min, F64, "event_min_s",                              \
    ("s", CSV(59), ".9g", EACH, NO_TABLE,                                  \
     "the event time's least"), PASS, 0)                                   \
  P(event_max, stats.max, F64, "event_max_s",                              \
    ("s", CSV(60), ".9g", EACH, NO_TABLE,                                  \
     "the event time's most"), PASS, 0)                                    \
  P(event_stdev, stats.stdev, F64, "event_stdev_s",                        \
    ("s", CSV(61), ".9g", EACH, NO_TABLE,                                  \
     "the event time's standard deviation"), PASS, 0)                      \
  P(event_noise, stats.noise, F64, "event_noise",                          \
    ("", CSV(62), ".6g", EACH, NO_TABLE,                                   \
     "the event time's noise"), PASS, 0)                                   \
  P(rel_stdev, stats.rel_stdev, F64, NULL,                                 \
    ("", WIRE, ".6g", EACH, NO_TABLE,                                      \
     "the event time's standard deviation over its mean"), ALWAYS, 0)      \
  F(stop, STOP, "stop",                                                    \
    ("", CSV(16), "s", EACH, NO_TABLE,                                     \
     "what ended the samples: the criterion met, or a cap"), ALWAYS, 0)    \
  F(batch, SIZE, "batch",                                                  \
    ("runs", CSV(9), "zu", EACH, NO_TABLE,                                 \
     "runs a sample times"), ALWAYS, 0)                                    \
  P(bytes_read, bytes.read, U64, "bytes_read",                             \
    ("B", CSV(17), "llu", MOST, NO_TABLE,                                  \
     "bytes one run claims to read (the variant's bytes())"), ALWAYS, 0)   \
  P(bytes_written, bytes.written, U64, "bytes_written",                    \
    ("B", CSV(18), "llu", MOST, NO_TABLE,                                  \
     "bytes one run claims to write"), ALWAYS, 0)                          \
  P(memory, bytes.memory, MEMORY, "memory",                                \
    ("", CSV(19), "s", EACH, NO_TABLE,                                     \
     "where the bytes are counted: global, shared or host"), ALWAYS, 0)    \
  F(gbps, F64, "gbps",                                                     \
    ("GB/s", CSV(20), ".6g", EACH, TABLE(8, "GB/s", 8, TENTHS),            \
     "(bytes_read + bytes_written) / the judged median, in "               \
     "GB/s"), PASS, 0)                                                     \
  F(flops, U64, "flops",                                                   \
    ("FLOP", CSV(33), "llu", EACH, NO_TABLE,                               \
     "floating-point operations per run, from the variant's work(); no "   \
     "key when it reports none"), WORK, 0)                                 \
  D(flops_per_second, F64, kb_per_second(r, r->flops),                     \
    "flops_per_second",                                                    \
    ("FLOP/s", CSV(35), ".6g", EACH, NO_TABLE,                             \
     "flops per second at the judged median; no key without "              \
     "flops"), RATE)                                                       \
  F(items, U64, "items",                                                   \
    ("items", CSV(34), "llu", EACH, NO_TABLE,                              \
     "items per run, from the variant's work(); no key when it reports "   \
     "none"), WORK, 0)                                                     \
  D(items_per_second, F64, kb_per_second(r, r->items),                     \
    "items_per_second",                                                    \
    ("items/s", CSV(36), ".6g", EACH, NO_TABLE,                            \
     "items per second at the judged median: Google Benchmark's; no key "  \
     "without items"), RATE)                                               \
  D(pct_peak, F64, kb_pct_peak(r, peaks), "pct_peak",                      \
    ("%", JSON, ".6g", EACH, TABLE(9, "%peak", 6, TENTHS),                 \
     "gbps as a percent of the device's theoretical DRAM bandwidth; "      \
     "null but for a passed case of global memory on a device"), ALWAYS)   \
  D(pct_copy_peak, F64, kb_pct_copy_peak(r, peaks), "pct_copy_peak",       \
    ("%", JSON, ".6g", EACH, CALIBRATED(10, "%copy", 6, TENTHS),           \
     "gbps as a percent of the copy peak the run measured "                \
     "(--calibrate); null without it"), ALWAYS)                            \
  F(device_lost, BOOL, NULL,                                               \
    ("", WIRE, "d", EACH, NO_TABLE,                                        \
     "the CUDA context is unusable after the case"), ALWAYS, 0)            \
  F(worker_ends, BOOL, NULL,                                               \
    ("", WIRE, "d", EACH, NO_TABLE,                                        \
     "the worker exits after the case (its context is unusable, or its "   \
     "profiler failed): the next case starts in a fresh one"), ALWAYS, 0)  \
  F(worker, UINT, "worker",                                                \
    ("", JSON, "u", EACH, NO_TABLE,                                        \
     "which of the run's workers ran it, 1, 2, ...: the supervisor "       \
     "numbers them as it starts them, one trust domain's each "            \
     "(plan/trust.h)"), ALWAYS, 0)

/* The clocks, where the case's time went, and how a sample was timed. */
#define KB_FIELDS_PHASES(F, S, P, A, D, H) \
  F(clock_min_mhz, UINT, "sm_clock_min_mhz",                               \
    ("MHz", CSV(23), "u", EACH, NO_TABLE,                                  \
     "the least SM clock over the kept samples; 0: unknown"), ALWAYS, 0)   \
  F(clock_max_mhz, UINT, "sm_clock_max_mhz",                               \
    ("MHz", CSV(24), "u", EACH, NO_TABLE,                                  \
     "the most SM clock over the kept samples; 0: unknown"), ALWAYS, 0)    \
  F(throttled, SIZE, "throttled_samples",                                  \
    ("samples", CSV(25), "zu", EACH, NO_TABLE,                             \
     "samples dropped: taken with the SM clock under 75% of its "          \
     "maximum"), ALWAYS, 0)                                                \
  F(wall_s, F64, "case_wall_s",                                            \
    ("s", CSV(26), ".3f", EACH, NO_TABLE,                                  \
     "the case from setup to teardown"), ALWAYS, 0)                        \
  F(setup_s, F64, "setup_s",                                               \
    ("s", CSV(27), ".3f", EACH, NO_TABLE,                                  \
     "the variant's setup"), ALWAYS, 0)                                    \
  F(verify_s, F64, "verify_s",                                             \
    ("s", CSV(28), ".3f", EACH, NO_TABLE,                                  \
     "both verified runs"), ALWAYS, 0)                                     \
  F(sampling_s, F64, "sampling_s",                                         \
    ("s", CSV(29), ".3f", EACH, NO_TABLE,                                  \
     "warm-up, samples and the energy batch"), ALWAYS, 0)                  \
  F(teardown_s, F64, "teardown_s",                                         \
    ("s", CSV(30), ".3f", EACH, NO_TABLE,                                  \
     "the variant's teardown"), ALWAYS, 0)                                 \
  F(busy_after_s, F64, "busy_after_stream_s",                              \
    ("s", CSV(31), ".3g", EACH, NO_TABLE,                                  \
     "the stream check: the device busy past the stream's batch; null "    \
     "when not measured"), NONNEG, -1)                                     \
  F(syncs, BOOL, "syncs",                                                  \
    ("", JSON, "d", EACH, NO_TABLE,                                        \
     "the variant declares KBENCH_VARIANT_SYNCS: each run timed by "       \
     "itself"), ALWAYS, 0)                                                 \
  F(timed_region, BOOL, "timed_region",                                    \
    ("", JSON, "d", EACH, NO_TABLE,                                        \
     "samples timed the run's region (timer_start, timer_stop), not the "  \
     "whole run"), ALWAYS, 0)                                              \
  F(host_s, F64, "host_median_s",                                          \
    ("s", JSON, ".9g", EACH, NO_TABLE,                                     \
     "a synchronizing case's median on the host's clock; null "            \
     "otherwise"), PASS_POSITIVE, -1)

/* The GPU over the timed samples, from NVML (worker/measure/gpu_state.c): the
** clock-event reasons read after each sample, OR'd (model/clock_events.h
** names the bits: a power cap, a thermal slowdown, ...), and the
** temperature, memory clock and power draw at the start and at the end of
** the samples.  The power is NVML's reading, on Ampere and later the
** board's average over its last second (docs/results.md says why two
** readings and not an average of many).  null where NVML read nothing:
** host cases, no NVML, a GPU that does not report it. */
#define KB_FIELDS_GPU_STATE(F, S, P, A, D, H) \
  F(clock_events, U64, "clock_event_mask",                                 \
    ("", CSV(69), "llu", BITS, NO_TABLE,                                   \
     "NVML's clock-event reason bits read after each sample, "             \
     "OR'd"), EVENTS, 0)                                                   \
  D(clock_event_names, TEXT, kb_result_clock_events, "clock_events",       \
    ("", CSV(70), "q", EACH, NO_TABLE,                                     \
     "the same by name, as nvidia-smi's keys: "                            \
     "sw_power_cap,gpu_idle"), EVENTS)                                     \
  D(clock_limits, TEXT, kb_result_clock_limits, "clock_limits",            \
    ("", JSON, "q", EACH, NO_TABLE,                                        \
     "the limits among them in words: a power cap, a thermal slowdown, "   \
     "a hardware slowdown"), EVENTS)                                       \
  F(clock_event_reads, SIZE, "clock_event_reads",                          \
    ("samples", CSV(71), "zu", EACH, NO_TABLE,                             \
     "samples after which the reasons were read; the three before are "    \
     "null when 0"), ALWAYS, 0)                                            \
  F(temp_start_c, F64, "gpu_temp_start_c",                                 \
    ("C", CSV(72), ".6g", EACH, NO_TABLE,                                  \
     "the GPU's temperature as the samples started, degrees "              \
     "C"), POSITIVE, 0)                                                    \
  F(temp_end_c, F64, "gpu_temp_end_c",                                     \
    ("C", CSV(73), ".6g", EACH, NO_TABLE,                                  \
     "the GPU's temperature as they ended"), POSITIVE, 0)                  \
  F(mem_start_mhz, UINT, "mem_clock_start_mhz",                            \
    ("MHz", CSV(74), "u", EACH, NO_TABLE,                                  \
     "the memory clock as the samples started"), POSITIVE, 0)              \
  F(mem_end_mhz, UINT, "mem_clock_end_mhz",                                \
    ("MHz", CSV(75), "u", EACH, NO_TABLE,                                  \
     "the memory clock as they ended"), POSITIVE, 0)                       \
  F(power_start_w, F64, "power_start_w",                                   \
    ("W", CSV(76), ".6g", EACH, NO_TABLE,                                  \
     "NVML's power draw as the samples started (not --energy's "           \
     "power_w)"), POSITIVE, 0)                                             \
  F(power_end_w, F64, "power_end_w",                                       \
    ("W", CSV(77), ".6g", EACH, NO_TABLE,                                  \
     "NVML's power draw as they ended"), POSITIVE, 0)

/* Kernel time (worker/measure/kernel_time.h): per run, on the GPU's own clock,
** from a pass of its own after the samples: the run's kernels' durations
** summed (its busy time, busy_samples_s), however many it launches. */
#define KB_FIELDS_KERNEL(F, S, P, A, D, H) \
  D(kernel_count, SIZE, r->kernel_stats.n, "kernel_samples",               \
    ("runs", CSV(49), "zu", EACH, NO_TABLE,                                \
     "runs of the kernel-time pass: busy_samples_s's "                     \
     "count"), KERNEL_OR_ZERO)                                             \
  F(kernels_per_run, SIZE, "kernels_per_run",                              \
    ("kernels", CSV(50), "zu", EACH, NO_TABLE,                             \
     "kernels one run launches"), KERNEL, 0)                               \
  P(kernel_median, kernel_stats.median, F64, "kernel_median_s",            \
    ("s", CSV(51), ".9g", EACH, NO_TABLE,                                  \
     "the kernel time's median, of busy_samples_s"), KERNEL, 0)            \
  P(kernel_mean, kernel_stats.mean, F64, "kernel_mean_s",                  \
    ("s", CSV(52), ".9g", EACH, NO_TABLE,                                  \
     "the kernel time's mean"), KERNEL, 0)                                 \
  P(kernel_min, kernel_stats.min, F64, "kernel_min_s",                     \
    ("s", CSV(53), ".9g", EACH, NO_TABLE,                                  \
     "the kernel time's least"), KERNEL, 0)                                \
  P(kernel_max, kernel_stats.max, F64, "kernel_max_s",                     \
    ("s", CSV(54), ".9g", EACH, NO_TABLE,                                  \
     "the kernel time's most"), KERNEL, 0)                                 \
  P(kernel_stdev, kernel_stats.stdev, F64, "kernel_stdev_s",               \
    ("s", CSV(55), ".9g", EACH, NO_TABLE,                                  \
     "the kernel time's standard deviation"), KERNEL, 0)                   \
  P(kernel_noise, kernel_stats.noise, F64, "kernel_noise",                 \
    ("", CSV(56), ".6g", EACH, NO_TABLE,                                   \
     "the kernel time's noise"), KERNEL, 0)                                \
  P(kernel_rel_stdev, kernel_stats.rel_stdev, F64, NULL,                   \
    ("", WIRE, ".6g", EACH, NO_TABLE,                                      \
     "the kernel time's standard deviation over its mean"), ALWAYS, 0)     \
  D(launch_overhead, F64, kb_launch_overhead(r), "launch_overhead_s",      \
    ("s", CSV(63), ".6g", EACH, TABLE(7, "launch", 8, SECONDS),            \
     "event_median_s less kernel_median_s: launches and queueing; null "   \
     "without both"), ALWAYS)                                              \
  F(kernel_pass_s, F64, "kernel_pass_s",                                   \
    ("s", CSV(64), ".4f", EACH, NO_TABLE,                                  \
     "the kernel-time pass's wall time"), ALWAYS, 0)                       \
  S(kernel_note, 256, "kernel_note",                                       \
    ("", CSV(65), "q", EACH, NO_TABLE,                                     \
     "why a CUDA case has no kernel time; null when it has"), NONEMPTY)    \
  A(kernel_samples, kernel_stats.n, "busy_samples_s",                      \
    ("s", JSON, ".9g", JOIN, NO_TABLE,                                     \
     "each run of the kernel-time pass: its kernels' durations summed, "   \
     "on the GPU's clock"), ALWAYS)

/* The placement study (--placements=N, model/placement.h): its
** placements, the event median of the one furthest from the case's own
** median, how far that is, the test's p, and why a study was not made. */
#define KB_FIELDS_PLACEMENT(F, S, P, A, D, H) \
  F(placements, UINT, "placements",                                        \
    ("", JSON, "u", MOST, NO_TABLE,                                        \
     "setups timed by the placement study, the case's own counted; 0: "    \
     "no study (--placements)"), ALWAYS, 0)                                \
  F(placement_median, F64, "placement_median_s",                           \
    ("s", CSV(66), ".9g", MEDIAN, NO_TABLE,                                \
     "the event median of the placement furthest from the case's own; "    \
     "null without a study"), NONNEG, -1)                                  \
  D(placement_spread, F64, kb_placement_spread_of(r), "placement_spread",  \
    ("", CSV(67), ".4g", EACH, NO_TABLE,                                   \
     "how far that is from event_median_s, a fraction"), ALWAYS)           \
  F(placement_p, F64, "placement_p",                                       \
    ("", JSON, ".4g", MEDIAN, NO_TABLE,                                    \
     "the Mann-Whitney p of the fastest placement against the slowest, "   \
     "times the pairs of placements"), NONNEG, -1)                         \
  S(placement_note, 192, "placement_note",                                 \
    ("", JSON, "q", EACH, NO_TABLE,                                        \
     "why a study asked for was not made, or claims nothing"), NONEMPTY)   \
  F(placement_s, F64, "placement_s",                                       \
    ("s", CSV(68), ".3f", EACH, NO_TABLE,                                  \
     "the study's wall time: setups, runs, teardowns"), ALWAYS, 0)

/* The audits: what DRAM moved in one run against the claim, an audit that
** could not be made, and why there are no counters. */
#define KB_FIELDS_AUDIT(F, S, P, A, D, H) \
  F(dram_read, F64, "dram_read_bytes",                                     \
    ("B", CSV(78), ".9g", MEDIAN, NO_TABLE,                                \
     "bytes DRAM read in one run, as the bytes audit counted them; null "  \
     "when not audited"), DRAM, -1)                                        \
  F(dram_write, F64, "dram_write_bytes",                                   \
    ("B", CSV(79), ".9g", MEDIAN, NO_TABLE,                                \
     "bytes DRAM wrote in one run; null when not audited"), DRAM, -1)      \
  D(bytes_audit, TEXT, kb_audit_text, "bytes_audit",                       \
    ("", CSV(81), "q", EACH, NO_TABLE,                                     \
     "the bytes audit's sentence: what DRAM moved against the claim; "     \
     "null when they agree"), NONEMPTY)                                    \
  D(dram_gbps, F64, kb_dram_gbps(r), "dram_gbps",                          \
    ("GB/s", CSV(80), ".6g", EACH, NO_TABLE,                               \
     "what DRAM moved, read + write, per second at the judged median, "    \
     "GB/s; null when not audited"), POSITIVE)                             \
  F(claim_flagged, BOOL, "bytes_claim_flagged",                            \
    ("", CSV(82), "d", ANY, NO_TABLE,                                      \
     "the claim exceeds DRAM's bytes + 10% + L2, or a cold run's reads "   \
     "are short (bytes_reads_flagged): the case is FLAGGED"), ALWAYS, 0)   \
  F(reads_flagged, BOOL, "bytes_reads_flagged",                            \
    ("", JSON, "d", ANY, NO_TABLE,                                         \
     "flagged for its reads alone: a cold run read less than half its "    \
     "claimed reads from DRAM (persisting L2 lines, or a flush that did "  \
     "not empty the L2)"), ALWAYS, 0)                                      \
  F(unaudited, BOOL, "unaudited",                                          \
    ("", CSV(83), "d", ANY, NO_TABLE,                                      \
     "an audit the run asked for could not be made: the verdict stands "   \
     "unchecked"), ALWAYS, 0)                                              \
  S(audit_note, 256, "audit_note",                                         \
    ("", CSV(84), "q", FIRST, NO_TABLE,                                    \
     "which audit, why, and what to do"), NONEMPTY)                        \
  S(counters_note, 256, "counters_note",                                   \
    ("", CSV(85), "q", EACH, NO_TABLE,                                     \
     "why a CUDA case has no counters"), NONEMPTY)                         \
  S(implausible, 384, "implausible",                                       \
    ("", JSON, "q", EACH, NO_TABLE,                                        \
     "two readings of the case that cannot both be true "                  \
     "(model/plausible.h): FLAGGED; null when they agree"), NONEMPTY)      \
  S(put_back, 384, "put_back",                                             \
    ("", JSON, "q", FIRST, NO_TABLE,                                       \
     "what the case left changed in the CUDA context and kbench put back " \
     "after it (worker/leftovers.h); null when nothing"), NONEMPTY)        \
  S(left_behind, 384, "left_behind",                                       \
    ("", JSON, "q", FIRST, NO_TABLE,                                       \
     "what the case left that kbench could not put back: the next case "   \
     "ran in a fresh worker; null when nothing"), NONEMPTY)                \
  H(counters,                                                              \
    "metrics",                                                             \
    "--metrics: kernels_launched, passes, and each counter's unit, value " \
    "and kernels; and each counter's total under its own name, as Google " \
    "Benchmark writes user counters")

/* --energy (NVML, model/energy.h): joules per run and the average power
** over a hot batch, how they were measured, and what was in force. */
#define KB_FIELDS_ENERGY(F, S, P, A, D, H) \
  F(energy_j, F64, "energy_j_per_run",                                     \
    ("J", CSV(37), ".6g", EACH, NO_TABLE,                                  \
     "joules per run over --energy's batch"), ENERGY, -1)                  \
  F(power_w, F64, "power_w",                                               \
    ("W", CSV(38), ".6g", MEDIAN, NO_TABLE,                                \
     "the average watts over the batch's windows"), ENERGY, -1)            \
  F(energy_s, F64, "energy_window_s",                                      \
    ("s", CSV(39), ".4f", EACH, NO_TABLE,                                  \
     "the windows' seconds"), ENERGY, 0)                                   \
  F(energy_runs, F64, "energy_runs",                                       \
    ("runs", CSV(40), ".6g", EACH, NO_TABLE,                               \
     "the windows' runs"), ENERGY, 0)                                      \
  F(energy_spread, F64, "energy_spread",                                   \
    ("", CSV(41), ".4g", EACH, NO_TABLE,                                   \
     "the windows' joules per run: standard deviation / "                  \
     "mean"), ENERGY, 0)                                                   \
  A(energy_windows, energy_n_windows, "energy_windows_j",                  \
    ("J", JSON, ".6g", JOIN, NO_TABLE,                                     \
     "each window's joules per run"), ENERGY)                              \
  F(power_limit_w, F64, "power_limit_w",                                   \
    ("W", CSV(42), ".6g", EACH, NO_TABLE,                                  \
     "the power limit in force"), ENERGY_POSITIVE, 0)                      \
  F(energy_sm_mhz, UINT, "energy_sm_clock_mhz",                            \
    ("MHz", CSV(43), "u", EACH, NO_TABLE,                                  \
     "the lowest SM clock read at the windows' "                           \
     "ends"), ENERGY_POSITIVE, 0)                                          \
  F(energy_mem_mhz, UINT, "energy_mem_clock_mhz",                          \
    ("MHz", CSV(44), "u", EACH, NO_TABLE,                                  \
     "the lowest memory clock read at the windows' "                       \
     "ends"), ENERGY_POSITIVE, 0)                                          \
  D(gbps_per_watt, F64, kb_gbps_per_watt(r), "gbps_per_watt",              \
    ("GB/s/W", CSV(45), ".6g", EACH, NO_TABLE,                             \
     "bytes moved per joule / 1e9: GB/s per watt; null without such "      \
     "work"), POSITIVE)                                                    \
  D(flops_per_watt, F64, kb_flops_per_watt(r), "flops_per_watt",           \
    ("FLOP/s/W", CSV(46), ".6g", EACH, NO_TABLE,                           \
     "FLOP per joule: FLOP/s per watt; null without such "                 \
     "work"), POSITIVE)                                                    \
  S(energy_note, 256, "energy_note",                                       \
    ("", CSV(47), "q", EACH, NO_TABLE,                                     \
     "why --energy measured nothing"), NONEMPTY)

/* The timed samples, seconds per run. */
#define KB_FIELDS_SAMPLES(F, S, P, A, D, H) \
  A(samples, n_samples, "samples_s",                                       \
    ("s", JSON, ".9g", JOIN, NO_TABLE,                                     \
     "each sample's event time, seconds per run"), ALWAYS)

/* A test's own rows (tests/unit/test_new_row.c builds the printers with
** one, to see a new row in every output); none in kbench. */
#ifdef KB_TEST_ROWS
#include KB_TEST_ROWS
#else
#define KB_FIELDS_TEST(F, S, P, A, D, H)
#endif

#define KB_RESULT_FIELDS(F, S, P, A, D, H) \
  KB_FIELDS_CASE(F, S, P, A, D, H)                                        \
  KB_FIELDS_OUTCOME(F, S, P, A, D, H)                                     \
  KB_FIELDS_PHASES(F, S, P, A, D, H)                                      \
  KB_FIELDS_GPU_STATE(F, S, P, A, D, H)                                   \
  KB_FIELDS_KERNEL(F, S, P, A, D, H)                                      \
  KB_FIELDS_PLACEMENT(F, S, P, A, D, H)                                   \
  KB_FIELDS_AUDIT(F, S, P, A, D, H)                                       \
  KB_FIELDS_ENERGY(F, S, P, A, D, H)                                      \
  KB_FIELDS_SAMPLES(F, S, P, A, D, H)                                     \
  KB_FIELDS_TEST(F, S, P, A, D, H)

/*
** The notes: the lines the table, TAP and markdown show under a case,
** "label: text", a row each in the order they are shown.  A printer loops
** over them (kb_note_text, model/field_text.h) and knows none of them; a
** new line under a case is one row here and, when it is more than a
** field, the function that writes it (model/result_notes.h).  Not notes of
** a result, and said by a printer itself: its warnings (they need the
** device and the run's options), why a case of a run of kernel time has
** event time only (said once for many cases), the counters' own lines,
** and what a failed case's plugin printed (lines of its own).
**
**   N(id, TYPE, expr, label, rule)  TYPE STR: expr is a const char * of
**                                   the result r; TEXT: expr is a function
**                                   that writes the text, as a D row's;
**                                   shown when the rule (enum kb_rule)
**                                   gives the value and the text is not ""
*/
#define KB_RESULT_NOTES(N) \
  N(clocks, TEXT, kb_result_clock_note, "clocks", ALWAYS)                 \
  N(timing, TEXT, kb_note_timing, "timed", PASS)                          \
  N(placement, TEXT, kb_note_placement, "placement", PASS)                \
  N(counters, STR, r->counters_note, "counters", PASS)                    \
  N(no_kernel, TEXT, kb_note_no_kernel, "counters", PASS)                 \
  N(claim_flagged, TEXT, kb_note_claim_flagged, "flagged", PASS)          \
  N(bytes_audit, TEXT, kb_note_bytes_audit, "bytes audit", PASS)          \
  N(implausible, STR, r->implausible, "flagged", PASS)                    \
  N(unaudited, TEXT, kb_note_unaudited, "unaudited", PASS)                \
  N(put_back, STR, r->put_back, "put back", ALWAYS)                       \
  N(left_behind, STR, r->left_behind, "left behind", ALWAYS)              \
  N(energy, TEXT, kb_energy_text, "energy", PASS)

/* Every note's name, as KB_NOTE_<id>, and its label. */
#define KB_ID_N(id, ...) KB_NOTE_##id,
enum kb_note_id { KB_RESULT_NOTES(KB_ID_N) KB_NOTES };
#undef KB_ID_N
extern const char *const kb_note_labels[KB_NOTES];

/* A kind of row a use of the table has no use for. */
#define KB_ROW_SKIP(...)

/* Every row's name, as KB_FIELD_<id> (a member's name is its id). */
#define KB_ID_F(m, ...) KB_FIELD_##m,
#define KB_ID_P(id, ...) KB_FIELD_##id,
#define KB_ID_D(id, ...) KB_FIELD_##id,
#define KB_ID_H(id, ...) KB_FIELD_##id,
enum kb_field_id {
  KB_RESULT_FIELDS(KB_ID_F, KB_ID_F, KB_ID_P, KB_ID_F, KB_ID_D, KB_ID_H)
  KB_FIELDS
};
#undef KB_ID_F
#undef KB_ID_P
#undef KB_ID_D
#undef KB_ID_H

/* How many columns the table has: its rows' TABLE and CALIBRATED. */
#define KB_AT_F(m, type, key, shown, ...) + (KB_TABLE_AT shown > 0)
#define KB_AT_S(m, size, key, shown, ...) + (KB_TABLE_AT shown > 0)
#define KB_AT_P(id, path, type, key, shown, ...) + (KB_TABLE_AT shown > 0)
#define KB_AT_A(m, n, key, shown, ...) + (KB_TABLE_AT shown > 0)
#define KB_AT_D(id, type, expr, key, shown, ...) + (KB_TABLE_AT shown > 0)
enum {
  KB_TABLE_COLUMNS = 0 KB_RESULT_FIELDS(KB_AT_F, KB_AT_S, KB_AT_P, KB_AT_A,
                                        KB_AT_D, KB_ROW_SKIP)
};
#undef KB_AT_F
#undef KB_AT_S
#undef KB_AT_P
#undef KB_AT_A
#undef KB_AT_D

/* Where the table shows a row (its TABLE or CALIBRATED). */
struct kb_field_table {
  int at;                   /* its column, from 1; 0: not shown */
  const char *title;        /* NULL: the clock the run does not judge */
  int width;                /* in the table, right-aligned */
  int view;                 /* enum kb_field_view */
  int calibrated;           /* shown only with a measured copy peak */
};

/* A row of the table as data, for code that looks a key up by name
** (kb_result_fields[KB_FIELD_kernel_median].key) or walks the rows. */
typedef struct kb_field {
  const char *id;           /* the row's name */
  char kind;                /* 'F', 'S', 'P', 'A', 'D' or 'H' */
  const char *type;         /* its TYPE: "F64", ...; "CHARS" for an S row,
                               "ARRAY" for an A row, "" for an H row */
  const char *key;          /* in a results file's entry; NULL: none */
  const char *unit;         /* "s", "B", "GB/s", ...; "" for none */
  const char *hint;         /* ".9g", "zu", ...; "s" a word, "q" a text */
  int rule;                 /* enum kb_rule */
  int out;                  /* enum kb_field_out */
  int column;               /* its column of --csv, from 1; 0: none */
  int pool;                 /* enum kb_field_pool */
  struct kb_field_table table;
  const char *keys;         /* an H row's keys: "name, run_name, ..." */
  const char *doc;          /* what it is, in words */
} kb_field;
extern const kb_field kb_result_fields[KB_FIELDS];
/* A row's key in an entry, by its id: KB_KEY(kernel_median) is
** "kernel_median_s". */
#define KB_KEY(id) (kb_result_fields[KB_FIELD_##id].key)

#endif
