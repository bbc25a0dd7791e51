/*
** kbench plugin ABI.
**
** This header is the whole contract between the kbench runner and a kernel
** plugin.  A plugin is a shared object that exports exactly one symbol,
** kbench_plugin_library(), which returns a description of the library: the
** ABI version it was built against, the sizes of the structures it uses, and
** a function that enumerates its variants by index (LV2 style).
**
** The header is plain C11, compiles as C++, and needs no CUDA header: CUDA
** streams travel as opaque pointers.
**
** Versioning (SQLite/GStreamer style):
**   - KBENCH_ABI_MAJOR changes when a structure is reordered or a callback's
**     meaning changes.  The runner refuses a plugin whose major differs.
**   - KBENCH_ABI_MINOR grows when fields are appended to the end of a
**     structure.  The runner accepts an older minor and reads only the
**     fields that the plugin's recorded structure size contains.
**   - Fields are only ever appended.  Never reorder or remove one.
**
** ABI 1.1 appended: to kbench_param, named choices (enumerated parameters);
** to kbench_host, param_name, fill, element, parallel_for, workers and
** host_alloc (fast, reproducible host staging); to kbench_variant, the optional work callback
** (floating-point operations and items per run).  A plugin built against
** 1.0 still loads and runs: the runner reads only the fields its recorded
** sizes contain, and its kbench_host only ever grows.
**
** ABI 1.2 appended, for library code (Thrust, CUB, cuBLAS): to
** kbench_variant, flags (KBENCH_VARIANT_SYNCS: run may synchronize,
** allocate and copy to the host); to kbench_host, timer_start and
** timer_stop (a timed region inside run).  Plugins built against 1.0 and
** 1.1 load and run unchanged: their flags read as 0, and they never call
** the timer.
**
** ABI 1.3 appended two variant flags, KBENCH_VARIANT_LEGACY_STREAM and
** KBENCH_VARIANT_PER_THREAD_STREAM: run launches on a default stream
** (third-party launchers that take no stream argument), which the runner
** then times.  No structure grew; plugins of 1.0-1.2 run unchanged, and
** their flags may not hold the new bits.
**
** ABI 1.4 appended to kbench_host inout: a buffer that run reads and
** writes (C = alpha*A*B + beta*C, y = a*x + y), which the runner restores
** before each verified run instead of poisoning it.  Plugins of 1.0-1.3
** load and run unchanged: their kbench_host only grew, and they never
** call it.
*/
#ifndef KBENCH_PLUGIN_H
#define KBENCH_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KBENCH_ABI_MAJOR 1
#define KBENCH_ABI_MINOR 4

/* The one symbol a plugin exports.  Its name is part of the ABI. */
#define KBENCH_ENTRY_SYMBOL "kbench_plugin_library"

#if defined(__GNUC__)
#  define KBENCH_EXPORT __attribute__((visibility("default")))
#else
#  define KBENCH_EXPORT
#endif

/*
** Status codes returned by the callbacks.  A callback that returns anything
** but KBENCH_OK should first explain itself through kbench_host.fail().
*/
enum kbench_status {
  KBENCH_OK = 0,
  KBENCH_ERROR = 1,       /* setup or run could not do its work */
  KBENCH_WRONG = 2,       /* verify: the output does not match the reference */
  KBENCH_UNSUPPORTED = 3  /* this device or parameter set cannot run it: a skip */
};

enum kbench_backend {
  KBENCH_BACKEND_HOST = 0,  /* runs on the CPU, timed with CLOCK_MONOTONIC */
  KBENCH_BACKEND_CUDA = 1   /* launches on the runner's stream, timed with events */
};

/* Where a buffer lives (kbench_host.output) or where bytes are counted. */
enum kbench_memory {
  KBENCH_MEM_HOST = 0,
  KBENCH_MEM_GLOBAL = 1,  /* CUDA device (global) memory */
  KBENCH_MEM_SHARED = 2   /* CUDA shared memory: only for bytes_moved */
};

