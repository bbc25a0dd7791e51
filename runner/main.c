/*
** kbench: the supervisor's main.  It finds the plugins, has a worker
** describe them, plans the cases, has a worker per device run each one,
** and reports and writes every result as it comes; it never loads a plugin
** or touches CUDA itself (supervisor.h, worker.h).  Every piece of state
** lives in main's frame and is passed down; nothing is global.
*/
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "compare.h"
#include "export.h"
#include "fleet.h"
#include "json.h"
#include "launcher.h"
#include "plan.h"
#include "plot.h"
#include "report.h"
#include "report_groups.h"
#include "search.h"
#include "supervisor.h"
#include "worker.h"

typedef struct kb_failure {
  char *what;
  char *msg;
} kb_failure;

/* The plugins as the supervisor knows them: descriptions a worker sent. */
typedef struct kb_catalogue {
  kb_plugin *plugins;
  size_t n;
  kb_failure *failures;
  size_t n_failures;
} kb_catalogue;

/* Where results go, and the devices, each with its place in the plan. */
typedef struct kb_run {
  kb_report *report;
  kb_groups *groups;      /* the report, in device groups */
  kb_export *csv, *samples;
  kb_json *json;          /* [0] --json's file, [1] --format=json's stdout */
  const kb_options *o;
  const kb_plan *plan;
  kb_run_device *devices; /* one per lane of the supervisor */
  size_t n_devices;
  size_t *next;           /* per device: its next case x repetition */
} kb_run;

static int add_failure(kb_catalogue *cat, const char *what, const char *msg)
{
  kb_failure *grown = realloc(cat->failures,
                              (cat->n_failures + 1) * sizeof *grown);
  if (!grown)
    return -1;
  cat->failures = grown;
  grown[cat->n_failures].what = strdup(what);
  grown[cat->n_failures].msg = strdup(msg);
  cat->n_failures++;
  return 0;
}

static int add_plugin(kb_catalogue *cat, kb_supervisor *s, const char *what,
                      const char *path)
{
  kb_plugin p;
  char err[1024];
  if (kb_supervisor_load(s, path, &p, err, sizeof err)) {
    char msg[1280];
    snprintf(msg, sizeof msg, "%s: %s", path, err);
    return add_failure(cat, what, msg);
  }
  /* The same variant twice (a name and its path) would run twice. */
  for (size_t i = 0; i < cat->n; i++)
    for (size_t j = 0; j < cat->plugins[i].n_variants; j++)
      for (size_t k = 0; k < p.n_variants; k++)
        if (strcmp(cat->plugins[i].variants[j]->name, p.variants[k]->name)
            == 0) {
          char msg[1280];
          snprintf(msg, sizeof msg, "%s: variant %s is already provided by "
                   "%s", path, p.variants[k]->name, cat->plugins[i].path);
          kb_msg_free_plugin(&p);
          return add_failure(cat, what, msg);
        }
  kb_plugin *grown = realloc(cat->plugins, (cat->n + 1) * sizeof *grown);
  if (!grown) {
    kb_msg_free_plugin(&p);
    return -1;
  }
  cat->plugins = grown;
  cat->plugins[cat->n++] = p;
  return 0;
}

static char *exe_dir(char *buf, size_t len)
{
  ssize_t n = readlink("/proc/self/exe", buf, len - 1);
  if (n <= 0)
    return NULL;
  buf[n] = '\0';
  char *slash = strrchr(buf, '/');
  if (!slash)
    return NULL;
  *slash = '\0';
  return buf;
}

static int load_catalogue(kb_catalogue *cat, kb_supervisor *sv,
                          const kb_options *o)
{
  kb_search s;
  char dir[PATH_MAX];
  if (kb_search_init(&s, getenv("KBENCH_PLUGIN_PATH"),
                     exe_dir(dir, sizeof dir)))
    return -1;
  int rc = 0;
  if (o->n_plugins == 0) {
    char **paths;
    size_t n;
    rc = kb_search_catalogue(&s, &paths, &n);
    for (size_t i = 0; i < n; i++) {
      if (rc == 0)
        rc = add_plugin(cat, sv, strrchr(paths[i], '/') + 1, paths[i]);
      free(paths[i]);
    }
    free(paths);
    if (rc == 0 && n == 0)
      rc = add_failure(cat, "catalogue", "no plugins found: set "
                       "KBENCH_PLUGIN_PATH or name one with --plugin");
  }
  for (size_t i = 0; i < o->n_plugins && rc == 0; i++) {
    char path[PATH_MAX + 64];
    if (kb_search_find(&s, o->plugins[i], path, sizeof path) == 0) {
      rc = add_plugin(cat, sv, o->plugins[i], path);
      continue;
    }
    char msg[4096];
    size_t used = (size_t)snprintf(msg, sizeof msg, "not found in");
    for (size_t d = 0; d < s.n && used < sizeof msg; d++)
      used += (size_t)snprintf(msg + used, sizeof msg - used, "%s %s",
                               d ? "," : "", s.dirs[d]);
    rc = add_failure(cat, o->plugins[i], msg);
  }
  kb_search_free(&s);
  return rc;
}

