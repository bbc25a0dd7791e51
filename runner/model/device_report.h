/*
** A device as a run knows it: what its worker reported when it opened it
** (facts, launch floor, copy peak, identity), for the report, the CSV and
** the JSON.
*/
#ifndef KB_DEVICE_REPORT_H
#define KB_DEVICE_REPORT_H

#include <kbench/plugin.h>

/* What a worker learned when it opened the device. */
typedef struct kb_device_report {
  kbench_device dev;
  double floor_s;          /* launch floor; < 0 when not measured */
  double copy_gbps;        /* measured copy peak; 0 when not calibrated */
  char uuid[64];           /* "GPU-..." */
  char pci_bus_id[32];
  int driver_version;      /* CUDA versions, e.g. 13000 */
  int runtime_version;
  char warning[1024];      /* why a built-in measurement failed, or "" */
  char kernel_note[256];   /* why this device's CUDA cases have event time
                              only (no kernel time), or "" */
  int clocks_locked;       /* --lock-clocks locked its SM clock */
  unsigned locked_sm_mhz;  /* at this clock (0: not read back) */
  unsigned locked_mem_mhz; /* and its memory clock at this (0: not) */
  char clocks[256];        /* --lock-clocks: what was locked, or why not;
                              "" when not asked */
} kb_device_report;

/* One device of a run, and what its worker said when it opened it. */
typedef struct kb_run_device {
  int ordinal;
  int opened;              /* report holds its facts */
  kb_device_report report;
} kb_run_device;

#endif
