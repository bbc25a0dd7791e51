/*
** The worker's seal, set before a plugin's code first runs (the first
** dlopen of a plugin runs its constructors): what a plugin may no longer
** change in the process that times it (docs/security.md).
**
**   - mseal(2) (Linux 6.10 or later) over the runner's ranges: the kbench
**     binary's and every library's code, read-only data and RELRO (the GOT
**     is there: the binary is linked -z relro -z now), the vDSO, which
**     holds clock_gettime, and its clock data ([vvar]).  No mprotect, mmap
**     over, mremap or munmap of them succeeds, whatever range the call
**     names.
**   - Landlock (Linux 5.19 or later, where the kernel enables it): no file
**     beneath /proc may be opened for writing, so that /proc/self/mem,
**     which writes through page protections and seals alike, stays shut.
**   - seccomp (with libseccomp): mprotect, pkey_mprotect and mmap making
**     memory both writable and executable; the same calls, munmap and
**     mremap at an address inside the runner's ranges; madvise that
**     drops pages over any part of them (mseal does not refuse it for a
**     file's mapping, whose relocated pages would read the file's bytes
**     again); a new SIGSYS handler; ptrace, process_vm_writev and pidfd_getfd (another
**     process's memory and descriptors: another device's worker).  Each
**     raises SIGSYS, whose handler (installed here, and which may not be
**     replaced, and whose report descriptor lies on a read-only, sealed
**     page of its own) fails the call with EPERM and writes a REFUSED
**     frame (refusal.h) on the worker's reports: the supervisor then fails the
**     case, naming what the plugin tried, and starts a fresh worker.  An
**     address filter sees where a call starts only: a range that starts
**     below the runner's and reaches into it gets past it, and only mseal
**     stops that.
**
** KBENCH_SEAL=off in the environment leaves the worker unsealed, to tell
** a failure the seal causes from one it does not.
*/
#ifndef KB_SEAL_H
#define KB_SEAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define KB_SEAL_MAX_RANGES 96

typedef struct kb_seal_range {
  uintptr_t lo, hi;        /* [lo, hi), page-aligned */
} kb_seal_range;

typedef struct kb_seal {
  kb_seal_range ranges[KB_SEAL_MAX_RANGES];
  size_t n_ranges;         /* the runner's, adjacent ones merged */
  size_t sealed;           /* mappings mseal(2) sealed; 0 without it */
  int landlocked;          /* /proc is shut for writing */
  int filtered;            /* the seccomp filters are installed */
  char note[512];          /* what could not be had, and why; or "" */
} kb_seal;

/*
** The runner's ranges, from a /proc/self/maps listing: every mapping of a
** file (not a device, memfd or deleted file) that is not writable, the
** vDSO and [vvar]; adjacent ones merged.  0, or -1 when there are more than
** KB_SEAL_MAX_RANGES (those are kept).
*/
int kb_seal_ranges(kb_seal *s, FILE *maps);

/* The layers set, in words: "mseal, Landlock, seccomp"; "none" when none
** is. */
void kb_seal_layers(const kb_seal *s, char *buf, size_t len);

/*
** Seal this process (see above), telling refused calls on report_fd, each
** REFUSED frame beginning with *token, the token of the order being
** answered then (process/protocol.h).  Whatever the kernel or the build
** lacks is said in s->note; the rest is done.  Once per process: a second
** call does nothing.  contain (KBENCH_CONTAIN=on, process/contain.h)
** adds Landlock's signal scope and the filter of calls aimed at other
** processes and terminals (worker/others.h, worker/terminal.h); 0 seals
** as before them.
*/
void kb_seal_worker(kb_seal *s, int report_fd,
                    const volatile uint64_t *token, int contain);

#endif
