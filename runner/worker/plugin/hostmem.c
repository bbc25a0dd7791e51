/*
** Host memory a worker keeps between cases, page-locked in CUDA cases
** (hostmem.h).
*/
#include <stdint.h>
#include <stdlib.h>

#include "worker/plugin/hostmem.h"

typedef struct kb_block {
  void *ptr;
  size_t bytes;
  int locked;
  int taken;       /* by the current case */
  int idle;        /* cases ended since one took it */
} kb_block;

struct kb_hostmem {
  kb_hostmem_alloc alloc;   /* alloc.alloc NULL: malloc */
  kb_block *blocks;
  size_t n, cap;
};

kb_hostmem *kb_hostmem_new(const kb_hostmem_alloc *alloc)
{
  kb_hostmem *m = calloc(1, sizeof *m);
  if (m && alloc)
    m->alloc = *alloc;
  return m;
}

static void release(kb_hostmem *m, const kb_block *b)
{
  if (m->alloc.alloc)
    m->alloc.release(m->alloc.ctx, b->ptr, b->bytes, b->locked);
  else
    free(b->ptr);
}

void kb_hostmem_free(kb_hostmem *m)
{
  if (!m)
    return;
  for (size_t i = 0; i < m->n; i++)
    release(m, &m->blocks[i]);
  free(m->blocks);
  free(m);
}

void *kb_hostmem_take(kb_hostmem *m, size_t bytes)
{
  if (bytes == 0)
    bytes = 1;
  kb_block *best = NULL;
  for (size_t i = 0; i < m->n; i++) {
    kb_block *b = &m->blocks[i];
    if (!b->taken && b->bytes >= bytes && b->bytes / 2 <= bytes
        && (!best || b->bytes < best->bytes))
      best = b;
  }
  if (best) {
    best->taken = 1;
    return best->ptr;
  }
  if (m->n == m->cap) {
    size_t cap = m->cap ? 2 * m->cap : 16;
    kb_block *grown = realloc(m->blocks, cap * sizeof *grown);
    if (!grown)
      return NULL;
    m->blocks = grown;
    m->cap = cap;
  }
  /* Whole MiB past the first: a sweep of offsets or sizes a few elements
  ** apart (coalesce_offset's 1-32) then reuses one block instead of
  ** locking a new one per case. */
  const size_t mib = (size_t)1 << 20;
  if (bytes > mib && bytes <= SIZE_MAX - mib)
    bytes = (bytes + mib - 1) / mib * mib;
  kb_block b = {NULL, bytes, 0, 1, 0};
  b.ptr = m->alloc.alloc ? m->alloc.alloc(m->alloc.ctx, bytes, &b.locked)
                         : malloc(bytes);
  if (!b.ptr)
    return NULL;
  m->blocks[m->n++] = b;
  return b.ptr;
}

/* The kept block idle longest past KB_HOSTMEM_IDLE, or NULL. */
static kb_block *stalest(kb_hostmem *m)
{
  kb_block *worst = NULL;
  for (size_t i = 0; i < m->n; i++)
    if (m->blocks[i].idle > KB_HOSTMEM_IDLE
        && (!worst || m->blocks[i].idle > worst->idle))
      worst = &m->blocks[i];
  return worst;
}

void kb_hostmem_end_case(kb_hostmem *m)
{
  if (!m)
    return;
  size_t held = 0;
  for (size_t i = 0; i < m->n; i++) {
    kb_block *b = &m->blocks[i];
    b->idle = b->taken ? 0 : b->idle + 1;
    b->taken = 0;
    held += b->bytes;
  }
  kb_block *b;
  while (held > m->alloc.keep && (b = stalest(m))) {
    held -= b->bytes;
    release(m, b);
    *b = m->blocks[--m->n];
  }
}

int kb_hostmem_locked(const kb_hostmem *m, const void *ptr, size_t bytes)
{
  uintptr_t p = (uintptr_t)ptr;
  for (size_t i = 0; m && i < m->n; i++) {
    const kb_block *b = &m->blocks[i];
    uintptr_t base = (uintptr_t)b->ptr;
    if (b->locked && b->taken && p >= base && p - base <= b->bytes
        && bytes <= b->bytes - (p - base))
      return 1;
  }
  return 0;
}

void kb_hostmem_usage(const kb_hostmem *m, size_t *blocks, size_t *bytes,
                      size_t *locked)
{
  *blocks = m->n;
  *bytes = *locked = 0;
  for (size_t i = 0; i < m->n; i++) {
    *bytes += m->blocks[i].bytes;
    if (m->blocks[i].locked)
      *locked += m->blocks[i].bytes;
  }
}
