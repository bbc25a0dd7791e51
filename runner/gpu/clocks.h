/*
** The SM clock, read through NVML when the driver's libnvidia-ml is there.
** It is loaded with dlopen, so kbench needs no NVML at build time and runs
** (without clock readings) where the library is missing.
*/
#ifndef KB_CLOCKS_H
#define KB_CLOCKS_H

#include <stddef.h>

typedef struct kb_clocks kb_clocks;

/* NULL with the reason in why when NVML or the device is not available. */
kb_clocks *kb_clocks_open(const char *pci_bus_id, char *why, size_t len);
void kb_clocks_close(kb_clocks *k);

/* Current and maximum SM clock in MHz; 0 when unreadable. */
unsigned kb_clocks_sm_mhz(kb_clocks *k);
unsigned kb_clocks_max_sm_mhz(const kb_clocks *k);

#endif
