/* A descriptor handed from the supervisor to a worker (fd_pass.h). */

#define _GNU_SOURCE            /* MSG_CMSG_CLOEXEC */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include "process/fd_pass.h"
#include "process/worker_start.h"

int kb_fd_send(int sock, int fd)
{
  char byte = fd >= 0;
  struct iovec iov = {&byte, 1};
  union {
    struct cmsghdr h;
    char room[CMSG_SPACE(sizeof(int))];
  } control;
  struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1};
  memset(&control, 0, sizeof control);
  if (fd >= 0) {
    msg.msg_control = control.room;
    msg.msg_controllen = sizeof control.room;
    struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(c), &fd, sizeof fd);
  }
  ssize_t n;
  while ((n = sendmsg(sock, &msg, MSG_NOSIGNAL)) < 0 && errno == EINTR)
    ;
  return n == 1 ? 0 : -1;
}

int kb_fd_receive(int sock)
{
  char byte;
  struct iovec iov = {&byte, 1};
  union {
    struct cmsghdr h;
    char room[CMSG_SPACE(sizeof(int))];
  } control;
  struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1,
                       .msg_control = control.room,
                       .msg_controllen = sizeof control.room};
  ssize_t n;
  while ((n = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC)) < 0 && errno == EINTR)
    ;
  if (n != 1)
    return -1;
  int fd = -1;
  for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c))
    if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS
        && c->cmsg_len == CMSG_LEN(sizeof(int)))
      memcpy(&fd, CMSG_DATA(c), sizeof fd);
  if (fd < 0 || fd >= KB_WORKER_FD_FLOOR)
    return fd;
  /* The lowest free number may be a fixed one left free (worker_start.h). */
  int moved = fcntl(fd, F_DUPFD_CLOEXEC, KB_WORKER_FD_FLOOR);
  close(fd);
  return moved;
}