/* Parameter flags. */
#define KBENCH_PARAM_POW2 0x1u  /* value must be a power of two */

/*
** ABI 1.2: variant flags (kbench_variant.flags).
**
** KBENCH_VARIANT_SYNCS: run may wait for the device, allocate and free
** device memory, and copy results to the host, as library code does
** (thrust::reduce returns its sum; Thrust and CUB allocate temporary
** storage).  The runner then times each run by itself, with events around
** the call and the host's clock beside them: it does not hold the stream
** while queuing (a wait inside run would stall behind the hold), batches
** no runs (hot mode takes one run a sample) and cannot capture run into a
** graph (graph mode skips the case).  Both audits still run: whatever run
** queues must still be ordered between the runner's markers, on its
** stream or on streams forked from it and joined back; a host-side wait
** does not order a side stream.  Without the flag, a run that waits for
** the device fails the case, and the message names this flag.
*/
#define KBENCH_VARIANT_SYNCS 0x1u

/*
** ABI 1.3: run launches on a default stream, not on a stream it is given
** (third-party code whose launchers take no stream argument).  The runner
** then times that stream instead of its own, and h->stream(h) returns it
** (cudaStreamLegacy or cudaStreamPerThread), so library calls can be
** given it too.  At most one of the two; CUDA variants only.
**
** KBENCH_VARIANT_LEGACY_STREAM: the legacy default stream (stream 0 as
** nvcc compiles it by default).
** KBENCH_VARIANT_PER_THREAD_STREAM: the per-thread default stream (stream
** 0 under nvcc --default-stream per-thread), the one of the thread that
** calls run: launch from that thread, not from threads of the plugin's.
**
** Everything else is as for a variant that takes the runner's stream: the
** hold, the cold flush, kernel time, counters and the audits.  Work on any
** other stream must still be forked from the declared stream and joined
** back with events (docs/plugins.md, "Code that launches on the default
** stream"); the implicit ordering of blocking streams behind the legacy
** stream does not count, and a kernel on another stream fails the case,
** naming both streams.
*/
#define KBENCH_VARIANT_LEGACY_STREAM 0x2u
#define KBENCH_VARIANT_PER_THREAD_STREAM 0x4u

/*
** A declared parameter.  The runner parses user values (decimal, optional
** K/M/G binary suffix, or a comma list that expands into several cases),
** checks min <= value <= max and the flags, and only then calls setup.  A
** plugin may still reject a combination of values in setup.
**
** Since ABI 1.1 a parameter may instead be enumerated: n_choices names
** (each [a-z0-9_]+, unique), such as {"f32", "f64", "i32"}.  Users then
** give names ("dtype=f32,f64"), dflt names one or more of them, min, max
** and flags are ignored (leave them 0), h->param returns the index of the
** case's choice and h->param_name its name.  Cases are named with the
** choice: "variant/dtype:f32".
*/
typedef struct kbench_param {
  const char *name;     /* [a-z0-9_]+ */
  const char *help;     /* one line */
  const char *dflt;     /* default, in the same syntax a user types: "1M", "1,2,4" */
  int64_t min;
  int64_t max;
  uint32_t flags;       /* KBENCH_PARAM_* */
  /* ABI 1.1 */
  const char *const *choices;  /* n_choices names; NULL for an integer */
  uint32_t n_choices;          /* 0: an integer parameter */
} kbench_param;

/*
** Device facts, filled by the runner before setup.  Zeroed for host cases
** and when no device is present.
*/
typedef struct kbench_device {
  uint32_t size;                 /* sizeof(kbench_device) as the runner built it */
  char name[256];
  int ordinal;
  int cc_major, cc_minor;
  int sm_count;
  int l2_bytes;
  int max_threads_per_block;
  int smem_per_block;            /* default per-block limit, bytes */
  int smem_per_block_optin;      /* limit after cudaFuncSetAttribute, bytes */
  int mem_clock_khz;
  int mem_bus_bits;
  double peak_gbps;              /* theoretical DRAM bandwidth, 1e9 bytes/s */
  size_t global_mem_bytes;
} kbench_device;

