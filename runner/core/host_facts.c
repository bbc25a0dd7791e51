/* Facts of the host (host_facts.h). */
/* sched_getaffinity and CPU_COUNT are GNU extensions. */
#define _GNU_SOURCE 1
#include <sched.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "core/host_facts.h"

unsigned kb_host_cpus(void)
{
  cpu_set_t set;
  long n = 0;
  if (sched_getaffinity(0, sizeof set, &set) == 0)
    n = CPU_COUNT(&set);
  if (n < 1)
    n = sysconf(_SC_NPROCESSORS_ONLN);
  return n < 1 ? 1 : (unsigned)n;
}

int kb_host_mhz(void)
{
  FILE *f = fopen("/proc/cpuinfo", "r");
  char line[256];
  double mhz = 0;
  while (f && fgets(line, sizeof line, f))
    if (sscanf(line, "cpu MHz : %lf", &mhz) == 1)
      break;
  if (f)
    fclose(f);
  return (int)mhz;
}

double kb_host_clock_s(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}
