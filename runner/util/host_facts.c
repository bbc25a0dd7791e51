/* Facts of the host (host_facts.h). */
/* sched_getaffinity and CPU_COUNT are GNU extensions. */
#define _GNU_SOURCE 1
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "util/host_facts.h"

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

size_t kb_host_memory_bytes(void)
{
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0 || (size_t)pages > SIZE_MAX / (size_t)page)
    return 0;
  return (size_t)pages * (size_t)page;
}

double kb_host_clock_s(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

double kb_cpu_clock_s(void)
{
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

void kb_host_state_read(kb_host_state *s)
{
  long online = sysconf(_SC_NPROCESSORS_ONLN);
  s->usable_cpus = kb_host_cpus();
  s->online_cpus = online > 0 ? (unsigned)online : s->usable_cpus;
  s->load_1min = -1;
  const char *path = getenv(KB_TEST_LOADAVG_ENV);
  FILE *f = fopen(path ? path : "/proc/loadavg", "r");
  if (f && fscanf(f, "%lf", &s->load_1min) != 1)
    s->load_1min = -1;
  if (f)
    fclose(f);
}

void kb_host_state_note(const kb_host_state *s, char *buf, size_t len)
{
  int bound = s->usable_cpus == 1;   /* 0: not known */
  int busy = s->load_1min >= s->online_cpus && s->online_cpus > 0;
  int n = 0;
  buf[0] = '\0';
  if (bound)
    n = snprintf(buf, len, "bound to %u of %u CPU%s", s->usable_cpus,
                 s->online_cpus, s->online_cpus == 1 ? "" : "s");
  if (busy && n >= 0 && (size_t)n < len)
    snprintf(buf + n, len - (size_t)n, "%sa busy host (load %.1f on %u "
             "CPU%s)", bound ? "; " : "", s->load_1min, s->online_cpus,
             s->online_cpus == 1 ? "" : "s");
}
