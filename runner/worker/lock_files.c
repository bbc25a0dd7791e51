/* The GPU locks' files, made before the confinement (lock_files.h). */

#define _GNU_SOURCE            /* O_NOFOLLOW */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "worker/device_lock.h"
#include "worker/lock_files.h"

/* dir/uuid.lock, made as the lock's opener makes it (0666, whatever the
** umask): 1 when it is there now, else 0. */
static int make(const char *dir, const char *uuid)
{
  char path[4096];
  if ((size_t)snprintf(path, sizeof path, "%s/%s.lock", dir, uuid)
      >= sizeof path)
    return 0;
  int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC,
                0666);
  if (fd < 0)
    return 0;
  struct stat st;
  int made = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
  if (made)
    fchmod(fd, 0666);          /* another user's file: fails, harmlessly */
  close(fd);
  return made;
}

/* The "GPU UUID:" of a driver's information file, in uuid: 0, or -1. */
static int driver_uuid(int gpus, const char *name, char *uuid, size_t len)
{
  char path[512], line[256];
  snprintf(path, sizeof path, "%s/information", name);
  int fd = openat(gpus, path, O_RDONLY | O_CLOEXEC);
  FILE *f = fd >= 0 ? fdopen(fd, "r") : NULL;
  int found = -1;
  if (!f) {
    if (fd >= 0)
      close(fd);
    return -1;
  }
  while (found && fgets(line, sizeof line, f))
    if (sscanf(line, "GPU UUID: %63s", uuid) == 1 && len > 63)
      found = 0;
  fclose(f);
  return found;
}

int kb_lock_files_make(const char *dir, int device)
{
  char uuid[64], why[512];
  int n = 0;
  if (kb_device_lock_dir_ready(dir, why, sizeof why))
    return 0;
  if (kb_device_lock_test_name(device, uuid, sizeof uuid) == 0)
    n += make(dir, uuid);
  DIR *d = opendir("/proc/driver/nvidia/gpus");
  for (struct dirent *e; d && (e = readdir(d)) != NULL;)
    if (e->d_name[0] != '.'
        && driver_uuid(dirfd(d), e->d_name, uuid, sizeof uuid) == 0)
      n += make(dir, uuid);
  if (d)
    closedir(d);
  return n;
}
