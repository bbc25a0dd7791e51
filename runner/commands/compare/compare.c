/*
** kbench compare: reads two results files, pairs their cases by name,
** judges each (judge.c) and writes a table, markdown or JSON.
** Unlike nvbench's compare (which exits with the number of changes, both
** ways) and Google Benchmark's (always 0), the exit status is a CI gate:
** 1 only for a regression.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands/compare/compare.h"
#include "commands/compare/write.h"
#include "commands/subcommand.h"
#include "model/measure_cfg.h"
#include "results/format.h"
#include "config.h"
#if KBENCH_HAVE_JSON_C
#  include "results/json_read.h"
#  include "results/reader.h"
#endif

/*
** The default thresholds come from the H100 (bench/results/): the 58 GPU
** cases of two back-to-back runs of one build agree within 0.24-0.43%, so
** 2% is about five times the drift and still catches a slowdown a person
** would call one; the host variants move 12-26% between processes (a
** host's memory speed drifts: judge.c), so 30%.
*/
#define KB_CMP_ALPHA 0.01
#define KB_CMP_THRESHOLD 2.0
#define KB_CMP_HOST_THRESHOLD 30.0
/* Counts are judged against the case's scale (results/counters.h).  At
** that scale the noise between identical runs is a reduction's L2
** write-backs, up to 2 MB of its 268 MB (0.75%, H100, issue 24), and far
** less for copies (0.04% of their traffic between two H200 runs,
** bench/results/2026-11-23-h200-hopper and -hopper2): 2% stays clear of
** it and still sees a tenth more DRAM bytes. */
#define KB_CMP_COUNTER_TOLERANCE 2.0
/* Energy per run: NVML's counter moves about every 100 ms
** (../shared/DESIGN.md, section 7), so a 1 s batch cannot resolve much
** finer than a few percent: 5%, until the run-to-run spread measured on
** the GPUs says otherwise (bench/energy_check.sh). */
#define KB_CMP_ENERGY_THRESHOLD 5.0

typedef struct kb_cmp_opts {
  kb_cmp_cfg cfg;
  int fail_on_flagged;         /* exit 1 for a flagged claim in new */
  int fail_on_unaudited;       /* exit 1 for an unaudited case in new */
  int format;                  /* enum kb_format */
  const char *json_path;       /* --json=FILE, or NULL */
  int bare_json;               /* the old --json, without =FILE */
  const char *upgrade_path;    /* --upgrade=FILE: rewrite it, compare none */
  const char *base_path, *new_path;
} kb_cmp_opts;

