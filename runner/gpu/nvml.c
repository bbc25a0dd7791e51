/* NVML, loaded at run time when it is there (nvml.h). */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include "gpu/nvml.h"

/*
** The few NVML entry points we use, declared here with their documented C
** signatures so that no NVML header is needed (neither the CUDA toolkit
** nor Debian's main archive ships nvml.h): nvmlReturn_t is an int,
** nvmlDevice_t a pointer, nvmlClockType_t an int.
*/
#define NVML_SUCCESS 0
#define NVML_ERROR_NOT_SUPPORTED 3
#define NVML_ERROR_NO_PERMISSION 4
#define NVML_ERROR_INSUFFICIENT_SIZE 7
#define NVML_ERROR_NOT_FOUND 6
#define NVML_CLOCK_SM 1
#define NVML_CLOCK_MEM 2
#define NVML_TEMPERATURE_GPU 0
/* nvmlClockLimitId_t: as a locked clock, the base clock (the clock the
** board holds within its power limit: nvbench's --lgc base). */
#define NVML_CLOCK_LIMIT_ID_TDP 0xffffff01u
#define NVML_LIBRARY "libnvidia-ml.so.1"
typedef void *nvml_device;
/* nvmlProcessInfo_t (_v2 and _v3 listings) and
** nvmlProcessUtilizationSample_t, as nvml.h declares them. */
typedef struct nvml_process_info {
  unsigned pid;
  unsigned long long used_memory;
  unsigned gpu_instance, compute_instance;
} nvml_process_info;
typedef struct nvml_process_sample {
  unsigned pid;
  unsigned long long timestamp_us;
  unsigned sm, mem, enc, dec;
} nvml_process_sample;
typedef int (*nvml_list_fn)(nvml_device, unsigned *, nvml_process_info *);

struct kb_nvml {
  void *lib;
  nvml_device dev;
  unsigned max_mhz;        /* 0: unknown */
  int (*shutdown)(void);
  const char *(*error_string)(int);
  int (*clock_info)(nvml_device, int, unsigned *);
  int (*energy)(nvml_device, unsigned long long *);   /* may be NULL */
  int (*power_limit)(nvml_device, unsigned *);        /* may be NULL */
  nvml_list_fn compute, graphics;                     /* may be NULL */
  int (*process_use)(nvml_device, nvml_process_sample *, unsigned *,
                     unsigned long long);             /* may be NULL */
  int (*process_name)(unsigned, char *, unsigned);    /* may be NULL */
  /* The samples' conditions, and the clocks' lock (all may be NULL). */
  int (*clock_events)(nvml_device, unsigned long long *);
  int (*temperature)(nvml_device, int, unsigned *);
  int (*power)(nvml_device, unsigned *);
  int (*lock_sm)(nvml_device, unsigned, unsigned);
  int (*reset_sm)(nvml_device);
  int (*lock_mem)(nvml_device, unsigned, unsigned);
  int (*reset_mem)(nvml_device);
  int (*mem_clocks)(nvml_device, unsigned *, unsigned *);
};

/* An entry point, into a function pointer of any type. */
#define SYM(lib, ptr, name) (*(void **)&(ptr) = dlsym((lib), (name)))

