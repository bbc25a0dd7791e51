/*
** The devices a run measures on: --device=N is one, --devices=LIST or
** --devices=all several.  Each device gets a worker of its own running the
** whole plan (supervisor.h), and what that worker reports when it opens
** its device is kept here, for the report, the CSV and the JSON.
*/
#ifndef KB_DEVICES_H
#define KB_DEVICES_H

#include <stddef.h>

#include "model/device_report.h"

/* The most devices one run may use: one worker and two pipes each. */
#define KB_MAX_DEVICES 64
/* The largest CUDA ordinal accepted on the command line. */
#define KB_MAX_ORDINAL 1024

/*
** A --devices LIST: comma-separated ordinals and ranges, "0,1", "0-3",
** "0,2-3", each device once, in the order given.  0, or -1 with the
** reason in err.
*/
int kb_devices_parse(const char *list, int *ordinals, size_t *n, char *err,
                     size_t len);

#endif