/*
** The bytes a variant moves in one run.  Count what the algorithm must move
** (each input read once, each output written once) for "effective"
** bandwidth, in the memory the idea is about: a shared-memory bank sweep
** counts shared memory.  Extra traffic a poor variant causes is exactly
** what the bandwidth figure should expose, so do not count it.
*/
typedef struct kbench_bytes {
  uint64_t read;
  uint64_t written;
  int memory;                    /* enum kbench_memory */
} kbench_bytes;

/*
** ABI 1.1: the work one run does besides moving bytes, for the optional
** kbench_variant.work callback.  The runner zeroes it and reports
** flops / time as FLOP/s and items / time as items/s (Google Benchmark's
** items_per_second).  Count the algorithm's operations (a multiply-add is
** 2 flops; a sum of n floats n - 1), not what a variant happens to do.
*/
typedef struct kbench_work {
  uint32_t size;                 /* sizeof(kbench_work) as the runner built it */
  uint64_t flops;                /* floating-point operations; 0: not reported */
  uint64_t items;                /* items (elements) processed; 0: not reported */
} kbench_work;

/* ABI 1.1: element types of kbench_host.fill and .element. */
enum kbench_type {
  KBENCH_TYPE_I32 = 0,  /* int32_t, uniform on the integers of [lo, hi] */
  KBENCH_TYPE_U8 = 1,   /* uint8_t, the integers of [lo, hi], 0 <= lo <= hi <= 255 */
  KBENCH_TYPE_F32 = 2,  /* float, uniform on [lo, hi) */
  KBENCH_TYPE_F64 = 3   /* double, uniform on [lo, hi) */
};

/*
** ABI 1.1: the callback of kbench_host.parallel_for, called for the indices
** [begin, end) by the worker thread numbered worker (0 <= worker <
** h->workers(h)).  Returns KBENCH_OK, or a failure status after h->fail.
*/
typedef int (*kbench_range_fn)(void *ctx, size_t begin, size_t end,
                               unsigned worker);

/*
** The runner's services, handed to every callback.  One kbench_host exists
** per case; the plugin must not keep it after teardown.  All functions are
** safe to call from any callback unless stated otherwise.
*/
typedef struct kbench_host kbench_host;
struct kbench_host {
  uint32_t size;                 /* sizeof(kbench_host) as the runner built it */

  /* The value of a declared parameter for this case.  Asking for a name the
  ** variant did not declare is a plugin bug: it returns 0 and the case fails. */
  int64_t (*param)(const kbench_host *h, const char *name);

  /* 64 random bits from a generator seeded by --seed and the case, so that
  ** every case draws fresh data and a run can be repeated exactly. */
  uint64_t (*random)(const kbench_host *h);

  /* The cudaStream_t to launch every timed operation on (NULL for host
  ** cases): the runner's own, or the default stream the variant declares
  ** (KBENCH_VARIANT_LEGACY_STREAM, _PER_THREAD_STREAM).  run may fork work
  ** onto streams of its own (copy/compute overlap, concurrent kernels, a
  ** library's internal streams) only when it joins them back: a side
  ** stream waits for an event recorded on this stream before its work
  ** (the fork), and this stream waits for an event recorded on the side
  ** stream after it (the join), before run returns.
  ** Every operation run queues must be ordered before what the runner
  ** queues next on this stream; the stream audit checks exactly that and
  ** fails unjoined work (docs/plugins.md, "Several streams").  Never
  ** synchronize the device inside run: the runner synchronizes (a variant
  ** that must, such as library code returning a value, declares
  ** KBENCH_VARIANT_SYNCS; docs/plugins.md, "Library code"). */
  void *(*stream)(const kbench_host *h);

  /* Facts about the device this case runs on. */
  const kbench_device *(*device)(const kbench_host *h);

