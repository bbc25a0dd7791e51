/* What a run and kbench tune share on the supervisor's side (job.h). */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "job/job.h"
#include "process/contain.h"

int kb_job_devices(kb_supervisor *sv, const kb_options *o,
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

/* Add the variants of plugins[from, to) that selector matches (all of
** them for a NULL selector) to list, each once: how many matched. */
static size_t add_matches(const kb_catalogue *cat, size_t from, size_t to,
                          const char *selector, const char **list,
                          size_t *n)
{
  size_t hits = 0;
  for (size_t i = from; i < to; i++)
    for (size_t j = 0; j < cat->plugins[i].n_variants; j++) {
      const char *v = cat->plugins[i].variants[j]->name;
      if (selector && fnmatch(selector, v, 0) != 0)
        continue;
      hits++;
      size_t k = 0;
      while (k < *n && strcmp(list[k], v) != 0)
        k++;
      if (k == *n)
        list[(*n)++] = v;
    }
  return hits;
}

/* The variants the names and patterns select (catalogue.h): each among
** the given plugins' variants if one of those matches, else among the
** rest; and every variant of a plugin loaded for a name (NAME.so).  Into
** *list (NULL when nothing selects: every variant runs).  0, or -1 with
** the message printed (a pattern that matches nothing, out of memory). */
static int select_variants(const kb_catalogue *cat, const kb_options *o,
                           const char ***list, size_t *n)
{
  size_t total = 0;
  *list = NULL;
  *n = 0;
  if (o->n_names == 0 && o->n_patterns == 0)
    return 0;
  for (size_t i = 0; i < cat->n; i++)
    total += cat->plugins[i].n_variants;
  if (!(*list = calloc(total + 1, sizeof **list))) {
    fprintf(stderr, "kbench: out of memory\n");
    return -1;
  }
  for (size_t i = 0; i < o->n_names + o->n_patterns; i++) {
    const char *sel = i < o->n_names ? o->names[i]
                                     : o->patterns[i - o->n_names];
    int given = kb_catalogue_has(cat, 0, cat->n_named, sel);
    size_t hits = add_matches(cat, given ? 0 : cat->n_named,
                              given ? cat->n_named : cat->n, sel, *list, n);
    if (hits == 0 && i >= o->n_names) {
      fprintf(stderr, "kbench: no variant matches '%s' (see --list)\n", sel);
      return -1;
    }
  }
  add_matches(cat, cat->n_named, cat->n_named + cat->n_by_name, NULL, *list,
              n);
  return 0;
}

/* The plan's filter: the names and patterns selected, less --exclude. */
static kb_plan_opts filter(const kb_options *o, const char **selected,
                           size_t n_selected)
{
  return (kb_plan_opts){.exclude = o->excludes, .n_exclude = o->n_excludes,
                        .named = selected, .n_named = n_selected};
}

static int selects(const char *variant, void *ctx)
{
  return kb_plan_selects(ctx, variant);
}

int kb_job_list(const kb_catalogue *cat, const kb_options *o, int quiet)
{
  const char **selected;
  size_t n_selected;
  if (select_variants(cat, o, &selected, &n_selected)) {
    free(selected);
    return -1;
  }
  /* Names that selected nothing were load failures: listed as such. */
  kb_plan_opts po = filter(o, selected, n_selected);
  int none = selected && n_selected == 0;
  size_t total = 0, kept = 0;
  for (size_t i = 0; i < cat->n; i++)
    for (size_t j = 0; j < cat->plugins[i].n_variants; j++, total++)
      kept += kb_plan_selects(&po, cat->plugins[i].variants[j]->name);
  if (!none && total && !kept) {
    fprintf(stderr, "kbench: --exclude leaves no variant to list\n");
    free(selected);
    return -1;
  }
  kb_catalogue_list(cat, quiet || none, selects, &po);
  free(selected);
  return 0;
}

/* --mode=hot or graph with host variants planned: they are timed as
** always (a host case has no GPU mode), which the user should not have to
** find out from the JSON's mode "host". */
static void mode_note(const kb_plan *plan, const kb_options *o)
{
  char names[512] = "";
  size_t used = 0, hosts = 0;
  const kbench_variant *last = NULL;
  if (o->measure.mode == KB_MODE_COLD)
    return;
  for (size_t i = 0; i < plan->n; i++) {
    const kbench_variant *v = plan->cases[i].variant;
    if (v->backend != KBENCH_BACKEND_HOST || v == last)
      continue;
    last = v;
    if (hosts++ < 3 && used < sizeof names)
      used += (size_t)snprintf(names + used, sizeof names - used, "%s%s",
                               used ? ", " : "", v->name);
  }
  if (hosts)
    fprintf(stderr, "kbench: warning: --mode=%s applies to CUDA variants; "
            "the host variant%s %s%s %s timed as always (mode host)\n",
            kb_mode_name(o->measure.mode), hosts == 1 ? "" : "s", names,
            hosts > 3 ? ", ..." : "", hosts == 1 ? "is" : "are");
}

int kb_job_plan(kb_plan *plan, const kb_catalogue *cat, const kb_options *o)
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
    const char **selected;
    size_t n_selected;
    if (select_variants(cat, o, &selected, &n_selected)) {
      free(selected);
      return -1;
    }
    /* Names that selected nothing were load failures: nothing to plan. */
    if (selected && n_selected == 0) {
      free(selected);
      memset(plan, 0, sizeof *plan);
      return 0;
    }
    kb_plan_opts po = filter(o, selected, n_selected);
    po.assignments = o->params;
    po.n_assignments = o->n_params;
    po.zips = o->zips;
    po.n_zips = o->n_zips;
    rc = kb_plan_build(plan, cat->plugins, cat->n, &po, err, sizeof err);
    free(selected);
  }
  if (rc)
    fprintf(stderr, "kbench: %s\n", err);
  else
    mode_note(plan, o);
  return rc;
}

