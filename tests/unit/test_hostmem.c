/*
** The host memory host_alloc hands out (runner/hostmem.c): blocks of one
** case are distinct and writable, the next case asking for the same sizes
** gets the same blocks back, a much smaller request does not tie up a big
** block, blocks no case took for a few cases are given back, page-locked
** blocks are released as such, a range is in a locked block of the case's
** only when it lies wholly inside one, and a failed allocation is NULL.
*/
#include <stdlib.h>
#include <string.h>

#include "worker/plugin/hostmem.h"
#include "tap.h"

typedef struct counts {
  size_t made, released, released_locked, fail_above;
  size_t made_bytes, released_bytes;
} counts;

/* Every other block claims to be locked, to see the flag come back. */
static void *counted_alloc(void *ctx, size_t bytes, int *locked)
{
  counts *c = ctx;
  if (c->fail_above && bytes > c->fail_above)
    return NULL;
  *locked = (int)(c->made++ % 2) * 2;   /* an allocator's own value */
  c->made_bytes += bytes;
  return malloc(bytes);
}

static void counted_release(void *ctx, void *ptr, size_t bytes, int locked)
{
  counts *c = ctx;
  c->released++;
  c->released_locked += locked == 2;
  c->released_bytes += bytes;
  free(ptr);
}