  /* Record a human-readable message for this case and return status, so
  ** that `return h->fail(h, KBENCH_WRONG, "out[%zu] = %d, expected %d", ...)`
  ** reads naturally.  The runner owns the buffer; the last message wins. */
  int (*fail)(const kbench_host *h, int status, const char *fmt, ...)
#if defined(__GNUC__)
      __attribute__((format(printf, 3, 4)))
#endif
      ;

  /* Declare an output buffer, from setup only.  Before each verified run
  ** the runner fills it with a poison pattern (all bits set: -1 for
  ** integers, NaN for floats), so an element the kernel never writes fails
  ** verification.  memory is KBENCH_MEM_HOST or KBENCH_MEM_GLOBAL.  A
  ** buffer run also reads (beta * C, +=) is declared with inout (ABI 1.4)
  ** instead. */
  int (*output)(const kbench_host *h, void *ptr, size_t bytes, int memory);

  /* Runner-private data; plugins must not touch it. */
  void *opaque;

  /*
  ** ABI 1.1.  A plugin that declares 1.1 may use these: the runner refuses
  ** plugins newer than itself, so its kbench_host has them.
  **
  ** fill, parallel_for, workers and host_alloc may be called from setup
  ** and verify only, never from inside a parallel_for callback; param, param_name,
  ** element and fail may also be called from the callbacks (fail records
  ** the message of the chunk that fails).
  */

  /* The name of the case's choice of an enumerated parameter ("f32").
  ** Asking for an integer or undeclared parameter is a plugin bug: NULL,
  ** and the case fails. */
  const char *(*param_name)(const kbench_host *h, const char *name);

  /*
  ** Fill n elements of type (enum kbench_type) at ptr with random values in
  ** [lo, hi] (integers) or [lo, hi) (floating point), on the runner's
  ** threads, or by the case's GPU into a large buffer of host_alloc's
  ** (the same bytes, by the link; done when fill returns).  Element i is a pure function of (--seed, the case, buffer,
  ** i): counter-based (splitmix64 read at position i of a sequence keyed
  ** by the rest), so the data is the same whatever --jobs is, differs
  ** between buffer ids and between cases, and element() regenerates any
  ** one of them.  Integers map the high 32 bits of the 64 by a multiply
  ** and a shift; floats are lo + (hi - lo) * u, u of 24 (float) or 53
  ** (double) bits, rounded to the type, and moved to the value below hi
  ** if they round to it.  Returns KBENCH_OK; a bad type or range is a
  ** plugin bug (KBENCH_ERROR, the case fails).
  */
  int (*fill)(const kbench_host *h, void *ptr, size_t n, int type, double lo,
              double hi, uint64_t buffer);

  /* Element index of the fill with the same type, lo, hi and buffer, as a
  ** double (exact for every type). */
  double (*element)(const kbench_host *h, int type, double lo, double hi,
                    uint64_t buffer, uint64_t index);

  /*
  ** Call fn(ctx, begin, end, worker) on chunks of grain indices (0: the
  ** runner picks, about 8 chunks a thread) that cover [0, n) exactly once,
  ** on --jobs threads, the calling one included (alone when [0, n) is one
  ** chunk); returns when all are done.  A callback that fails stops the handing out of chunks; the
  ** status and message returned are those of the lowest failed chunk, so
  ** a callback that reports the first bad index of its chunk makes the
  ** message name the first bad index of all, whatever the number of
  ** threads.  Returns KBENCH_OK when every chunk did.  For a reduction,
  ** keep one partial per worker (h->workers(h) of them), or, for a result
  ** that must not depend on --jobs (floating-point sums), one per chunk of
  ** a fixed grain, combined in order afterwards.
  */
  int (*parallel_for)(const kbench_host *h, size_t n, size_t grain,
                      kbench_range_fn fn, void *ctx);

  /* The number of threads parallel_for uses: --jobs, or the cores this
  ** process may run on. */
  unsigned (*workers)(const kbench_host *h);

