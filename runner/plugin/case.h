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

#include "core/result.h"
#include "core/rng.h"
#include "gpu/gpu.h"
#include "plugin/hostmem.h"
#include "plugin/loader.h"
#include "plugin/pool.h"

#define KB_MAX_OUTPUTS 16

typedef struct kb_output {
  void *ptr;
  size_t bytes;
  int memory;              /* KBENCH_MEM_HOST or KBENCH_MEM_GLOBAL */
} kb_output;

/* Told each time the case calls a different plugin callback, so that a
** supervisor can blame a crash or hang on the callback it happened in. */
typedef void (*kb_stage_fn)(void *ctx, const char *stage);

/* What an end of the timed region does (ABI 1.2's timer_start and
** timer_stop, start 1 or 0): the sampler's times it, the bytes audit's
** would count it.  0, or -1 with why in err. */
typedef int (*kb_region_fn)(void *ctx, int start, char *err, size_t len);

/* The outputs copied aside at the region's two ends in a verified run
** (plugin/region.c): [0] as it started, [1] as it ended. */
typedef struct kb_shadows {
  void *copy[2][KB_MAX_OUTPUTS];
  int taken;               /* both ends were copied in this run */
  int failed;              /* they could not be had: not tried again */
  char why[256];           /* why not */
} kb_shadows;

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
  /* ABI 1.2's timed region: this run's (0 none yet, 1 open, 2 closed), and
  ** whether the case's runs use one (-1: no run has returned yet). */
  int region;
  int region_used;
  kb_region_fn on_region;  /* NULL: a region is only checked */
  void *region_ctx;
  int check_region;        /* armed: copy the outputs aside this run */
  kb_shadows shadows;
  kb_output outputs[KB_MAX_OUTPUTS];
  size_t n_outputs;
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

/* Fill every declared output with all bits set.  0, or -1 with message. */
int kb_case_poison(kb_case *c);

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

/* plugin/region.c: ABI 1.2's timed region.  The host API's two calls;
** the rules checked after each run; arming the next run, when the case's
** runs use a region, to copy the outputs at its ends (room is taken
** here, never inside run); after that run, when it was armed, the check
** that the outputs as
** the region began do not verify and as it ended do (KBENCH_OK, or
** KBENCH_ERROR with why in c->message; *unchecked names why the check
** could not be made, or is ""); and the copies freed when the case ends. */
int kb_region_timer_start(const kbench_host *h);
int kb_region_timer_stop(const kbench_host *h);
void kb_region_after_run(kb_case *c);
void kb_region_arm(kb_case *c);
int kb_region_check(kb_case *c, void *state, const char **unchecked);
void kb_region_release(kb_case *c);

#endif
