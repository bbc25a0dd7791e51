/*
** kbench fleet: reads the results files of many GPUs (the ranks of a job,
** several nodes, several days), judges each GPU against the fleet
** (judge.c) and writes a table, markdown or JSON.  The exit status
** is a gate: 1 when any GPU is flagged.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands/fleet/fleet.h"
#include "commands/fleet/write.h"
#include "commands/subcommand.h"
#include "model/measure_cfg.h"
#include "results/format.h"
#include "config.h"

/*
** The default tolerances.  On one H100, the 58 GPU cases of back-to-back
** runs agreed within 0.24-0.43% (bench/results/), so 2% is about five
** times one GPU's own drift, and the same as kbench compare's threshold:
** a GPU flagged here is as slow as a regression there.  How far healthy
** GPUs of one model differ from each other has not been measured yet.
** Host cases measure the node's CPU, which varies far more: in eight fresh
** processes on one host, reduce_cpu's medians lay between 0.64 and 1.28
** times their median (bench/results/2026-11-23-h100/hostnoise.txt), so
** they get their own tolerance, 50%, well above that.
*/
#define KB_FLEET_TOLERANCE 2.0
#define KB_FLEET_HOST_TOLERANCE 50.0

typedef struct kb_fleet_opts {
  kb_fleet_cfg cfg;
  int format;                  /* enum kb_format */
  const char *json_path;       /* --json=FILE, or NULL */
  const char *baseline_path;   /* --baseline=FILE, or NULL */
  int verbose;                 /* --verbose: the case-by-case list too */
  char **files;
  size_t n_files;
} kb_fleet_opts;

static const char usage_text[] =
"Usage: kbench fleet [OPTION]... FILE...\n"
"Compare the GPUs of many kbench results files: the ranks of one job\n"
"(srun kbench --json=run/%h-%r.json), several nodes, several days.  Each\n"
"entry's device is resolved within its own file: a GPU is one device,\n"
"named by its UUID (else by its ordinal in one rank on one host), and\n"
"the same GPU in several files is one GPU, its samples pooled.  Host\n"
"cases belong to their rank's host, never to a GPU, and hosts are judged\n"
"against hosts.  GPUs are judged within their model group (name and\n"
"memory size): for each case, a group's reference is the median of its\n"
"GPUs' medians, or the faster of two, and each GPU's ratio is its median\n"
"over that.  A GPU is flagged when a case ran slower than the reference\n"
"by more than the tolerance; failed, errored, crashed or timed out; was\n"
"skipped or missing where another GPU of its group ran it, or skipped\n"
"on a GPU that ran none of its cases (no device, a broken driver); or\n"
"was disturbed: another process (another job) used the GPU during the\n"
"case.\n"
"A disturbed GPU's line names the processes (pid and name, from the\n"
"cases' messages), and its disturbed cases are left out of the reference\n"
"that the other GPUs are judged against.\n"
"\n"
"Options:\n"
"      --tolerance=PCT       how much slower than its group's reference a GPU\n"
"                            may be, in percent, in CUDA cases (default 2)\n"
"      --host-tolerance=PCT  the same for host cases (default 50)\n"
"      --time=WHICH          kernel (default): judge kernel times (each\n"
"                            run's GPU duration, busy_samples_s), which\n"
"                            leave out the host's launch overhead, where\n"
"                            every file that passed a case has them, event\n"
"                            times elsewhere (said in the case's row and\n"
"                            JSON); event: judge event times\n"
"      --format=FORMAT       table (default), markdown or md (for a pull\n"
"                            request or a ticket), or json\n"
"      --json=FILE           also write the report as JSON to FILE\n"
"      --baseline=FILE       a results file of known-good GPUs: its median\n"
"                            on a GPU of a group's model is that group's\n"
"                            reference (its host cases, the hosts'), so that\n"
"                            even one GPU of a model is judged\n"
"      --verbose             list every case and each flagged result in\n"
"                            the table, not only one line per GPU\n"
"  -h, --help                show this help and exit\n"
"\n"
"The defaults: GPU medians of two runs on one H100 agree within 0.43%, so\n"
"2% is about five times that; host cases of fresh processes on one machine\n"
"lay within 0.64-1.28 times their median, so 50%.  The report ends with\n"
"one line per GPU (host, rank, ordinal and UUID prefix; its counts of\n"
"slow, failed, skipped, missing and disturbed cases; its worst ratio and\n"
"case; its verdict) and per host.  A GPU whose slow cases ran under a\n"
"power cap or a thermal or hardware slowdown (NVML's clock-event reasons,\n"
"kept by kbench for each case) says so in its verdict: 'FLAGGED (12 slow;\n"
"the slow all under a power cap)'.\n"
"\n"
"Exit status:\n"
"  0  no GPU flagged\n"
"  1  a GPU or a host flagged: slow, or a case failed, skipped, missing\n"
"     or disturbed by another process on it\n"
"  2  usage error, a file that cannot be read or is not a results file\n"
"     (as kbench compare reads it: one with no entries, such as a rank\n"
"     that died before its first case, or a passed entry with no numeric\n"
"     time),\n"
"     fewer than 2 GPUs and fewer than 2 hosts, or a report that cannot\n"
"     be written\n";

