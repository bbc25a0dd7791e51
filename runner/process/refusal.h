/*
** A system call the worker's seal refused (worker/seal.h), as it travels: the
** worker's SIGSYS handler writes a REFUSED frame of this fixed layout
** (with write(2), which a signal handler may call), and the supervisor
** turns it into words for the case's verdict.  A plugin may forge such a
** frame; it would only fail its own case.
*/
#ifndef KB_REFUSAL_H
#define KB_REFUSAL_H

#include <stddef.h>
#include <stdint.h>

#include "process/wire.h"

/* The frame's payload, after the order's token that begins every report
** (protocol.h): the call's number and its six arguments. */
typedef struct kb_refusal {
  uint64_t nr;
  uint64_t args[6];
} kb_refusal;


/* 0, or -1 when the payload is malformed. */
int kb_refusal_get(kb_rbuf *r, kb_refusal *out);

/* What the plugin tried, for its verdict: "the plugin tried to make the
** runner's memory writable: mprotect(0x5581c2a4e000, 4096, PROT_READ|
** PROT_WRITE), refused".  The words say the kind of call: memory both
** writable and executable, the runner's memory made writable, mapped over,
** moved, unmapped or its pages dropped (madvise), kbench's SIGSYS handler replaced, another process's
** memory or descriptors reached. */
void kb_refusal_text(const kb_refusal *r, char *buf, size_t len);

#endif