static const char usage_text[] =
"Usage: kbench compare [OPTION]... BASE.json NEW.json\n"
"  or:  kbench compare --upgrade=FILE.json\n"
"Compare two results files of kbench (or Google Benchmark) case by case,\n"
"pairing cases by name: for each, the median time in BASE and NEW, the\n"
"change, and whether it is significant: a two-sided Mann-Whitney U test\n"
"on the raw samples (samples_s; without them one sample per repetition;\n"
"entries of the same name are pooled) rejects 'no difference' at --alpha,\n"
"and the median moved by more than the threshold.  A case with fewer than\n"
"5 samples on a side is never significant.  A host case is tested on its\n"
"repetitions' medians, one a repetition: its samples come in one burst,\n"
"and host timing drifts between bursts (docs/results.md).\n"
"\n"
"Options:\n"
"      --alpha=P             significance level of the U test (default\n"
"                            0.01)\n"
"      --threshold=PCT       smallest change of the median that counts, in\n"
"                            percent, for CUDA cases (default 2)\n"
"      --host-threshold=PCT  the same for host cases (default 30)\n"
"      --counter-tolerance=PCT\n"
"                            a count (below) that moved by more than this\n"
"                            percent of the case's scale is reported\n"
"                            (default 2)\n"
"      --allow-missing       NEW ran a subset of BASE's cases on purpose: a\n"
"                            case of BASE missing from NEW is listed ('only\n"
"                            in base'), not a regression\n"
"      --fail-on-flagged     exit 1 also when a case of NEW has a claim the\n"
"                            bytes audit flagged (bytes_claim_flagged)\n"
"      --fail-on-unaudited   exit 1 also when a case of NEW went unaudited\n"
"                            (an audit it asked for could not be made)\n"
"      --energy-threshold=PCT\n"
"                            smallest change of the energy per run that\n"
"                            counts, in percent (default 5)\n"
"      --time=WHICH          kernel (default): compare kernel times (each\n"
"                            run's GPU duration, busy_samples_s) where both\n"
"                            files have them, event times elsewhere, with a\n"
"                            note; event: compare event times (samples_s)\n"
"      --format=FORMAT       table (default), markdown or md (for a pull\n"
"                            request comment), or json\n"
"      --json=FILE           also write the report as JSON to FILE\n"
"      --upgrade=FILE        rewrite FILE, a kbench results file of an older\n"
"                            format, in place as this kbench writes one\n"
"                            (format 1's median_s, busy_*_s renamed,\n"
"                            time_*_s added), and compare nothing\n"
"  -h, --help                show this help and exit\n"
"--json without =FILE, the old spelling of --format=json, still prints\n"
"JSON on stdout, with a warning; it goes in the next release.\n"
"\n"
"The default thresholds come from the H100: GPU medians of two runs of one\n"
"build agree within 0.43%, host variants move 12-26% between processes.\n"
"Cases that did not pass on a side are listed with both verdicts ('CRASH in\n"
"new', 'SKIP in base'), and cases in one file only are listed too; one that\n"
"passed in BASE and is missing from NEW ('MISSING in new': the job crashed\n"
"or was cut short) is a regression unless --allow-missing is given.  A case\n"
"that another process disturbed on a side (DISTURBED: it used the GPU\n"
"during the case, so the times there are not the case's own) is not\n"
"compared and never a regression: it is listed ('DISTURBED in new') and\n"
"counted apart, and the summary names the processes (pid and name) from\n"
"the cases' messages.  A change whose slower side's samples ran under a\n"
"power cap or a thermal or hardware slowdown (NVML's clock-event reasons,\n"
"kept by kbench for each case) says so, and the summary counts them.\n"
"Runs on different devices are compared, with a warning on stderr and in\n"
"the output.\n"
"\n"
"When both files have counts of a case (kbench --metrics: each metric\n"
"whose name ends in .sum, the bank-conflict ways, and kernels_launched;\n"
"the bytes audit's dram_read_bytes and dram_write_bytes), each count that\n"
"moved by more than --counter-tolerance of the case's own scale is listed\n"
"under the table ('# counter: ...'), in markdown's list of changed counts\n"
"and in JSON's \"counters\": bytes against the case's DRAM traffic (read\n"
"+ write) or its claimed bytes, whichever is more, and never 64 KiB or\n"
"less (the L2's own write-backs); bank conflicts against the shared\n"
"wavefronts or requests of their direction, or, where only the ways were\n"
"collected (--metrics=seed), as the ways move; other counts against\n"
"themselves.  With 3 or more repetitions of a case on both sides\n"
"(kbench --repetitions), a count must also move by more than the range of\n"
"each side's.  The header says the rule.  Counts never change a case's\n"
"result or the exit status.\n"
"\n"
"Cases whose claim the bytes audit flagged (the claim exceeds what DRAM\n"
"moved) or that went unaudited (kbench could not make an audit it asked\n"
"for, the profiler held by another process) are marked on their row\n"
"('FLAGGED in new', 'unaudited in base'), listed under the table with what\n"
"the file says ('# flagged in new: ...'), counted in the summary, and in\n"
"JSON's new_claim_flagged, new_unaudited and summary.flagged_in_new and\n"
"unaudited_in_new; --fail-on-flagged and --fail-on-unaudited make them\n"
"fail a CI job.\n"
"\n"
"When both files have energy of a case (kbench --energy: joules per run\n"
"in each of its windows, energy_windows_j), the windows are the samples of\n"
"the same U test, and a change of the median past --energy-threshold with\n"
"p < --alpha is listed under the table ('# energy: ...', 'more' or\n"
"'less'), in markdown and in JSON's \"energy\".  Energy never changes a\n"
"case's result or the exit status.\n"
"\n"
"Exit status:\n"
"  0  no regression\n"
"  1  a regression: a case significantly slower than in BASE by more than\n"
"     its threshold, or a case that passed in BASE and failed, errored or\n"
"     crashed in NEW (not one another process disturbed), or is missing\n"
"     from NEW (unless --allow-missing); with\n"
"     --fail-on-flagged or --fail-on-unaudited, also a case of NEW flagged\n"
"     or unaudited\n"
"  2  usage error, or a file that cannot be read or is not a results file\n"
"     (among them one with no entries, or a passed entry with no numeric\n"
"     time)\n";