static const char *env_get(const char *name, void *ctx)
{
  (void)ctx;
  return getenv(name);
}

kb_worker_cfg kb_job_worker_cfg(const kb_options *o)
{
  /* The containment's switch is read here, once, and travels with the
  ** settings to the supervisor and every worker (process/contain.h). */
  kb_worker_cfg cfg = {.measure = o->measure, .seed = o->seed,
                       .device = o->devices[0], .calibrate = o->calibrate,
                       .builtins = 1, .staging_threads = o->jobs,
                       .lock = !o->no_lock, .worker_uid = o->worker_uid,
                       .contain = kb_contain_from_env()};
  return cfg;
}

int kb_job_detect(kb_launch *l, char *err, size_t len)
{
  return kb_launch_detect(l, env_get, NULL, err, len);
}

int kb_job_status(const kb_launch *l, int exit_status, int status)
{
  if (!l->launcher || exit_status || status == KB_EXIT_OK
      || status == KB_EXIT_USAGE)
    return status;
  fprintf(stderr, "kbench: rank %d: exit status %d, returned as 0 under "
          "%s so that the launcher does not end the other ranks; its "
          "results file says what failed (kbench fleet judges the ranks; "
          "--exit-status returns it)\n", l->rank, status, l->launcher);
  return KB_EXIT_OK;
}

int kb_job_join(kb_options *o, kb_launch *l, kb_job_file *files, size_t n,
                int quiet, char *err, size_t len)
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
  for (size_t i = 0; i < n; i++) {
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

void kb_job_send(kb_supervisor *sv, size_t lane, const kb_plan_case *pc,
                 size_t index)
{
  kb_order order = {.index = index, .n_values = pc->variant->n_params,
                    .cuda = pc->variant->backend == KBENCH_BACKEND_CUDA};
  snprintf(order.path, sizeof order.path, "%s", pc->plugin->path);
  snprintf(order.variant, sizeof order.variant, "%s", pc->variant->name);
  memcpy(order.values, pc->values, order.n_values * sizeof *order.values);
  kb_supervisor_send(sv, lane, &order);
}

void kb_job_device_opened(void *ctx, size_t lane, const kb_device_report *d)
{
  kb_job_lanes *lanes = ctx;
  lanes->devices[lane].report = *d;
  lanes->devices[lane].opened = 1;
  kb_writers_device(lanes->writers, lane);
}
