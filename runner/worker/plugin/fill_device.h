/*
** A case's fill (h->fill) stored by its GPU into the page-locked host
** buffer it goes to, where that is faster than the staging threads: a
** large buffer of host_alloc's, with no profiling tool to see kbench's
** kernel among the plugin's.  The bytes are the host's fill's (fill.h);
** spot checks against it, and the host fills when they disagree.
*/
#ifndef KB_FILL_DEVICE_H
#define KB_FILL_DEVICE_H

#include <stddef.h>

#include "worker/plugin/case.h"
#include "worker/plugin/fill.h"

/* Fills below this stay on the host: a launch and a wait cost more. */
#define KB_FILL_DEVICE_MIN ((size_t)4 << 20)

/* 1 when the device stored elements [0, n) of f at ptr, 0 when the
** caller is to fill them on the host. */
int kb_fill_device(kb_case *c, const kb_fill *f, void *ptr, size_t n);

#endif
