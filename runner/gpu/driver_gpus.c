/* The driver's GPU nodes, and whether CUDA's silence is an error (driver_gpus.h). */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/driver_gpus.h"

/* "nvidia" and digits only: nvidiactl, nvidia-uvm and nvidia-caps are the
** driver's, not a GPU's. */
static int is_gpu_node(const char *name)
{
  if (strncmp(name, "nvidia", 6) != 0 || !name[6])
    return 0;
  for (const char *c = name + 6; *c; c++)
    if (!isdigit((unsigned char)*c))
      return 0;
  return 1;
}

size_t kb_driver_gpu_nodes(const char *dir, char *names, size_t len)
{
  if (!dir)
    dir = getenv(KB_TEST_DEV_DIR_ENV);
  if (!dir || !*dir)
    dir = "/dev";
  size_t n = 0, used = 0;
  if (len)
    names[0] = '\0';
  DIR *d = opendir(dir);
  if (!d)
    return 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (!is_gpu_node(e->d_name))
      continue;
    n++;
    if (used < len) {
      int w = snprintf(names + used, len - used, "%s%s", used ? ", " : "",
                       e->d_name);
      used += w > 0 ? (size_t)w : 0;
    }
  }
  closedir(d);
  return n;
}

int kb_gpu_unusable(size_t nodes, const char *visible, int none_visible)
{
  if (nodes == 0)
    return 0;
  /* CUDA_VISIBLE_DEVICES that names none of them hides them on purpose:
  ** CUDA then starts and sees nothing.  Any other failure to start is not
  ** the variable's doing. */
  if (visible && none_visible)
    return 0;
  return 1;
}