static void list_catalogue(const kb_catalogue *cat, int quiet)
{
  for (size_t i = 0; i < cat->n && !quiet; i++)
    for (size_t j = 0; j < cat->plugins[i].n_variants; j++) {
      const kb_plugin *p = &cat->plugins[i];
      const kbench_variant *v = p->variants[j];
      printf("%s [%s]\n  %s\n  origin: %s\n  file:   %s\n", v->name,
             v->backend == KBENCH_BACKEND_CUDA ? "cuda" : "host",
             v->summary ? v->summary : "", v->origin ? v->origin : "-",
             p->path);
      for (uint32_t k = 0; k < v->n_params; k++) {
        const kbench_param *prm = kb_variant_param(p, v, k);
        char lo[32], hi[32], range[600];
        kb_format_count(lo, sizeof lo, prm->min);
        kb_format_count(hi, sizeof hi, prm->max);
        snprintf(range, sizeof range, "[%s, %s]%s", lo, hi,
                 prm->flags & KBENCH_PARAM_POW2 ? " pow2" : "");
        if (prm->n_choices) {
          char list[sizeof range - 2];
          kb_param_choices(prm, list, sizeof list);
          snprintf(range, sizeof range, "{%s}", list);
        }
        printf("    %-10s = %-16s %-20s %s\n", prm->name, prm->dflt, range,
               prm->help ? prm->help : "");
      }
    }
  for (size_t i = 0; i < cat->n_failures; i++)
    fprintf(stderr, "kbench: %s: %s\n", cat->failures[i].what,
            cat->failures[i].msg);
}

/* The more serious outcome of two, in the order cli.h documents. */
static int worse(int a, int b)
{
  static const int rank[] = {
    [KB_EXIT_OK] = 0, [KB_EXIT_SKIPPED] = 1, [KB_EXIT_ERROR] = 2,
    [KB_EXIT_LOAD] = 3, [KB_EXIT_USAGE] = 4, [KB_EXIT_CRASHED] = 5,
    [KB_EXIT_WRONG] = 6,
  };
  return rank[a] >= rank[b] ? a : b;
}

/* The exit status a case's verdict calls for. */
static int exit_of(int verdict)
{
  static const int status[] = {
    [KB_PASS] = KB_EXIT_OK, [KB_WRONG] = KB_EXIT_WRONG,
    [KB_ERROR] = KB_EXIT_ERROR, [KB_SKIP] = KB_EXIT_SKIPPED,
    [KB_CRASH] = KB_EXIT_CRASHED,
  };
  return status[verdict];
}

/* The first time each device's worker opens it: its facts, launch floor
** and copy peak head its rows of the report. */
static void device_opened(void *ctx, size_t lane, const kb_device_report *d)
{
  kb_run *run = ctx;
  kb_run_device *dev = &run->devices[lane];
  dev->report = *d;
  dev->opened = 1;
  if (d->warning[0] && run->n_devices > 1) {
    char msg[sizeof d->warning + 32];
    snprintf(msg, sizeof msg, "device %d: %s", dev->ordinal, d->warning);
    kb_report_warning(run->report, msg);
  } else if (d->warning[0]) {
    kb_report_warning(run->report, d->warning);
  }
  kb_groups_device(run->groups, lane);
}