enum { OPT_ALPHA = 256, OPT_THRESHOLD, OPT_HOST_THRESHOLD, OPT_FORMAT,
       OPT_JSON, OPT_COUNTER_TOLERANCE, OPT_FAIL_ON_FLAGGED,
       OPT_FAIL_ON_UNAUDITED, OPT_ENERGY_THRESHOLD, OPT_TIME,
       OPT_ALLOW_MISSING, OPT_UPGRADE };

static const struct option long_options[] = {
  {"alpha", required_argument, NULL, OPT_ALPHA},
  {"threshold", required_argument, NULL, OPT_THRESHOLD},
  {"host-threshold", required_argument, NULL, OPT_HOST_THRESHOLD},
  {"counter-tolerance", required_argument, NULL, OPT_COUNTER_TOLERANCE},
  {"allow-missing", no_argument, NULL, OPT_ALLOW_MISSING},
  {"fail-on-flagged", no_argument, NULL, OPT_FAIL_ON_FLAGGED},
  {"fail-on-unaudited", no_argument, NULL, OPT_FAIL_ON_UNAUDITED},
  {"energy-threshold", required_argument, NULL, OPT_ENERGY_THRESHOLD},
  {"format", required_argument, NULL, OPT_FORMAT},
  {"json", optional_argument, NULL, OPT_JSON},
  {"time", required_argument, NULL, OPT_TIME},
  {"upgrade", required_argument, NULL, OPT_UPGRADE},
  {"help", no_argument, NULL, 'h'},
  {NULL, 0, NULL, 0},
};

static int parse_one(int opt, const char *arg, void *ctx)
{
  kb_cmp_opts *o = ctx;
  const char *percent = "expected a percentage, 0 or more";
  switch (opt) {
  case OPT_ALPHA:
    return kb_subcommand_number("compare", "--alpha", arg, 0, 1, 1,
                                "expected a probability, more than 0 and "
                                "at most 1", &o->cfg.alpha);
  case OPT_THRESHOLD:
    return kb_subcommand_number("compare", "--threshold", arg, 0, 0, 1e6,
                                percent, &o->cfg.threshold);
  case OPT_HOST_THRESHOLD:
    return kb_subcommand_number("compare", "--host-threshold", arg, 0, 0,
                                1e6, percent, &o->cfg.host_threshold);
  case OPT_COUNTER_TOLERANCE:
    return kb_subcommand_number("compare", "--counter-tolerance", arg, 0, 0,
                                1e6, percent, &o->cfg.counter_tolerance);
  case OPT_ENERGY_THRESHOLD:
    return kb_subcommand_number("compare", "--energy-threshold", arg, 0, 0,
                                1e6, percent, &o->cfg.energy_threshold);
  case OPT_FORMAT:
    return kb_subcommand_format("compare", arg, &o->format);
  case OPT_JSON:
    /* --json=FILE, as for a run and kbench fleet; the bare --json of
    ** earlier releases was --format=json, and says so for one release. */
    if (arg) {
      o->json_path = arg;
      return 0;
    }
    fprintf(stderr, "kbench compare: warning: --json without a file is "
            "deprecated: use --format=json for JSON on stdout, or "
            "--json=FILE\n");
    o->format = KB_FORMAT_JSON;
    o->bare_json = 1;
    return 0;
  case OPT_TIME:
    return kb_subcommand_time("compare", arg, &o->cfg.time);
  case OPT_ALLOW_MISSING:
    o->cfg.allow_missing = 1;
    return 0;
  case OPT_FAIL_ON_FLAGGED:
    o->fail_on_flagged = 1;
    return 0;
  case OPT_FAIL_ON_UNAUDITED:
    o->fail_on_unaudited = 1;
    return 0;
  case OPT_UPGRADE:
    o->upgrade_path = arg;
    return 0;
  }
  return -1;
}