enum { OPT_TOLERANCE = 256, OPT_HOST_TOLERANCE, OPT_FORMAT, OPT_JSON,
       OPT_BASELINE, OPT_TIME };

static const struct option long_options[] = {
  {"tolerance", required_argument, NULL, OPT_TOLERANCE},
  {"host-tolerance", required_argument, NULL, OPT_HOST_TOLERANCE},
  {"format", required_argument, NULL, OPT_FORMAT},
  {"json", required_argument, NULL, OPT_JSON},
  {"verbose", no_argument, NULL, 'v'},
  {"baseline", required_argument, NULL, OPT_BASELINE},
  {"time", required_argument, NULL, OPT_TIME},
  {"help", no_argument, NULL, 'h'},
  {NULL, 0, NULL, 0},
};

static int parse_one(int opt, const char *arg, void *ctx)
{
  kb_fleet_opts *o = ctx;
  const char *percent = "expected a percentage, 0 or more";
  switch (opt) {
  case OPT_TOLERANCE:
    return kb_subcommand_number("fleet", "--tolerance", arg, 0, 0, 1e6,
                                percent, &o->cfg.tolerance);
  case OPT_HOST_TOLERANCE:
    return kb_subcommand_number("fleet", "--host-tolerance", arg, 0, 0, 1e6,
                                percent, &o->cfg.host_tolerance);
  case OPT_FORMAT:
    return kb_subcommand_format("fleet", arg, &o->format);
  case OPT_TIME:
    return kb_subcommand_time("fleet", arg, &o->cfg.time);
  case 'v':
    o->verbose = 1;
    return 0;
  case OPT_BASELINE:
    if (!*arg)
      return kb_subcommand_bad("fleet", "--baseline", arg,
                               "expected a file name");
    o->baseline_path = arg;
    return 0;
  case OPT_JSON:
    if (!*arg)
      return kb_subcommand_bad("fleet", "--json", arg, "expected a file name");
    o->json_path = arg;
    return 0;
  }
  return -1;
}

/* 0: judge; 1: help printed; -1: usage error printed. */
static int parse(int argc, char **argv, kb_fleet_opts *o)
{
  memset(o, 0, sizeof *o);
  o->cfg = (kb_fleet_cfg){KB_FLEET_TOLERANCE, KB_FLEET_HOST_TOLERANCE, NULL,
                          KB_TIME_KERNEL};
  kb_subcommand s = {"fleet", usage_text, long_options, parse_one, o};
  int first, rc = kb_subcommand_parse(&s, argc, argv, &first);
  if (rc)
    return rc;
  if (first == argc) {
    fprintf(stderr, "kbench fleet: expected results files, one or more "
            "per GPU\nTry 'kbench fleet --help'.\n");
    return -1;
  }
  o->files = argv + first;
  o->n_files = (size_t)(argc - first);
  return 0;
}