/* Give a device's worker its next case (one repetition of it), or, when it
** has none left or the run is stopping, close its group of the report. */
static void start_next(kb_supervisor *sv, kb_run *run, size_t lane)
{
  size_t k = run->next[lane], reps = run->o->repetitions;
  if (k >= run->plan->n * reps || sv->interrupted) {
    kb_groups_done(run->groups, lane);
    return;
  }
  run->next[lane]++;
  const kb_plan_case *pc = &run->plan->cases[k / reps];
  kb_order order;
  order.index = k / reps;
  snprintf(order.path, sizeof order.path, "%s", pc->plugin->path);
  snprintf(order.variant, sizeof order.variant, "%s", pc->variant->name);
  order.n_values = pc->variant->n_params;
  memcpy(order.values, pc->values, order.n_values * sizeof *order.values);
  kb_report_progress(run->report, pc, run->n_devices > 1
                     ? run->devices[lane].ordinal : -1);
  kb_supervisor_send(sv, lane, &order);
}

/* Write the result of a device's last case everywhere; the exit status it
** calls for. */
static int record(kb_run *run, size_t lane, const kb_result *res)
{
  size_t k = run->next[lane] - 1, reps = run->o->repetitions;
  const kb_plan_case *pc = &run->plan->cases[k / reps];
  const kb_run_device *d = &run->devices[lane];
  const kbench_device *dev = pc->variant->backend == KBENCH_BACKEND_CUDA
                             && d->opened ? &d->report.dev : NULL;
  kb_groups_case(run->groups, lane, pc, res);
  kb_export_case(run->csv, run->samples, pc, res, dev,
                 d->opened ? d->report.copy_gbps : 0, d->ordinal, k % reps);
  for (int i = 0; i < 2; i++)
    kb_json_case(&run->json[i], pc, res, d, k % reps, reps);
  return exit_of(res->verdict);
}

/* Every device's worker runs the whole plan, all at once; results are
** written as they come, whichever device they are from. */
static int run_plan(kb_supervisor *sv, kb_run *run)
{
  int status = KB_EXIT_OK;
  size_t lane, done = 0;
  size_t total = run->plan->n * run->o->repetitions * run->n_devices;
  kb_result res;
  for (lane = 0; lane < run->n_devices; lane++)
    start_next(sv, run, lane);
  while (kb_supervisor_next(sv, &lane, &res) == 0) {
    status = worse(status, record(run, lane, &res));
    kb_result_free(&res);
    done++;
    start_next(sv, run, lane);
  }
  if (sv->interrupted && done < total)
    fprintf(stderr, "kbench: stopped after %zu of %zu cases\n", done, total);
  return status;
}

/*
** The devices to run on, one lane each.  For --devices=all the first
** lane's worker counts them: the supervisor never initialises CUDA (a
** crash or hang in the driver must cost a worker, not the run), and that
** worker goes on to run device 0's cases, so the count costs no extra
** start.  Without a device, all is device 0 alone, whose CUDA cases skip,
** as on any run without one.  0, or -1 when they cannot be had.
*/
static int choose_devices(kb_supervisor *sv, const kb_options *o,
                          kb_run_device **devices, size_t *n)
{
  int ordinals[KB_MAX_DEVICES], count = 0;
  size_t want = o->n_devices;
  char why[512];
  memcpy(ordinals, o->devices, sizeof ordinals);
  if (o->all_devices) {
    if (kb_supervisor_count(sv, &count, why, sizeof why)) {
      fprintf(stderr, "kbench: --devices=all: cannot count the devices: "
              "%s\n", why);
      return -1;
    }
    if (count == 0)
      fprintf(stderr, "kbench: warning: --devices=all: %s; running on "
              "device 0 alone\n", why);
    if (count > KB_MAX_DEVICES)
      fprintf(stderr, "kbench: warning: --devices=all: %d devices, running "
              "on the first %d\n", count, KB_MAX_DEVICES);
    want = count < 1 ? 1 : count > KB_MAX_DEVICES ? KB_MAX_DEVICES
                                                  : (size_t)count;
    for (size_t i = 0; i < want; i++)
      ordinals[i] = (int)i;
  }
  *devices = calloc(want, sizeof **devices);
  if (!*devices || kb_supervisor_lanes(sv, ordinals, want)) {
    fprintf(stderr, "kbench: out of memory\n");
    return -1;
  }
  for (size_t i = 0; i < want; i++)
    (*devices)[i].ordinal = ordinals[i];
  *n = want;
  return 0;
}

static void free_catalogue(kb_catalogue *cat)
{
  for (size_t i = 0; i < cat->n; i++)
    kb_msg_free_plugin(&cat->plugins[i]);
  for (size_t i = 0; i < cat->n_failures; i++) {
    free(cat->failures[i].what);
    free(cat->failures[i].msg);
  }
  free(cat->plugins);
  free(cat->failures);
}

