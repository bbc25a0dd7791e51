/*
** A descriptor handed from the supervisor to a worker on a socket of its
** own (worker_start.h: KB_WORKER_FILES): the library an order loads,
** which the supervisor opened and judged (plan/trust.h), so that what the
** worker loads is the file whose digest was read, whatever its path names
** by then.  One message per LOAD or CASE order, sent before it: a byte,
** with the descriptor, or without one when the supervisor could not open
** the library.
*/
#ifndef KB_FD_PASS_H
#define KB_FD_PASS_H

/* Send fd (-1: none) on sock: 0, or -1 (the worker is gone). */
int kb_fd_send(int sock, int fd);

/* The descriptor of the next message on sock (close-on-exec), numbered
** KB_WORKER_FD_FLOOR or above (worker_start.h), or -1 when it came without
** one or none came. */
int kb_fd_receive(int sock);

#endif
