/*
** The host's memory floor for a host case's plausibility (core/plausible.h):
** the best rate at which this host copies as many bytes as a case claims,
** measured in the worker once per size.
*/
#ifndef KB_HOST_FLOOR_H
#define KB_HOST_FLOOR_H

/* Bytes read and written a second by the best of a few copies of bytes/2
** bytes (at most 64 MiB each way: past the caches, the rate holds), or 0
** when bytes is under KB_HOST_FLOOR_MIN_BYTES or memory runs out. */
double kb_host_copy_gbps(double bytes);

#endif
