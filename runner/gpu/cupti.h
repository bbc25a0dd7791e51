/* Hardware counters and activity records through CUPTI, behind a C interface with no CUDA types. */
#ifndef KB_CUPTI_H
#define KB_CUPTI_H

#include <stddef.h>
#include <stdint.h>

#include "model/metrics.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Every call returns one of these, and on failure writes a sentence into its ERR buffer. */
enum kb_cupti_status {
  KB_CUPTI_OK = 0,
  KB_CUPTI_NOT_BUILT,        /* kbench was configured without CUPTI */
  KB_CUPTI_NO_PERMISSION,    /* CUPTI_ERROR_INSUFFICIENT_PRIVILEGES: counters restricted to admins */
  KB_CUPTI_UNSUPPORTED,      /* the device or its driver cannot profile (or no device) */
  KB_CUPTI_BAD_METRIC,       /* a counter name the device does not know */
  KB_CUPTI_TOO_MANY_KERNELS, /* a run launched more kernels than ranges were allowed */
  KB_CUPTI_BUSY,             /* CUPTI_ERROR_HARDWARE_BUSY: another process holds the GPU's profiler */
  KB_CUPTI_ERROR             /* any other CUPTI or CUDA failure (the message names the call) */
};

/* How collect replays a run to gather counters that need several passes. */
enum kb_cupti_replay {
  /* Default. Auto range + user replay: every kernel of a run is its own range; the whole run is
  ** launched once per pass, after the caller's BEFORE callback (a read-only L2 flush: a memset
  ** flush leaves dirty lines that are then counted as DRAM writes). Counts then match a cold
  ** run, the way kbench's cold mode times it, and CUPTI saves and restores no memory. */
  KB_CUPTI_REPLAY_USER,
  /* Auto range + kernel replay: the run is launched once and CUPTI replays each kernel, saving
  ** and restoring device memory between passes (slower for large buffers; L2 is not flushed
  ** between passes, so the first pass sees the cache the previous kernel left). */
  KB_CUPTI_REPLAY_KERNEL
};

#define KB_CUPTI_KERNEL_NAME_MAX 160

/* One session per worker process and device: CUPTI's profiler initialised, the chip named and
** the counter availability image taken once (~0.7 s on the H100), reused by every case. */
typedef struct kb_cupti kb_cupti;

/* 1 when this build has the CUPTI glue (not the stub). */
int kb_cupti_built(void);

/* Opens a session on DEVICE (a CUDA ordinal) of the current process; makes the device's primary
** context current.  A profiler held by another process (KB_CUPTI_BUSY) does not fail the open:
** activity records work without it, and kb_cupti_counters_ready() asks again. */
int kb_cupti_open(int device, kb_cupti **out, char *err, size_t err_size);
/* KB_CUPTI_OK when the device's counters can be collected; otherwise asks the driver once more
** (about 1 ms; the first answer costs ~0.6 s) and returns why not, KB_CUPTI_BUSY when another
** process holds the profiler. */
int kb_cupti_counters_ready(kb_cupti *s, char *err, size_t err_size);
/* A host-only session for chip CHIP ("GH100"): names can be listed and checked, with no GPU;
** collect and activity calls fail with KB_CUPTI_UNSUPPORTED. */
int kb_cupti_open_chip(const char *chip, kb_cupti **out, char *err, size_t err_size);
void kb_cupti_close(kb_cupti *s);
const char *kb_cupti_chip(const kb_cupti *s);

/* The device's metric names for kb_metrics_parse: lookup asks CUPTI's host API for the name's
** properties (its unit), name_at enumerates the chip's base metrics (without rollups). Valid
** while S is open. */
void kb_cupti_metric_table(kb_cupti *s, struct kb_metric_table *table);

/* Counters prepared for collection: the config image and its pass count, built once per metric
** list and reused across cases. */
typedef struct kb_cupti_config kb_cupti_config;
int kb_cupti_prepare(kb_cupti *s, const char *const *counters, size_t ncounters, size_t max_kernels,
                     kb_cupti_config **out, char *err, size_t err_size);
size_t kb_cupti_passes(const kb_cupti_config *c);
void kb_cupti_config_free(kb_cupti_config *c);

/* Callbacks: return 0, or non-zero with a message in ERR (collect then fails with KB_CUPTI_ERROR
** and that message). RUN launches one `run` of a case asynchronously (collect synchronises the
** device after it); BEFORE (may be NULL) runs before every pass, outside the ranges. */
typedef int (*kb_cupti_fn)(void *ctx, char *err, size_t err_size);

/* One run's counters, one row per kernel in launch order. */
struct kb_cupti_kernel {
  char name[KB_CUPTI_KERNEL_NAME_MAX]; /* demangled; "" when the activity record was missing */
  uint32_t stream_id;                  /* CUPTI's id of the stream it ran on */
  struct kb_launch_info launch;        /* from its activity record */
};
struct kb_cupti_values {
  size_t nkernels, ncounters, passes;
  struct kb_cupti_kernel *kernels; /* nkernels */
  double *values;                  /* nkernels x ncounters, row-major, in the prepared order */
  double *total;                   /* ncounters: the sum over kernels (meaningful for .sum) */
  double ms_passes, ms_decode;     /* wall time of the passes, and of decode + evaluate */
};
void kb_cupti_values_free(struct kb_cupti_values *v);

