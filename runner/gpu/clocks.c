/* SM clocks through NVML, loaded at run time when it is there (clocks.h). */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include "gpu/clocks.h"

/* The few NVML entry points we use, declared here so that no NVML header
** is needed: nvmlReturn_t is an int, nvmlDevice_t a pointer. */
#define NVML_SUCCESS 0
#define NVML_CLOCK_SM 1
typedef void *nvml_device;

struct kb_clocks {
  void *lib;
  nvml_device dev;
  unsigned max_mhz;
  int (*clock_info)(nvml_device, int, unsigned *);
  int (*shutdown)(void);
};

kb_clocks *kb_clocks_open(const char *pci_bus_id, char *why, size_t len)
{
  kb_clocks *k = calloc(1, sizeof *k);
  if (!k) {
    snprintf(why, len, "out of memory");
    return NULL;
  }
  k->lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!k->lib) {
    snprintf(why, len, "no NVML: %s", dlerror());
    free(k);
    return NULL;
  }
  int (*init)(void);
  int (*by_bus)(const char *, nvml_device *);
  int (*max_info)(nvml_device, int, unsigned *);
  *(void **)&init = dlsym(k->lib, "nvmlInit_v2");
  *(void **)&by_bus = dlsym(k->lib, "nvmlDeviceGetHandleByPciBusId_v2");
  *(void **)&max_info = dlsym(k->lib, "nvmlDeviceGetMaxClockInfo");
  *(void **)&k->clock_info = dlsym(k->lib, "nvmlDeviceGetClockInfo");
  *(void **)&k->shutdown = dlsym(k->lib, "nvmlShutdown");
  int rc = -1;
  if (init && by_bus && max_info && k->clock_info && k->shutdown
      && (rc = init()) == NVML_SUCCESS) {
    if (by_bus(pci_bus_id, &k->dev) == NVML_SUCCESS
        && max_info(k->dev, NVML_CLOCK_SM, &k->max_mhz) == NVML_SUCCESS
        && k->max_mhz > 0)
      return k;
    k->shutdown();
  }
  snprintf(why, len, "NVML cannot read the clocks of device %s (%d)",
           pci_bus_id, rc);
  dlclose(k->lib);
  free(k);
  return NULL;
}

void kb_clocks_close(kb_clocks *k)
{
  if (!k)
    return;
  k->shutdown();
  dlclose(k->lib);
  free(k);
}

unsigned kb_clocks_sm_mhz(kb_clocks *k)
{
  unsigned mhz = 0;
  if (k->clock_info(k->dev, NVML_CLOCK_SM, &mhz) != NVML_SUCCESS)
    return 0;
  return mhz;
}

unsigned kb_clocks_max_sm_mhz(const kb_clocks *k)
{
  return k->max_mhz;
}
