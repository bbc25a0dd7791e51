/* The command line of a benchmark run: options into kb_options (cli.h). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "core/metrics.h"
#include "core/params.h"
#include "plan/cli.h"

static const char usage_text[] =
"Usage: kbench [OPTION]... [PLUGIN]...\n"
"  or:  kbench [OPTION]... PATTERN...\n"
"  or:  kbench compare [OPTION]... BASE.json NEW.json  (kbench compare --help)\n"
"  or:  kbench fleet [OPTION]... FILE...     (kbench fleet --help)\n"
"  or:  kbench plot RESULTS.json -o FILE     (kbench plot --help)\n"
"  or:  kbench report RESULTS.json [BASE.json] -o FILE.html\n"
"  or:  kbench new NAME [--host|--cuda] [--sync] [--timer]  (kbench new --help)\n"
"  or:  kbench tune [OPTION]... VARIANT...   (kbench tune --help)\n"
"Run CUDA kernel variants from plugins, verify every result against a CPU\n"
"reference, and report time and effective bandwidth.  With no PLUGIN, run\n"
"the whole catalogue; with PATTERNs (arguments with *, ? or [, quoted as\n"
"in 'reduce_*'), the variants of the catalogue whose names match one.\n"
"Names and patterns mix: kbench reduce_vec4 'transpose_*' runs both.\n"
"\n"
"Selecting:\n"
"  -p, --plugin=NAME|PATH  a plugin to run (repeatable); NAME is looked up as\n"
"                          NAME or NAME.so in $KBENCH_PLUGIN_PATH, the build\n"
"                          tree (when run from it), then %s;\n"
"                          an argument with a '/' is a path\n"
"      --exclude=PATTERN   skip the variants whose names match PATTERN\n"
"                          (shell wildcards; repeatable)\n"
"  -l, --list              list the variants found, with their parameters\n"
"  -P, --param=NAME=VALUES\n"
"                          set a parameter of every selected variant that\n"
"                          declares it; VALUES is a comma list of integers\n"
"                          (optional K/M/G suffix, x1024) and of ranges\n"
"                          START:STOP:*FACTOR or START:STOP:+STEP (STOP\n"
"                          included if hit), or, for a parameter with named\n"
"                          choices (see --list), of names: dtype=f32,f64;\n"
"                          every combination is a case\n"
"      --zip=A,B[,C...]    pair the values of parameters A, B... element by\n"
"                          element instead of combining them; the lists must\n"
"                          be equally long (repeatable)\n"
"      --cases=FILE        run the cases listed in FILE instead, one per\n"
"                          line: VARIANT [NAME=VALUES]... ('#' comments)\n"
"  -s, --seed=N            seed for the random inputs (default 1)\n"
"  -d, --device=N          CUDA device ordinal (default 0; under a launcher,\n"
"                          the local rank, or 0 when CUDA_VISIBLE_DEVICES\n"
"                          names one GPU)\n"
"      --devices=all|LIST  run the cases on several devices at once, one\n"
"                          worker each: all that CUDA reports, or ordinals\n"
"                          and ranges such as 0,1 or 0-3; each result is\n"
"                          tagged with its device (not with --device)\n"
"  -j, --jobs=N            threads for plugins' host staging: filling inputs,\n"
"                          references and checks in setup and verify\n"
"                          (default: the cores kbench may run on)\n"
"\n"
"Measuring:\n"
"  -m, --mode=MODE         cold: flush L2 before each sample (default);\n"
"                          hot: back-to-back runs, time per run;\n"
"                          graph: a batch captured as a CUDA graph, replayed\n"
"      --batch=N           runs per hot or graph sample (default: ~1 ms;\n"
"                          at most 128 while the stream is held)\n"
"      --warmup=N          samples thrown away first (default 2)\n"
"      --min-samples=N     at least N samples (default 10)\n"
"      --max-samples=N     at most N samples (default 100000)\n"
"      --min-time=SEC      at least SEC of measured time (default 0.01)\n"
"      --max-noise=PCT     stop when the median's relative standard error\n"
"                          is below PCT percent (default 0.5)\n"
"      --timeout=SEC       stop sampling a case after SEC seconds (default 15,\n"
"                          and 0.5 for host cases)\n"
"      --case-timeout=SEC  kill a case (its worker process) that takes longer\n"
"                          than SEC from setup to teardown (default 120, or\n"
"                          4 x --timeout when that is more)\n"
"      --lock-timeout=SEC  wait at most SEC for a GPU that another kbench is\n"
"                          using (default 600; 0: not at all), then fail its\n"
"                          cases with an ERROR naming the holder; with\n"
"                          --metrics, also for the GPU's profiler\n"
"      --no-lock           measure even while another kbench uses the GPU\n"
"                          (each times the other's kernels too)\n"
"      --profile           run each case once for a profiler (nsys, ncu):\n"
"                          setup, one verified run, teardown; no sampling\n"
"      --no-hold           do not hold the stream while a timed region is\n"
"                          queued (for profilers that serialize launches,\n"
"                          such as ncu; adds the launch latency)\n"
"      --calibrate         measure a 512 MiB device-to-device copy first and\n"
"                          report each case as %% of it too\n"
"\n"
"Counters (CUPTI; untimed, after a case verified):\n"
"      --metrics=LIST      collect hardware counters of one run of each CUDA\n"
"                          case, per kernel and in total: metric names as\n"
"                          ncu knows them (dram__bytes_read.sum) and sets\n"
"                          (memory, smem, occupancy, seed, dram), comma-\n"
"                          separated; a name the device lacks is refused\n"
"                          before anything runs, with the nearest ones\n"
"      --list-metrics      list the sets and check their names on the device\n"
"      --no-audit          skip the audits that are on by default: every\n"
"                          kernel, copy and memset of a case's first run\n"
"                          ordered inside kbench's timed window, on its stream\n"
"                          or forked from it and joined back (activity\n"
"                          records), and the bytes a case claims against what\n"
"                          DRAM moved in one run (cases of at least 4 x L2)\n"
"      --strict            fail a case whose claimed bytes exceed what DRAM\n"
"                          moved by more than 10%% plus the L2 (default: its\n"
"                          result is FLAGGED), or whose audit could not be\n"
"                          made (default: ok?, marked unaudited)\n"
"\n"
"Energy (NVML; after a CUDA case verified and was timed):\n"
"      --energy            measure each CUDA case's joules per run and average\n"
"                          watts over a hot batch of back-to-back runs, from\n"
"                          the GPU's energy counter, with the clocks and\n"
"                          power limit in force (each case takes the\n"
"                          windows' time and two counter updates longer)\n"
"      --energy-time=SEC   seconds of the batch's windows (default 1; implies\n"
"                          --energy): the counter moves about every 0.1 s, so\n"
"                          longer is more precise\n"
"\n"
"Reporting:\n"
"      --format=FORMAT     what to print on standard output: table (default),\n"
"                          tap, json (the document --json writes), or md:\n"
"                          GitHub-flavoured markdown tables for a pull\n"
"                          request, printed when the run ends\n"
"      --tap               the same as --format=tap\n"
"      --json=FILE         also write the results as JSON to FILE: Google\n"
"                          Benchmark's format with kbench's fields added,\n"
"                          complete after every case\n"
"      --repetitions=N     run each case N times, each a result of its own\n"
"                          (for compare's statistics; default 1)\n"
"      --csv=FILE          also write one CSV row per case to FILE\n"
"      --samples=FILE      also write every raw sample to FILE (CSV)\n"
"      --all-ranks         under a launcher, every rank prints its report\n"
"                          (default: rank 0 only; all write their files)\n"
"  -h, --help              show this help and exit\n"
"  -V, --version           show the version and exit\n"
"\n"
"Plugins run in a separate worker process: a case that crashes, exits or\n"
"times out is reported as CRASH with the stage it happened in, and the next\n"
"case runs in a fresh worker.  Ctrl-C stops after the current case (twice:\n"
"at once); every finished case is reported and written.\n"
"\n"
"Under srun, mpirun or another PMI or PMIx launcher, each process reads\n"
"its rank from the environment (no MPI library), and %%r and %%h in the\n"
"names given to --json, --csv and --samples become its rank and short host\n"
"name (%%%% is a '%%'): srun kbench --json=run/%%h-%%r.json.  The rank,\n"
"local rank, job size and launcher are in the JSON context; kbench fleet\n"
"compares the GPUs of such files.\n"
"\n"
"Exit status (the first that applies):\n"
"  1  a result failed verification\n"
"  6  a case crashed, exited or timed out (CRASH)\n"
"  2  usage error (bad option or parameter value)\n"
"  3  a plugin could not be found or loaded\n"
"  4  a case failed to set up or run\n"
"  5  nothing failed, but some cases were skipped (e.g. no CUDA device)\n"
"  0  every case ran and verified\n"
"  130, 143  interrupted by SIGINT or SIGTERM (finished cases are written)\n";

enum {
  OPT_TAP = 256, OPT_CSV, OPT_SAMPLES, OPT_BATCH, OPT_WARMUP,
  OPT_MIN_SAMPLES, OPT_MAX_SAMPLES, OPT_MIN_TIME, OPT_MAX_NOISE, OPT_TIMEOUT,
  OPT_CALIBRATE, OPT_NO_HOLD, OPT_CASES, OPT_CASE_TIMEOUT, OPT_FORMAT,
  OPT_JSON, OPT_REPETITIONS, OPT_PROFILE, OPT_ZIP,
  OPT_EXCLUDE, OPT_DEVICES, OPT_ALL_RANKS, OPT_METRICS, OPT_LIST_METRICS,
  OPT_NO_AUDIT, OPT_STRICT, OPT_LOCK_TIMEOUT, OPT_NO_LOCK, OPT_ENERGY,
  OPT_ENERGY_TIME
};

static const struct option long_options[] = {
  {"plugin", required_argument, NULL, 'p'},
  {"list", no_argument, NULL, 'l'},
  {"param", required_argument, NULL, 'P'},
  {"zip", required_argument, NULL, OPT_ZIP},
  {"exclude", required_argument, NULL, OPT_EXCLUDE},
  {"seed", required_argument, NULL, 's'},
  {"device", required_argument, NULL, 'd'},
  {"devices", required_argument, NULL, OPT_DEVICES},
  {"jobs", required_argument, NULL, 'j'},
  {"mode", required_argument, NULL, 'm'},
  {"batch", required_argument, NULL, OPT_BATCH},
  {"warmup", required_argument, NULL, OPT_WARMUP},
  {"min-samples", required_argument, NULL, OPT_MIN_SAMPLES},
  {"max-samples", required_argument, NULL, OPT_MAX_SAMPLES},
  {"min-time", required_argument, NULL, OPT_MIN_TIME},
  {"max-noise", required_argument, NULL, OPT_MAX_NOISE},
  {"timeout", required_argument, NULL, OPT_TIMEOUT},
  {"case-timeout", required_argument, NULL, OPT_CASE_TIMEOUT},
  {"lock-timeout", required_argument, NULL, OPT_LOCK_TIMEOUT},
  {"no-lock", no_argument, NULL, OPT_NO_LOCK},
  {"tap", no_argument, NULL, OPT_TAP},
  {"format", required_argument, NULL, OPT_FORMAT},
  {"json", required_argument, NULL, OPT_JSON},
  {"repetitions", required_argument, NULL, OPT_REPETITIONS},
  {"calibrate", no_argument, NULL, OPT_CALIBRATE},
  {"no-hold", no_argument, NULL, OPT_NO_HOLD},
  {"profile", no_argument, NULL, OPT_PROFILE},
  {"cases", required_argument, NULL, OPT_CASES},
  {"csv", required_argument, NULL, OPT_CSV},
  {"samples", required_argument, NULL, OPT_SAMPLES},
  {"all-ranks", no_argument, NULL, OPT_ALL_RANKS},
  {"metrics", required_argument, NULL, OPT_METRICS},
  {"list-metrics", no_argument, NULL, OPT_LIST_METRICS},
  {"no-audit", no_argument, NULL, OPT_NO_AUDIT},
  {"strict", no_argument, NULL, OPT_STRICT},
  {"energy", no_argument, NULL, OPT_ENERGY},
  {"energy-time", required_argument, NULL, OPT_ENERGY_TIME},
  {"help", no_argument, NULL, 'h'},
  {"version", no_argument, NULL, 'V'},
  {NULL, 0, NULL, 0},
};

static int bad(const char *opt, const char *arg, const char *want)
{
  fprintf(stderr, "kbench: invalid %s '%s': %s\n", opt, arg, want);
  return -1;
}

static int count_arg(const char *opt, const char *arg, int64_t lo,
                     int64_t *out)
{
  if (kb_parse_int(arg, out) || *out < lo)
    return bad(opt, arg, lo ? "expected a positive integer"
                            : "expected a non-negative integer");
  return 0;
}

/* A number in [lo, hi]; want says what kind when it is not one. */
static int number_arg(const char *opt, const char *arg, double lo, double hi,
                      const char *want, double *out)
{
  char *end;
  *out = strtod(arg, &end);
  if (end == arg || *end || !(*out >= lo) || *out > hi)
    return bad(opt, arg, want);
  return 0;
}

