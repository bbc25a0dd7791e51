/*
** Does CUDA start under the worker's seal (worker/seal.h), and does it go
** on working once sealed after it started?  For bench/accept.sh, under
** strace -f where the machine has it, so that a refused call is named.
**   seal_probe seal-first   seal, then open device 0 (CUDA fails to start
**                           under Landlock's rule on /proc: issue 48)
**   seal_probe gpu-first    open device 0, seal, then use it (what the
**                           worker does): a fill, a sync, a new stream
** Prints the seal's layers and what CUDA said; exit 0 when the device
** opened and worked, 1 when not.
*/
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "gpu/gpu.h"
#include "process/contain.h"
#include "worker/seal.h"

static void seal_now(int report_fd)
{
  static const volatile uint64_t token = 0;
  kb_seal s;
  char layers[64];
  /* The default seal (contained unless KBENCH_CONTAIN=off). */
  kb_seal_worker(&s, report_fd, &token, kb_contain_from_env());
  kb_seal_layers(&s, layers, sizeof layers);
  printf("sealed: %s%s%s\n", layers, s.note[0] ? "; lacking: " : "",
         s.note);
}

int main(int argc, char **argv)
{
  int gpu_first = argc > 1 && strcmp(argv[1], "gpu-first") == 0;
  int reports[2];
  if (pipe(reports))
    return 2;
  if (!gpu_first)
    seal_now(reports[1]);
  char why[1024] = "", err[1024] = "";
  int unusable = 0;
  kb_gpu *g = kb_gpu_open(0, &unusable, why, sizeof why);
  printf("device 0: %s%s\n", g ? "opened" : "not opened: ",
         g ? "" : why);
  if (!g)
    return 1;
  if (gpu_first)
    seal_now(reports[1]);
  void *buf = NULL;
  int worked = kb_gpu_alloc(g, &buf, 1 << 20, err, sizeof err) == 0
               && kb_gpu_fill(g, buf, 7, 1 << 20, err, sizeof err) == 0
               && kb_gpu_touch(g, buf, 42, err, sizeof err) == 0
               && kb_gpu_sync(g, err, sizeof err) == 0;
  kb_gpu_free(buf);
  printf("after the seal: %s%s\n", worked ? "a fill, a kernel and a sync worked"
         : "failed: ", worked ? "" : err);
  kb_gpu_close(g);
  return worked ? 0 : 1;
}
