/*
** The host memory a case asks for through ABI 1.1's host_alloc: buffers
** that live until the case ends and are then kept by the worker for the
** next case, so that their pages are present (and, for a CUDA worker,
** already page-locked) when it asks again.
**
** Why: a plugin's staging is copies between host and device, several
** times faster from page-locked memory than from pageable memory, while
** locking costs more than one copy (256 MiB: 36 ms up and 20 ms down from
** pageable memory, 4.9 ms either way locked, 107 ms to lock;
** bench/results/2026-11-23-h100/host-probe.txt): worth it only if the
** next cases reuse the pages.
**
** Reuse: a request takes the smallest kept block of its size up to twice
** it; otherwise a new block, of whole MiB past the first.  When a case
** ends its blocks are kept while the worker holds at most the
** allocator's keep bytes (KB_HOSTMEM_KEEP for a worker); past that, blocks no case has taken for
** KB_HOSTMEM_IDLE cases are given back, the longest idle first.  Not just
** what the last case used: families that take little or none sit between
** those that take much (the shared-memory sweeps between the reductions
** and the stencils, the host cases between coalesce and reduce), and each
** block locked afresh cost the H200's catalogue 0.08-0.26 s
** (bench/results/2026-11-29-h200-time/).
*/
#ifndef KB_HOSTMEM_H
#define KB_HOSTMEM_H

#include <stddef.h>

/* How blocks are made and given back: *locked says whether the block is
** page-locked, which the release is told again with the block's size.
** NULL when out of memory. */
typedef struct kb_hostmem_alloc {
  void *(*alloc)(void *ctx, size_t bytes, int *locked);
  void (*release)(void *ctx, void *ptr, size_t bytes, int locked);
  void *ctx;
  size_t keep;     /* bytes kept however long idle (KB_HOSTMEM_KEEP) */
} kb_hostmem_alloc;

typedef struct kb_hostmem kb_hostmem;

#define KB_HOSTMEM_IDLE 2
#define KB_HOSTMEM_KEEP ((size_t)3 << 30)

/* With a NULL alloc, blocks come from malloc.  NULL when out of memory. */
kb_hostmem *kb_hostmem_new(const kb_hostmem_alloc *alloc);
/* Gives every block back, in use or not. */
void kb_hostmem_free(kb_hostmem *m);

/* A block of at least bytes for the current case; NULL when out of
** memory. */
void *kb_hostmem_take(kb_hostmem *m, size_t bytes);
/* The case is over: its blocks are kept for the next ones; past the
** allocator's keep bytes, blocks idle for more than KB_HOSTMEM_IDLE cases
** are given back, the longest idle first. */
void kb_hostmem_end_case(kb_hostmem *m);

/* Whether [ptr, ptr + bytes) lies in one page-locked block the current
** case took. */
int kb_hostmem_locked(const kb_hostmem *m, const void *ptr, size_t bytes);

/* What the worker holds: blocks, bytes, and of those bytes page-locked. */
void kb_hostmem_usage(const kb_hostmem *m, size_t *blocks, size_t *bytes,
                      size_t *locked);

#endif
