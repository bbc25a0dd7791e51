/*
** What a case may change in the CUDA context it shares with the cases
** after it in the same worker, and kbench puts back after it
** (docs/plugins.md, "What kbench puts back"): the device limits of
** cudaDeviceSetLimit, the cache configuration, the device's flags and the
** current device, every attribute of the streams kbench hands out (its
** own, the legacy and the calling thread's per-thread default stream:
** an access-policy window above all), and the L2's persisting lines.
** kb_gpu_context_keep() reads them once, as kbench set the context up; after each
** case kb_gpu_context_put_back() sets back whatever differs, and says
** what it put back and what the driver refused to.  (Persisting lines
** survive a flush too: a cold sample makes them normal first,
** kb_gpu_demote_persisting.)
*/
#ifndef KB_GPU_CONTEXT_H
#define KB_GPU_CONTEXT_H

#include <stddef.h>

#include "gpu/gpu.h"

typedef struct kb_gpu_context kb_gpu_context;

/* The context's settings now, kbench's own: what each case is put back
** to.  Also starts what CUDA starts lazily on kbench's behalf (its
** host-function thread, the calling thread's per-thread default stream),
** so that the first case is not taken to have made them.  NULL when out
** of host memory. */
kb_gpu_context *kb_gpu_context_keep(kb_gpu *g);
void kb_gpu_context_free(kb_gpu_context *k);

#define KB_PUT_BACK_LEN 384

/* What a case left changed, after kb_gpu_context_put_back(). */
typedef struct kb_put_back {
  char restored[KB_PUT_BACK_LEN]; /* put back: "cudaLimitStackSize 262144
                                     -> 1024, ..."; "" when nothing */
  char refused[KB_PUT_BACK_LEN];  /* what the driver refused to put back,
                                     and its error; "" when nothing */
  int persisting;                 /* the case left the L2's persisting
                                     lines in play: a carve-out, or a
                                     window whose hits persist */
} kb_put_back;

/* Each setting of k that differs now set back to k's, and the L2's
** persisting lines made normal.  Leaves no CUDA error behind. */
void kb_gpu_context_put_back(const kb_gpu_context *k, kb_put_back *out);

#endif
