/*
** Files for other programs: one CSV row per case (--csv) and every raw
** sample (--samples).  Each is written to a temporary file next to its
** destination and renamed into place only when the run completes, so an
** interrupted or failed run never leaves a half-written file behind.
*/
#ifndef KB_EXPORT_H
#define KB_EXPORT_H

#include <stdio.h>

#include "measure.h"
#include "plan.h"

typedef struct kb_export {
  const char *path;        /* final name; NULL when not asked for */
  char tmp[4096];
  FILE *f;
} kb_export;

/* 0, or -1 with a message in err. */
int kb_export_open(kb_export *e, const char *path, const char *header,
                   char *err, size_t len);
int kb_export_commit(kb_export *e, char *err, size_t len);
void kb_export_abort(kb_export *e);

void kb_export_case(kb_export *csv, kb_export *samples,
                    const kb_plan_case *pc, const kb_result *res,
                    const kbench_device *dev, double copy_gbps);

#define KB_CSV_HEADER                                                     \
  "variant,params,backend,mode,verdict,stage,message,samples,batch,"      \
  "median_s,mean_s,min_s,max_s,stdev_s,noise,stop,bytes_read,"            \
  "bytes_written,memory,gbps,peak_gbps,copy_gbps,sm_clock_min_mhz,"      \
  "sm_clock_max_mhz,throttled_samples,case_wall_s,setup_s,verify_s,"      \
  "sampling_s,teardown_s"
#define KB_SAMPLES_HEADER "variant,params,mode,batch,index,seconds"

#endif