  /*
  ** At least bytes of host memory (aligned for any type, contents
  ** undefined), from setup or verify, that the runner frees when the case
  ** ends, after teardown: never free it yourself.  In a CUDA case it is
  ** page-locked, so cudaMemcpy to and from it runs at the link's full speed
  ** (about 7 times a pageable copy on an H100), and the runner keeps its
  ** pages for the next case.  For inputs to upload, references and copies
  ** of outputs.  NULL when out of memory.
  */
  void *(*host_alloc)(const kbench_host *h, size_t bytes);

  /*
  ** ABI 1.2: a timed region inside run.  Called from run, timer_start and
  ** timer_stop bound what the sample times: for a CUDA case they record
  ** the runner's timing events on h->stream(h) (so the region holds what
  ** run queues between them, not the host's time), for a host case they
  ** read the host's monotonic clock.  What run does before timer_start
  ** (resetting an accumulator, re-uploading an input, rewinding an
  ** in-place sort) and after timer_stop is left out of the time, but not
  ** out of the checks: it must still be ordered on the runner's stream
  ** (the stream audit sees the whole run), and the outputs are verified
  ** as the region left them, so the work verify checks must lie inside it
  ** (outputs already right when the region starts, or made right only
  ** after it ends, fail the case).
  **
  ** One region per run: timer_start once, then timer_stop once, in every
  ** run or in none.  A region that is nested, unbalanced, repeated, used
  ** in some runs only, or started outside run fails the case with a
  ** message.  A variant that uses the region is timed one run a sample
  ** (hot mode does not batch it; graph mode cannot time it and skips it).
  ** Both return KBENCH_OK, or KBENCH_ERROR after recording why.
  */
  int (*timer_start)(const kbench_host *h);
  int (*timer_stop)(const kbench_host *h);

  /*
  ** ABI 1.4: declare an in-out buffer, from setup only: one that run reads
  ** before it writes it (C = alpha*A*B + beta*C, y = a*x + y, +=).  An
  ** output (above) would be poisoned, and the kernel would compute from
  ** the poison.  Instead the runner copies the buffer's contents once
  ** setup has returned (a device buffer into host memory of its own) and,
  ** before each verified run, puts them back, outside any timed region:
  ** verify sees exactly one run on what setup left there, and checks it
  ** against a reference computed from those contents.  Between timed runs
  ** the runner leaves the buffer alone: each timed run computes from what
  ** the previous one left, as the kernel would in a loop, and the times
  ** are of the kernel as it is.  A run that must start from the same
  ** contents every time resets them itself, before timer_start (ABI 1.2),
  ** which leaves the reset out of the time.
  **
  ** ptr, bytes and memory are as for output; the buffer must not overlap
  ** one declared with output or inout.  The runner keeps its copies in at
  ** most half the host's physical memory: a larger total fails the case,
  ** naming both sizes.  Returns KBENCH_OK, or KBENCH_ERROR after
  ** recording why (the case then fails whatever setup returns).
  */
  int (*inout)(const kbench_host *h, void *ptr, size_t bytes, int memory);
};