/* Collects config C's counters for one run: one range per kernel that RUN launches. Not for
** timed samples: the profiler serialises kernels and the passes replay the run. */
int kb_cupti_collect(kb_cupti *s, kb_cupti_config *c, enum kb_cupti_replay replay, kb_cupti_fn run,
                     kb_cupti_fn before, void *ctx, struct kb_cupti_values *out, char *err, size_t err_size);

/* As kb_cupti_collect (user replay), with no activity records and no BEFORE: the kernels go
** unnamed, and RUN launches everything, flushes included.  For counters of time: CUPTI's kernel
** tracing instruments kernels on Hopper (the "SW instrumentation" that cupti_activity.h says its
** hardware trace replaces on Blackwell) and slowed some by up to 13% on the H100
** (bench/results/2026-11-25-kerneltime), which gpu__time_duration would count.
*/
int kb_cupti_collect_quiet(kb_cupti *s, kb_cupti_config *c, kb_cupti_fn run, void *ctx,
                           struct kb_cupti_values *out, char *err, size_t err_size);

/* The bytes audit: DRAM bytes read and written by one run (one pass, user replay, BEFORE before
** it). The first call prepares its config and counter image; later ones reuse both. */
int kb_cupti_dram_bytes(kb_cupti *s, kb_cupti_fn run, kb_cupti_fn before, void *ctx, double *read_bytes,
                        double *write_bytes, char *err, size_t err_size);

/* Activity records over a window of the caller's choosing: the work (kernels, memcpys, memsets)
** and what orders it across streams (event records and stream waits), each with CUPTI's stream id
** and the correlation id of the API call that queued it (ids grow in call order). */
enum kb_activity_kind {
  KB_ACTIVITY_KERNEL,
  KB_ACTIVITY_MEMCPY,
  KB_ACTIVITY_MEMSET,
  KB_ACTIVITY_EVENT_RECORD, /* cudaEventRecord on stream_id */
  KB_ACTIVITY_STREAM_WAIT   /* cudaStreamWaitEvent: stream_id waits for the record of sync_id */
};
struct kb_activity {
  enum kb_activity_kind kind;
  uint32_t stream_id, correlation_id;
  uint64_t start_ns, end_ns, bytes;    /* GPU clock; an event record: when the GPU reached it (0: unknown) */
  uint64_t sync_id;                    /* event record and stream wait: CUPTI's cudaEventSyncId, which ties a
                                          wait to the very record it waits for */
  uint32_t graph_id;                   /* the CUDA graph whose replay ran it; 0: not a graph's */
  unsigned char reads_device;          /* a copy from device memory (DtoH, DtoD) */
  unsigned char writes_device;         /* a copy or memset to device memory */
  uint32_t thread_id;                  /* the thread that queued it, as the system numbers threads (gettid):
                                          from the runtime or driver call's record; 0: unknown */
  char name[KB_CUPTI_KERNEL_NAME_MAX]; /* kernel: demangled name; else "memcpy HtoD", "memset", ... */
};
/* Starts recording (records before this call are discarded). */
int kb_cupti_activity_begin(kb_cupti *s, char *err, size_t err_size);
/* Stops recording, flushes, and hands back every record since begin (free() *RECS). DROPPED
** counts records CUPTI lost (buffers full): non-zero means the window is incomplete. */
int kb_cupti_activity_end(kb_cupti *s, struct kb_activity **recs, size_t *count, size_t *dropped, char *err,
                          size_t err_size);
/* CUPTI's id of a stream kbench made (a cudaStream_t passed as void *), as activity records
** carry it. The default streams (legacy, per-thread) have no handle to ask about: their ids
** are read off a record of a kernel queued there (worker/measure/probe.c). */
int kb_cupti_stream_id(kb_cupti *s, void *cuda_stream, uint32_t *id, char *err, size_t err_size);

/* The streams made through the CUDA runtime (cudaStreamCreate, ...WithFlags, ...WithPriority) and not destroyed
** since, seen by CUPTI's callbacks on those calls: watch starts watching (KB_CUPTI_OK, or why not: another
** subscriber holds CUPTI's callbacks); mark is the count of streams made so far; since, how many of the streams
** made after that mark are alive now (0 when not watched).  Streams the runtime or driver make for themselves (a
** default stream, a graph's) are not made through these calls. */
int kb_cupti_streams_watch(kb_cupti *s, char *err, size_t err_size);
uint64_t kb_cupti_streams_mark(kb_cupti *s);
size_t kb_cupti_streams_since(kb_cupti *s, uint64_t mark);

#ifdef __cplusplus
}
#endif

#endif