static int build_plan(kb_plan *plan, const kb_catalogue *cat,
                      const kb_options *o)
{
  char err[1024];
  int rc;
  if (o->cases_path) {
    FILE *f = fopen(o->cases_path, "r");
    if (!f) {
      fprintf(stderr, "kbench: cannot open %s\n", o->cases_path);
      return -1;
    }
    rc = kb_plan_read_cases(plan, cat->plugins, cat->n, f, o->cases_path,
                            err, sizeof err);
    fclose(f);
  } else {
    kb_plan_opts po = {
      .assignments = o->params, .n_assignments = o->n_params,
      .zips = o->zips, .n_zips = o->n_zips,
      .include = o->patterns, .n_include = o->n_patterns,
      .exclude = o->excludes, .n_exclude = o->n_excludes,
    };
    rc = kb_plan_build(plan, cat->plugins, cat->n, &po, err, sizeof err);
  }
  if (rc)
    fprintf(stderr, "kbench: %s\n", err);
  return rc;
}

static const char *env_get(const char *name, void *ctx)
{
  (void)ctx;
  return getenv(name);
}

/* The result files' names with %r and %h filled in (kb_launch_path). */
typedef struct kb_names {
  char json[PATH_MAX], csv[PATH_MAX], samples[PATH_MAX];
} kb_names;

/*
** Which process of a job this is (launcher.h): it picks the device unless
** --device did, and names the result files, which o then points to in
** names.  A name without %r is written by every rank of a larger job,
** each over the others' file: said once, by the rank that prints.
** 0, or -1 with a message in err.
*/
static int join_job(kb_options *o, kb_launch *l, kb_names *names, int quiet,
                    char *err, size_t len)
{
  /* --devices names its devices; --device, or else the launcher's local
  ** rank, names the one device. */
  if (!o->devices_given) {
    int d = kb_launch_device(l, o->device_given ? o->devices[0] : -1,
                             getenv("CUDA_VISIBLE_DEVICES"), err, len);
    if (d < 0)
      return -1;
    o->devices[0] = d;
  }
  struct { const char *opt, **path; char *name; } files[] = {
    {"--json", &o->json_path, names->json},
    {"--csv", &o->csv_path, names->csv},
    {"--samples", &o->samples_path, names->samples},
  };
  for (int i = 0; i < 3; i++) {
    if (!*files[i].path)
      continue;
    int ranks = kb_launch_path(l, files[i].opt, *files[i].path, files[i].name,
                               PATH_MAX, err, len);
    if (ranks < 0)
      return -1;
    if (ranks == 0 && l->world_size > 1 && !quiet)
      fprintf(stderr, "kbench: warning: %s=%s has no %%r: the %d ranks of "
              "this job may write over each other's file\n", files[i].opt,
              *files[i].path, l->world_size);
    *files[i].path = files[i].name;
  }
  return 0;
}

static double seconds_since(const struct timespec *t0)
{
  struct timespec t1;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  return (double)(t1.tv_sec - t0->tv_sec) + (t1.tv_nsec - t0->tv_nsec) * 1e-9;
}