/*
** One kernel variant.  The runner calls, for each case (one set of
** parameter values):
**
**   setup -> [poison outputs -> run -> verify] -> warm-up runs
**         -> timed runs -> [poison -> run -> verify] -> teardown
**
** (the poison puts in-out buffers back as setup left them: ABI 1.4).
** run is called many times on the same state; it must produce the same,
** correct output every time (reset accumulators inside run, or declare
** the buffer inout).  The runner
** waits for the whole device after setup, so what setup queued on any
** stream (a cudaMemcpy from pageable memory returns before its DMA ends)
** is done before the first run; verify is called after the runner
** synchronized its stream.  teardown is called whenever setup
** stored a non-NULL *state, even when setup then failed, so it must free a
** partly built state (free(NULL) and cudaFree(NULL) are harmless).
*/
typedef struct kbench_variant {
  uint32_t size;                 /* sizeof(kbench_variant) as the plugin built it */
  const char *name;              /* unique in the catalogue, e.g. "reduce_gmem" */
  const char *summary;           /* one line: the idea it shows */
  const char *origin;            /* the seed or paper it comes from */
  int backend;                   /* enum kbench_backend */
  const kbench_param *params;    /* n_params entries */
  uint32_t n_params;

  /* Allocate, fill inputs with h->random data, declare outputs, and store
  ** the plugin's state in *state.  Required. */
  int (*setup)(const kbench_host *h, void **state);

  /* Do the measured work once.  For CUDA: launch on h->stream(h), check
  ** the launch, do not synchronize (unless flags has
  ** KBENCH_VARIANT_SYNCS).  Required. */
  int (*run)(const kbench_host *h, void *state);

  /* Compare the output of the last run with an independent CPU reference;
  ** KBENCH_WRONG with the first mismatch (index, expected, got) through
  ** h->fail.  Required. */
  int (*verify)(const kbench_host *h, void *state);

  /* The bytes one run moves.  Required. */
  void (*bytes_moved)(const kbench_host *h, void *state, kbench_bytes *bytes);

  /* Free everything setup allocated.  Required. */
  void (*teardown)(const kbench_host *h, void *state);

  /* ABI 1.1.  The floating-point operations and items of one run, into
  ** the zeroed *work; called after the case verified, like bytes_moved.
  ** Optional: NULL reports neither. */
  void (*work)(const kbench_host *h, void *state, kbench_work *work);

  /* ABI 1.2.  KBENCH_VARIANT_* bits; 0 for plain kernels.  A bit this
  ** runner does not know, or one newer than the plugin's ABI minor, fails
  ** the load. */
  uint32_t flags;
} kbench_variant;

/*
** What kbench_plugin_library() returns.  The runner reads abi_major first
** and touches nothing else if it differs from its own.
*/
typedef struct kbench_library {
  uint32_t abi_major;            /* KBENCH_ABI_MAJOR */
  uint32_t abi_minor;            /* KBENCH_ABI_MINOR */
  uint32_t size;                 /* sizeof(kbench_library) */
  uint32_t variant_size;         /* sizeof(kbench_variant) */
  uint32_t param_size;           /* sizeof(kbench_param) */
  /* The variant at index, or NULL past the last one. */
  const kbench_variant *(*variant)(uint32_t index);
} kbench_library;

typedef const kbench_library *(*kbench_library_fn)(void);

/*
** Convenience for a library of a fixed list of variants:
**
**   static const kbench_variant my_variant = {
**     .size = sizeof(kbench_variant),
**     .name = "my_variant",
**     ...
**     .teardown = my_teardown,
**   };
**   KBENCH_PLUGIN(&my_variant)
**
** Designated, so that a field appended in a later minor (work, flags) is
** named where it is set and zero where it is not.
**
** expands to the exported entry point.  One per shared object.
*/
#define KBENCH_PLUGIN(...)                                                   \
  static const kbench_variant *kbench_variants_[] = {__VA_ARGS__};           \
  static const kbench_variant *kbench_variant_at_(uint32_t i) {              \
    return i < sizeof kbench_variants_ / sizeof kbench_variants_[0]          \
               ? kbench_variants_[i] : NULL;                                 \
  }                                                                          \
  KBENCH_PLUGIN_ENTRY_DECL {                                                 \
    static const kbench_library lib = {                                      \
        KBENCH_ABI_MAJOR,      KBENCH_ABI_MINOR,      sizeof(kbench_library), \
        sizeof(kbench_variant), sizeof(kbench_param), kbench_variant_at_};   \
    return &lib;                                                             \
  }

#ifdef __cplusplus
#  define KBENCH_PLUGIN_ENTRY_DECL \
     extern "C" KBENCH_EXPORT const kbench_library *kbench_plugin_library(void)
#else
#  define KBENCH_PLUGIN_ENTRY_DECL \
     KBENCH_EXPORT const kbench_library *kbench_plugin_library(void)
#endif

#ifdef __cplusplus
}
#endif

#endif /* KBENCH_PLUGIN_H */
