/*
** One kbench per GPU.  A worker holds an flock(2) on a file named by its
** device's UUID for as long as it lives, so that two kbench processes
** never time each other's kernels or fight over the profiler; its
** supervisor keeps a copy of that open file and hands it to the device's
** next worker, so that the lock outlives the workers of one run.  The kernel
** drops the lock when the holder dies, even by SIGKILL: a lock is never
** stale.  The files live in one directory that every user shares
** (KBENCH_LOCK_DIR, else KB_LOCK_DIR_DEFAULT; made mode 1777, files 0666,
** whatever the umask), and the holder writes who it is into its file, so
** that a kbench that has to wait can say for whom.
**
** No CUDA here: the worker finds the UUID, this file only locks.
*/
#ifndef KB_DEVICE_LOCK_H
#define KB_DEVICE_LOCK_H

#include <stddef.h>
#include <sys/types.h>

#define KB_LOCK_DIR_DEFAULT "/tmp/kbench-locks"
/* The environment variable that names another directory. */
#define KB_LOCK_DIR_ENV "KBENCH_LOCK_DIR"

/* A lock held, or not (fd -1). */
typedef struct kb_device_lock {
  int fd;
} kb_device_lock;

/* Told once, when the lock is held by another process, who that is (as
** kb_device_lock_holder words it). */
typedef void (*kb_lock_wait_fn)(void *ctx, const char *holder);

/* The directory of the lock files: $KBENCH_LOCK_DIR when set and not
** empty, else KB_LOCK_DIR_DEFAULT. */
const char *kb_device_lock_dir(void);

/* dir made where missing (mode 1777, as /tmp): 0, or -1 with why. */
int kb_device_lock_dir_ready(const char *dir, char *why, size_t len);

/*
** The record a holder writes into its lock file: the process holding the
** lock (pid), the kbench that started it (owner, whose command line is
** read from /proc), the user, and the time now.  Lines "key value".
*/
void kb_device_lock_record(char *buf, size_t len, pid_t pid, pid_t owner);

/*
** Take the lock of the device uuid ("GPU-..."; letters, digits and '-'
** only) in dir, waiting up to timeout seconds for it (< 0: for as long as
** it takes; 0: not at all), then write record into it.  While it waits,
** on_wait (may be NULL) is told once who holds it.  0: held; 1: the
** timeout ran out, with who holds it in why; -1: it cannot be locked (the
** directory or file cannot be made or opened), with why.
*/
int kb_device_lock_take(kb_device_lock *l, const char *dir, const char *uuid,
                        double timeout, const char *record,
                        kb_lock_wait_fn on_wait, void *ctx, char *why,
                        size_t len);

/*
** Take the lock through fd, a descriptor of the device's lock file that
** this process inherited already locked: the supervisor keeps a worker's
** lock and hands it to the lane's next worker (supervisor.h), so that no
** other kbench takes the device between two workers of one run.  0: held,
** with record written; -1: fd is not that file or does not hold its lock
** (fd is then left to the caller).
*/
int kb_device_lock_adopt(kb_device_lock *l, int fd, const char *dir,
                         const char *uuid, const char *record);
/* Without a GPU, tests name one per ordinal ("$KBENCH_TEST_LOCK_UUID-1"),
** to take the whole path of a lock: 0 with that name in buf, or -1 when
** the variable is not set (tests/shell/lock.sh, clocks.sh). */
#define KB_TEST_LOCK_UUID_ENV "KBENCH_TEST_LOCK_UUID"
int kb_device_lock_test_name(int ordinal, char *buf, size_t len);

/* Let it go (safe when not held).  A process that exits lets go anyway. */
void kb_device_lock_release(kb_device_lock *l);

/*
** Who holds the lock file open at fd, from its record: "kbench pid 1234
** (user alice, since 2026-11-24 10:32:05, 3 min ago): kbench --metrics=seed".
** Returns 1 when the record names a live process, else 0 with "an unknown
** process (its lock file names none alive)" in buf.
*/
int kb_device_lock_holder(int fd, char *buf, size_t len);

#endif
