/*
** Everything the runner asks of the CUDA runtime, behind a small C API so
** that no other runner file includes a CUDA header.  Built without CUDA,
** kb_gpu_open() always fails with a reason and nothing else is called.
**
** Nothing here touches CUDA before kb_gpu_open(): the runner initialises
** the driver only when the first CUDA case runs (--list never does), so a
** later per-case fork() can still start from an uninitialised parent.
*/
#ifndef KB_GPU_H
#define KB_GPU_H

#include <stddef.h>

#include <kbench/plugin.h>

typedef struct kb_gpu kb_gpu;

/* How many devices the CUDA runtime reports (initialising it); 0 with the
** reason in why when there are none or it cannot tell, and *unusable (may
** be NULL) 1 when the driver lists GPUs that CUDA cannot use: an error,
** not an absence (driver_gpus.h). */
int kb_gpu_count(int *unusable, char *why, size_t len);

/* NULL with the reason in why when no usable device exists; *unusable as
** kb_gpu_count's, and 1 too when CUDA counted the device but could not
** set it up. */
kb_gpu *kb_gpu_open(int ordinal, int *unusable, char *why, size_t len);
void kb_gpu_close(kb_gpu *g);

const kbench_device *kb_gpu_device(const kb_gpu *g);
/* The timed stream: every call here that takes no stream queues on it. */
void *kb_gpu_stream(const kb_gpu *g);

/*
** Which stream is timed (ABI 1.3, worker/plugin/variant_flags.h): the runner's own
** non-blocking stream, or the default stream a variant declares its runs
** launch on: the legacy one, or the per-thread one of the calling thread
** (every call for the case must then come from the thread that runs it).
** Set for each case before it runs; kb_gpu_open() starts with its own.
*/
enum kb_gpu_timed {
  KB_GPU_TIMED_OWN = 0,
  KB_GPU_TIMED_LEGACY = 1,
  KB_GPU_TIMED_PER_THREAD = 2
};
void kb_gpu_time_stream(kb_gpu *g, int timed);
/* The timed stream is the legacy or the per-thread default stream, either
** of which waits behind work on the legacy stream: holding the legacy
** stream (kb_gpu_hold_device) would stall the runs themselves. */
int kb_gpu_timed_on_default(const kb_gpu *g);

/* Each returns 0, or -1 with the CUDA error in err. */
int kb_gpu_fill(kb_gpu *g, void *ptr, int byte, size_t bytes, char *err,
                size_t len);
int kb_gpu_sync(kb_gpu *g, char *err, size_t len);
/* Wait for the whole device: every stream, the legacy one included. */
int kb_gpu_settle(kb_gpu *g, char *err, size_t len);
/* Evict the L2 (a read of twice its size, queued on the stream). */
int kb_gpu_flush_l2(kb_gpu *g, char *err, size_t len);
/* Make the L2's persisting lines normal (cudaCtxResetPersistingL2Cache),
** which a flush does not evict (gpu/context.h), where a case put them in
** play: a carve-out above the one the context opened with, or an
** access-policy window whose hits persist on a stream kbench hands out
** (its own, the legacy or the per-thread default stream); nothing
** otherwise.  It may wait for the device: never inside a timed region. */
int kb_gpu_demote_persisting(kb_gpu *g, char *err, size_t len);

/*
** A timed region: kb_gpu_begin() optionally holds the stream with a
** blocking host function, then records the start event; the caller queues
** its work; kb_gpu_end() records the stop event, releases the hold and
** waits.  Holding keeps the host's launch latency out of the measurement:
** the GPU sees start, work and stop already queued (nvbench does the same
** with a spinning kernel; a host function needs no device code).
*/
int kb_gpu_begin(kb_gpu *g, int hold, char *err, size_t len);
int kb_gpu_end(kb_gpu *g, double *seconds, char *err, size_t len);

/*
** ABI 1.2's timed region, inside a run between kb_gpu_begin() and
** kb_gpu_end(): start records the start event again, where the region
** begins; stop records the stop event.  kb_gpu_end() then records a
** marker of its own after the run instead of the stop event, waits for
** it, and returns the region's time: the same two events time a run or
** its region, so whatever reads their GPU timestamps follows the region.
** What the run queued before the region is ordered after the first
** record of the start event, and what it queued after the region before
** the marker, so the stream audit still sees the whole run inside.
*/
int kb_gpu_region(kb_gpu *g, int start, char *err, size_t len);

/*
** Outside-the-stream work, made visible: kb_gpu_hold_device() holds the
** legacy default stream, so that work a plugin queues there or on any
** blocking stream of its own waits instead of overlapping the timed
** region, and marks on the GPU's clock where the hold will end.  After
** kb_gpu_end(), kb_gpu_idle() marks the legacy stream again (a mark there
** waits for every blocking stream's earlier work), releases the hold and
** waits until everything this process queued is done.
**   *gpu_s: on the GPU's own clock, how long that held work kept the
**   device busy past the later of the hold's end and the run's end.  The
**   marks are queued before the hold is released, so a descheduled host
**   thread cannot lengthen it.  Unheld, the second mark is queued when
**   kb_gpu_idle() is called, and a late call can lengthen it.
**   *host_s: the whole wait on the host's clock, which also covers
**   non-blocking streams of the plugin's (a mark cannot wait for those)
**   but which a starved host thread lengthens too.
** Work on another process's context counts in neither, unless the GPU
** switches to it between the marks.
*/
int kb_gpu_hold_device(kb_gpu *g, char *err, size_t len);
int kb_gpu_idle(kb_gpu *g, double *gpu_s, double *host_s, char *err,
                size_t len);
