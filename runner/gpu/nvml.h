/*
** A device's facts from outside CUDA, through NVML (the driver's
** libnvidia-ml.so.1): its clocks, its total-energy counter and its power
** limit.  It is loaded with dlopen, so kbench needs no NVML at build time
** and runs (without these readings) where the library is missing.  One
** handle per opened device, owned by its kb_gpu (gpu.h).
*/
#ifndef KB_NVML_H
#define KB_NVML_H

#include <stddef.h>

typedef struct kb_nvml kb_nvml;

/* The device at that PCI bus id; NULL with the reason in why ("no NVML
** (libnvidia-ml.so.1 not found)", ...) when NVML or the device is not
** there. */
kb_nvml *kb_nvml_open(const char *pci_bus_id, char *why, size_t len);
void kb_nvml_close(kb_nvml *n);

/* Current SM clock, its maximum, and the current memory clock, in MHz;
** 0 when unreadable. */
unsigned kb_nvml_sm_mhz(kb_nvml *n);
unsigned kb_nvml_max_sm_mhz(const kb_nvml *n);
unsigned kb_nvml_mem_mhz(kb_nvml *n);

/* The energy the board has used since the driver loaded, in millijoules
** (Volta and later; the driver updates it every ~100 ms: DESIGN.md).
** 0, or -1 with the reason in why. */
int kb_nvml_energy_mj(kb_nvml *n, unsigned long long *mj, char *why,
                      size_t len);

/* The power limit in force, in watts; 0 when unreadable. */
double kb_nvml_power_limit_w(kb_nvml *n);

#endif
