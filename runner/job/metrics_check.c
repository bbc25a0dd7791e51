/*
** --metrics and --list-metrics before a run: the first lane's worker
** checks the names on the device, and the supervisor says what it found.
*/
#include <stdio.h>

#include "model/metrics.h"
#include "model/verdict.h"
#include "job/metrics_check.h"

void kb_list_metrics_ask(kb_options *o)
{
  size_t used = 0;
  for (const struct kb_metric_set *set = kb_metric_sets(); set->name; set++)
    used += (size_t)snprintf(o->measure.metrics + used,
                             sizeof o->measure.metrics - used, "%s%s",
                             used ? "," : "", set->name);
}

/* --list-metrics: the sets and kbench's own names, then (when a worker
** can) the sets' names checked on the device.  The exit status. */
int kb_list_metrics(kb_supervisor *sv, const kb_options *o)
{
  printf("Sets (--metrics=SET):\n");
  for (const struct kb_metric_set *set = kb_metric_sets(); set->name;
       set++) {
    printf("  %-10s %s\n", set->name, set->purpose);
    for (const char *const *m = set->members; *m; m++)
      printf("      %s\n", *m);
  }
  printf("kbench's own names (computed from counters, or from the launch):\n");
  for (const struct kb_metric_builtin *b = kb_metric_builtins(); b->name;
       b++)
    printf("  %-44s %s\n", b->name, b->help);
  printf("Any other metric that ncu --query-metrics lists for the device.\n");
  fflush(stdout);
  int verdict;
  char why[512];
  if (kb_supervisor_check_metrics(sv, &verdict, why, sizeof why)) {
    fprintf(stderr, "kbench: --list-metrics: %s\n", why);
    return KB_EXIT_ERROR;
  }
  if (verdict == 0)
    printf("Every name above checked on device %d.\n", o->devices[0]);
  else
    fprintf(stderr, "kbench: %s: the names were not checked on device %d: "
            "%s\n", verdict > 0 ? "warning" : "error", o->devices[0], why);
  return verdict < 0 ? KB_EXIT_ERROR : KB_EXIT_OK;
}

/* --metrics on the device, before anything runs: a name it lacks is a
** usage error; counters it cannot give (refused, no device) a warning.
** 0, or -1 when the run must not go on. */
int kb_check_metrics(kb_supervisor *sv, const kb_options *o)
{
  int verdict;
  char why[512];
  if (!o->measure.metrics[0])
    return 0;
  if (kb_supervisor_check_metrics(sv, &verdict, why, sizeof why)) {
    fprintf(stderr, "kbench: --metrics: cannot check the names: %s\n", why);
    return -1;
  }
  if (verdict < 0)
    fprintf(stderr, "kbench: --metrics: %s\n", why);
  else if (verdict > 0)
    fprintf(stderr, "kbench: warning: --metrics: no counters: %s; the "
            "timings go on\n", why);
  return verdict < 0 ? -1 : 0;
}