/* kb_gpu_end while the device is held: the stop event is waited for at
** most wait_s; past that it waits for held work (a blocking stream of the
** plugin's joined back to the runner's, which is allowed), so the device
** hold is released (*released = 1, its mark queued first) and the wait
** goes on. */
int kb_gpu_end_held(kb_gpu *g, double wait_s, double *seconds,
                    int *released, char *err, size_t len);

/* For the runner's own cases (launch floor, copy calibration): device
** memory, a one-thread kernel storing value at out, and an async copy on
** the stream in whichever direction the pointers say. */
int kb_gpu_alloc(kb_gpu *g, void **ptr, size_t bytes, char *err, size_t len);
void kb_gpu_free(void *ptr);
/* Device memory that may not be had: NULL then, with no CUDA error left
** behind for the plugin's next check (worker/measure/placement_study.c). */
void *kb_gpu_try_alloc(kb_gpu *g, size_t bytes);
/* The device memory free now (cudaMemGetInfo), or 0 when unknown. */
size_t kb_gpu_mem_free(kb_gpu *g);
/* Faults in the pages of [ptr, ptr + bytes) before they are locked. */
typedef void (*kb_gpu_prefault_fn)(void *ctx, void *ptr, size_t bytes);
/* Page-locked host memory the device can store into, or NULL when it
** cannot be had (the CUDA error is cleared); the free is told its size
** again.  prefault, when given, faults a large block's pages in first,
** which locks it faster (cuda.c says by how much). */
void *kb_gpu_host_alloc(kb_gpu *g, size_t bytes, kb_gpu_prefault_fn prefault,
                        void *ctx);
void kb_gpu_host_free(void *ptr, size_t bytes);
int kb_gpu_touch(kb_gpu *g, void *out, int value, char *err, size_t len);
/* Elements [0, n) of the fill of key (util/fill_bits.h; type an enum
** kbench_type, lo and hi checked) stored by the device into host, which
** kb_gpu_host_alloc made, on the timed stream after what is queued there,
** and waited for: 0, or -1 with why. */
int kb_gpu_fill_host(kb_gpu *g, void *host, size_t n, int type, uint64_t key,
                     double lo, double hi, char *err, size_t len);
int kb_gpu_copy(kb_gpu *g, void *dst, const void *src, size_t bytes,
                char *err, size_t len);
/* A copy between host buffers queued on the stream (a host function), so
** that it sees what the stream's earlier work left there. */
int kb_gpu_host_copy(kb_gpu *g, void *dst, const void *src, size_t bytes,
                     char *err, size_t len);

/* Stream capture into a graph, and its replay. */
int kb_gpu_capture_begin(kb_gpu *g, char *err, size_t len);
int kb_gpu_capture_end(kb_gpu *g, void **graph, char *err, size_t len);
int kb_gpu_graph_launch(kb_gpu *g, void *graph, char *err, size_t len);
void kb_gpu_graph_free(void *graph);

/* The UUID of device ordinal ("GPU-xxxxxxxx-..."), before it is opened
** (the runtime initialises; no stream or memory is made): 0, or -1 when
** there is no such device. */
int kb_gpu_uuid(int ordinal, char *uuid, size_t len);
/* Its PCI bus id likewise ("00000000:1B:00.0"), by which NVML finds it. */
int kb_gpu_pci_bus_id(int ordinal, char *bus, size_t len);

/* Who the device is: its UUID ("GPU-xxxxxxxx-..."), PCI bus id, and the
** driver's and runtime's CUDA versions (e.g. 13000); "" and 0 when unknown. */
void kb_gpu_identity(const kb_gpu *g, char *uuid, size_t uuid_len, char *pci,
                     size_t pci_len, int *driver, int *runtime);

/* An NVTX range around a case, so that profilers (nsys, ncu --nvtx) show
** which case is which; free without a tool attached.  No-ops without CUDA. */
void kb_gpu_range_push(const char *name);
void kb_gpu_range_pop(void);

/* A profiling tool attached to this process (ncu and Nsight Systems load
** theirs through CUDA_INJECTION64_PATH): the variable and its value, e.g.
** "CUDA_INJECTION64_PATH=/opt/.../libTreeLauncherTargetInjection.so", or
** NULL.  Such a tool may wait for the whole device inside any launch. */
const char *kb_gpu_tool(char *buf, size_t len);

/* The SM clock now and its maximum, in MHz (NVML); 0 and 0 when unknown.
** The maximum is the clock the GPU is locked at, once kb_gpu_clock_locked
** said so: what a sample's clock is judged against (measure.c). */
unsigned kb_gpu_sm_clock(kb_gpu *g, unsigned *max_mhz);
/* --lock-clocks locked the SM clock at mhz (worker/clock_lock.h); 0: not
** locked. */
void kb_gpu_clock_locked(kb_gpu *g, unsigned mhz);

/* The device's NVML handle (gpu/nvml.h), owned by g: NULL with the reason
** in *why when there is none. */
typedef struct kb_nvml kb_nvml;
kb_nvml *kb_gpu_nvml(kb_gpu *g, const char **why);

/*
** Two fences on the stream, for work queued ahead in chunks while the host
** does something else (worker/measure/energy.c): kb_gpu_fence() marks fence i (0
** or 1) after what is queued so far; kb_gpu_fence_passed() returns 1 once
** the stream has reached it, 0 while it has not, -1 with the CUDA error.
*/
int kb_gpu_fence(kb_gpu *g, int i, char *err, size_t len);
int kb_gpu_fence_passed(kb_gpu *g, int i, char *err, size_t len);

/* Clear any error a failed case left behind.  Returns -1 if the context is
** unusable (a sticky error such as an illegal address), with the reason. */
int kb_gpu_recover(kb_gpu *g, char *err, size_t len);

#endif
