/* Facts of the host a run is on, for the results' context, and its clock. */
#ifndef KB_HOST_FACTS_H
#define KB_HOST_FACTS_H

#include <stddef.h>

/* The CPUs this process may run on (its affinity), at least 1. */
unsigned kb_host_cpus(void);
/* The first CPU's clock from /proc/cpuinfo, in MHz; 0 when unknown. */
int kb_host_mhz(void);
/* The host's physical memory in bytes; 0 when unknown. */
size_t kb_host_memory_bytes(void);
/* The host's monotonic clock, in seconds: for intervals. */
double kb_host_clock_s(void);
/* The CPU time this process (all its threads) has used, in seconds. */
double kb_cpu_clock_s(void);

/*
** The CPUs a run may use and how busy the host was when it started: what
** starves the host side of a measurement (a launcher that binds each rank
** to one core, a host busy with other work), which made the stream audit
** fail under mpirun (../shared/DESIGN.md section 8).  Read once per run,
** at its start; the run's header line and its JSON context say it.
*/
typedef struct kb_host_state {
  unsigned usable_cpus;    /* kbench's CPU affinity (sched_getaffinity) */
  unsigned online_cpus;    /* the host's online CPUs */
  double load_1min;        /* /proc/loadavg's first figure; < 0: unknown */
} kb_host_state;
void kb_host_state_read(kb_host_state *s);
/* The file read for the load instead of /proc/loadavg: make check points
** it at /dev/null (no load known), so that no test's output depends on
** how busy the machine is, and tests/shell/cpus.sh at a busy one. */
#define KB_TEST_LOADAVG_ENV "KBENCH_TEST_LOADAVG"
/* "bound to 1 of 32 CPUs", "a busy host (load 35.2 on 32 CPUs)", both
** joined by "; ", or "" when neither: one CPU to use (the supervisor,
** the worker and its threads share it), or a 1-minute load average of at
** least one runnable task per online CPU.  KB_HOST_NOTE_LEN holds any. */
#define KB_HOST_NOTE_LEN 128
void kb_host_state_note(const kb_host_state *s, char *buf, size_t len);

#endif
