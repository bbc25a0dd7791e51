/*
** What kbench tune optimises (--objective): the median time, the
** bandwidth, the energy per run, or one hardware counter, each with the
** direction its quantity calls for (lower time, energy and counts; higher
** bandwidth, percentages, rates and hit rates), which METRIC:min and
** METRIC:max override.  Turned into a lower-better cost for the strategies.
*/
#ifndef KB_TUNE_OBJECTIVE_H
#define KB_TUNE_OBJECTIVE_H

#include <stddef.h>

#include "model/metrics.h"
#include "model/result.h"

enum kb_objective_kind {
  KB_OBJECTIVE_TIME = 0,
  KB_OBJECTIVE_BANDWIDTH,
  KB_OBJECTIVE_ENERGY,
  KB_OBJECTIVE_METRIC
};

typedef struct kb_objective {
  int kind;
  int maximize;                     /* higher is better */
  char name[KB_METRIC_NAME_MAX];    /* "time", "bandwidth", "energy", or
                                       the metric's name */
  char unit[KB_METRIC_UNIT_MAX];    /* "s", "GB/s", "J"; a metric's once a
                                       result named it, else "" */
} kb_objective;

/* "time", "bandwidth", "energy", or a metric name that --metrics accepts
** (one, not a set), each with an optional ":min" or ":max".  0, or -1
** with a message in err. */
int kb_objective_parse(const char *text, kb_objective *o, char *err,
                       size_t len);

/* The key of a results file's entry that holds the objective's value:
** time_median_s (the judged time), gbps, energy_j_per_run, or the
** metric's name. */
const char *kb_objective_key(const kb_objective *o);

/*
** The value of a passed result: 0 with it in *v, or -1 with why there is
** none in why (no bytes, no energy reading, no counters).  A metric's unit
** is learned here.
*/
int kb_objective_value(kb_objective *o, const kb_result *r, double *v,
                       char *why, size_t len);

/* The strategies' lower-better cost of a value. */
double kb_objective_cost(const kb_objective *o, double v);

/* A value as people read it: "3.345 ms", "812.4 GB/s", "0.2513 J",
** "2.684e+08 byte". */
void kb_objective_format(const kb_objective *o, double v, char *buf,
                         size_t len);

#endif
