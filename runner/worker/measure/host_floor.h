/*
** The host's memory floor for a host case's plausibility (model/plausible.h):
** the best rate at which this host copies as many bytes as a case claims,
** measured in the worker once per size.
*/
#ifndef KB_HOST_FLOOR_H
#define KB_HOST_FLOOR_H

#include <stddef.h>

/* The rates a worker has measured, by size copied: its own, kept between
** its cases (zeroed before the first), so that each size is measured
** once. */
#define KB_HOST_FLOOR_SIZES 16
typedef struct kb_host_floor {
  size_t n;
  struct {
    size_t size;
    double gbps;
  } known[KB_HOST_FLOOR_SIZES];
} kb_host_floor;

/* Bytes read and written a second by the best of the copies of bytes/2
** bytes (at most 64 MiB each way: past the caches, the rate holds) that
** fill 5 ms, and at least five, or 0
** when bytes is under KB_HOST_FLOOR_MIN_BYTES or memory runs out; from
** floor when it has the size, else measured into it (floor NULL: measured
** each time). */
double kb_host_copy_gbps(kb_host_floor *floor, double bytes);
/* The same, measured again now, and the better of the two kept: for a
** case the first rate would flag, since that rate may have been taken
** while the host was busier than during the case. */
double kb_host_copy_gbps_again(kb_host_floor *floor, double bytes);

#endif
