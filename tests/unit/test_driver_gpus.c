/* gpu/driver_gpus.c: the driver's GPU nodes, and when CUDA finding no
** device is an error (a GPU there but unusable) rather than an absence. */
#define _DEFAULT_SOURCE        /* mkdtemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gpu/driver_gpus.h"
#include "tap.h"

static void touch(const char *dir, const char *name)
{
  char path[512];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  if (f)
    fclose(f);
}

int main(void)
{
  char dir[] = "/tmp/kb_driver_gpus_XXXXXX", names[64];
  if (!mkdtemp(dir))
    return 1;
  ok(kb_driver_gpu_nodes(dir, names, sizeof names) == 0 && !names[0],
     "an empty folder: no GPU");
  touch(dir, "nvidiactl");
  touch(dir, "nvidia-uvm");
  touch(dir, "nvidia-uvm-tools");
  touch(dir, "nvidia");
  touch(dir, "nvidia0x");
  ok(kb_driver_gpu_nodes(dir, names, sizeof names) == 0,
     "the driver's control nodes and look-alikes are no GPU");
  touch(dir, "nvidia0");
  touch(dir, "nvidia12");
  size_t n = kb_driver_gpu_nodes(dir, names, sizeof names);
  ok(n == 2 && strstr(names, "nvidia0") && strstr(names, "nvidia12"),
     "nvidia0 and nvidia12 are GPUs: %zu (%s)", n, names);
  ok(kb_driver_gpu_nodes(dir, names, 4) == 2 && strlen(names) < 4,
     "names cut to their room, the count whole");
  ok(kb_driver_gpu_nodes("/nonexistent/kbench", names, sizeof names) == 0,
     "no such folder: no GPU");

  ok(!kb_gpu_unusable(0, NULL, 0), "no node, CUDA failed: absent (a skip)");
  ok(!kb_gpu_unusable(0, NULL, 1), "no node, CUDA sees none: absent");
  ok(kb_gpu_unusable(2, NULL, 0), "nodes, CUDA failed to start: unusable");
  ok(kb_gpu_unusable(2, NULL, 1), "nodes, CUDA sees none though nothing "
     "hides them: unusable");
  ok(!kb_gpu_unusable(2, "", 1), "nodes hidden by CUDA_VISIBLE_DEVICES=\"\": "
     "a skip");
  ok(!kb_gpu_unusable(2, "GPU-none", 1), "...or by a UUID that names none");
  ok(kb_gpu_unusable(2, "0", 0), "CUDA_VISIBLE_DEVICES does not excuse a "
     "CUDA that failed to start");

  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  if (system(cmd) != 0)
    return 1;
  return tap_done();
}
