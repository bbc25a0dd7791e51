/*
** The buffers a case's setup declared for verification, and what the
** runner does to them before a verified run: an output (h->output) is
** poisoned, all bits set, so that an element the kernel never writes
** fails; an in-out buffer (ABI 1.4's h->inout), which run reads before it
** writes, is put back as setup left it, from a copy taken once setup has
** returned.  And, after a verify that failed, how much of the poison the
** outputs still hold, so that the failure says what the runner did.
*/
#ifndef KB_OUTPUTS_H
#define KB_OUTPUTS_H

#include <stddef.h>

#include "gpu/gpu.h"
#include "worker/plugin/hostmem.h"

#define KB_MAX_OUTPUTS 16

/* A buffer the plugin declared in setup. */
typedef struct kb_output {
  void *ptr;
  size_t bytes;
  int memory;              /* KBENCH_MEM_HOST or KBENCH_MEM_GLOBAL */
  int inout;               /* restored before a verified run, not poisoned */
  void *saved;             /* an in-out buffer's contents after setup, in
                              host memory the worker keeps (hostmem.h) */
} kb_output;

/* Why [ptr, ptr + bytes), declared now (as inout when inout is nonzero),
** may not join the n declared before it, or NULL: an in-out buffer
** overlaps no other declared buffer, and the copies of a case's in-out
** buffers take at most half the host's physical memory.  The reason
** completes "inout() called ..." and may be written into buf. */
const char *kb_outputs_refuse(const kb_output *o, size_t n, const void *ptr,
                              size_t bytes, int inout, char *buf,
                              size_t len);
/* The bytes the in-out buffers among the n declared take. */
size_t kb_outputs_inout_bytes(const kb_output *o, size_t n);

/* Copy each in-out buffer's contents into host memory from m: a device
** buffer through g's stream, waited for.  Setup's work must be done (the
** device settled).  0, or -1 with why in err. */
int kb_outputs_save(kb_output *o, size_t n, kb_hostmem *m, kb_gpu *g,
                    char *err, size_t len);

/* Before a verified run: poison each output and put each in-out buffer
** back from its copy; a device buffer in g's stream order.  0, or -1 with
** the CUDA error in err. */
int kb_outputs_prepare(const kb_output *o, size_t n, kb_gpu *g, char *err,
                       size_t len);

/* After a verify that failed on a prepared run: when the outputs (not the
** in-out buffers) still hold the poison, read back from the device when
** they are there, a clause appended to msg (of size len) that says so and
** names h->inout.  A word holds it when all its 32 bits are set, or when
** it is 0x7fffffff, the NaN that NVIDIA GPUs return from any float
** operation on a NaN (so a beta * C over the poison yields it). */
void kb_outputs_explain(const kb_output *o, size_t n, kb_gpu *g, char *msg,
                        size_t len);

#endif
