/*
** The pooling of a case's entries, its repetitions in a results file
** (results/pooling.c), by the pool rules of the table's rows
** (model/result_fields.h): each pooled row against a value worked out
** here by its rule, from entries made by hand, so that a row whose rule
** changes fails by name: claim_flagged, reads_flagged and unaudited any
** entry's (ANY), clock_events OR'd (BITS), the bytes the most of those
** given (MOST), power_w and the DRAM bytes the median of the finite ones
** (MEDIAN), audit_note, put_back and left_behind the first that is not ""
** (FIRST), stage and message the worst entry's (WORST); and the bytes
** audit's text of the case made of its pooled rows.
** Every other row stays at its start value, whatever the entries hold.
** With json-c, files read and pooled: an audit note is an unaudited
** entry's; a failure's stage and message are kbench's or Google
** Benchmark's, a crash's without its stage.
*/
#define _GNU_SOURCE            /* mkstemp */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "fields.h"
#include "results/pooling.h"
#include "tap.h"

/* The rows a case pools, and no other: each one's value here is not its
** start value (fill_result's, and the checks' below). */
static const enum kb_field_id pooled_rows[] = {
  KB_FIELD_bytes_read, KB_FIELD_bytes_written, KB_FIELD_clock_events,
  KB_FIELD_claim_flagged, KB_FIELD_reads_flagged, KB_FIELD_unaudited,
  KB_FIELD_audit_note, KB_FIELD_put_back, KB_FIELD_left_behind,
  KB_FIELD_power_w, KB_FIELD_placements, KB_FIELD_placement_median,
  KB_FIELD_placement_p, KB_FIELD_stage,
  KB_FIELD_message, KB_FIELD_dram_read, KB_FIELD_dram_write,
};
#define N_POOLED (sizeof pooled_rows / sizeof *pooled_rows)
/* The arrays a case joins by hand (pooling.c): its samples, kernel
** times and energy windows, the passed entries' one after another. */
static const enum kb_field_id joined_rows[] = {
  KB_FIELD_samples, KB_FIELD_kernel_samples, KB_FIELD_energy_windows,
};
#define N_JOINED (sizeof joined_rows / sizeof *joined_rows)

/* Entry order of case name: passed, no samples, every row at its start
** and none given. */
static void entry_init(kb_res_entry *e, const char *name, size_t order)
{
  memset(e, 0, sizeof *e);
  kb_result_init(&e->res, KB_PASS);
  e->name = name;
  e->backend = "cuda";
  e->res.verdict = KB_PASS;
  e->order = order;
  e->device.ordinal = -1;
}

/* What kb_res_pool leaves of es[0..n), freed as the reader frees it. */
static void entries_free(kb_res_entry *es, size_t n)
{
  for (size_t i = 0; i < n; i++)
    kb_res_entry_free(&es[i]);
}

/* es[0..n), all of one case, pooled into run: its one case, or NULL. */
static const kb_res_case *pool_one(kb_res_entry *es, size_t n,
                                   kb_res_run *run)
{
  memset(run, 0, sizeof *run);
  if (kb_res_pool(es, n, run) || run->n_cases != 1)
    return NULL;
  return &run->cases[0];
}

/* Row id of e's result (a member of that name) given the value v. */
#define GIVE(e, id, v) ((e).res.id = (v), (e).given[KB_FIELD_##id] = 1)

/* The median of the finite ones of x[0..n), worked out here: sorted, the
** middle one or the mean of the middle two; NAN for none. */
static double median_of(const double *x, size_t n)
{
  double v[16];
  size_t m = 0;
  for (size_t i = 0; i < n && m < 16; i++)
    if (isfinite(x[i]))
      v[m++] = x[i];
  for (size_t i = 1; i < m; i++)
    for (size_t j = i; j > 0 && v[j - 1] > v[j]; j--) {
      double t = v[j];
      v[j] = v[j - 1];
      v[j - 1] = t;
    }
  if (!m)
    return NAN;
  return m % 2 ? v[m / 2] : (v[m / 2 - 1] + v[m / 2]) / 2;
}