int main(int argc, char **argv)
{
  if (argc >= 2 && strcmp(argv[1], "compare") == 0)
    return kb_compare_main(argc - 1, argv + 1);
  if (argc >= 2 && strcmp(argv[1], "plot") == 0)
    return kb_plot_main(argc - 1, argv + 1);
  if (argc >= 2 && strcmp(argv[1], "fleet") == 0)
    return kb_fleet_main(argc - 1, argv + 1);
  if (argc == 2 && strcmp(argv[1], KB_WORKER_ARG) == 0)
    return kb_worker_main();
  kb_options o;
  int rc = kb_cli_parse(argc, argv, &o);
  if (rc != 0) {
    kb_cli_free(&o);
    return rc > 0 ? KB_EXIT_OK : KB_EXIT_USAGE;
  }
  kb_catalogue cat = {0};
  kb_plan plan = {0};
  kb_export csv = {0}, samples = {0};
  kb_json json[2] = {{0}};
  kb_supervisor sv;
  kb_launch launch;
  kb_names names;
  char err[1024];
  int status = KB_EXIT_OK;
  kb_run_device *devices = NULL;
  size_t n_devices = 0, *next = NULL;
  kb_groups groups = {0};
  if (kb_launch_detect(&launch, env_get, NULL, err, sizeof err)) {
    fprintf(stderr, "kbench: %s\n", err);
    kb_cli_free(&o);
    return KB_EXIT_USAGE;
  }
  /* Of a job's ranks only the first prints, unless asked: the others'
  ** tables would interleave with its own. */
  int quiet = launch.rank != 0 && !o.all_ranks;
  if (join_job(&o, &launch, &names, quiet, err, sizeof err)) {
    fprintf(stderr, "kbench: %s\n", err);
    kb_cli_free(&o);
    return KB_EXIT_USAGE;
  }
  kb_job job = {o.measure, o.seed, o.devices[0], o.calibrate, 1, o.jobs};
  if (kb_supervisor_init(&sv, &job, o.case_timeout, err, sizeof err)) {
    fprintf(stderr, "kbench: %s\n", err);
    kb_supervisor_close(&sv);
    kb_cli_free(&o);
    return KB_EXIT_ERROR;
  }
  if (load_catalogue(&cat, &sv, &o)) {
    fprintf(stderr, "kbench: out of memory\n");
    status = KB_EXIT_ERROR;
    goto done;
  }
  if (o.list) {
    list_catalogue(&cat, quiet);
    status = cat.n_failures ? KB_EXIT_LOAD : KB_EXIT_OK;
    goto done;
  }
  if (build_plan(&plan, &cat, &o)) {
    status = KB_EXIT_USAGE;
    goto done;
  }
  if (choose_devices(&sv, &o, &devices, &n_devices)) {
    status = KB_EXIT_ERROR;
    goto done;
  }
  if (kb_export_open(&csv, o.csv_path, KB_CSV_HEADER, err, sizeof err)
      || kb_export_open(&samples, o.samples_path, KB_SAMPLES_HEADER, err,
                        sizeof err)
      || kb_json_open(&json[0], o.json_path, &o, &launch, argc, argv,
                      devices, n_devices, err, sizeof err)
      || kb_json_open(&json[1], o.json_stdout && !quiet ? "-" : NULL, &o,
                      &launch, argc, argv, devices, n_devices, err,
                      sizeof err)) {
    fprintf(stderr, "kbench: %s\n", err);
    status = KB_EXIT_USAGE;
    goto done;
  }
  kb_report report;
  kb_report_begin(&report, o.json_stdout || quiet ? NULL : stdout, o.tap,
                  cat.n_failures + plan.n * o.repetitions * n_devices,
                  o.calibrate, !quiet);
  if (!(next = calloc(n_devices, sizeof *next))
      || kb_groups_begin(&groups, &report, devices, n_devices, &o.measure)) {
    fprintf(stderr, "kbench: out of memory\n");
    status = KB_EXIT_ERROR;
    goto done;
  }
  kb_run run = {.report = &report, .groups = &groups, .csv = &csv,
                .samples = &samples, .json = json, .o = &o, .plan = &plan,
                .devices = devices, .n_devices = n_devices, .next = next};
  sv.on_device = device_opened;
  sv.device_ctx = &run;
  for (size_t i = 0; i < cat.n_failures; i++)
    kb_report_load_failure(&report, cat.failures[i].what, cat.failures[i].msg);
  struct timespec t0;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  status = run_plan(&sv, &run);
  kb_report_end(&report, seconds_since(&t0));
  if (cat.n_failures)
    status = worse(status, KB_EXIT_LOAD);
  if (kb_export_close(&csv, err, sizeof err)
      || kb_export_close(&samples, err, sizeof err)
      || kb_json_close(&json[0], err, sizeof err)
      || kb_json_close(&json[1], err, sizeof err)) {
    fprintf(stderr, "kbench: %s\n", err);
    status = worse(status, KB_EXIT_ERROR);
  }
done:
  kb_export_close(&csv, err, sizeof err);
  kb_export_close(&samples, err, sizeof err);
  kb_json_close(&json[0], err, sizeof err);
  kb_json_close(&json[1], err, sizeof err);
  kb_supervisor_close(&sv);
  kb_groups_free(&groups);
  free(next);
  free(devices);
  kb_plan_free(&plan);
  free_catalogue(&cat);
  kb_cli_free(&o);
  /* An interrupted run wrote what finished; it ends as the signal asked. */
  return sv.interrupted ? 128 + sv.interrupted : status;
}
