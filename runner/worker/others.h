/*
** Nothing the worker does reaches another process: not kbench's
** supervisor, nor another lane's worker, whatever the worker's uid
** (docs/security.md).
**
**   - Landlock's signal scope (its sixth version, Linux 6.12): no signal
**     leaves the worker's Landlock domain, by kill and its kin or as a
**     file's owner (SIGIO, SIGURG, F_SETSIG's), so the worker signals its
**     own threads and what it starts, nothing else;
**   - seccomp: setpriority, ioprio_set, sched_setscheduler, sched_setparam,
**     sched_setattr, sched_setaffinity and prlimit (setting limits) of a
**     process other than the worker itself (0, or its pid) fail with
**     EPERM, named when aimed at the supervisor; setpriority and
**     ioprio_set of a whole user are refused, named; and FIOSETOWN and
**     SIOCSPGRP, which make a process a socket's owner (beyond the seal's
**     fcntl rules), are refused, named.  A thread of the worker's other
**     than the calling one, named by its id, is another process here:
**     pthread_setaffinity_np from another thread fails with EPERM.
*/
#ifndef KB_OTHERS_H
#define KB_OTHERS_H

#include <stddef.h>

#include "worker/bpf_rules.h"

/* Landlock's signal scope, as above.  What could not be had, and why, in
** note ("" when set). */
void kb_others_scope(char *note, size_t len);

/* The seccomp rules, as above, into rules (room for at most room): how
** many.  The worker's pid and the supervisor's (its parent) are read
** now. */
size_t kb_others_rules(kb_bpf_rule *rules, size_t room);

#endif