kb_nvml *kb_nvml_open(const char *pci_bus_id, char *why, size_t len)
{
  kb_nvml *n = calloc(1, sizeof *n);
  if (!n) {
    snprintf(why, len, "out of memory");
    return NULL;
  }
  const char *library = getenv(KB_NVML_LIBRARY_ENV);
  if (!library || !*library)
    library = NVML_LIBRARY;
  n->lib = dlopen(library, RTLD_NOW | RTLD_LOCAL);
  if (!n->lib) {
    snprintf(why, len, "no NVML (%.200s not found)", library);
    free(n);
    return NULL;
  }
  int (*init)(void);
  int (*by_bus)(const char *, nvml_device *);
  int (*max_info)(nvml_device, int, unsigned *);
  SYM(n->lib, init, "nvmlInit_v2");
  SYM(n->lib, by_bus, "nvmlDeviceGetHandleByPciBusId_v2");
  SYM(n->lib, max_info, "nvmlDeviceGetMaxClockInfo");
  SYM(n->lib, n->shutdown, "nvmlShutdown");
  SYM(n->lib, n->error_string, "nvmlErrorString");
  SYM(n->lib, n->clock_info, "nvmlDeviceGetClockInfo");
  SYM(n->lib, n->energy, "nvmlDeviceGetTotalEnergyConsumption");
  SYM(n->lib, n->power_limit, "nvmlDeviceGetEnforcedPowerLimit");
  if (!SYM(n->lib, n->compute, "nvmlDeviceGetComputeRunningProcesses_v3"))
    SYM(n->lib, n->compute, "nvmlDeviceGetComputeRunningProcesses_v2");
  if (!SYM(n->lib, n->graphics, "nvmlDeviceGetGraphicsRunningProcesses_v3"))
    SYM(n->lib, n->graphics, "nvmlDeviceGetGraphicsRunningProcesses_v2");
  SYM(n->lib, n->process_use, "nvmlDeviceGetProcessUtilization");
  SYM(n->lib, n->process_name, "nvmlSystemGetProcessName");
  /* Renamed in driver 535; the old name stays for older drivers. */
  if (!SYM(n->lib, n->clock_events, "nvmlDeviceGetCurrentClocksEventReasons"))
    SYM(n->lib, n->clock_events, "nvmlDeviceGetCurrentClocksThrottleReasons");
  SYM(n->lib, n->temperature, "nvmlDeviceGetTemperature");
  SYM(n->lib, n->power, "nvmlDeviceGetPowerUsage");
  SYM(n->lib, n->lock_sm, "nvmlDeviceSetGpuLockedClocks");
  SYM(n->lib, n->reset_sm, "nvmlDeviceResetGpuLockedClocks");
  SYM(n->lib, n->lock_mem, "nvmlDeviceSetMemoryLockedClocks");
  SYM(n->lib, n->reset_mem, "nvmlDeviceResetMemoryLockedClocks");
  SYM(n->lib, n->mem_clocks, "nvmlDeviceGetSupportedMemoryClocks");
  int rc = -1;
  if (!init || !by_bus || !max_info || !n->shutdown || !n->error_string
      || !n->clock_info) {
    snprintf(why, len, "no NVML: " NVML_LIBRARY " lacks the entry points "
             "kbench uses (an old driver?)");
  } else if ((rc = init()) != NVML_SUCCESS) {
    snprintf(why, len, "no NVML: nvmlInit: %s", n->error_string(rc));
  } else if ((rc = by_bus(pci_bus_id, &n->dev)) != NVML_SUCCESS) {
    snprintf(why, len, "NVML does not know device %s: %s", pci_bus_id,
             n->error_string(rc));
    n->shutdown();
  } else {
    if (max_info(n->dev, NVML_CLOCK_SM, &n->max_mhz) != NVML_SUCCESS)
      n->max_mhz = 0;
    return n;
  }
  dlclose(n->lib);
  free(n);
  return NULL;
}

void kb_nvml_close(kb_nvml *n)
{
  if (!n)
    return;
  n->shutdown();
  dlclose(n->lib);
  free(n);
}

static unsigned clock_of(kb_nvml *n, int which)
{
  unsigned mhz = 0;
  if (n->clock_info(n->dev, which, &mhz) != NVML_SUCCESS)
    return 0;
  return mhz;
}

unsigned kb_nvml_sm_mhz(kb_nvml *n)
{
  return clock_of(n, NVML_CLOCK_SM);
}

unsigned kb_nvml_mem_mhz(kb_nvml *n)
{
  return clock_of(n, NVML_CLOCK_MEM);
}

unsigned kb_nvml_max_sm_mhz(const kb_nvml *n)
{
  return n->max_mhz;
}

int kb_nvml_energy_mj(kb_nvml *n, unsigned long long *mj, char *why,
                      size_t len)
{
  if (!n->energy) {
    snprintf(why, len, "this NVML has no nvmlDeviceGetTotalEnergyConsumption "
             "(an old driver)");
    return -1;
  }
  int rc = n->energy(n->dev, mj);
  if (rc != NVML_SUCCESS) {
    /* Not Supported: a GPU older than Volta has no energy counter. */
    snprintf(why, len, "NVML cannot read the energy counter: %s",
             n->error_string(rc));
    return -1;
  }
  return 0;
}

