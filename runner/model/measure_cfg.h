/*
** How cases are measured: the mode, warm-up, batching and the stopping
** criterion's settings.  Plain settings, chosen on the command line and
** sent to every worker, so the supervisor's side needs no measuring code.
*/
#ifndef KB_MEASURE_CFG_H
#define KB_MEASURE_CFG_H

#include <stddef.h>

typedef struct kb_criterion_cfg {
  size_t min_samples;
  size_t max_samples;
  double min_time;     /* seconds of measured time, summed over samples */
  double max_noise;    /* relative, e.g. 0.005 */
  double timeout;      /* seconds of wall time for the sampling loop */
  double host_timeout; /* the same for host cases (measure.c) */
} kb_criterion_cfg;

/*
** Host cases stop sooner by default.  The median of a host variant can
** move by 0.64-1.28x between processes (bench/results/
** 2026-11-23-h100/hostnoise.txt) while 0.5 s gives it 25-50 samples: more
** samples narrow a within-process noise that the next process ignores,
** and cost the catalogue seconds (copy_cpu sampled for 10.5 s to reach
** 0.5% there).
*/
#define KB_HOST_TIMEOUT_S 0.5

enum kb_stop {
  KB_STOP_NOT_YET = 0,
  KB_STOP_NOISE,       /* converged: the answer is known */
  KB_STOP_MAX_SAMPLES,
  KB_STOP_TIMEOUT
};

/* The longest --metrics list, terminator included. */
#define KB_METRICS_LIST_LEN 1024

enum kb_mode { KB_MODE_COLD = 0, KB_MODE_HOT, KB_MODE_GRAPH };

/* Which time a run judges (--time): each run's kernels on the GPU's
** clock, summed, or the CUDA events' interval.  Host cases have only the
** latter.  A results file names it "time", its statistics time_*. */
enum kb_time { KB_TIME_EVENT = 0, KB_TIME_KERNEL };

typedef struct kb_measure_cfg {
  int mode;                 /* enum kb_mode, for CUDA cases */
  size_t warmup;            /* samples taken and thrown away */
  size_t batch;             /* runs per batched sample; 0: about 1 ms */
  int hold;                 /* --no-hold clears it: the stream held while a
                               run is queued; off under profilers */
  int profile;              /* one verified run per case, nothing timed */
  kb_criterion_cfg criterion;
  /* The hardware's view (worker/measure/probe.c), all untimed: the counters of
  ** --metrics, and the audits of the stream and of the claimed bytes. */
  char metrics[KB_METRICS_LIST_LEN];   /* --metrics=LIST; "" for none */
  int audit;                /* on unless --no-audit */
  int strict;               /* --strict: a flagged bytes claim fails */
  int kernel_time;          /* kernel time on a pass of its own after the
                               samples (worker/measure/kernel_pass.h); off with
                               --no-kernel-time */
  int time;                 /* enum kb_time: --time, what is judged */
  int rest_profiler;        /* --rest-profiler: the range profiler disabled
                               after each case's passes (worker/measure/probe.h) */
  unsigned placements;      /* --placements=N: a CUDA case set up N times
                               (worker/measure/placement_study.h); 1, the
                               default, makes no study */
  int energy;               /* --energy: joules per run through NVML */
  double energy_time;       /* --energy-time: seconds of energy windows;
                               0: KB_ENERGY_TIME_S (model/energy.h) */
  double lock_timeout;      /* seconds to wait for the GPU (and, with
                               --metrics, its profiler) held by another */
  double quiet_wait;        /* --quiet-wait: seconds a case that another
                               process disturbed waits for the GPU to be
                               quiet before it is measured again */
  unsigned lock_clocks;     /* --lock-clocks: 0 off, KB_LOCK_CLOCKS_BASE,
                               KB_LOCK_CLOCKS_MAX, or the SM clock in MHz
                               (worker/clock_lock.h) */
} kb_measure_cfg;

/* --lock-clocks without a number: the base clock (the default, as
** nvbench's --lgc base: a clock the board holds within its power limit),
** or the SM clock's maximum. */
#define KB_LOCK_CLOCKS_BASE 0xffffffffu
#define KB_LOCK_CLOCKS_MAX 0xfffffffeu
/* The highest MHz --lock-clocks=MHZ takes. */
#define KB_LOCK_CLOCKS_MHZ_MAX 100000

/* The most threads of a worker's staging pool (--jobs), the calling one
** included. */
#define KB_MAX_JOBS 1024

/* The criterion's defaults: 10 samples, 10 ms, 0.5% noise, 15 s. */
void kb_criterion_cfg_default(kb_criterion_cfg *cfg);
/* "noise", "max-samples", "timeout" or "running"; and back, -1 for an
** unknown name. */
const char *kb_stop_name(int stop);
int kb_stop_parse(const char *s);
/* "cold", "hot", "graph"; and back, -1 for an unknown name. */
const char *kb_mode_name(int mode);
int kb_mode_parse(const char *s);
/* "kernel", "event"; and back, -1 for an unknown name. */
const char *kb_time_name(int time);
int kb_time_parse(const char *s);

#endif
