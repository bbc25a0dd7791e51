/*
** --lock-clocks: the GPU's clocks held still for a run, and always given
** back.
**
** Who locks: the worker, before its device's first use and after it took
** the device's lock (device_lock.h), so that one kbench never moves the
** clocks of a GPU another kbench is measuring.  It knows the device (its
** PCI bus id) and opens NVML itself; a worker started after one died locks
** again, which NVML takes as a no-op.
**
** Who restores: the clock keeper, a process of its own that the
** supervisor starts before any worker (process/keeper.h) and that touches
** nothing but NVML.  Each worker writes the device's bus id into the
** keeper's pipe before it locks; the keeper reads them, and when every
** end of that pipe is closed (the supervisor ended, however it ended, and
** its workers with it) it resets each device's clocks and exits.  So no
** exit leaves the clocks locked: a worker that crashes or that the
** watchdog kills (the supervisor and the next worker still hold the
** pipe), an interrupted supervisor (it ends its workers, then closes its
** end and waits for the keeper), a supervisor killed outright (its
** workers die with it, the pipe closes, the keeper restores).  Only a
** keeper killed by SIGKILL leaves them, which nvidia-smi -rgc -rmc undoes.
** The keeper sits in a process group of its own (Ctrl-C does not reach
** it) and ignores SIGINT, SIGTERM and SIGHUP: its end is its pipe's end.
**
** Restoring is NVML's reset (nvmlDeviceResetGpuLockedClocks,
** ...MemoryLockedClocks), as nvbench and Kernel Tuner do: the driver's
** own clock management, not whatever lock an administrator had set before
** (NVML cannot read a lock back).
*/
#ifndef KB_CLOCK_LOCK_H
#define KB_CLOCK_LOCK_H

#include <stddef.h>

/* What a worker did to its device's clocks, for its device report. */
typedef struct kb_clock_lock {
  int tried;
  unsigned sm_mhz;          /* the SM clock held (0: not locked, or not
                               read back) */
  unsigned mem_mhz;         /* the memory clock held (0: not locked) */
  int locked;               /* the SM clock is locked */
  char text[256];           /* for the user: "SM 1590 MHz (base), memory
                               2619 MHz", "not locked: ... no permission
                               (it needs root)"; "" when not asked */
} kb_clock_lock;

/*
** Lock the clocks of device ordinal (CUDA's) as request asks (measure_cfg's
** lock_clocks: KB_LOCK_CLOCKS_BASE, _MAX or MHz), once per worker, having
** told the keeper on keeper_fd first.  The device is found by its PCI bus
** id; without a GPU, by the name tests give it (KBENCH_TEST_LOCK_UUID,
** device_lock.h).  l->locked says whether it is; when not, l->text says
** why (no permission, not supported, no NVML, no keeper to restore them).
*/
void kb_clock_lock_take(kb_clock_lock *l, int ordinal, unsigned request,
                        int keeper_fd);

/* The keeper's main (`kbench --kbench-clock-keeper`, keeper.h): reads bus ids from standard input until its end,
** then unlocks each device; returns the exit status (1 when a device's
** clocks could not be reset, which it says on stderr). */
int kb_keeper_main(void);

#endif