static int seconds_arg(const char *opt, const char *arg, double lo,
                       double *out)
{
  return number_arg(opt, arg, lo, 1e6, "expected a number of seconds", out);
}

int kb_cli_push(const char ***list, size_t *n, const char *item)
{
  const char **grown = realloc(*list, (*n + 1) * sizeof *grown);
  if (!grown)
    return -1;
  grown[(*n)++] = item;
  *list = grown;
  return 0;
}

/* A positional argument is a pattern on variant names when it has a
** wildcard; one with a '/' stays a path, as no variant name has one. */
static int is_pattern(const char *arg)
{
  return strpbrk(arg, "*?[") && !strchr(arg, '/');
}

static int parse_one(int opt, const char *arg, kb_options *o)
{
  int64_t v;
  double d;
  switch (opt) {
  case 'p':
    return kb_cli_push(&o->plugins, &o->n_plugins, arg);
  case 'l':
    o->list = 1;
    return 0;
  case 'P':
    if (!strchr(arg, '=') || arg[0] == '=')
      return bad("--param", arg, "expected NAME=VALUE");
    return kb_cli_push(&o->params, &o->n_params, arg);
  case OPT_ZIP:
    if (!strchr(arg, ','))
      return bad("--zip", arg, "expected two or more parameter names, "
                 "A,B[,C...]");
    return kb_cli_push(&o->zips, &o->n_zips, arg);
  case OPT_EXCLUDE:
    return kb_cli_push(&o->excludes, &o->n_excludes, arg);
  case 's':
    if (kb_parse_int(arg, &v) || v < 0)
      return bad("--seed", arg, "expected a non-negative integer");
    o->seed = (uint64_t)v;
    return 0;
  case 'd':
    if (count_arg("--device", arg, 0, &v))
      return -1;
    if (v > KB_MAX_ORDINAL) {
      char why[32];
      snprintf(why, sizeof why, "at most %d", KB_MAX_ORDINAL);
      return bad("--device", arg, why);
    }
    o->devices[0] = (int)v;
    o->n_devices = 1;
    o->device_given = 1;
    return 0;
  case OPT_DEVICES: {
    char why[128];
    o->devices_given = 1;
    o->all_devices = strcmp(arg, "all") == 0;
    if (o->all_devices) {
      o->devices[0] = 0;     /* the first, until a worker counts them */
      o->n_devices = 1;
      return 0;
    }
    if (kb_devices_parse(arg, o->devices, &o->n_devices, why, sizeof why))
      return bad("--devices", arg, why);
    return 0;
  }
  case 'j':
    if (count_arg("--jobs", arg, 1, &v))
      return -1;
    if (v > KB_MAX_JOBS)
      return bad("--jobs", arg, "at most 1024");
    o->jobs = (unsigned)v;
    return 0;
  case 'm':
    if ((o->measure.mode = kb_mode_parse(arg)) < 0)
      return bad("--mode", arg, "expected cold, hot or graph");
    return 0;
  case OPT_BATCH:
    if (count_arg("--batch", arg, 1, &v))
      return -1;
    if (v > 100000)
      return bad("--batch", arg, "at most 100000");
    o->measure.batch = (size_t)v;
    return 0;
  case OPT_WARMUP:
    if (count_arg("--warmup", arg, 0, &v))
      return -1;
    o->measure.warmup = (size_t)v;
    return 0;
  case OPT_MIN_SAMPLES:
    if (count_arg("--min-samples", arg, 1, &v))
      return -1;
    o->measure.criterion.min_samples = (size_t)v;
    return 0;
  case OPT_MAX_SAMPLES:
    if (count_arg("--max-samples", arg, 1, &v))
      return -1;
    o->measure.criterion.max_samples = (size_t)v;
    return 0;
  case OPT_MIN_TIME:
    return seconds_arg("--min-time", arg, 0, &o->measure.criterion.min_time);
  case OPT_TIMEOUT:
    if (seconds_arg("--timeout", arg, 0, &d))
      return -1;
    if (d <= 0)
      return bad("--timeout", arg, "must be more than 0");
    o->measure.criterion.timeout = d;
    o->measure.criterion.host_timeout = d;
    return 0;
  case OPT_CASE_TIMEOUT:
    if (seconds_arg("--case-timeout", arg, 0, &d))
      return -1;
    if (d <= 0)
      return bad("--case-timeout", arg, "must be more than 0");
    o->case_timeout = d;
    return 0;
  case OPT_LOCK_TIMEOUT:
    return seconds_arg("--lock-timeout", arg, 0, &o->measure.lock_timeout);
  case OPT_NO_LOCK:
    o->no_lock = 1;
    return 0;
  case OPT_MAX_NOISE:
    if (number_arg("--max-noise", arg, 0, 100,
                   "expected a percentage, 0 to 100", &d))
      return -1;
    o->measure.criterion.max_noise = d / 100;
    return 0;
  case OPT_TAP:
    o->tap = 1;
    o->json_stdout = 0;
    o->markdown = 0;
    return 0;
  case OPT_FORMAT:
    if (strcmp(arg, "table") && strcmp(arg, "tap") && strcmp(arg, "json")
        && strcmp(arg, "md") && strcmp(arg, "markdown"))
      return bad("--format", arg, "expected table, tap, json or md");
    o->tap = strcmp(arg, "tap") == 0;
    o->json_stdout = strcmp(arg, "json") == 0;
    o->markdown = strcmp(arg, "md") == 0 || strcmp(arg, "markdown") == 0;
    return 0;
  case OPT_JSON:
    o->json_path = arg;
    return 0;
  case OPT_REPETITIONS:
    if (count_arg("--repetitions", arg, 1, &v))
      return -1;
    if (v > 1000)
      return bad("--repetitions", arg, "at most 1000");
    o->repetitions = (size_t)v;
    return 0;
  case OPT_CALIBRATE:
    o->calibrate = 1;
    return 0;
  case OPT_CASES:
    o->cases_path = arg;
    return 0;
  case OPT_NO_HOLD:
    o->measure.hold = 0;
    return 0;
  case OPT_PROFILE:
    o->measure.profile = 1;
    return 0;
  case OPT_CSV:
    o->csv_path = arg;
    return 0;
  case OPT_SAMPLES:
    o->samples_path = arg;
    return 0;
  case OPT_ALL_RANKS:
    o->all_ranks = 1;
    return 0;
  case OPT_METRICS: {
    /* The names are checked on the device before anything runs; here
    ** only what needs no device: the shape of the list and the sets. */
    char why[512];
    if (strlen(arg) >= sizeof o->measure.metrics)
      return bad("--metrics", arg, "longer than a list may be");
    struct kb_metric_list *list = malloc(sizeof *list);
    if (!list)
      return bad("--metrics", arg, "out of memory");
    int rc = kb_metrics_parse(arg, NULL, list, why, sizeof why);
    free(list);
    if (rc)
      return bad("--metrics", arg, why);
    snprintf(o->measure.metrics, sizeof o->measure.metrics, "%s", arg);
    return 0;
  }
  case OPT_LIST_METRICS:
    o->list_metrics = 1;
    return 0;
  case OPT_NO_AUDIT:
    o->measure.audit = 0;
    return 0;
  case OPT_STRICT:
    o->measure.strict = 1;
    return 0;
  case OPT_ENERGY:
    o->measure.energy = 1;
    return 0;
  case OPT_ENERGY_TIME:
    /* At least one update of the counter per window, at most a minute. */
    if (number_arg("--energy-time", arg, 0.5, 60, "expected a number of "
                   "seconds, 0.5 to 60", &o->measure.energy_time))
      return -1;
    o->measure.energy = 1;
    return 0;
  }
  return -1;
}

