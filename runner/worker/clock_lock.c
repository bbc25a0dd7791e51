/* --lock-clocks: a worker's lock and the keeper's restore (clock_lock.h). */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/measure_cfg.h"
#include "gpu/gpu.h"
#include "gpu/nvml.h"
#include "plan/devices.h"
#include "worker/clock_lock.h"
#include "worker/device_lock.h"

/* The longest PCI bus id NVML takes, with room for a test's name. */
#define KB_BUS_ID_LEN 64

/* Tell the keeper, before anything is locked, which device to restore:
** one line, written whole (shorter than PIPE_BUF).  A keeper that is gone
** is an error here, not a SIGPIPE. */
static int tell_keeper(int fd, const char *bus, char *why, size_t len)
{
  char line[KB_BUS_ID_LEN + 2];
  int n = snprintf(line, sizeof line, "%s\n", bus);
  struct sigaction ignore = {.sa_handler = SIG_IGN}, old;
  sigaction(SIGPIPE, &ignore, &old);
  ssize_t put;
  do
    put = fd >= 0 ? write(fd, line, (size_t)n) : -1;
  while (put < 0 && errno == EINTR);
  sigaction(SIGPIPE, &old, NULL);
  if (put == n)
    return 0;
  snprintf(why, len, "nothing would restore them (the clock keeper is "
           "gone)");
  return -1;
}

/* The SM clock to ask NVML for, and how the user asked. */
static unsigned sm_target(kb_nvml *n, unsigned request, const char **how)
{
  *how = request == KB_LOCK_CLOCKS_BASE ? "base"
         : request == KB_LOCK_CLOCKS_MAX ? "max" : "";
  if (request == KB_LOCK_CLOCKS_BASE)
    return KB_NVML_BASE_CLOCK;
  if (request == KB_LOCK_CLOCKS_MAX)
    return kb_nvml_max_sm_mhz(n);
  return request;
}

/* The memory clock at its highest, where the GPU lets it be locked; what
** was done, in words, after the SM clock's. */
static void lock_memory(kb_clock_lock *l, kb_nvml *n, size_t used)
{
  char why[200];
  unsigned mhz = kb_nvml_max_mem_mhz(n);
  int rc = mhz ? kb_nvml_lock_mem(n, mhz, why, sizeof why)
               : KB_NVML_UNSUPPORTED;
  char *at = l->text + used;
  size_t left = sizeof l->text - used;
  if (rc == 0) {
    l->mem_mhz = mhz;
    snprintf(at, left, ", memory %u MHz", mhz);
  } else if (rc == KB_NVML_UNSUPPORTED) {
    snprintf(at, left, ", memory clock not lockable on this GPU");
  } else {
    snprintf(at, left, ", memory clock not locked (%.150s)", why);
  }
}

void kb_clock_lock_take(kb_clock_lock *l, int ordinal, unsigned request,
                        int keeper_fd)
{
  char bus[KB_BUS_ID_LEN], why[200];
  if (l->tried || !request)
    return;
  l->tried = 1;
  if (kb_gpu_pci_bus_id(ordinal, bus, sizeof bus)
      && kb_device_lock_test_name(ordinal, bus, sizeof bus)) {
    snprintf(l->text, sizeof l->text, "not locked: no PCI bus id to find "
             "the device by in NVML");
    return;
  }
  kb_nvml *n = kb_nvml_open(bus, why, sizeof why);
  if (!n) {
    snprintf(l->text, sizeof l->text, "not locked: %s", why);
    return;
  }
  const char *how;
  unsigned target = sm_target(n, request, &how);
  int rc = -1;
  if (!target)
    snprintf(why, sizeof why, "NVML does not say the SM clock's maximum");
  else if (tell_keeper(keeper_fd, bus, why, sizeof why) == 0)
    rc = kb_nvml_lock_sm(n, target, why, sizeof why);
  if (rc != 0) {
    snprintf(l->text, sizeof l->text, "not locked: %s", why);
    kb_nvml_close(n);
    return;
  }
  l->locked = 1;
  /* The base clock is NVML's to choose: read where it went. */
  l->sm_mhz = target == KB_NVML_BASE_CLOCK ? kb_nvml_sm_mhz(n) : target;
  int used = l->sm_mhz
      ? snprintf(l->text, sizeof l->text, "SM %u MHz%s%s%s", l->sm_mhz,
                 *how ? " (" : "", how, *how ? ")" : "")
      : snprintf(l->text, sizeof l->text, "SM at its %s clock (not read "
                 "back)", how);
  if (used > 0 && (size_t)used < sizeof l->text)
    lock_memory(l, n, (size_t)used);
  kb_nvml_close(n);
}

/* --- the keeper ---------------------------------------------------------- */

/* The devices to restore, each once. */
typedef struct kept {
  char bus[KB_MAX_DEVICES][KB_BUS_ID_LEN];
  size_t n;
} kept;

static void keep(kept *k, const char *bus)
{
  for (size_t i = 0; i < k->n; i++)
    if (strcmp(k->bus[i], bus) == 0)
      return;
  if (k->n < KB_MAX_DEVICES && *bus)
    snprintf(k->bus[k->n++], KB_BUS_ID_LEN, "%.*s", KB_BUS_ID_LEN - 1, bus);
}

int kb_keeper_main(void)
{
  kept k = {.n = 0};
  char line[KB_BUS_ID_LEN + 2];
  int status = 0;
  /* Its end is its pipe's end: the supervisor's signals are the
  ** supervisor's to act on. */
  signal(SIGINT, SIG_IGN);
  signal(SIGTERM, SIG_IGN);
  signal(SIGHUP, SIG_IGN);
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\n")] = '\0';
    keep(&k, line);
  }
  for (size_t i = 0; i < k.n; i++) {
    char why[256];
    kb_nvml *n = kb_nvml_open(k.bus[i], why, sizeof why);
    int rc = n ? kb_nvml_unlock(n, why, sizeof why) : -1;
    kb_nvml_close(n);
    /* Denied: this user could not have locked them either (the worker
    ** tells the keeper before it tries). */
    if (rc == 0 || rc == KB_NVML_DENIED)
      continue;
    fprintf(stderr, "kbench: cannot restore the clocks of GPU %s: %s "
            "(nvidia-smi -i %s -rgc -rmc does, as root)\n", k.bus[i], why,
            k.bus[i]);
    status = 1;
  }
  return status;
}
