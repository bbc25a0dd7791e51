/*
** kbench: load kernel-variant plugins, plan the cases, measure and verify
** each one, report.  Every piece of state lives in main's frame and is
** passed down; nothing is global.
*/
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#if defined(HAVE_MALLOC_H) && defined(HAVE_MALLOPT)
#  include <malloc.h>
#endif
#include "cli.h"
#include "builtin.h"
#include "export.h"
#include "gpu.h"
#include "loader.h"
#include "plan.h"
#include "report.h"
#include "search.h"

typedef struct kb_failure {
  char *what;
  char *msg;
} kb_failure;

typedef struct kb_catalogue {
  kb_plugin *plugins;
  size_t n;
  kb_failure *failures;
  size_t n_failures;
} kb_catalogue;

/* The GPU, opened on first use so that runs of host variants and --list
** never initialise CUDA. */
typedef struct kb_device_slot {
  int ordinal;
  int tried;
  kb_gpu *gpu;
  char why[512];
} kb_device_slot;

/* Run one of the runner's own variants on the device; its median seconds
** and bandwidth, or -1 with the reason printed as a warning. */
static double measure_builtin(kb_gpu *gpu, const kbench_variant *v,
                              const kb_options *o, double *gbps)
{
  kb_case c;
  kb_result res;
  kb_case_init(&c, &kb_builtin_plugin, v, NULL, o->seed, 0, gpu);
  kb_measure_case(&c, &o->measure, &res);
  double median = res.verdict == KB_PASS ? res.stats.median : -1;
  *gbps = res.gbps;
  if (res.verdict != KB_PASS)
    fprintf(stderr, "kbench: warning: %s failed at %s: %s\n", v->name,
            res.stage, res.message);
  kb_result_free(&res);
  return median;
}

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