double kb_nvml_power_limit_w(kb_nvml *n)
{
  unsigned mw = 0;
  if (!n->power_limit || n->power_limit(n->dev, &mw) != NVML_SUCCESS)
    return 0;
  return mw / 1000.0;
}

/* One listing (compute or graphics) appended to pids: 0, or the NVML
** error.  A list that grows between the two calls is asked for again. */
static int list_into(kb_nvml *n, nvml_list_fn list, unsigned *pids,
                     size_t max, size_t *count)
{
  for (int tries = 0; tries < 4; tries++) {
    unsigned have = 0;
    int rc = list(n->dev, &have, NULL);
    if (rc == NVML_SUCCESS)
      return 0;                      /* none */
    if (rc != NVML_ERROR_INSUFFICIENT_SIZE)
      return rc;
    have += 8;                       /* room for a few newcomers */
    nvml_process_info *info = calloc(have, sizeof *info);
    if (!info)
      return NVML_ERROR_INSUFFICIENT_SIZE;
    rc = list(n->dev, &have, info);
    for (unsigned i = 0; rc == NVML_SUCCESS && i < have; i++) {
      int seen = 0;
      for (size_t j = 0; j < *count && j < max; j++)
        seen |= pids[j] == info[i].pid;
      if (!seen && *count < max)
        pids[*count] = info[i].pid;
      *count += !seen;
    }
    free(info);
    if (rc != NVML_ERROR_INSUFFICIENT_SIZE)
      return rc;
  }
  return NVML_ERROR_INSUFFICIENT_SIZE;
}

int kb_nvml_processes(kb_nvml *n, unsigned *pids, size_t max,
                      size_t *count, char *why, size_t len)
{
  *count = 0;
  if (!n->compute) {
    snprintf(why, len, "this NVML cannot list a device's processes");
    return -1;
  }
  int rc = list_into(n, n->compute, pids, max, count);
  if (rc == NVML_SUCCESS && n->graphics)
    rc = list_into(n, n->graphics, pids, max, count);
  if (rc != NVML_SUCCESS) {
    snprintf(why, len, "NVML cannot list the device's processes: %s",
             n->error_string(rc));
    return -1;
  }
  return 0;
}

int kb_nvml_process_use(kb_nvml *n, unsigned long long since_us,
                        kb_nvml_use *use, size_t max, size_t *count,
                        char *why, size_t len)
{
  *count = 0;
  if (!n->process_use) {
    snprintf(why, len, "this NVML keeps no per-process samples");
    return -1;
  }
  unsigned have = 0;
  int rc = n->process_use(n->dev, NULL, &have, since_us);
  if (rc == NVML_ERROR_NOT_FOUND)
    return 0;                        /* nothing sampled since then */
  if (rc != NVML_SUCCESS && rc != NVML_ERROR_INSUFFICIENT_SIZE) {
    snprintf(why, len, "NVML keeps no per-process samples here: %s",
             n->error_string(rc));
    return -1;
  }
  have += 16;
  nvml_process_sample *s = calloc(have, sizeof *s);
  if (!s) {
    snprintf(why, len, "out of memory");
    return -1;
  }
  rc = n->process_use(n->dev, s, &have, since_us);
  if (rc == NVML_ERROR_NOT_FOUND)
    have = 0;
  else if (rc != NVML_SUCCESS) {
    snprintf(why, len, "NVML's per-process samples: %s",
             n->error_string(rc));
    free(s);
    return -1;
  }
  /* One entry per pid, at its highest readings. */
  for (unsigned i = 0; i < have; i++) {
    size_t j = 0;
    while (j < *count && use[j].pid != s[i].pid)
      j++;
    if (j == *count) {
      if (*count == max)
        continue;
      use[(*count)++] = (kb_nvml_use){s[i].pid, 0, 0};
    }
    if (s[i].sm > use[j].sm)
      use[j].sm = s[i].sm;
    if (s[i].mem > use[j].mem)
      use[j].mem = s[i].mem;
  }
  free(s);
  return 0;
}

void kb_nvml_process_name(kb_nvml *n, unsigned pid, char *name, size_t len)
{
  *name = '\0';
  if (n->process_name
      && n->process_name(pid, name, (unsigned)len) != NVML_SUCCESS)
    *name = '\0';
}

