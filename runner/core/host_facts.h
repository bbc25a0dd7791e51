/* Facts of the host a run is on, for the results' context, and its clock. */
#ifndef KB_HOST_FACTS_H
#define KB_HOST_FACTS_H

/* The CPUs this process may run on (its affinity), at least 1. */
unsigned kb_host_cpus(void);
/* The first CPU's clock from /proc/cpuinfo, in MHz; 0 when unknown. */
int kb_host_mhz(void);
/* The host's monotonic clock, in seconds: for intervals. */
double kb_host_clock_s(void);

#endif