static int add_plugin(kb_catalogue *cat, const char *what, const char *path)
{
  kb_plugin p;
  char err[1024];
  if (kb_plugin_load(&p, path, err, sizeof err)) {
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
          kb_plugin_unload(&p);
          return add_failure(cat, what, msg);
        }
  kb_plugin *grown = realloc(cat->plugins, (cat->n + 1) * sizeof *grown);
  if (!grown) {
    kb_plugin_unload(&p);
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

static int load_catalogue(kb_catalogue *cat, const kb_options *o)
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
        rc = add_plugin(cat, strrchr(paths[i], '/') + 1, paths[i]);
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
      rc = add_plugin(cat, o->plugins[i], path);
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

static void list_catalogue(const kb_catalogue *cat)
{
  for (size_t i = 0; i < cat->n; i++)
    for (size_t j = 0; j < cat->plugins[i].n_variants; j++) {
      const kb_plugin *p = &cat->plugins[i];
      const kbench_variant *v = p->variants[j];
      printf("%s [%s]\n  %s\n  origin: %s\n  file:   %s\n", v->name,
             v->backend == KBENCH_BACKEND_CUDA ? "cuda" : "host",
             v->summary ? v->summary : "", v->origin ? v->origin : "-",
             p->path);
      for (uint32_t k = 0; k < v->n_params; k++) {
        const kbench_param *prm = kb_variant_param(p, v, k);
        char lo[32], hi[32], range[80];
        kb_format_count(lo, sizeof lo, prm->min);
        kb_format_count(hi, sizeof hi, prm->max);
        snprintf(range, sizeof range, "[%s, %s]%s", lo, hi,
                 prm->flags & KBENCH_PARAM_POW2 ? " pow2" : "");
        printf("    %-10s = %-16s %-20s %s\n", prm->name, prm->dflt, range,
               prm->help ? prm->help : "");
      }
    }
  for (size_t i = 0; i < cat->n_failures; i++)
    fprintf(stderr, "kbench: %s: %s\n", cat->failures[i].what,
            cat->failures[i].msg);
}

/*
** Each case allocates and frees hundreds of MB of host memory (inputs,
** references, copies of outputs).  glibc serves such blocks with mmap and
** unmaps them on free, so every case would fault its pages in afresh: on
** the VM the H100 is lent through, faulting 256 MiB costs 150-190 ms, more
** than copying it to the device (bench/host_probe.c).  Served from the
** heap and never trimmed, the next case reuses pages already present; the
** price is that kbench keeps its high-water mark until it exits.
*/
static void keep_freed_memory(void)
{
#if defined(HAVE_MALLOC_H) && defined(HAVE_MALLOPT) && defined(M_MMAP_MAX)
  mallopt(M_MMAP_MAX, 0);
  mallopt(M_TRIM_THRESHOLD, -1);
#endif
}

/* The more serious outcome of two, in the order cli.h documents. */
static int worse(int a, int b)
{
  static const int rank[] = {
    [KB_EXIT_OK] = 0, [KB_EXIT_SKIPPED] = 1, [KB_EXIT_ERROR] = 2,
    [KB_EXIT_LOAD] = 3, [KB_EXIT_USAGE] = 4, [KB_EXIT_WRONG] = 5,
  };
  return rank[a] >= rank[b] ? a : b;
}

static kb_gpu *device_for(kb_device_slot *slot, kb_report *r,
                          const kb_options *o)
{
  if (!slot->tried) {
    slot->tried = 1;
    slot->gpu = kb_gpu_open(slot->ordinal, slot->why, sizeof slot->why);
    if (!slot->gpu)
      return NULL;
    double gbps;
    double floor_s = measure_builtin(slot->gpu, &kb_builtin_launch_floor, o,
                                     &gbps);
    if (o->calibrate
        && measure_builtin(slot->gpu, &kb_builtin_copy_peak, o, &gbps) > 0)
      r->copy_gbps = gbps;
    kb_report_device(r, kb_gpu_device(slot->gpu),
                     kb_mode_name(o->measure.mode), floor_s);
  }
  return slot->gpu;
}

static int run_plan(const kb_plan *plan, const kb_options *o, kb_report *r,
                    kb_export *csv, kb_export *samples)
{
  kb_device_slot slot = {o->device, 0, NULL, ""};
  int status = KB_EXIT_OK;
  for (size_t i = 0; i < plan->n; i++) {
    const kb_plan_case *pc = &plan->cases[i];
    kb_gpu *gpu = NULL;
    kb_result res;
    kb_case c;
    kb_report_progress(r, pc);
    if (pc->variant->backend == KBENCH_BACKEND_CUDA
        && !(gpu = device_for(&slot, r, o))) {
      memset(&res, 0, sizeof res);
      res.verdict = KB_SKIP;
      res.stage = "device";
      snprintf(res.message, sizeof res.message, "%s", slot.why);
    } else {
      kb_case_init(&c, pc->plugin, pc->variant, pc->values, o->seed, i, gpu);
      kb_measure_case(&c, &o->measure, &res);
    }
    const kbench_device *dev = gpu ? kb_gpu_device(gpu) : NULL;
    kb_report_case(r, pc, &res, dev, &o->measure);
    kb_export_case(csv, samples, pc, &res, dev, r->copy_gbps);
    status = worse(status, res.verdict == KB_PASS ? KB_EXIT_OK
                   : res.verdict == KB_WRONG ? KB_EXIT_WRONG
                   : res.verdict == KB_SKIP ? KB_EXIT_SKIPPED : KB_EXIT_ERROR);
    if (res.device_lost) {
      /* A sticky CUDA error kills the context for this process. */
      kb_gpu_close(slot.gpu);
      slot.gpu = NULL;
      snprintf(slot.why, sizeof slot.why, "device unusable after an earlier "
               "case's failure");
    }
    kb_result_free(&res);
  }
  kb_gpu_close(slot.gpu);
  return status;
}

static void free_catalogue(kb_catalogue *cat)
{
  for (size_t i = 0; i < cat->n; i++)
    kb_plugin_unload(&cat->plugins[i]);
  for (size_t i = 0; i < cat->n_failures; i++) {
    free(cat->failures[i].what);
    free(cat->failures[i].msg);
  }
  free(cat->plugins);
  free(cat->failures);
}

int main(int argc, char **argv)
{
  kb_options o;
  int rc = kb_cli_parse(argc, argv, &o);
  if (rc != 0) {
    kb_cli_free(&o);
    return rc > 0 ? KB_EXIT_OK : KB_EXIT_USAGE;
  }
  keep_freed_memory();
  kb_catalogue cat = {0};
  kb_plan plan = {0};
  kb_export csv = {0}, samples = {0};
  char err[1024];
  int status = KB_EXIT_OK;
  if (load_catalogue(&cat, &o)) {
    fprintf(stderr, "kbench: out of memory\n");
    status = KB_EXIT_ERROR;
    goto done;
  }
  if (o.list) {
    list_catalogue(&cat);
    status = cat.n_failures ? KB_EXIT_LOAD : KB_EXIT_OK;
    goto done;
  }
  if (o.cases_path) {
    FILE *f = fopen(o.cases_path, "r");
    if (!f) {
      fprintf(stderr, "kbench: cannot open %s\n", o.cases_path);
      status = KB_EXIT_USAGE;
      goto done;
    }
    rc = kb_plan_read_cases(&plan, cat.plugins, cat.n, f, o.cases_path, err,
                            sizeof err);
    fclose(f);
  } else {
    rc = kb_plan_build(&plan, cat.plugins, cat.n, o.params, o.n_params, err,
                       sizeof err);
  }
  if (rc) {
    fprintf(stderr, "kbench: %s\n", err);
    status = KB_EXIT_USAGE;
    goto done;
  }
  if (kb_export_open(&csv, o.csv_path, KB_CSV_HEADER, err, sizeof err)
      || kb_export_open(&samples, o.samples_path, KB_SAMPLES_HEADER, err,
                        sizeof err)) {
    fprintf(stderr, "kbench: %s\n", err);
    status = KB_EXIT_USAGE;
    goto done;
  }
  kb_report report;
  kb_report_begin(&report, stdout, o.tap, cat.n_failures + plan.n,
                  o.calibrate);
  for (size_t i = 0; i < cat.n_failures; i++)
    kb_report_load_failure(&report, cat.failures[i].what, cat.failures[i].msg);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  status = run_plan(&plan, &o, &report, &csv, &samples);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  kb_report_end(&report, (double)(t1.tv_sec - t0.tv_sec)
                + (t1.tv_nsec - t0.tv_nsec) * 1e-9);
  if (cat.n_failures)
    status = worse(status, KB_EXIT_LOAD);
  if (kb_export_commit(&csv, err, sizeof err)
      || kb_export_commit(&samples, err, sizeof err)) {
    fprintf(stderr, "kbench: %s\n", err);
    status = worse(status, KB_EXIT_ERROR);
  }
done:
  kb_export_abort(&csv);
  kb_export_abort(&samples);
  kb_plan_free(&plan);
  free_catalogue(&cat);
  kb_cli_free(&o);
  return status;
}