int kb_nvml_clock_events(kb_nvml *n, uint64_t *mask)
{
  unsigned long long m = 0;
  if (!n->clock_events || n->clock_events(n->dev, &m) != NVML_SUCCESS)
    return -1;
  *mask = m;
  return 0;
}

double kb_nvml_temp_c(kb_nvml *n)
{
  unsigned c = 0;
  if (!n->temperature
      || n->temperature(n->dev, NVML_TEMPERATURE_GPU, &c) != NVML_SUCCESS)
    return 0;
  return c;
}

double kb_nvml_power_w(kb_nvml *n)
{
  unsigned mw = 0;
  if (!n->power || n->power(n->dev, &mw) != NVML_SUCCESS)
    return 0;
  return mw / 1000.0;
}

/* An NVML refusal in words, with what to do about it. */
static int refused(kb_nvml *n, int rc, const char *what, char *why,
                   size_t len)
{
  if (rc == NVML_ERROR_NO_PERMISSION)
    snprintf(why, len, "%s: no permission (it needs root)", what);
  else if (rc == NVML_ERROR_NOT_SUPPORTED)
    snprintf(why, len, "%s: not supported on this GPU", what);
  else
    snprintf(why, len, "%s: %s", what, n->error_string(rc));
  return rc == NVML_ERROR_NO_PERMISSION ? KB_NVML_DENIED
         : rc == NVML_ERROR_NOT_SUPPORTED ? KB_NVML_UNSUPPORTED : -1;
}

int kb_nvml_lock_sm(kb_nvml *n, unsigned mhz, char *why, size_t len)
{
  if (!n->lock_sm || !n->reset_sm) {
    snprintf(why, len, "this NVML cannot lock clocks (an old driver)");
    return KB_NVML_UNSUPPORTED;
  }
  unsigned at = mhz == KB_NVML_BASE_CLOCK ? NVML_CLOCK_LIMIT_ID_TDP : mhz;
  int rc = n->lock_sm(n->dev, at, at);
  return rc == NVML_SUCCESS ? 0
         : refused(n, rc, "nvmlDeviceSetGpuLockedClocks", why, len);
}

unsigned kb_nvml_max_mem_mhz(kb_nvml *n)
{
  unsigned count = 0, best = 0;
  if (!n->mem_clocks)
    return 0;
  int rc = n->mem_clocks(n->dev, &count, NULL);
  if (rc != NVML_SUCCESS && rc != NVML_ERROR_INSUFFICIENT_SIZE)
    return 0;
  unsigned *mhz = calloc(count ? count : 1, sizeof *mhz);
  if (mhz && n->mem_clocks(n->dev, &count, mhz) == NVML_SUCCESS)
    for (unsigned i = 0; i < count; i++)
      best = mhz[i] > best ? mhz[i] : best;
  free(mhz);
  return best;
}

int kb_nvml_lock_mem(kb_nvml *n, unsigned mhz, char *why, size_t len)
{
  if (!n->lock_mem || !n->reset_mem) {
    snprintf(why, len, "this NVML cannot lock the memory clock");
    return KB_NVML_UNSUPPORTED;
  }
  int rc = n->lock_mem(n->dev, mhz, mhz);
  return rc == NVML_SUCCESS ? 0
         : refused(n, rc, "nvmlDeviceSetMemoryLockedClocks", why, len);
}

int kb_nvml_unlock(kb_nvml *n, char *why, size_t len)
{
  int rc = NVML_SUCCESS;
  if (!n->reset_sm) {
    snprintf(why, len, "this NVML cannot reset locked clocks");
    return -1;
  }
  rc = n->reset_sm(n->dev);
  if (rc != NVML_SUCCESS)
    return refused(n, rc, "nvmlDeviceResetGpuLockedClocks", why, len);
  /* A GPU whose memory clock cannot be locked cannot reset it either:
  ** nothing was locked there. */
  if (n->reset_mem && (rc = n->reset_mem(n->dev)) != NVML_SUCCESS
      && rc != NVML_ERROR_NOT_SUPPORTED)
    return refused(n, rc, "nvmlDeviceResetMemoryLockedClocks", why, len);
  return 0;
}
