/* The command line of a benchmark run: options into kb_options (cli.h). */
#include <getopt.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "util/install_dir.h"
#include "model/metrics.h"
#include "util/nearest.h"
#include "model/params.h"
#include "model/placement.h"
#include "plan/cli.h"

enum {
  OPT_TAP = 256, OPT_CSV, OPT_SAMPLES, OPT_BATCH, OPT_WARMUP,
  OPT_MIN_SAMPLES, OPT_MAX_SAMPLES, OPT_MIN_TIME, OPT_MAX_NOISE, OPT_TIMEOUT,
  OPT_CALIBRATE, OPT_NO_HOLD, OPT_CASES, OPT_CASE_TIMEOUT, OPT_FORMAT,
  OPT_JSON, OPT_REPETITIONS, OPT_PROFILE, OPT_ZIP,
  OPT_EXCLUDE, OPT_DEVICES, OPT_ALL_RANKS, OPT_EXIT_STATUS, OPT_METRICS, OPT_LIST_METRICS,
  OPT_NO_AUDIT, OPT_STRICT, OPT_LOCK_TIMEOUT, OPT_NO_LOCK, OPT_ENERGY,
  OPT_ENERGY_TIME, OPT_LABEL, OPT_TIME, OPT_NO_KERNEL_TIME, OPT_NO_PLACEMENT, OPT_PLACEMENTS, OPT_REST_PROFILER, OPT_QUIET_WAIT,
  OPT_LOCK_CLOCKS, OPT_WORKER_UID
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
  {"quiet-wait", required_argument, NULL, OPT_QUIET_WAIT},
  {"lock-clocks", optional_argument, NULL, OPT_LOCK_CLOCKS},
  {"worker-uid", required_argument, NULL, OPT_WORKER_UID},
  {"tap", no_argument, NULL, OPT_TAP},
  {"format", required_argument, NULL, OPT_FORMAT},
  {"json", required_argument, NULL, OPT_JSON},
  {"repetitions", required_argument, NULL, OPT_REPETITIONS},
  {"label", required_argument, NULL, OPT_LABEL},
  {"calibrate", no_argument, NULL, OPT_CALIBRATE},
  {"no-hold", no_argument, NULL, OPT_NO_HOLD},
  {"profile", no_argument, NULL, OPT_PROFILE},
  {"cases", required_argument, NULL, OPT_CASES},
  {"csv", required_argument, NULL, OPT_CSV},
  {"samples", required_argument, NULL, OPT_SAMPLES},
  {"all-ranks", no_argument, NULL, OPT_ALL_RANKS},
  {"exit-status", no_argument, NULL, OPT_EXIT_STATUS},
  {"metrics", required_argument, NULL, OPT_METRICS},
  {"list-metrics", no_argument, NULL, OPT_LIST_METRICS},
  {"no-audit", no_argument, NULL, OPT_NO_AUDIT},
  {"time", required_argument, NULL, OPT_TIME},
  {"no-kernel-time", no_argument, NULL, OPT_NO_KERNEL_TIME},
  {"no-placement", no_argument, NULL, OPT_NO_PLACEMENT},
  {"placements", required_argument, NULL, OPT_PLACEMENTS},
  {"rest-profiler", no_argument, NULL, OPT_REST_PROFILER},
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

/* --param NAME=VALUES, parsed here once into the record the plan reads. */
static int param_arg(const char *arg, kb_options *o)
{
  kb_assign a;
  if (kb_assign_parse(&a, arg))
    return bad("--param", arg, "expected NAME=VALUE");
  kb_assign *grown = realloc(o->params, (o->n_params + 1) * sizeof *grown);
  if (!grown) {
    kb_assign_free(&a);
    return -1;
  }
  grown[o->n_params++] = a;
  o->params = grown;
  return 0;
}

/* A run's name for kbench history: some text, short enough for a
** table's column. */
static int label_arg(const char *what, const char *arg, const char **out)
{
  if (!*arg || strlen(arg) > KB_LABEL_MAX)
    return bad(what, arg, "expected text of 1 to 200 bytes");
  *out = arg;
  return 0;
}

/* A positional argument is a pattern on variant names when it has a
** wildcard; one with a '/' stays a path, as no variant name has one. */
static int is_pattern(const char *arg)
{
  return strpbrk(arg, "*?[") && !strchr(arg, '/');
}

/* A positional argument that names a plugin's file, as --plugin does: a
** path, or NAME.so (no variant name has a '/' or a '.'). */
static int is_plugin_file(const char *arg)
{
  size_t n = strlen(arg);
  return strchr(arg, '/') || (n > 3 && strcmp(arg + n - 3, ".so") == 0);
}

/* The options that set one number of kb_options, each a row: where it
** goes and what it may be. */
enum number_kind {
  COUNT_SIZE,      /* an integer into a size_t */
  COUNT_UNSIGNED,  /* an integer into an unsigned */
  SECONDS,         /* a number of seconds into a double */
  PERCENT          /* a percentage, 0 to 100, into a double as a fraction */
};

typedef struct number_option {
  int opt;
  const char *name;
  enum number_kind kind;
  double lo, hi;           /* the range; hi 0: no upper bound */
  int positive;            /* lo itself is not allowed */
  size_t field;            /* offsetof(kb_options, ...) */
} number_option;

#define FIELD(f) offsetof(kb_options, f)

static const number_option number_options[] = {
  {'j', "--jobs", COUNT_UNSIGNED, 1, KB_MAX_JOBS, 0, FIELD(jobs)},
  {OPT_BATCH, "--batch", COUNT_SIZE, 1, 100000, 0, FIELD(measure.batch)},
  {OPT_WARMUP, "--warmup", COUNT_SIZE, 0, 0, 0, FIELD(measure.warmup)},
  {OPT_MIN_SAMPLES, "--min-samples", COUNT_SIZE, 1, 0, 0,
   FIELD(measure.criterion.min_samples)},
  {OPT_MAX_SAMPLES, "--max-samples", COUNT_SIZE, 1, 0, 0,
   FIELD(measure.criterion.max_samples)},
  {OPT_REPETITIONS, "--repetitions", COUNT_SIZE, 1, 1000, 0,
   FIELD(repetitions)},
  {OPT_MIN_TIME, "--min-time", SECONDS, 0, 0, 0,
   FIELD(measure.criterion.min_time)},
  /* --timeout is both the GPU's and the host's. */
  {OPT_TIMEOUT, "--timeout", SECONDS, 0, 0, 1,
   FIELD(measure.criterion.timeout)},
  {OPT_TIMEOUT, "--timeout", SECONDS, 0, 0, 1,
   FIELD(measure.criterion.host_timeout)},
  {OPT_CASE_TIMEOUT, "--case-timeout", SECONDS, 0, 0, 1,
   FIELD(case_timeout)},
  {OPT_LOCK_TIMEOUT, "--lock-timeout", SECONDS, 0, 0, 0,
   FIELD(measure.lock_timeout)},
  {OPT_QUIET_WAIT, "--quiet-wait", SECONDS, 0, 0, 0,
   FIELD(measure.quiet_wait)},
  {OPT_MAX_NOISE, "--max-noise", PERCENT, 0, 100, 0,
   FIELD(measure.criterion.max_noise)},
  /* At least one update of the energy counter per window, at most a
  ** minute. */
  {OPT_ENERGY_TIME, "--energy-time", SECONDS, 0.5, 60, 0,
   FIELD(measure.energy_time)},
  {OPT_PLACEMENTS, "--placements", COUNT_UNSIGNED, 1, KB_PLACEMENTS_MAX, 0,
   FIELD(measure.placements)},
};

/* The options that turn something on or off (an int of kb_options set to
** value), and those that name a file (a const char *, the argument). */
typedef struct plain_option {
  int opt;
  enum { FLAG, PATH } kind;
  int value;
  size_t field;
} plain_option;

static const plain_option plain_options[] = {
  {'l', FLAG, 1, FIELD(list)},
  {OPT_NO_LOCK, FLAG, 1, FIELD(no_lock)},
  {OPT_CALIBRATE, FLAG, 1, FIELD(calibrate)},
  {OPT_NO_HOLD, FLAG, 0, FIELD(measure.hold)},
  {OPT_PROFILE, FLAG, 1, FIELD(measure.profile)},
  {OPT_ALL_RANKS, FLAG, 1, FIELD(all_ranks)},
  {OPT_EXIT_STATUS, FLAG, 1, FIELD(exit_status)},
  {OPT_LIST_METRICS, FLAG, 1, FIELD(list_metrics)},
  {OPT_NO_AUDIT, FLAG, 0, FIELD(measure.audit)},
  {OPT_NO_KERNEL_TIME, FLAG, 0, FIELD(measure.kernel_time)},
  {OPT_NO_PLACEMENT, FLAG, 1, FIELD(measure.placements)},
  {OPT_REST_PROFILER, FLAG, 1, FIELD(measure.rest_profiler)},
  {OPT_STRICT, FLAG, 1, FIELD(measure.strict)},
  {OPT_ENERGY, FLAG, 1, FIELD(measure.energy)},
  /* --energy-time implies --energy. */
  {OPT_ENERGY_TIME, FLAG, 1, FIELD(measure.energy)},
  {OPT_JSON, PATH, 0, FIELD(json_path)},
  {OPT_CASES, PATH, 0, FIELD(cases_path)},
  {OPT_CSV, PATH, 0, FIELD(csv_path)},
  {OPT_SAMPLES, PATH, 0, FIELD(samples_path)},
};

#define COUNT_OF(a) (sizeof (a) / sizeof *(a))

/* One number option's argument into its field: 0, or -1 with the message
** printed. */
static int number_option_set(const number_option *n, const char *arg,
                             kb_options *o)
{
  char *at = (char *)o + n->field, why[64];
  int64_t v;
  double d;
  if (n->kind == COUNT_SIZE || n->kind == COUNT_UNSIGNED) {
    /* A bounded count names its range. */
    snprintf(why, sizeof why, "expected an integer from %.0f to %.0f",
             n->lo, n->hi);
    if (n->hi > 0 && (kb_parse_int(arg, &v) || v < n->lo))
      return bad(n->name, arg, why);
    if (count_arg(n->name, arg, (int64_t)n->lo, &v))
      return -1;
    if (n->hi > 0 && v > n->hi) {
      snprintf(why, sizeof why, "at most %.0f", n->hi);
      return bad(n->name, arg, why);
    }
    if (n->kind == COUNT_SIZE)
      *(size_t *)at = (size_t)v;
    else
      *(unsigned *)at = (unsigned)v;
    return 0;
  }
  if (n->kind == PERCENT) {
    if (number_arg(n->name, arg, n->lo, n->hi, "expected a percentage, 0 to "
                   "100", &d))
      return -1;
    *(double *)at = d / 100;
    return 0;
  }
  if (n->hi > 0) {
    snprintf(why, sizeof why, "expected a number of seconds, %g to %g",
             n->lo, n->hi);
    if (number_arg(n->name, arg, n->lo, n->hi, why, &d))
      return -1;
  } else if (seconds_arg(n->name, arg, n->lo, &d)) {
    return -1;
  }
  if (n->positive && d <= n->lo)
    return bad(n->name, arg, "must be more than 0");
  *(double *)at = d;
  return 0;
}

/* Whether opt is one of the tables' options, each of its rows applied:
** 1 when it was, -1 with the message printed, 0 when it is none. */
static int table_option(int opt, const char *arg, kb_options *o)
{
  int found = 0;
  for (size_t i = 0; i < COUNT_OF(number_options); i++)
    if (number_options[i].opt == opt) {
      if (number_option_set(&number_options[i], arg, o))
        return -1;
      found = 1;
    }
  for (size_t i = 0; i < COUNT_OF(plain_options); i++) {
    const plain_option *p = &plain_options[i];
    if (p->opt != opt)
      continue;
    if (p->kind == FLAG)
      *(int *)((char *)o + p->field) = p->value;
    else
      *(const char **)((char *)o + p->field) = arg;
    found = 1;
  }
  return found;
}

/* --device=N: one device, as --devices=N. */
static int device_arg(const char *arg, kb_options *o)
{
  int64_t v;
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
}

static int devices_arg(const char *arg, kb_options *o)
{
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

/* The names are checked on the device before anything runs; here only
** what needs no device: the shape of the list and the sets. */
static int metrics_arg(const char *arg, kb_options *o)
{
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

/* --lock-clocks[=base|max|MHZ]: the SM clock to hold (worker/clock_lock.h). */
static int lock_clocks_arg(const char *arg, kb_options *o)
{
  int64_t v;
  if (!arg || strcmp(arg, "base") == 0)
    o->measure.lock_clocks = KB_LOCK_CLOCKS_BASE;
  else if (strcmp(arg, "max") == 0)
    o->measure.lock_clocks = KB_LOCK_CLOCKS_MAX;
  else if (kb_parse_int(arg, &v) || v < 1 || v > KB_LOCK_CLOCKS_MHZ_MAX)
    return bad("--lock-clocks", arg, "expected base, max or a clock in MHz");
  else
    o->measure.lock_clocks = (unsigned)v;
  return 0;
}

/* --worker-uid=UID|off: a third-party worker's identity under root. */
static int worker_uid_arg(const char *arg, kb_options *o)
{
  int64_t v;
  char why[64];
  snprintf(why, sizeof why, "expected off or a uid, 1 to %lld",
           (long long)(KB_WORKER_UID_MAX - KB_MAX_DEVICES));
  if (strcmp(arg, "off") == 0)
    o->worker_uid = -1;
  else if (kb_parse_int(arg, &v) || v < 1
           || v > KB_WORKER_UID_MAX - KB_MAX_DEVICES)
    return bad("--worker-uid", arg, why);
  else
    o->worker_uid = v;
  return 0;
}

/* --format and --tap: one output on stdout. */
static int format_arg(const char *arg, kb_options *o)
{
  if (strcmp(arg, "table") && strcmp(arg, "tap") && strcmp(arg, "json")
      && strcmp(arg, "md") && strcmp(arg, "markdown") && strcmp(arg, "csv"))
    return bad("--format", arg, "expected table, tap, json, md or csv");
  o->tap = strcmp(arg, "tap") == 0;
  o->csv_stdout = strcmp(arg, "csv") == 0;
  o->json_stdout = strcmp(arg, "json") == 0;
  o->markdown = strcmp(arg, "md") == 0 || strcmp(arg, "markdown") == 0;
  return 0;
}

static int parse_one(int opt, const char *arg, kb_options *o)
{
  int64_t v;
  int table = table_option(opt, arg, o);
  if (table)
    return table < 0 ? -1 : 0;
  switch (opt) {
  case 'p':
    return kb_cli_push(&o->plugins, &o->n_plugins, arg);
  case OPT_LABEL:
    return label_arg("--label", arg, &o->label);
  case OPT_TIME:
    if ((o->measure.time = kb_time_parse(arg)) < 0)
      return bad("--time", arg, "expected kernel or event");
    return 0;
  case 'P':
    return param_arg(arg, o);
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
    return device_arg(arg, o);
  case OPT_DEVICES:
    return devices_arg(arg, o);
  case 'm':
    if ((o->measure.mode = kb_mode_parse(arg)) < 0)
      return bad("--mode", arg, "expected cold, hot or graph");
    return 0;
  case OPT_TAP:
    return format_arg("tap", o);
  case OPT_FORMAT:
    return format_arg(arg, o);
  case OPT_METRICS:
    return metrics_arg(arg, o);
  case OPT_LOCK_CLOCKS:
    return lock_clocks_arg(arg, o);
  case OPT_WORKER_UID:
    return worker_uid_arg(arg, o);
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
  o->measure.kernel_time = 1;
  o->measure.placements = 1;
  o->measure.time = KB_TIME_KERNEL;
  o->measure.lock_timeout = KB_LOCK_TIMEOUT_S;
  o->measure.quiet_wait = KB_QUIET_WAIT_S;
  o->worker_uid = KB_WORKER_UID_DEFAULT;
  /* $KBENCH_WORKER_UID sets --worker-uid's default (tests whose plugins
  ** write into their private folders say off). */
  const char *uid = getenv("KBENCH_WORKER_UID");
  if (uid && *uid && worker_uid_arg(uid, o))
    return -1;
  kb_criterion_cfg_default(&o->measure.criterion);
  /* $KBENCH_LABEL names every run of a CI job; --label overrides it. */
  const char *label = getenv("KBENCH_LABEL");
  if (label && *label && label_arg("KBENCH_LABEL", label, &o->label))
    return -1;
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
      char exe[4096], dir[4096];
      printf(more ? more->usage : kb_cli_usage,
             kb_plugindir(kb_exe_dir(exe, sizeof exe), dir, sizeof dir));
      rc = 1;
    } else if (opt == 'V') {
      printf("kbench %s (plugin ABI %d.%d)\n", PACKAGE_VERSION,
             KBENCH_ABI_MAJOR, KBENCH_ABI_MINOR);
#ifndef KBENCH_HAVE_CUDA
      /* On a line of its own: the first is the man page's (docs/mkman.sh),
      ** the same in every build. */
      puts("built without CUDA: it runs the host variants alone");
#endif
      rc = 1;
    } else if (opt == '?' || opt == ':') {
      /* Inside a cluster (-xl) argv names the cluster, optopt the letter. */
      char letter[3] = {'-', (char)optopt, '\0'};
      const char *arg = argv[optind - 1];
      const char *name = optopt && strncmp(arg, "--", 2) ? letter : arg;
      char near[160] = "";
      if (opt == '?' && !*kb_nearest_option(name, options, near, sizeof near)
          && strncmp(name, "--filter", 8) == 0)   /* other tools' word */
        snprintf(near, sizeof near, "; NAME and PATTERN arguments select "
                 "variants, --exclude=PATTERN leaves some out");
      fprintf(stderr, opt == '?' ? "kbench: unknown option '%s'%s\n"
                                 : "kbench: option '%s' needs a value\n",
              name, near);
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
        : is_plugin_file(argv[i]) ? kb_cli_push(&o->plugins, &o->n_plugins, argv[i])
        : kb_cli_push(&o->names, &o->n_names, argv[i]))
      return -1;
  /* --format=csv is --csv's file on stdout: one CSV stream. */
  if (o->csv_stdout && o->csv_path) {
    fprintf(stderr, "kbench: --format=csv and --csv=%s cannot be combined: "
            "--format=csv writes --csv's rows to standard output\n",
            o->csv_path);
    return -1;
  }
  if (o->csv_stdout)
    o->csv_path = "-";
  if (o->device_given && o->devices_given) {
    fprintf(stderr, "kbench: --device and --devices cannot be combined: "
            "--device=N is --devices=N\n");
    return -1;
  }
  if (o->cases_path) {
    const char *other = o->n_params ? "--param" : o->n_zips ? "--zip"
                        : o->n_excludes ? "--exclude"
                        : o->n_patterns ? "a variant pattern"
                        : o->n_names ? "a variant name" : NULL;
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
  free(o->names);
  free(o->patterns);
  for (size_t i = 0; i < o->n_params; i++)
    kb_assign_free(&o->params[i]);
  free(o->params);
  free(o->zips);
  free(o->excludes);
  o->params = NULL;
  o->plugins = o->names = o->patterns = o->zips = o->excludes = NULL;
  o->n_plugins = o->n_names = o->n_patterns = o->n_params = o->n_zips
    = o->n_excludes = 0;
}
