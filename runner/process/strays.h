/*
** What workers leave behind.  A plugin may start processes of its own, and
** one in a session of its own (setsid) escapes the worker's process group,
** which is all the watchdog kills.  The supervisor therefore makes itself
** the subreaper of everything below it: a process whose parent dies is
** handed to the supervisor instead of init, and every such stray is killed
** when a worker is reaped, with all its descendants at once, round after
** round until none is left: a chain of sessions each forking the next is
** killed whole, however long (issue 49), and no next worker starts while
** one of them lives.  A stray is a descendant of the supervisor that is
** not a live worker nor below one: the supervisor starts nothing else.
*/
#ifndef KB_STRAYS_H
#define KB_STRAYS_H

#include <stddef.h>
#include <sys/types.h>

/* Become the subreaper of all descendants (Linux; a no-op elsewhere). */
void kb_strays_adopt(void);

/* Kill every descendant of this process that is not one of the n workers
** in live nor below one, reaping them as they are handed up, until none
** is left.  Returns how many were killed. */
int kb_strays_end(const pid_t *live, size_t n);

#endif
