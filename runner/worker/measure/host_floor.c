/* The host's memory floor: the best copy rate by size (host_floor.h). */

#define _GNU_SOURCE            /* MAP_ANONYMOUS */
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>

#include "util/host_facts.h"
#include "model/plausible.h"
#include "worker/measure/host_floor.h"

#define KB_COPY_MAX (64u << 20)
/* At least this many copies, and as many more as fill this span: a small
** copy takes microseconds, and five of them fell inside one time slice of
** a busy host (a fresh clone's make check on 2 cores read 25.4 GB/s
** twice for a 0.4 MB copy that ran at 58.8 GB/s in its case). */
#define KB_COPIES 5
#define KB_COPY_SPAN_S 5e-3
#define KB_COPIES_MAX 100000

/* The copy's destination starts this far into the buffer, past its
** source, on a cache line: right after the source, at an odd size, a
** copy is misaligned (131074 bytes, the floor of reduce_cpu at n=64K,
** took 37.4 us on an AMD EPYC VM against 2.3 us for 131072: honest host
** cases were flagged). */
#define KB_COPY_ALIGN 64

static double measure(size_t size)
{
  size_t to = (size + KB_COPY_ALIGN - 1) / KB_COPY_ALIGN * KB_COPY_ALIGN;
  unsigned char *buf = mmap(NULL, to + size, PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (buf == MAP_FAILED)
    return 0;
  memset(buf, 1, to + size);           /* its pages faulted in first */
  double best = 0, start = kb_host_clock_s(), t0 = start;
  for (int i = 0; i < KB_COPIES_MAX && (i < KB_COPIES
                                        || t0 - start < KB_COPY_SPAN_S);
       i++) {
    memcpy(buf + to, buf, size);
    double t1 = kb_host_clock_s(), t = t1 - t0;
    /* The copy kept: nothing may drop it as unread. */
    __asm__ __volatile__("" : : "r"(buf) : "memory");
    if (t > 0 && (best == 0 || t < best))
      best = t;
    t0 = t1;
  }
  munmap(buf, to + size);
  return best > 0 ? 2.0 * (double)size / best / 1e9 : 0;
}

/* The size copied for a case of bytes read and written. */
static size_t copy_size(double bytes)
{
  return bytes / 2 < KB_COPY_MAX ? (size_t)(bytes / 2) : KB_COPY_MAX;
}

/* Where floor keeps size's rate, or NULL. */
static double *known(kb_host_floor *floor, size_t size)
{
  for (size_t i = 0; floor && i < floor->n; i++)
    if (floor->known[i].size == size)
      return &floor->known[i].gbps;
  return NULL;
}

/* gbps kept as size's rate in floor, where it has room. */
static double keep(kb_host_floor *floor, size_t size, double gbps)
{
  double *kept = known(floor, size);
  if (kept)
    *kept = gbps;
  else if (floor && floor->n < KB_HOST_FLOOR_SIZES) {
    floor->known[floor->n].size = size;
    floor->known[floor->n++].gbps = gbps;
  }
  return gbps;
}

double kb_host_copy_gbps(kb_host_floor *floor, double bytes)
{
  if (bytes < KB_HOST_FLOOR_MIN_BYTES)
    return 0;
  size_t size = copy_size(bytes);
  double *kept = known(floor, size);
  return kept ? *kept : keep(floor, size, measure(size));
}

double kb_host_copy_gbps_again(kb_host_floor *floor, double bytes)
{
  if (bytes < KB_HOST_FLOOR_MIN_BYTES)
    return 0;
  size_t size = copy_size(bytes);
  double *kept = known(floor, size), now = measure(size);
  return keep(floor, size, kept && *kept > now ? *kept : now);
}