/* Each rule on entries made by hand, against values worked out here. */
static void by_rule(void)
{
  kb_res_entry es[4];
  kb_res_run run;
  const int flagged[] = {0, 1, 0};
  const uint64_t masks[] = {0x4, 0x1, 0x80};   /* the last not given */
  const uint64_t read[] = {100, 999, 300, 200};   /* 999 not given */
  const double watts[] = {3, NAN, 1, 2};
  const char *notes[] = {"", "second", "third"};
  uint64_t bits = 0, most = 0;
  for (size_t i = 0; i < 4; i++) {
    entry_init(&es[i], "k/n:1", i);
    if (i < 3) {
      GIVE(es[i], claim_flagged, flagged[i]);
      GIVE(es[i], unaudited, 0);
      snprintf(es[i].res.audit_note, sizeof es[i].res.audit_note, "%s",
               notes[i]);
      es[i].given[KB_FIELD_audit_note] = 1;
      es[i].res.clock_events = masks[i];
      es[i].given[KB_FIELD_clock_events] = i < 2;
      bits |= i < 2 ? masks[i] : 0;
    }
    es[i].res.bytes.read = read[i];
    es[i].given[KB_FIELD_bytes_read] = i != 1;
    most = i != 1 && read[i] > most ? read[i] : most;
    GIVE(es[i], power_w, watts[i]);
  }
  es[3].res.stats.median = 5;         /* an EACH row, given */
  es[3].given[KB_FIELD_event_median] = 1;
  const kb_res_case *c = pool_one(es, 4, &run);
  ok(c && c->res.claim_flagged == 1 && c->given[KB_FIELD_claim_flagged],
     "ANY: claim_flagged of {0, 1, 0} is 1");
  ok(c && c->res.unaudited == 0 && c->given[KB_FIELD_unaudited],
     "ANY: unaudited of {0, 0, 0} is 0, given");
  ok(c && c->res.clock_events == bits && bits == 0x5,
     "BITS: clock_events of {0x4, 0x1} OR'd, one not given left out: "
     "0x%llx", c ? (unsigned long long)c->res.clock_events : 0ull);
  ok(c && c->res.bytes.read == most && most == 300
     && c->given[KB_FIELD_bytes_read],
     "MOST: bytes_read of {100, -, 300, 200} is 300 (the one not given "
     "left out)");
  ok(c && !c->given[KB_FIELD_bytes_written] && c->res.bytes.written == 0,
     "MOST: bytes_written given by none: not given, its start value");
  double want = median_of(watts, 4);
  ok(c && c->res.power_w == want && want == 2
     && c->given[KB_FIELD_power_w],
     "MEDIAN: power_w of {3, NAN, 1, 2} is 2");
  ok(c && strcmp(c->res.audit_note, "second") == 0
     && c->given[KB_FIELD_audit_note],
     "FIRST: audit_note of {\"\", \"second\", \"third\"} is \"second\"");
  ok(c && c->res.stats.median == 0 && !c->given[KB_FIELD_event_median],
     "EACH: the median an entry gave is not the case's");
  kb_res_run_free(&run);
  entries_free(es, 4);
}

/* A claim flagged in one repetition of three: the case's audit text is
** made of its pooled rows, the median DRAM bytes against the most
** claimed, as kbench compare says it under its table. */
static void audit_text(void)
{
  kb_res_entry es[3];
  kb_res_run run;
  const double read[] = {250e6, 260e6, 255e6}, written[] = {5e6, 4e6, 6e6};
  for (size_t i = 0; i < 3; i++) {
    entry_init(&es[i], "k/n:7", i);
    GIVE(es[i], dram_read, read[i]);
    GIVE(es[i], dram_write, written[i]);
    GIVE(es[i], claim_flagged, i == 1);
    es[i].res.bytes.read = 500000000;
    es[i].given[KB_FIELD_bytes_read] = 1;
  }
  const kb_res_case *c = pool_one(es, 3, &run);
  char text[128] = "";
  if (c)
    kb_audit_text(&c->res, text, sizeof text);
  ok(c && c->res.dram_read == median_of(read, 3)
     && c->res.dram_write == median_of(written, 3)
     && strcmp(text, "claims 1.9x the 260.0 MB DRAM moved") == 0,
     "MEDIAN: the DRAM bytes; the case's audit text made of them: %s",
     text);
  kb_res_run_free(&run);
  entries_free(es, 3);
}

