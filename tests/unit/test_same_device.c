/*
** results/'s one rule for "the same device" (kb_res_same_device), which
** kbench fleet, compare's pooling and tune's cache share: the host is the
** host whatever its ordinal, never a GPU; GPUs by UUID when both have
** one, else by bus id, else by ordinal; and the key that sorts one file's
** devices.  With json-c, fleet's reference for a case within a group
** (kb_fleet_reference): the faster of two, the median of more.
*/
#include <math.h>
#include <string.h>

#include "config.h"
#include "results/reader.h"
#include "tap.h"
#if KBENCH_HAVE_JSON_C
#  include "commands/fleet/judge.h"
#endif

static kb_res_device gpu(int ordinal, const char *uuid, const char *pci)
{
  kb_res_device d = {.known = 1, .ordinal = ordinal, .uuid = (char *)uuid,
                     .pci_bus_id = (char *)pci};
  return d;
}

int main(void)
{
  kb_res_device host0 = {.host = 1, .ordinal = 0};
  kb_res_device host1 = {.host = 1, .ordinal = 1};
  kb_res_device a0 = gpu(0, "GPU-aaaa", "0000:00:06.0");
  kb_res_device a1 = gpu(1, "GPU-aaaa", "0000:00:07.0");
  kb_res_device b0 = gpu(0, "GPU-bbbb", "0000:00:06.0");
  kb_res_device bare0 = gpu(0, NULL, NULL), bare1 = gpu(1, NULL, NULL);
  kb_res_device pci6 = gpu(1, NULL, "0000:00:06.0");
  char k[320];

  ok(kb_res_same_device(&host0, &host1),
     "a host case's device is the host, whatever its ordinal");
  ok(!kb_res_same_device(&host0, &bare0) && !kb_res_same_device(&bare0, &host0),
     "the host is never a GPU, not even one of the same ordinal");
  ok(kb_res_same_device(&a0, &a1), "the same UUID is the same GPU");
  ok(!kb_res_same_device(&a0, &b0),
     "different UUIDs are different GPUs, the same ordinal and bus id or not");
  ok(kb_res_same_device(&a0, &bare0) && !kb_res_same_device(&a0, &bare1),
     "a UUID on one side only: the ordinals decide");
  ok(kb_res_same_device(&a0, &pci6),
     "no UUID on one side: the bus ids decide before the ordinals");
  kb_res_device_key(&a0, k, sizeof k);
  ok(strcmp(k, "uuid GPU-aaaa") == 0, "the key of a GPU with a UUID: %s", k);
  kb_res_device_key(&host1, k, sizeof k);
  ok(strcmp(k, "host") == 0, "the key of the host: %s", k);
  kb_res_device_key(&bare1, k, sizeof k);
  ok(strcmp(k, "ordinal 1") == 0, "the key of a bare ordinal: %s", k);
#if KBENCH_HAVE_JSON_C
  double two[] = {1.1e-3, 1.0e-3}, three[] = {1.0, 1.3, 1.02};
  ok(kb_fleet_reference(two, 2) == 1.0e-3,
     "two GPUs: the faster is the reference, not the mean (1.05e-3)");
  ok(kb_fleet_reference(three, 3) == 1.02,
     "three: the median, not the fastest");
  ok(kb_fleet_reference(two, 1) == 1.1e-3, "one: its own");
  ok(isnan(kb_fleet_reference(two, 0)), "none: NAN");
#endif
  return tap_done();
}
