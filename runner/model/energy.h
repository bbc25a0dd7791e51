/*
** Energy per run from a total-energy counter that moves in steps: the
** pure arithmetic of --energy, apart from NVML and CUDA so that it can be
** tested with synthetic readings (worker/measure/energy.c drives it on a GPU).
**
** NVML's counter (millijoules since the driver loaded) is updated by the
** driver about every 100 ms, 50-116 ms under load on the H100
** (../shared/DESIGN.md, section 7).  A window read at arbitrary times is
** off by up to one update at each end; so the meter opens and closes its
** windows only where the counter moves (an update), and each window spans
** whole update periods.  The load runs on throughout: it starts
** KB_ENERGY_WARM updates before the first window, so that the first
** window's energy is all the load's even when an update reports energy up
** to a moment before it is seen.
*/
#ifndef KB_ENERGY_H
#define KB_ENERGY_H

#include <stddef.h>

/*
** --energy's default: 1 s of windows in all.  At ~100 ms per update that
** is about 10 updates, so an update's worth of misplacement at an end
** would cost at most ~10%, and aligning the ends to updates leaves less
** (bench/energy_check.sh measures by how much); --energy-time=SEC buys
** more.  The time is cut into windows of at least KB_ENERGY_WINDOW_S (two
** updates), and never fewer than KB_ENERGY_MIN_WINDOWS: each window's
** joules per run is a sample for kbench compare's U test, which needs 5 a
** side.
*/
#define KB_ENERGY_TIME_S 1.0
#define KB_ENERGY_WINDOW_S 0.2
#define KB_ENERGY_MIN_WINDOWS 5
#define KB_ENERGY_MAX_WINDOWS 64
#define KB_ENERGY_WARM 2

/* One update of the counter as the host saw it: when (seconds, any
** monotonic clock) and the counter's new value (millijoules). */
typedef struct kb_energy_reading {
  double t;
  unsigned long long mj;
} kb_energy_reading;

/* Where the windows start and end, fed with every poll of the counter. */
typedef struct kb_energy_meter {
  size_t windows;          /* to measure */
  double window_s;         /* end i is at least i of these after the
                              first */
  int polled;              /* last holds a value */
  unsigned long long last;
  size_t updates;          /* seen since the first poll */
  size_t n;                /* boundaries so far, at most windows + 1 */
  kb_energy_reading at[KB_ENERGY_MAX_WINDOWS + 1];
} kb_energy_meter;

/* Windows for total_s seconds in all (see KB_ENERGY_TIME_S). */
void kb_energy_meter_init(kb_energy_meter *m, double total_s);
/* One poll at time t: 1 once the last window has closed, 0 until then,
** -1 when the counter went backwards (the driver was reloaded). */
int kb_energy_meter_feed(kb_energy_meter *m, double t,
                         unsigned long long mj);

typedef struct kb_energy_stats {
  double joules;           /* over all windows */
  double seconds;
  double runs;             /* seconds / the time of one run */
  double j_per_run;        /* joules / runs */
  double watts;            /* joules / seconds */
  double spread;           /* the windows' joules per run: standard
                              deviation / mean */
  size_t n_windows;
  double window_j[KB_ENERGY_MAX_WINDOWS];  /* joules per run, each window */
} kb_energy_stats;

/* The windows between boundaries at[0..n) (n >= 2, times increasing,
** counter not decreasing) with one run every run_s seconds: 0, or -1 when
** the readings cannot give a number. */
int kb_energy_compute(const kb_energy_reading *at, size_t n, double run_s,
                      kb_energy_stats *e);

/* A count per run (bytes, FLOP) per joule: GB/s per watt is bytes per
** joule / 1e9, FLOP/s per watt is FLOP per joule.  0 when either is 0 or
** the energy is not known (< 0). */
double kb_energy_per_joule(double count_per_run, double j_per_run);

#endif
