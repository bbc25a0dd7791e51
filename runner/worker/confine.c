/* The worker's writes kept to its scratch directory (confine.h). */

#define _GNU_SOURCE            /* O_PATH */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "process/worker_start.h"
#include "worker/confine.h"
#include "worker/device_lock.h"
#include "worker/landlock.h"
#include "worker/landlock_restrict.h"

#ifdef KB_HAVE_LANDLOCK
/* Every right that writes, makes, removes or renames, by the kernel's
** Landlock version. */
static uint64_t writing_rights(long abi)
{
  uint64_t r = LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_REMOVE_DIR
               | LANDLOCK_ACCESS_FS_REMOVE_FILE | LANDLOCK_ACCESS_FS_MAKE_CHAR
               | LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG
               | LANDLOCK_ACCESS_FS_MAKE_SOCK | LANDLOCK_ACCESS_FS_MAKE_FIFO
               | LANDLOCK_ACCESS_FS_MAKE_BLOCK | LANDLOCK_ACCESS_FS_MAKE_SYM;
  if (abi >= 2)
    r |= LANDLOCK_ACCESS_FS_REFER;
#  ifdef LANDLOCK_ACCESS_FS_TRUNCATE
  if (abi >= 3)
    r |= LANDLOCK_ACCESS_FS_TRUNCATE;
#  endif
  return r;
}

static void confine(const char *scratch, int contain, char *note,
                    size_t len)
{
  long abi = kb_landlock_abi();
  if (abi < 1) {
    snprintf(note, len, "no Landlock (Linux 5.13 or later, enabled): the "
             "worker may write wherever the user may");
    return;
  }
  uint64_t all = writing_rights(abi);
  uint64_t device = all & (LANDLOCK_ACCESS_FS_WRITE_FILE
#  ifdef LANDLOCK_ACCESS_FS_TRUNCATE
                           | LANDLOCK_ACCESS_FS_TRUNCATE
#  endif
                           );
  int ruleset = kb_landlock_ruleset(all, 0);
  char why[256] = "";
  const char *locks = kb_device_lock_dir();
  if (ruleset < 0 || kb_landlock_allow_path(ruleset, scratch, all)) {
    snprintf(note, len, "cannot confine the worker's writes to %.200s: it "
             "may write wherever the user may", scratch);
    if (ruleset >= 0)
      close(ruleset);
    return;
  }
  kb_landlock_allow_path(ruleset, "/dev", device);
  kb_landlock_allow_path(ruleset, "/dev/shm", all);
  /* The lock's directory must exist to be named.  Contained, its lock
  ** files were made before (lock_files.h) and nothing can be created
  ** there: no squatter at a lock's name. */
  if (kb_device_lock_dir_ready(locks, why, sizeof why) == 0)
    kb_landlock_allow_path(ruleset, locks, contain ? device : all);
  if (kb_landlock_restrict(ruleset))
    snprintf(note, len, "Landlock refused the worker's confinement: it may "
             "write wherever the user may");
}
#else
static void confine(const char *scratch, int contain, char *note,
                    size_t len)
{
  (void)scratch;
  (void)contain;
  snprintf(note, len, "built without Landlock's header: the worker may "
           "write wherever the user may");
}
#endif

const char *kb_confine_skipped(void)
{
  const char *env = getenv(KB_CONFINE_ENV);
  if (env && strcmp(env, "off") == 0)
    return KB_CONFINE_ENV "=off";
  /* Such a tool writes its reports from inside the worker. */
  if (getenv("CUDA_INJECTION64_PATH"))
    return "a profiling tool is injected (CUDA_INJECTION64_PATH)";
  return NULL;
}

void kb_confine_writes(int contain, char *note, size_t len)
{
  const char *scratch = getenv(KB_WORKER_SCRATCH_ENV);
  const char *skipped = kb_confine_skipped();
  note[0] = '\0';
  if (skipped)
    snprintf(note, len, "writes not confined: %s", skipped);
  else if (!scratch || !*scratch)
    snprintf(note, len, "no scratch directory: the worker may write "
             "wherever the user may");
  else
    confine(scratch, contain, note, len);
}