int main(void)
{
  counts c = {0, 0, 0, 0, 0, 0};
  kb_hostmem_alloc a = {counted_alloc, counted_release, &c};
  kb_hostmem *m = kb_hostmem_new(&a);
  size_t blocks, bytes, locked;

  /* Case 1: three buffers, written end to end. */
  char *in = kb_hostmem_take(m, 1 << 20);
  char *want = kb_hostmem_take(m, 1 << 20);
  char *got = kb_hostmem_take(m, 3000);
  ok(in && want && got && in != want && want != got && in != got,
     "one case's blocks are distinct");
  memset(in, 1, 1 << 20);
  memset(want, 2, 1 << 20);
  memset(got, 3, 3000);
  ok(in[(1 << 20) - 1] == 1 && want[0] == 2 && got[2999] == 3,
     "and writable to their ends");
  /* want's block is the locked one of the three (counted_alloc). */
  ok(kb_hostmem_locked(m, want, 1 << 20)
     && kb_hostmem_locked(m, want + 10, (1 << 20) - 10),
     "a range inside a locked block of the case's is locked");
  ok(!kb_hostmem_locked(m, want + 10, 1 << 20)
     && !kb_hostmem_locked(m, want + (1 << 20) - 8, 16),
     "a range that runs past its end is not");
  ok(!kb_hostmem_locked(m, in, 16) && !kb_hostmem_locked(m, &c, 1),
     "nor one in an unlocked block or outside every block");
  kb_hostmem_end_case(m);
  ok(!kb_hostmem_locked(m, want, 16),
     "nor a block once the case that took it ended");
  kb_hostmem_usage(m, &blocks, &bytes, &locked);
  ok(blocks == 3 && bytes == (2u << 20) + 3000 && c.released == 0,
     "a case's blocks are kept when it ends (%zu blocks, %zu bytes)",
     blocks, bytes);
  ok(locked == (1u << 20), "usage counts the locked bytes (%zu)", locked);

  /* Case 2: the same sizes get the same blocks; a tiny request does not
  ** take a 1 MiB block; a slightly smaller one does. */
  char *in2 = kb_hostmem_take(m, 1 << 20);
  char *small = kb_hostmem_take(m, 64);
  char *want2 = kb_hostmem_take(m, (1 << 20) - 100);
  ok((in2 == in || in2 == want) && (want2 == in || want2 == want)
     && in2 != want2, "the next case gets the same blocks back");
  ok(small != in && small != want && small != got,
     "a request under half a block's size gets a block of its own");
  ok(c.made == 4, "only that one was made (%zu blocks made)", c.made);
  kb_hostmem_end_case(m);
  kb_hostmem_usage(m, &blocks, &bytes, &locked);
  ok(blocks == 4 && c.released == 0,
     "a block case 2 did not take is kept for the next cases");

  /* Cases that take nothing, as host cases do: blocks are given back once
  ** idle for more than KB_HOSTMEM_IDLE cases. */
  for (int i = 0; i < KB_HOSTMEM_IDLE; i++)
    kb_hostmem_end_case(m);
  kb_hostmem_usage(m, &blocks, &bytes, &locked);
  ok(blocks == 3 && c.released == 1, "%d idle cases later the block case 1 "
     "took last is given back (%zu kept)", KB_HOSTMEM_IDLE, blocks);
  kb_hostmem_end_case(m);
  kb_hostmem_usage(m, &blocks, &bytes, &locked);
  ok(blocks == 0 && bytes == 0 && c.released == 4,
     "and one case later those of case 2");
  ok(c.released_locked == 2, "locked blocks are released with the "
     "allocator's own value (%zu)", c.released_locked);

  /* Blocks past 1 MiB are whole MiB, so a request a few bytes larger, as
  ** in a sweep of offsets, reuses the last case's block. */
  char *offset1 = kb_hostmem_take(m, (3 << 20) + 4);
  kb_hostmem_end_case(m);
  char *offset2 = kb_hostmem_take(m, (3 << 20) + 8);
  ok(offset1 && offset2 == offset1, "a request 4 bytes larger reuses the "
     "last case's block");
  for (int i = 0; i <= KB_HOSTMEM_IDLE + 1; i++)
    kb_hostmem_end_case(m);  /* idle cases: nothing kept */

  /* Out of memory. */
  c.fail_above = 1 << 20;
  ok(kb_hostmem_take(m, 2 << 20) == NULL, "a failed allocation is NULL");
  ok(kb_hostmem_take(m, 0) != NULL, "a zero-byte request is a valid block");
  kb_hostmem_free(m);
  ok(c.released == c.made, "free gives every block back (%zu of %zu)",
     c.released, c.made);
  ok(c.released_bytes == c.made_bytes, "each release is told its block's "
     "size (%zu of %zu bytes)", c.released_bytes, c.made_bytes);

  /* Kept while the worker holds at most keep bytes: idle blocks stay;
  ** past it, the longest idle goes first. */
  c.fail_above = 0;
  kb_hostmem_alloc k = {counted_alloc, counted_release, &c, 3 << 20};
  kb_hostmem *kept = kb_hostmem_new(&k);
  char *first = kb_hostmem_take(kept, 1 << 20);
  kb_hostmem_end_case(kept);
  char *second = kb_hostmem_take(kept, 2 << 20);
  for (int i = 0; i <= KB_HOSTMEM_IDLE + 3; i++)
    kb_hostmem_end_case(kept);
  kb_hostmem_usage(kept, &blocks, &bytes, &locked);
  ok(first && second && blocks == 2 && bytes == (3 << 20),
     "within keep bytes, idle blocks are kept (%zu, %zu bytes)", blocks,
     bytes);
  size_t released = c.released;
  char *third = kb_hostmem_take(kept, 4 << 20);
  kb_hostmem_end_case(kept);
  kb_hostmem_usage(kept, &blocks, &bytes, &locked);
  ok(third && blocks == 1 && bytes == (4 << 20) && c.released == released + 2,
     "past them, the idle ones go, the longest idle first (%zu kept)",
     blocks);
  kb_hostmem_free(kept);

  /* Without an allocator: malloc. */
  kb_hostmem *plain = kb_hostmem_new(NULL);
  char *p = kb_hostmem_take(plain, 4096);
  ok(p != NULL, "malloc serves a hostmem without an allocator");
  if (p)
    memset(p, 0, 4096);
  kb_hostmem_free(plain);
  return tap_done();
}