/* 0: compare; 1: help printed; -1: usage error printed. */
static int parse(int argc, char **argv, kb_cmp_opts *o)
{
  memset(o, 0, sizeof *o);
  o->cfg = (kb_cmp_cfg){KB_CMP_ALPHA, KB_CMP_THRESHOLD,
                        KB_CMP_HOST_THRESHOLD, KB_CMP_COUNTER_TOLERANCE,
                        KB_CMP_ENERGY_THRESHOLD, KB_TIME_KERNEL, 0};
  kb_subcommand s = {"compare", usage_text, long_options, parse_one, o};
  int first, rc = kb_subcommand_parse(&s, argc, argv, &first);
  if (rc)
    return rc;
  if (o->upgrade_path && argc - first != 0) {
    fprintf(stderr, "kbench compare: --upgrade rewrites one file and "
            "compares none; got %d more\nTry 'kbench compare --help'.\n",
            argc - first);
    return -1;
  }
  if (o->upgrade_path)
    return 0;
  if (argc - first != 2) {
    fprintf(stderr, "kbench compare: expected two files, BASE.json and "
            "NEW.json; got %d%s\nTry 'kbench compare --help'.\n",
            argc - first, o->bare_json && argc - first == 3
            ? " (--json takes its file as --json=FILE)" : "");
    return -1;
  }
  o->base_path = argv[first];
  o->new_path = argv[first + 1];
  return 0;
}

#if KBENCH_HAVE_JSON_C
/* The document, for kb_subcommand_write_file. */
static int write_document(FILE *f, const void *root)
{
  return kb_format_write(f, (json_object *)root);
}

/* --upgrade=FILE: a kbench results file of an older format rewritten as
** the current one, in place (the one safe replace); one line says what
** was done.  A file already current is left as it is; Google Benchmark's
** keys never changed, and such a file is refused. */
static int upgrade(const char *path)
{
  char err[1024];
  json_object *root = kb_results_parse(path, err, sizeof err);
  if (!root) {
    fprintf(stderr, "kbench compare: %s\n", err);
    return KB_CMP_EXIT_USAGE;
  }
  int format = kb_results_format(root), rc = KB_CMP_EXIT_USAGE, n = 0;
  json_object *kb = kb_jget(kb_jget(root, "context"), "kbench");
  if (!json_object_is_type(kb, json_type_object))
    fprintf(stderr, "kbench compare: --upgrade: %s: not a kbench results "
            "file (no context.kbench): Google Benchmark's keys need no "
            "upgrade\n", path);
  else if (format >= KB_RESULTS_FORMAT) {
    printf("kbench compare: %s is results format %d already: left as it "
           "is\n", path, format);
    rc = KB_CMP_EXIT_OK;
  }
  else if ((n = kb_format_upgrade(root)) < 0)
    fprintf(stderr, "kbench compare: --upgrade: %s: out of memory\n", path);
  else if (kb_subcommand_write_file("compare", path, write_document, root)
           == 0) {
    printf("kbench compare: %s: results format %d rewritten as format %d "
           "(%d entr%s)\n", path, format, KB_RESULTS_FORMAT, n,
           n == 1 ? "y" : "ies");
    rc = KB_CMP_EXIT_OK;
  }
  json_object_put(root);
  return rc;
}

/* The JSON report, for kb_subcommand_write_file. */
static int write_json(FILE *f, const void *r)
{
  return kb_cmp_write_json(f, r);
}

