/*
** A device's facts from outside CUDA, through NVML (the driver's
** libnvidia-ml.so.1): its clocks and why they are where they are, its
** temperature and power, its total-energy counter and its power limit;
** and its clocks locked and reset (--lock-clocks).  It is loaded with dlopen, so kbench needs no NVML at build time
** and runs (without these readings) where the library is missing.  One
** handle per opened device, owned by its kb_gpu (gpu.h).
*/
#ifndef KB_NVML_H
#define KB_NVML_H

#include <stddef.h>
#include <stdint.h>

typedef struct kb_nvml kb_nvml;

/* The library loaded is libnvidia-ml.so.1 unless this variable names
** another: a driver's library outside the loader's path, or the tests'
** stand-in that records the calls made to it (tests/plugins/fake_nvml.c). */
#define KB_NVML_LIBRARY_ENV "KBENCH_NVML_LIBRARY"

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
** (Volta and later; the driver updates it every ~100 ms:
** ../shared/DESIGN.md).
** 0, or -1 with the reason in why. */
int kb_nvml_energy_mj(kb_nvml *n, unsigned long long *mj, char *why,
                      size_t len);

/* The power limit in force, in watts; 0 when unreadable. */
double kb_nvml_power_limit_w(kb_nvml *n);

/*
** Other processes on the device.  kb_nvml_processes: the pids with a
** compute or graphics context on it, up to max of them into pids (*count
** says how many there were); 0, or -1 with the reason in why (a driver
** that refuses, a container without the permission).  The pids are as the
** driver sees them, which need not be this process's pid namespace.
*/
int kb_nvml_processes(kb_nvml *n, unsigned *pids, size_t max,
                      size_t *count, char *why, size_t len);

/* A process's use of the device, from NVML's samples: the highest SM and
** memory utilization (percent) it was sampled at. */
typedef struct kb_nvml_use {
  unsigned pid;
  unsigned sm, mem;
} kb_nvml_use;
/* The samples taken since since_us (NVML's timestamps: microseconds of
** the host's real-time clock), one entry per pid, up to max: 0 with
** *count entries (none when nothing was sampled since); -1 with why when
** this NVML or device keeps no per-process samples. */
int kb_nvml_process_use(kb_nvml *n, unsigned long long since_us,
                        kb_nvml_use *use, size_t max, size_t *count,
                        char *why, size_t len);

/* The process's name as the driver knows it, or "". */
void kb_nvml_process_name(kb_nvml *n, unsigned pid, char *name, size_t len);

/* After each timed sample (worker/measure/gpu_state.c): NVML's clock-event
** reasons now (model/clock_events.h names the bits), 0 or -1 when
** unreadable; the GPU's temperature in degrees C and its power draw in
** watts (on Ampere and later, averaged by the driver over about a
** second), 0 when unreadable. */
int kb_nvml_clock_events(kb_nvml *n, uint64_t *mask);
double kb_nvml_temp_c(kb_nvml *n);
double kb_nvml_power_w(kb_nvml *n);

/*
** Locked clocks (--lock-clocks, worker/clock_lock.h): the SM clock held
** at mhz (min = max), or at the base clock for KB_NVML_BASE_CLOCK; the
** memory clock at mhz; and both back to the driver's own management.
** Each returns 0, or with the reason in why: KB_NVML_DENIED (no
** permission: only root may), KB_NVML_UNSUPPORTED (this GPU or driver
** cannot), or -1 (another NVML error).  The highest memory clock the GPU
** supports, 0 when NVML cannot list them.
*/
#define KB_NVML_BASE_CLOCK 0xffffffffu
enum { KB_NVML_DENIED = -2, KB_NVML_UNSUPPORTED = -3 };
int kb_nvml_lock_sm(kb_nvml *n, unsigned mhz, char *why, size_t len);
int kb_nvml_lock_mem(kb_nvml *n, unsigned mhz, char *why, size_t len);
unsigned kb_nvml_max_mem_mhz(kb_nvml *n);
int kb_nvml_unlock(kb_nvml *n, char *why, size_t len);

#endif
