/*
** Other processes on a case's GPU: another user's job, a stray program, a
** kbench run with --no-lock.  Their work shares the device with the case's
** (time slices, memory bandwidth), so its times are not the plugin's alone,
** and a check that reads the device's busy time can blame the plugin for
** what they did.  NVML (gpu/nvml.h) lists the processes with a context on
** the device and samples each one's use of it; the worker reads both around
** each CUDA case and, when another process used the GPU, measures the case
** again once the GPU is quiet, within a bounded wait, or reports it as
** disturbed, naming the process (measure_watched in worker/worker.c).
** The device lock (worker/device_lock.h) already keeps other kbench runs
** away; this sees everything else NVML can see.
*/
#ifndef KB_NEIGHBOURS_H
#define KB_NEIGHBOURS_H

#include <stddef.h>

#include "gpu/nvml.h"

/* Processes told apart per device (more are counted, not named). */
#define KB_NEIGHBOURS_MAX 16

typedef struct kb_neighbour {
  unsigned pid;            /* as the driver sees it */
  int sampled;             /* NVML sampled its use in the window */
  unsigned sm, mem;        /* the highest SM and memory use sampled, % */
  char name[64];           /* "" when unknown (another pid namespace) */
} kb_neighbour;

/* Who else used the device in a window. */
typedef struct kb_neighbours {
  size_t n;
  kb_neighbour p[KB_NEIGHBOURS_MAX];
} kb_neighbours;

/*
** Pure: who disturbed a window, from the pids listed at its start and end
** (listed) and the use NVML sampled in it (use; use_known: NVML keeps such
** samples here), leaving out self, this process as the driver lists it.  A
** listed process disturbed when it was sampled using the SM or memory;
** where no samples are kept, when it was listed at all (kbench cannot tell
** an idle context from a busy one then).  A process sampled busy but gone
** by the end disturbed too.  Returns out->n.
*/
size_t kb_neighbours_judge(const unsigned *listed, size_t n_listed,
                           const kb_nvml_use *use, size_t n_use,
                           int use_known, unsigned self, kb_neighbours *out);

/* "pid 4242 (stray_copy) at SM 45%, memory 30%; pid 17 (?) with a
** context on the GPU" */
void kb_neighbours_text(const kb_neighbours *nb, char *buf, size_t len);

/* How a disturbed case ended: measured again once the GPU was quiet and
** disturbed again; not quiet within --quiet-wait; or not measured again. */
enum kb_disturbed_how { KB_DISTURBED_AGAIN, KB_DISTURBED_NO_QUIET,
                        KB_DISTURBED_NOT_AGAIN };

/* res (a pass, or an error of a check that reads the device's busy time)
** made DISTURBED: its stage, and a message naming who, with the case's
** own verdict kept in words when it was not a pass. */
struct kb_result;
void kb_neighbours_mark(struct kb_result *res, const kb_neighbours *nb,
                        enum kb_disturbed_how how);

/* The watch on one opened device. */
typedef struct kb_watch {
  kb_nvml *nvml;           /* NULL: nothing is watched, why says why */
  char why[256];
  unsigned self;           /* this process, as NVML lists it */
  int use_known;           /* NVML keeps per-process samples here */
  unsigned long long t0_us;/* the window's start (NVML's clock) */
  unsigned listed[KB_NEIGHBOURS_MAX];  /* listed at the window's start */
  size_t n_listed;
  int gave_up;             /* the last wait for quiet ran out: later
                              waits return at once until a window is
                              seen quiet */
} kb_watch;

/* After this process's context exists on the device (its pid is then
** listed): NULL nvml, or a pid namespace where this process cannot be told
** from others, leaves w watching nothing, with why. */
void kb_watch_open(kb_watch *w, kb_nvml *nvml, const char *why);
/* A window around a case: begin, then end: 1 with who in *nb when another
** process used the device in it, else 0 (always 0 when nothing is
** watched). */
void kb_watch_begin(kb_watch *w);
int kb_watch_end(kb_watch *w, kb_neighbours *nb);
/* Wait at most max_s for the device to be quiet (no other process listed,
** or none sampled busy for a second): 1 when it is, 0 when the wait ran
** out; after a wait that ran out, 0 at once until a window ends quiet. */
int kb_watch_quiet(kb_watch *w, double max_s);

#endif
