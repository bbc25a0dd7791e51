/* The device's answer to --metrics and --list-metrics, before any case. */
#ifndef KB_METRICS_CHECK_H
#define KB_METRICS_CHECK_H

#include "plan/cli.h"
#include "process/supervisor.h"

/* --list-metrics asks the worker about every set: their names as o's
** --metrics, before the job goes to the workers. */
void kb_list_metrics_ask(kb_options *o);
/* --list-metrics: the sets and kbench's own names, then (when a worker
** can) the sets' names checked on the device.  The exit status. */
int kb_list_metrics(kb_supervisor *sv, const kb_options *o);
/* --metrics checked on the device: 0, or -1 (printed) when the run must
** not go on. */
int kb_check_metrics(kb_supervisor *sv, const kb_options *o);

#endif