/* A second case: an even count of watts, the claim of both bytes, and
** rows no entry gave. */
static void by_rule_again(void)
{
  kb_res_entry es[4];
  kb_res_run run;
  const double watts[] = {10, 1, 3, 2};
  const uint64_t read[] = {64, 48, 32, 64}, written[] = {8, 16, 16, 0};
  uint64_t most_read = 0, most_written = 0;
  for (size_t i = 0; i < 4; i++) {
    entry_init(&es[i], "k/n:2", i);
    GIVE(es[i], power_w, watts[i]);
    es[i].res.bytes.read = read[i];
    es[i].res.bytes.written = written[i];
    es[i].given[KB_FIELD_bytes_read] = 1;
    es[i].given[KB_FIELD_bytes_written] = 1;
    most_read = read[i] > most_read ? read[i] : most_read;
    most_written = written[i] > most_written ? written[i] : most_written;
    snprintf(es[i].res.audit_note, sizeof es[i].res.audit_note, "%s",
             i == 3 ? "last" : "");
    es[i].given[KB_FIELD_audit_note] = 1;
  }
  const kb_res_case *c = pool_one(es, 4, &run);
  double want = median_of(watts, 4);
  ok(c && want == 2.5 && c->res.power_w == want,
     "MEDIAN: power_w of {10, 1, 3, 2} is 2.5");
  ok(c && c->res.bytes.read == most_read && most_read == 64
     && c->res.bytes.written == most_written && most_written == 16,
     "MOST: the most read, 64, and the most written, 16, though no one "
     "entry has both");
  ok(c && strcmp(c->res.audit_note, "last") == 0,
     "FIRST: the one not \"\", though it is the last");
  ok(c && !c->given[KB_FIELD_claim_flagged] && !c->res.claim_flagged
     && !c->given[KB_FIELD_clock_events] && !c->res.clock_events,
     "ANY and BITS given by none: not given, at their start values");
  kb_res_run_free(&run);
  entries_free(es, 4);

  entry_init(&es[0], "k/n:3", 0);
  es[0].res.power_w = NAN;
  es[0].given[KB_FIELD_power_w] = 1;
  entry_init(&es[1], "k/n:3", 1);
  c = pool_one(es, 2, &run);
  ok(c && !c->given[KB_FIELD_power_w] && c->res.power_w == -1,
     "MEDIAN of no finite value: not given, its start value");
  kb_res_run_free(&run);
  entries_free(es, 2);
}

/* A failure by the worst entry: the verdict and its stage and message from
** one entry, the first of equals; none where all passed. */
static void by_worst(void)
{
  kb_res_entry es[4];
  kb_res_run run;
  static const int verdicts[] = {KB_PASS, KB_ERROR, KB_WRONG, KB_WRONG};
  static const char *const stages[] = {"", "setup", "verify", "verify"};
  static const char *const messages[] = {"", "boom", "element 3",
                                         "element 9"};
  for (size_t i = 0; i < 4; i++) {
    entry_init(&es[i], "k/n:5", i);
    es[i].res.verdict = verdicts[i];
    snprintf(es[i].res.stage, sizeof es[i].res.stage, "%s", stages[i]);
    snprintf(es[i].res.message, sizeof es[i].res.message, "%s",
             messages[i]);
    es[i].given[KB_FIELD_stage] = es[i].given[KB_FIELD_message] = i > 0;
  }
  const kb_res_case *c = pool_one(es, 4, &run);
  char text[KB_FAILURE_TEXT_LEN] = "";
  if (c)
    kb_res_failure_text(c->res.stage, c->res.message, text, sizeof text);
  ok(c && c->res.verdict == KB_WRONG
     && strcmp(text, "verify: element 3") == 0
     && c->given[KB_FIELD_stage] && c->given[KB_FIELD_message],
     "WORST: of pass, ERROR and two FAILs, the first FAIL's failure: %s",
     text);
  kb_res_run_free(&run);
  entries_free(es, 4);
  for (size_t i = 0; i < 2; i++)
    entry_init(&es[i], "k/n:6", i);
  c = pool_one(es, 2, &run);
  ok(c && c->res.verdict == KB_PASS && !c->res.stage[0]
     && !c->res.message[0] && !c->given[KB_FIELD_message],
     "WORST: two passes, no failure");
  kb_res_run_free(&run);
  entries_free(es, 2);
}

/* Entries with every field given a value of its own: the pooled rows
** (and none other) leave their start values. */
static void only_the_pooled(void)
{
  kb_res_entry es[2];
  kb_res_run run;
  for (size_t i = 0; i < 2; i++) {
    entry_init(&es[i], "k/n:4", i);
    kb_result_free(&es[i].res);
    fill_result(&es[i].res, KB_PASS);
    memset(es[i].given, 1, sizeof es[i].given);
  }
  const kb_res_case *c = pool_one(es, 2, &run);
  field_check fc[KB_FIELDS];
  size_t n = c ? check_fields(&c->res, &c->res, fc) : 0, wrong = 0;
  for (size_t i = 0; i < n; i++) {
    int pooled = 0;
    for (size_t k = 0; k < N_POOLED; k++)
      pooled |= strcmp(kb_result_fields[pooled_rows[k]].id, fc[i].id) == 0;
    for (size_t k = 0; k < N_JOINED; k++)
      pooled |= strcmp(kb_result_fields[joined_rows[k]].id, fc[i].id) == 0;
    if (pooled != fc[i].not_start) {
      printf("# %s: %s\n", fc[i].id, pooled ? "pooled, but at its start"
             : "not pooled, but not at its start");
      wrong++;
    }
  }
  ok(c && n > 50 && wrong == 0,
     "entries with every field given: the %zu pooled rows and %zu joined "
     "arrays leave their start values, the other %zu rows keep them",
     N_POOLED, N_JOINED, n - N_POOLED - N_JOINED);
  size_t rules = 0;
  for (int id = 0; id < KB_FIELDS; id++) {
    int pool = kb_result_fields[id].pool;
    rules += pool != KB_POOL_EACH && pool != KB_POOL_JOIN;
  }
  ok(rules == N_POOLED,
     "...the table's rows with a rule that pools, all of them (%zu)",
     rules);
  if (c)
    kb_res_run_free(&run);
  entries_free(es, 2);
}