static int report(const kb_cmp_opts *o, const kb_res_run *base,
                  const kb_res_run *cur)
{
  char dev[1200], mode[256] = "";
  if (kb_cmp_device_mismatch(base, cur, dev, sizeof dev))
    fprintf(stderr, "kbench compare: WARNING: %s: their timings are not "
            "comparable\n", dev);
  /* A run of host cases only has no GPU mode to differ in. */
  const char *mb = kb_cmp_run_mode(base), *mc = kb_cmp_run_mode(cur);
  if (mb && mc && strcmp(mb, "host") && strcmp(mc, "host")
      && strcmp(mb, mc) != 0) {
    snprintf(mode, sizeof mode, "different modes: base %s, new %s", mb,
             mc);
    fprintf(stderr, "kbench compare: WARNING: %s\n", mode);
  }
  kb_cmp_report r = {base, cur, &o->cfg, NULL, 0, {0}, dev, mode, ""};
  kb_cmp_row *rows;
  if (kb_cmp_judge(base, cur, &o->cfg, &rows, &r.n_rows, &r.sum)) {
    fprintf(stderr, "kbench compare: out of memory\n");
    return KB_CMP_EXIT_USAGE;
  }
  r.rows = rows;
  /* Kernel times asked for and a file without any (written before kbench
  ** had them, or run without CUPTI): said once, event times compared. */
  char time_note[256] = "";
  int cuda = 0;
  for (size_t i = 0; i < base->n_cases; i++)
    cuda |= strcmp(base->cases[i].backend, "host") != 0;
  if (o->cfg.time == KB_TIME_KERNEL && cuda && (!r.sum.base_kernel
                                                || !r.sum.new_kernel))
    snprintf(time_note, sizeof time_note, "event times compared: %s "
             "kernel times (written before kbench had them, or run without "
             "CUPTI)", !r.sum.base_kernel && !r.sum.new_kernel
             ? "neither file has" : !r.sum.base_kernel ? "base has no"
             : "new has no");
  r.time_note = time_note;
  int failed = 0;
  if (o->json_path
      && kb_subcommand_write_file("compare", o->json_path, write_json, &r)) {
    free(rows);
    return KB_CMP_EXIT_USAGE;
  }
  if (o->format == KB_FORMAT_JSON)
    failed = kb_cmp_write_json(stdout, &r);
  else if (o->format == KB_FORMAT_MARKDOWN)
    kb_cmp_write_markdown(stdout, &r);
  else
    kb_cmp_write_table(stdout, &r);
  free(rows);
  if (fflush(stdout) || ferror(stdout) || failed) {
    fprintf(stderr, "kbench compare: cannot write the report\n");
    return KB_CMP_EXIT_USAGE;
  }
  int gate = r.sum.regressions || (o->fail_on_flagged && r.sum.flagged)
             || (o->fail_on_unaudited && r.sum.unaudited);
  return gate ? KB_CMP_EXIT_REGRESSION : KB_CMP_EXIT_OK;
}

/* kbench --devices writes each case once per device, under one name:
** paired by name, two devices' samples would pass for one's.  0, or -1
** with a message. */
static int one_device(const kb_res_run *run, char *err, size_t len)
{
  const kb_res_device *first = NULL;
  for (size_t i = 0; i < run->n_cases; i++) {
    const kb_res_device *d = &run->cases[i].device;
    if (!d->known || d->host)
      continue;
    if (first && !kb_res_same_device(first, d)) {
      snprintf(err, len, "%s: results of several devices (device_ordinal "
               "%d and %d); cases are paired by name, so compare one "
               "device's entries at a time (kbench fleet compares "
               "devices)", run->path,
               first->ordinal < d->ordinal ? first->ordinal : d->ordinal,
               first->ordinal < d->ordinal ? d->ordinal : first->ordinal);
      return -1;
    }
    if (!first)
      first = d;
  }
  return 0;
}

static int compare(const kb_cmp_opts *o)
{
  kb_res_run base, cur;
  char err[1024];
  if (kb_res_load(o->base_path, &base, err, sizeof err)
      || one_device(&base, err, sizeof err)) {
    fprintf(stderr, "kbench compare: %s\n", err);
    kb_res_run_free(&base);
    return KB_CMP_EXIT_USAGE;
  }
  if (kb_res_load(o->new_path, &cur, err, sizeof err)
      || one_device(&cur, err, sizeof err)) {
    fprintf(stderr, "kbench compare: %s\n", err);
    kb_res_run_free(&base);
    kb_res_run_free(&cur);
    return KB_CMP_EXIT_USAGE;
  }
  const kb_res_run both[2] = {base, cur};
  char note[1024];
  if (kb_format_note(both, 2, note, sizeof note))
    fprintf(stderr, "kbench compare: note: %s\n", note);
  int rc = report(o, &base, &cur);
  kb_res_run_free(&base);
  kb_res_run_free(&cur);
  return rc;
}
#else
static int compare(const kb_cmp_opts *o)
{
  (void)o;
  return kb_subcommand_no_json_c("compare");
}

static int upgrade(const char *path)
{
  (void)path;
  return kb_subcommand_no_json_c("compare");
}
#endif

int kb_compare_main(int argc, char **argv)
{
  kb_cmp_opts o;
  int rc = parse(argc, argv, &o);
  if (rc)
    return rc > 0 ? KB_CMP_EXIT_OK : KB_CMP_EXIT_USAGE;
  return o.upgrade_path ? upgrade(o.upgrade_path) : compare(&o);
}
