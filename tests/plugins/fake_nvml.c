/*
** A stand-in for the driver's libnvidia-ml.so.1, loaded through
** KBENCH_NVML_LIBRARY (runner/gpu/nvml.h) by tests/shell/clocks.sh: it
** answers the few entry points kbench uses as a GPU would, and appends
** each call that changes the clocks to the file FAKE_NVML_LOG, one line
** "PID CALL DEVICE [MIN MAX]", so that a test sees who locked and who
** restored, in which order, whatever process made the call.  Not a
** plugin: it has no kbench entry point.
**
**   FAKE_NVML_DENY=1      locking answers NVML_ERROR_NO_PERMISSION, as
**                         for a user who is not root
**   FAKE_NVML_NO_MEM=1    the memory clock cannot be locked
**                         (NVML_ERROR_NOT_SUPPORTED, as on HBM GPUs)
**   FAKE_NVML_EVENTS=N    the clock-event reasons every read answers
*/
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define EXPORT __attribute__((visibility("default")))

enum { SUCCESS = 0, INVALID_ARGUMENT = 2, NOT_SUPPORTED = 3,
       NO_PERMISSION = 4, INSUFFICIENT_SIZE = 7 };
#define CLOCK_SM 1
#define CLOCK_MEM 2
#define LIMIT_ID_TDP 0xffffff01u
#define BASE_MHZ 1590
#define MAX_MHZ 1980
static const unsigned mem_clocks[] = {1593, 2619};

/* One device per bus id asked for; the handle points at its slot. */
typedef struct device {
  char bus[64];
  unsigned sm_locked;      /* 0: not locked */
} device;
static device devices[8];

static int flag(const char *name)
{
  const char *v = getenv(name);
  return v && *v && strcmp(v, "0") != 0;
}

static void log_call(const device *d, const char *call, unsigned lo,
                     unsigned hi, int two)
{
  const char *path = getenv("FAKE_NVML_LOG");
  char line[256];
  if (!path)
    return;
  int n = two ? snprintf(line, sizeof line, "%d %s %s %u %u\n", (int)getpid(),
                         call, d->bus, lo, hi)
              : snprintf(line, sizeof line, "%d %s %s\n", (int)getpid(),
                         call, d->bus);
  /* One write with O_APPEND: lines of several processes never mix. */
  int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd >= 0) {
    if (write(fd, line, (size_t)n) != n)
      n = 0;
    close(fd);
  }
}

EXPORT int nvmlInit_v2(void) { return SUCCESS; }
EXPORT int nvmlShutdown(void) { return SUCCESS; }

EXPORT const char *nvmlErrorString(int rc)
{
  return rc == NO_PERMISSION ? "Insufficient Permissions"
         : rc == NOT_SUPPORTED ? "Not Supported" : "Unknown Error";
}

EXPORT int nvmlDeviceGetHandleByPciBusId_v2(const char *bus, device **dev)
{
  for (size_t i = 0; i < sizeof devices / sizeof *devices; i++)
    if (!devices[i].bus[0] || strcmp(devices[i].bus, bus) == 0) {
      snprintf(devices[i].bus, sizeof devices[i].bus, "%s", bus);
      *dev = &devices[i];
      return SUCCESS;
    }
  return INVALID_ARGUMENT;
}

EXPORT int nvmlDeviceGetMaxClockInfo(device *d, int which, unsigned *mhz)
{
  (void)d;
  *mhz = which == CLOCK_MEM ? mem_clocks[1] : MAX_MHZ;
  return SUCCESS;
}

EXPORT int nvmlDeviceGetClockInfo(device *d, int which, unsigned *mhz)
{
  *mhz = which == CLOCK_MEM ? mem_clocks[1]
         : d->sm_locked ? d->sm_locked : MAX_MHZ;
  return SUCCESS;
}

EXPORT int nvmlDeviceSetGpuLockedClocks(device *d, unsigned lo, unsigned hi)
{
  if (flag("FAKE_NVML_DENY"))
    return NO_PERMISSION;
  log_call(d, "lock_sm", lo, hi, 1);
  d->sm_locked = lo == LIMIT_ID_TDP ? BASE_MHZ : lo;
  return SUCCESS;
}

EXPORT int nvmlDeviceResetGpuLockedClocks(device *d)
{
  if (flag("FAKE_NVML_DENY"))
    return NO_PERMISSION;
  log_call(d, "reset_sm", 0, 0, 0);
  d->sm_locked = 0;
  return SUCCESS;
}

EXPORT int nvmlDeviceSetMemoryLockedClocks(device *d, unsigned lo,
                                           unsigned hi)
{
  if (flag("FAKE_NVML_DENY"))
    return NO_PERMISSION;
  if (flag("FAKE_NVML_NO_MEM"))
    return NOT_SUPPORTED;
  log_call(d, "lock_mem", lo, hi, 1);
  return SUCCESS;
}

EXPORT int nvmlDeviceResetMemoryLockedClocks(device *d)
{
  if (flag("FAKE_NVML_DENY"))
    return NO_PERMISSION;
  if (flag("FAKE_NVML_NO_MEM"))
    return NOT_SUPPORTED;
  log_call(d, "reset_mem", 0, 0, 0);
  return SUCCESS;
}

EXPORT int nvmlDeviceGetSupportedMemoryClocks(device *d, unsigned *count,
                                              unsigned *mhz)
{
  (void)d;
  unsigned n = sizeof mem_clocks / sizeof *mem_clocks;
  if (!mhz || *count < n) {
    *count = n;
    return INSUFFICIENT_SIZE;
  }
  memcpy(mhz, mem_clocks, sizeof mem_clocks);
  *count = n;
  return SUCCESS;
}

EXPORT int nvmlDeviceGetCurrentClocksEventReasons(device *d,
                                                  unsigned long long *mask)
{
  (void)d;
  const char *v = getenv("FAKE_NVML_EVENTS");
  *mask = v ? strtoull(v, NULL, 0) : 0;
  return SUCCESS;
}

EXPORT int nvmlDeviceGetTemperature(device *d, int sensor, unsigned *c)
{
  (void)d;
  (void)sensor;
  *c = 45;
  return SUCCESS;
}

EXPORT int nvmlDeviceGetPowerUsage(device *d, unsigned *mw)
{
  (void)d;
  *mw = 123456;
  return SUCCESS;
}