/* The run's options followed by more's, ended by a zero entry: NULL out
** of memory. */
static struct option *all_options(const kb_cli_more *more)
{
  size_t n = sizeof long_options / sizeof *long_options, extra = 0;
  while (more && more->options[extra].name)
    extra++;
  struct option *all = malloc((n + extra) * sizeof *all);
  if (!all)
    return NULL;
  memcpy(all, long_options, (n - 1) * sizeof *all);
  if (extra)
    memcpy(all + n - 1, more->options, extra * sizeof *all);
  all[n - 1 + extra] = long_options[n - 1];
  return all;
}

int kb_cli_parse(int argc, char **argv, kb_options *o)
{
  return kb_cli_parse_more(argc, argv, o, NULL);
}

int kb_cli_parse_more(int argc, char **argv, kb_options *o,
                      const kb_cli_more *more)
{
  memset(o, 0, sizeof *o);
  o->seed = 1;
  o->n_devices = 1;          /* device 0, or the launcher's local rank */
  o->repetitions = 1;
  o->measure.mode = KB_MODE_COLD;
  o->measure.warmup = 2;
  o->measure.hold = 1;
  o->measure.audit = 1;
  o->measure.lock_timeout = KB_LOCK_TIMEOUT_S;
  kb_criterion_cfg_default(&o->measure.criterion);
  if (more && more->defaults)
    more->defaults(o, more->ctx);
  const char *prog = more ? more->name : NULL;
  struct option *options = all_options(more);
  if (!options) {
    fprintf(stderr, "kbench: out of memory\n");
    return -1;
  }

  int opt, rc = 0;
  opterr = 0;
  optind = 0;  /* not 1: glibc then also forgets where an earlier call
                  stopped inside a word such as -hs5 */
  while (rc == 0 && (opt = getopt_long(argc, argv, ":p:lP:s:d:j:m:hV",
                                       options, NULL)) != -1) {
    if (opt == 'h') {
      printf(more ? more->usage : usage_text, KBENCH_PLUGINDIR);
      rc = 1;
    } else if (opt == 'V') {
      printf("kbench %s (plugin ABI %d.%d)\n", PACKAGE_VERSION,
             KBENCH_ABI_MAJOR, KBENCH_ABI_MINOR);
      rc = 1;
    } else if (opt == '?' || opt == ':') {
      /* Inside a cluster (-xl) argv names the cluster, optopt the letter. */
      char letter[3] = {'-', (char)optopt, '\0'};
      const char *arg = argv[optind - 1];
      const char *name = optopt && strncmp(arg, "--", 2) ? letter : arg;
      fprintf(stderr, opt == '?' ? "kbench: unknown option '%s'\n"
                                 : "kbench: option '%s' needs a value\n",
              name);
      rc = -1;
    } else if (opt >= KB_CLI_MORE ? more->one(opt, optarg, more->ctx)
               : parse_one(opt, optarg, o)) {
      rc = -1;
    }
  }
  free(options);
  if (rc < 0)
    fprintf(stderr, "Try 'kbench%s%s --help'.\n", prog ? " " : "",
            prog ? prog : "");
  if (rc)
    return rc;
  for (int i = optind; i < argc; i++)
    if (is_pattern(argv[i]) ? kb_cli_push(&o->patterns, &o->n_patterns, argv[i])
        : kb_cli_push(&o->plugins, &o->n_plugins, argv[i]))
      return -1;
  if (o->device_given && o->devices_given) {
    fprintf(stderr, "kbench: --device and --devices cannot be combined: "
            "--device=N is --devices=N\n");
    return -1;
  }
  if (o->cases_path) {
    const char *other = o->n_params ? "--param" : o->n_zips ? "--zip"
                        : o->n_excludes ? "--exclude"
                        : o->n_patterns ? "a variant pattern" : NULL;
    if (other) {
      fprintf(stderr, "kbench: --cases and %s cannot be combined: the case "
              "file lists exactly the cases to run\n", other);
      return -1;
    }
  }
  const kb_criterion_cfg *k = &o->measure.criterion;
  if (o->case_timeout == 0) {
    o->case_timeout = KB_CASE_TIMEOUT_FACTOR * k->timeout;
    if (o->case_timeout < KB_CASE_TIMEOUT_S)
      o->case_timeout = KB_CASE_TIMEOUT_S;
  }
  if (k->min_samples > k->max_samples) {
    fprintf(stderr, "kbench: --min-samples (%zu) is more than --max-samples "
            "(%zu)\n", k->min_samples, k->max_samples);
    return -1;
  }
  return 0;
}

void kb_cli_free(kb_options *o)
{
  free(o->plugins);
  free(o->patterns);
  free(o->params);
  free(o->zips);
  free(o->excludes);
  o->plugins = o->patterns = o->params = o->zips = o->excludes = NULL;
}
