/*
** The report of a run on several devices, in device groups: a device's
** header line, then its rows, device after device; last, each case's
** devices side by side in the plan's order, with each one's median over
** the first device's (side.h).  The devices run at
** once, so their results come interleaved; each device's results wait
** here until the groups before it are complete, then print.  A group's
** header is its device line (table.h), known once its worker opens the
** device, or "not opened" when the worker has no more cases and never
** opened it; a group's rows wait for its header too.  With one device
** nothing waits: rows print as they come and the device line as the device
** opens, as they always have.  Only the table and TAP wait: the CSV and
** JSON get each result as it comes.
*/
#ifndef KB_GROUPS_H
#define KB_GROUPS_H

#include "model/device_report.h"
#include "output/side.h"
#include "output/table.h"
#include "output/writer.h"

typedef struct kb_held {
  const kb_plan_case *pc;
  kb_result res;           /* a copy that owns what it points to */
} kb_held;

typedef struct kb_group {
  kb_held *held;           /* results waiting for their turn */
  size_t n, cap;
  int done;                /* its worker has no more cases */
} kb_group;

typedef struct kb_groups {
  kb_report *report;
  const kb_run_device *devices;   /* one per group, owned by the caller */
  size_t n;
  kb_group *groups;
  size_t printing;         /* the group that prints as results come */
  int headed;              /* its header is out */
  const kb_measure_cfg *cfg;
  kb_side side;            /* the devices side by side, printed last */
} kb_groups;

/* One group per device.  0, or -1 when out of memory. */
int kb_groups_begin(kb_groups *g, kb_report *r, const kb_run_device *devices,
                    size_t n, const kb_measure_cfg *cfg);
/* Device i has opened (devices[i] holds its report). */
void kb_groups_device(kb_groups *g, size_t i);
/* A result of device i's worker. */
void kb_groups_case(kb_groups *g, size_t i, const kb_plan_case *pc,
                    const kb_result *res);
/* Device i's worker has no more cases. */
void kb_groups_done(kb_groups *g, size_t i);
void kb_groups_free(kb_groups *g);

/* The table (or TAP) as one of the run's writers, over g. */
kb_writer kb_table_writer(kb_groups *g);

#endif