#if KBENCH_HAVE_JSON_C
static void write_report(FILE *out, int format, int verbose,
                         const kb_fleet *f, int *failed)
{
  if (format == KB_FORMAT_JSON)
    *failed |= kb_fleet_write_json(out, f);
  else if (format == KB_FORMAT_MARKDOWN)
    kb_fleet_write_markdown(out, f);
  else
    kb_fleet_write_table(out, f, verbose);
}

/* The JSON report, for kb_subcommand_write_file. */
static int write_json(FILE *out, const void *f)
{
  int failed = 0;
  write_report(out, KB_FORMAT_JSON, 0, f, &failed);
  return failed;
}

static int report(const kb_fleet_opts *o, const kb_res_run *runs)
{
  kb_fleet f;
  if (kb_fleet_judge(runs, o->n_files, &o->cfg, &f)) {
    fprintf(stderr, "kbench fleet: out of memory\n");
    return KB_FLEET_EXIT_USAGE;
  }
  int rc = f.flagged || f.hosts_flagged ? KB_FLEET_EXIT_FLAGGED
                                        : KB_FLEET_EXIT_OK, failed = 0;
  size_t hosts = f.n_gpus - f.n_real, least = o->cfg.baseline ? 1 : 2;
  if (f.n_real < least && hosts < least) {
    fprintf(stderr, "kbench fleet: %zu GPU%s and %zu host%s in %zu file%s: "
            "a fleet needs at least 2 to compare (1 with --baseline); give the "
            "files of every rank\n", f.n_real, f.n_real == 1 ? "" : "s", hosts,
            hosts == 1 ? "" : "s", o->n_files, o->n_files == 1 ? "" : "s");
    rc = KB_FLEET_EXIT_USAGE;
  } else if (o->json_path
             && kb_subcommand_write_file("fleet", o->json_path, write_json,
                                         &f)) {
    rc = KB_FLEET_EXIT_USAGE;
  } else {
    write_report(stdout, o->format, o->verbose, &f, &failed);
    if (fflush(stdout) || ferror(stdout) || failed) {
      fprintf(stderr, "kbench fleet: cannot write the report\n");
      rc = KB_FLEET_EXIT_USAGE;
    }
  }
  kb_fleet_free(&f);
  return rc;
}

static int fleet(kb_fleet_opts *o)
{
  kb_res_run *runs = calloc(o->n_files + 1, sizeof *runs);
  char err[1024];
  size_t loaded = 0;
  int rc = KB_FLEET_EXIT_USAGE;
  if (!runs) {
    fprintf(stderr, "kbench fleet: out of memory\n");
    return rc;
  }
  kb_res_run *baseline = &runs[o->n_files];
  int with_baseline = 0;
  while (loaded < o->n_files
         && kb_res_load(o->files[loaded], &runs[loaded], err, sizeof err) == 0)
    loaded++;
  if (loaded == o->n_files && o->baseline_path) {
    with_baseline = kb_res_load(o->baseline_path, baseline, err,
                                sizeof err) == 0;
    o->cfg.baseline = with_baseline ? baseline : NULL;
  }
  char note[1024];
  if (loaded < o->n_files || (o->baseline_path && !with_baseline))
    fprintf(stderr, "kbench fleet: %s\n", err);
  else {
    if (kb_format_note(runs, o->n_files + (size_t)with_baseline, note,
                       sizeof note))
      fprintf(stderr, "kbench fleet: note: %s\n", note);
    rc = report(o, runs);
  }
  for (size_t i = 0; i < loaded; i++)
    kb_res_run_free(&runs[i]);
  if (with_baseline)
    kb_res_run_free(baseline);
  free(runs);
  return rc;
}
#else
static int fleet(kb_fleet_opts *o)
{
  (void)o;
  return kb_subcommand_no_json_c("fleet");
}
#endif

int kb_fleet_main(int argc, char **argv)
{
  kb_fleet_opts o;
  int rc = parse(argc, argv, &o);
  if (rc)
    return rc > 0 ? KB_FLEET_EXIT_OK : KB_FLEET_EXIT_USAGE;
  return fleet(&o);
}
