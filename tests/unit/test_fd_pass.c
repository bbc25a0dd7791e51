/* A library's descriptor handed to a worker (process/fd_pass.h): it
** arrives above the worker's fixed numbers, whichever of them are free, and
** names the file that was sent. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "process/fd_pass.h"
#include "process/worker_start.h"
#include "tap.h"

int main(void)
{
  int sv[2];
  char path[] = "/tmp/kbench-fd-pass.XXXXXX";
  int file = mkstemp(path);
  if (file < 0 || socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
    return 99;
  unlink(path);
  /* The fixed numbers a worker may leave free (no lock handed down, no
  ** keeper): free here too, so the lowest free number is among them. */
  for (int fd = KB_WORKER_LOCK; fd < KB_WORKER_FD_FLOOR; fd++)
    if (fd != sv[0] && fd != sv[1] && fd != file)
      close(fd);
  int lowest = dup(0);          /* where a received descriptor first lands */
  close(lowest);
  ok(kb_fd_send(sv[0], file) == 0, "a descriptor is sent");
  int got = kb_fd_receive(sv[1]);
  struct stat a, b;
  ok(got >= KB_WORKER_FD_FLOOR, "it arrives at %d, not on a fixed number "
     "below %d (the H200's worker got 5, its lock's, and closed it)", got,
     KB_WORKER_FD_FLOOR);
  ok(got >= 0 && fstat(got, &a) == 0 && fstat(file, &b) == 0
     && a.st_ino == b.st_ino && a.st_dev == b.st_dev,
     "it names the file that was sent");
  ok(got >= 0 && (fcntl(got, F_GETFD) & FD_CLOEXEC),
     "it is close-on-exec: nothing a plugin starts holds it");
  int again = dup(0);
  ok(again == lowest, "the low number it came in on, %d, is free again "
     "(%d)", lowest, again);
  ok(kb_fd_send(sv[0], -1) == 0 && kb_fd_receive(sv[1]) == -1,
     "a message without one gives -1");
  close(sv[0]);
  ok(kb_fd_receive(sv[1]) == -1, "none when the sender is gone");
  return tap_done();
}