#if KBENCH_HAVE_JSON_C
/* text as a results file, read into run: 0, or -1 (said). */
static int load_text(const char *text, kb_res_run *run)
{
  char path[] = "/tmp/kb-test-pooling-XXXXXX", err[256] = "";
  int fd = mkstemp(path);
  FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
  int read = f && fputs(text, f) >= 0 && fclose(f) == 0
             && kb_res_load(path, run, err, sizeof err) == 0;
  if (fd >= 0)
    unlink(path);
  if (!read)
    printf("# not read: %s\n", err);
  return read ? 0 : -1;
}

/* A file read and pooled: an entry's note that did not go unaudited is
** not the case's (kbench writes a note only with unaudited); watts given
** null are left out. */
static void read_and_pooled(void)
{
  static const char text[] =
    "{\"benchmarks\": [\n"
    " {\"name\": \"k/n:1\", \"median_s\": 1, \"unaudited\": false,\n"
    "  \"audit_note\": \"a note, not unaudited\", \"power_w\": 300},\n"
    " {\"name\": \"k/n:1\", \"median_s\": 1, \"unaudited\": true,\n"
    "  \"audit_note\": \"no bytes audit: busy\", \"power_w\": null},\n"
    " {\"name\": \"k/n:1\", \"median_s\": 1, \"unaudited\": true,\n"
    "  \"audit_note\": \"no stream audit\", \"power_w\": 100}]}\n";
  kb_res_run run;
  int read = load_text(text, &run) == 0;
  const kb_res_case *c = read && run.n_cases == 1 ? &run.cases[0] : NULL;
  ok(c && c->res.unaudited
     && strcmp(c->res.audit_note, "no bytes audit: busy") == 0,
     "read: the note is the first unaudited entry's");
  ok(c && c->given[KB_FIELD_power_w] && c->res.power_w == 200,
     "read: the watts the median of 300 and 100, null left out");
  if (read)
    kb_res_run_free(&run);
}

/* Failures read: kbench's stage and message, a crash's message alone, a
** Google Benchmark error's error_message, a verdict kbench does not know
** named; each case's failure its worst entry's. */
static void read_failures(void)
{
  static const char text[] =
    "{\"benchmarks\": [\n"
    " {\"name\": \"a\", \"median_s\": 1},\n"
    " {\"name\": \"a\", \"verdict\": \"error\", \"stage\": \"setup\",\n"
    "  \"message\": \"out of memory\"},\n"
    " {\"name\": \"b\", \"verdict\": \"crash\", \"stage\": \"run\",\n"
    "  \"message\": \"crashed: SIGSEGV in run\"},\n"
    " {\"name\": \"c\", \"error_occurred\": true,\n"
    "  \"error_message\": \"boom\"},\n"
    " {\"name\": \"d\", \"verdict\": \"odd\", \"stage\": \"run\",\n"
    "  \"message\": \"x\"}]}\n";
  static const char *const want[] = {
    "setup: out of memory", "crashed: SIGSEGV in run", "boom",
    "unknown verdict 'odd'"};
  kb_res_run run;
  int read = load_text(text, &run) == 0 && run.n_cases == 4;
  size_t right = 0;
  for (size_t i = 0; read && i < 4; i++) {
    char got[KB_FAILURE_TEXT_LEN];
    const kb_result *r = &run.cases[i].res;
    kb_res_failure_text(r->stage, r->message, got, sizeof got);
    if (strcmp(got, want[i]) == 0 && r->verdict != KB_PASS)
      right++;
    else
      printf("# %s: '%s', wanted '%s'\n", run.cases[i].name, got, want[i]);
  }
  ok(right == 4, "read: failures of kbench (with its stage, a crash's "
     "without), Google Benchmark and an unknown verdict, as quoted");
  if (read || run.n_cases)
    kb_res_run_free(&run);
}
#endif

int main(void)
{
  by_rule();
  by_rule_again();
  audit_text();
  by_worst();
  only_the_pooled();
#if KBENCH_HAVE_JSON_C
  read_and_pooled();
  read_failures();
#else
  printf("# SKIP reading a file needs json-c\n");
#endif
  return tap_done();
}
