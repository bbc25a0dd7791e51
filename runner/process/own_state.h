/*
** The supervisor's scheduling and limits, saved when it starts and put
** back after each worker: its nice, scheduling policy and priority, CPU
** affinity, I/O priority and resource limits.  A worker whose seal lacks
** a rule (worker/others.h), or a catalogue worker of a root kbench, could
** change them, and every worker started after inherits them
** (docs/security.md).  Putting back a higher priority or a raised limit
** needs privileges a plain user may lack: what could not be put back is
** said.
*/
#ifndef KB_OWN_STATE_H
#define KB_OWN_STATE_H

#include <sched.h>
#include <stddef.h>
#include <sys/resource.h>

/* Linux's resource limits, RLIMIT_CPU to RLIMIT_RTTIME. */
#define KB_OWN_LIMITS 16

typedef struct kb_own_state {
  int saved;               /* 0 before kb_own_state_save */
  int nice;
  int policy;
  struct sched_param param;
  unsigned long cpus[1024 / (8 * sizeof(unsigned long))];  /* a cpu_set_t */
  int have_cpus;
  long ioprio;             /* -1: unknown */
  struct rlimit limits[KB_OWN_LIMITS];
} kb_own_state;

/* This process's state into st. */
void kb_own_state_save(kb_own_state *st);

/* This process's state back to st's where it differs: 0, or -1 with
** what could not be put back in what. */
int kb_own_state_restore(const kb_own_state *st, char *what, size_t len);

#endif
