/*
** The worker has no terminal (docs/security.md): it starts in a session of
** its own (process/worker_handle.c), so /dev/tty names none, and here
**
**   - Landlock (Linux 5.13 or later, enabled) lets it open for reading or
**     writing every file but the terminals: /dev/pts and /dev's character
**     devices of the terminals' major numbers (the consoles, serial lines,
**     ptys and the screen's contents, /dev/vcs*), whatever name or link
**     (/proc/PID/fd/N of the supervisor's) it opens them by.  /dev's
**     entries are read once, at the seal: a node made later, by
**     nvidia-modprobe say, does not open;
**   - seccomp refuses the ioctls that type into a terminal or take it over
**     (TIOCSTI, TIOCLINUX, TIOCCONS, TIOCSCTTY, TIOCSPGRP), named, and
**     fails those that change its settings or flush it with ENOTTY, as
**     for a file that is not a terminal.  Only the requests named: the
**     ioctls of 'T' that sockets and pipes answer too (FIONREAD, FIONBIO,
**     TIOCOUTQ, ...) and the GPU driver's (of 'F', and nvidia-uvm's plain
**     numbers) are not among them.
**
** What a plugin prints reaches the user through kbench alone: its output
** is a pipe, shown under a failed case with control characters replaced
** (worker_handle.h), and its reports' text is one printable line.
*/
#ifndef KB_TERMINAL_H
#define KB_TERMINAL_H

#include <stddef.h>

#include "worker/bpf_rules.h"

/* Shut the terminals, as above (the confinement's Landlock, and its
** switch: KBENCH_CONFINE=off leaves them open).  What could not be had,
** and why, in note ("" when shut). */
void kb_terminal_shut(char *note, size_t len);

/* The ioctl rules, as above, into rules (room for at most room): how
** many. */
size_t kb_terminal_rules(kb_bpf_rule *rules, size_t room);

#endif
