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
#define NVML_CLOCK_SM 1
#define NVML_CLOCK_MEM 2
#define NVML_LIBRARY "libnvidia-ml.so.1"
typedef void *nvml_device;

struct kb_nvml {
  void *lib;
  nvml_device dev;
  unsigned max_mhz;        /* 0: unknown */
  int (*shutdown)(void);
  const char *(*error_string)(int);
  int (*clock_info)(nvml_device, int, unsigned *);
  int (*energy)(nvml_device, unsigned long long *);   /* may be NULL */
  int (*power_limit)(nvml_device, unsigned *);        /* may be NULL */
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
  n->lib = dlopen(NVML_LIBRARY, RTLD_NOW | RTLD_LOCAL);
  if (!n->lib) {
    snprintf(why, len, "no NVML (" NVML_LIBRARY " not found)");
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
