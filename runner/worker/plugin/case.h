/*
** One case: a variant with one value for each of its parameters.  The case
** owns the kbench_host the plugin sees, so every service the plugin asks
** for (parameters, random numbers, the stream, the error channel, output
** declarations) is answered from here, never from global state.
*/
#ifndef KB_CASE_H
#define KB_CASE_H

#include <stddef.h>
#include <stdint.h>

#include <kbench/plugin.h>

#include "model/result.h"
#include "util/rng.h"
#include "gpu/gpu.h"
#include "worker/plugin/hostmem.h"
#include "worker/plugin/loader.h"
#include "worker/plugin/pool.h"
#include "worker/plugin/region.h"

/* Told each time the case calls a different plugin callback, so that a
** supervisor can blame a crash or hang on the callback it happened in. */
typedef void (*kb_stage_fn)(void *ctx, const char *stage);

/* What an end of the timed region does (ABI 1.2's timer_start and
** timer_stop, start 1 or 0): the sampler's times it, the bytes audit's
** would count it.  0, or -1 with why in err. */
typedef int (*kb_region_fn)(void *ctx, int start, char *err, size_t len);

typedef struct kb_case {
  kbench_host host;        /* host.opaque points back at this case */
  const kb_plugin *plugin;
  const kbench_variant *variant;
  const int64_t *values;   /* one per declared parameter, in order */
  kb_rng rng;
  uint64_t seed, index;    /* key the fills, with each buffer's id */
  kb_gpu *gpu;             /* NULL for host cases */
  kb_pool *pool;           /* the worker's, for fill and parallel_for;
                              NULL runs them on the calling thread */
  kb_hostmem *hostmem;     /* the worker's, for host_alloc; NULL: none */
  kbench_device device;    /* zeroed for host cases */
  int in_setup;            /* outputs may be declared only during setup */
  int in_verify;           /* setup and verify may stage on the pool */
  int in_parallel;         /* a parallel_for is under way */
  int in_run;              /* run is under way: where a region may be */
  kb_region region;        /* ABI 1.2's timed region (worker/plugin/region.h) */
  kb_region_fn on_region;  /* what its ends do; NULL: they are only checked */
  void *region_ctx;
  kb_output outputs[KB_MAX_OUTPUTS];  /* and in-out buffers */
  size_t n_outputs;
  int prepared;            /* outputs prepared since the last verify: a
                              failed one says how much poison they hold */
  int plugin_bug;          /* the plugin misused the host API */
  char message[KB_MESSAGE_LEN];
  const char *stage;       /* the callback last entered, or NULL */
  kb_stage_fn on_stage;    /* may be NULL */
  /* A wait for something another process holds (the GPU's profiler):
  ** called with who holds it as the wait starts, with NULL as it ends, so
  ** that the case's watchdog does not count it.  May be NULL. */
  kb_stage_fn on_wait;
  void *stage_ctx;
} kb_case;

void kb_case_init(kb_case *c, const kb_plugin *p, const kbench_variant *v,
                  const int64_t *values, uint64_t seed, uint64_t index,
                  kb_gpu *gpu);

/* A misuse of the host API: the case fails whatever the plugin returns.
** Inside a parallel_for callback the message is that chunk's. */
void kb_case_misuse(kb_case *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Before a verified run: every declared output filled with all bits set,
** every in-out buffer (ABI 1.4) put back as setup left it
** (worker/plugin/outputs.h).  0, or -1 with message. */
int kb_case_prepare_outputs(kb_case *c);
/* Setup declared an in-out buffer. */
int kb_case_has_inout(const kb_case *c);

/* Callers of the plugin: each returns the plugin's status, turning a
** misuse of the host API into KBENCH_ERROR. */
int kb_case_setup(kb_case *c, void **state);
int kb_case_run(kb_case *c, void *state);
int kb_case_verify(kb_case *c, void *state);
void kb_case_bytes(kb_case *c, void *state, kbench_bytes *b);
/* The variant's work per run; both 0 when it reports none. */
void kb_case_work(kb_case *c, void *state, uint64_t *flops, uint64_t *items);
void kb_case_teardown(kb_case *c, void *state);

/* Enter a stage that is not a callback ("stream check"); the callbacks
** enter their own. */
void kb_case_enter(kb_case *c, const char *stage);

/* The variant declares KBENCH_VARIANT_SYNCS (ABI 1.2). */
int kb_case_syncs(const kb_case *c);
/* The stream its runs are timed on (enum kb_gpu_timed; ABI 1.3). */
int kb_case_timed_stream(const kb_case *c);

#endif
