/*
** The CUDA wrapper (gpu.h) over the CUDA runtime: the only runner file that
** includes a CUDA header.  Built when configure finds CUDA; none.c
** stands in otherwise.
*/
#define _DEFAULT_SOURCE  /* MADV_HUGEPAGE */
#include <dlfcn.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <cuda_runtime_api.h>
#include <nvtx3/nvToolsExt.h>

#include "util/host_facts.h"
#include "gpu/driver_gpus.h"
#include "gpu/gpu.h"
#include "gpu/nvml.h"

/* gpu/kernels.cu */
int kb_launch_flush(const void *buf, size_t bytes, void *sink, int sm_count,
                    void *stream);
int kb_launch_touch(void *out, int value, void *stream);
int kb_launch_fill(void *out, size_t n, int type, uint64_t key, double lo,
                   double hi, int sm_count, void *stream);

/* A hold longer than this means the runner failed to release it: give up
** rather than hang the stream forever. */
#define KB_HOLD_LIMIT_S 2.0

/* A blocking host function holding a stream until released. */
typedef struct kb_hold {
  atomic_int released;
  atomic_int expired;    /* set when the hold gave up waiting */
} kb_hold;

struct kb_gpu {
  kbench_device dev;
  cudaStream_t stream;     /* the timed one: own, or a default stream */
  cudaStream_t own;        /* the runner's non-blocking stream */
  cudaEvent_t start, stop;
  cudaEvent_t after;       /* past a run whose region the events time
                              (timed: the stream check reads from it) */
  int region;              /* the run's timed region: 0 none, 1 open,
                              2 closed (kb_gpu_region) */
  int begun;               /* between kb_gpu_begin and the run's end */
  cudaEvent_t fences[2];   /* kb_gpu_fence's */
  void *flush;           /* scratch buffer written to evict L2 */
  size_t flush_bytes;
  kb_hold stream_hold;   /* kb_gpu_begin's, released by kb_gpu_end */
  kb_hold device_hold;   /* kb_gpu_hold_device's, released by kb_gpu_idle */
  int holding;
  /* The device hold's marks on the legacy stream (kb_gpu_idle): where the
  ** hold ends, and past the work queued behind it. */
  cudaEvent_t hold_ends, held_done;
  int device_held;         /* a device hold is in place, */
  int marked;              /* and held_done is queued behind it */
  kb_nvml *nvml;         /* NULL without NVML, */
  char nvml_why[256];    /* and why */
  unsigned locked_mhz;   /* the SM clock --lock-clocks holds; 0: none */
  size_t carve_out;      /* cudaLimitPersistingL2CacheSize as the context
                            opened (11.25 MiB on the H200, not 0) */
};

static int cuda_failed(cudaError_t e, const char *what, char *err, size_t len)
{
  if (e == cudaSuccess)
    return 0;
  snprintf(err, len, "%s: %s", what, cudaGetErrorString(e));
  return -1;
}
#define CHECK(call) \
  do { if (cuda_failed((call), #call, err, len)) return -1; } while (0)

static void fill_device_facts(kbench_device *d, int ordinal)
{
  struct cudaDeviceProp prop;
  int v;
  memset(d, 0, sizeof *d);
  d->size = sizeof *d;
  d->ordinal = ordinal;
  if (cudaGetDeviceProperties(&prop, ordinal) == cudaSuccess) {
    snprintf(d->name, sizeof d->name, "%s", prop.name);
    d->global_mem_bytes = prop.totalGlobalMem;
  }
#define ATTR(field, attr) \
  if (cudaDeviceGetAttribute(&v, attr, ordinal) == cudaSuccess) d->field = v
  ATTR(cc_major, cudaDevAttrComputeCapabilityMajor);
  ATTR(cc_minor, cudaDevAttrComputeCapabilityMinor);
  ATTR(sm_count, cudaDevAttrMultiProcessorCount);
  ATTR(l2_bytes, cudaDevAttrL2CacheSize);
  ATTR(max_threads_per_block, cudaDevAttrMaxThreadsPerBlock);
  ATTR(smem_per_block, cudaDevAttrMaxSharedMemoryPerBlock);
  ATTR(smem_per_block_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin);
  ATTR(mem_clock_khz, cudaDevAttrMemoryClockRate);
  ATTR(mem_bus_bits, cudaDevAttrGlobalMemoryBusWidth);
#undef ATTR
  /* Double data rate: two transfers per memory clock. */
  d->peak_gbps = 2.0 * d->mem_clock_khz * 1e3 * (d->mem_bus_bits / 8.0) / 1e9;
}

/*
** Why the runtime found no device, when the driver is the cause.  CUDA says
** "driver version is insufficient" both when there is no driver and when
** it is too old; the driver library itself tells the two apart.  It is
** opened here only to ask, never linked: kbench must start without it.
** 0 with the reason in why, or -1 when the driver is not the cause.
*/
static int driver_why(char *why, size_t len)
{
  void *cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!cuda) {
    snprintf(why, len, "no NVIDIA driver (libcuda.so.1 not found)");
    return 0;
  }
  int (*driver_version)(int *) =
    (int (*)(int *))dlsym(cuda, "cuDriverGetVersion");
  int driver = 0, runtime = 0;
  int known = driver_version && driver_version(&driver) == 0
              && cudaRuntimeGetVersion(&runtime) == cudaSuccess;
  dlclose(cuda);
  if (!known || driver >= runtime)
    return -1;
  /* Versions are 1000 * major + 10 * minor. */
  snprintf(why, len, "the driver (CUDA %d.%d) is older than the runtime "
           "(CUDA %d.%d)", driver / 1000, driver % 1000 / 10,
           runtime / 1000, runtime % 1000 / 10);
  return 0;
}

/* What kbench knows of a cause, for a GPU the driver lists and CUDA
** cannot use: "" when nothing. */
static const char *cause_hint(cudaError_t e)
{
  switch (e) {
  case cudaErrorOperatingSystem:
    return " (a system call CUDA's start needs was refused: a sandbox such "
           "as seccomp, Landlock or SELinux, or a container's policy)";
  case cudaErrorNoDevice:
    return " (are /dev/nvidiactl and /dev/nvidia-uvm there, and may this "
           "user open them?)";
  case cudaErrorInsufficientDriver:
  case cudaErrorSystemDriverMismatch:
    return " (the driver's library does not match its kernel module)";
  case cudaErrorDevicesUnavailable:
    return " (every GPU is in exclusive-process or prohibited compute mode "
           "and taken)";
  case cudaErrorSystemNotReady:
    return " (the fabric manager is not running)";
  default:
    return "";
  }
}

/* CUDA found no device (e, or a count of 0): why, and whether the GPUs
** the driver lists are there but unusable (driver_gpus.h). */
static int no_device(cudaError_t e, char *why, size_t len)
{
  char cause[256], nodes[256];
  const char *hint = "";
  if (e == cudaSuccess) {
    snprintf(cause, sizeof cause, "the runtime reports none");
  } else if (driver_why(cause, sizeof cause) != 0) {
    snprintf(cause, sizeof cause, "%s", cudaGetErrorString(e));
    hint = cause_hint(e);
  }
  size_t n = kb_driver_gpu_nodes(NULL, nodes, sizeof nodes);
  const char *visible = getenv("CUDA_VISIBLE_DEVICES");
  int none_visible = e == cudaSuccess || e == cudaErrorNoDevice;
  if (kb_gpu_unusable(n, visible, none_visible)) {
    snprintf(why, len, "the driver lists %zu GPU%s (%s) but CUDA cannot "
             "use %s: %s%s", n, n == 1 ? "" : "s", nodes,
             n == 1 ? "it" : "them", cause, hint);
    return 1;
  }
  if (n && visible)
    snprintf(why, len, "no CUDA device: CUDA_VISIBLE_DEVICES=%.64s hides "
             "the driver's %s", visible, nodes);
  else
    snprintf(why, len, "no CUDA device: %s", cause);
  return 0;
}

int kb_gpu_count(int *unusable, char *why, size_t len)
{
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  int broken = 0;
  if (e != cudaSuccess || count <= 0) {
    broken = no_device(e, why, len);
    count = 0;
  }
  if (unusable)
    *unusable = broken;
  return count;
}

kb_gpu *kb_gpu_open(int ordinal, int *unusable, char *why, size_t len)
{
  int count = kb_gpu_count(unusable, why, len);
  if (count == 0)
    return NULL;
  if (ordinal < 0 || ordinal >= count) {
    snprintf(why, len, "no CUDA device %d (%d present)", ordinal, count);
    return NULL;
  }
  kb_gpu *g = calloc(1, sizeof *g);
  if (!g) {
    snprintf(why, len, "out of host memory");
    return NULL;
  }
  char *err = why;
  size_t errlen = len;
  fill_device_facts(&g->dev, ordinal);
  /* Twice the L2: the H100's L2 is two partitions that can hold copies of
  ** one line, so writing exactly its size does not evict everything. */
  g->flush_bytes = 2 * (size_t)(g->dev.l2_bytes > 0 ? g->dev.l2_bytes : 1 << 20);
  if (cuda_failed(cudaSetDevice(ordinal), "cudaSetDevice", err, errlen)
      || cuda_failed(cudaStreamCreateWithFlags(&g->own,
                     cudaStreamNonBlocking), "cudaStreamCreate", err, errlen)
      || cuda_failed(cudaEventCreate(&g->start), "cudaEventCreate", err, errlen)
      || cuda_failed(cudaEventCreate(&g->stop), "cudaEventCreate", err, errlen)
      || cuda_failed(cudaEventCreate(&g->after), "cudaEventCreate", err,
                     errlen)
      || cuda_failed(cudaEventCreate(&g->hold_ends), "cudaEventCreate", err,
                     errlen)
      || cuda_failed(cudaEventCreate(&g->held_done), "cudaEventCreate", err,
                     errlen)
      || cuda_failed(cudaEventCreateWithFlags(&g->fences[0],
                     cudaEventDisableTiming), "cudaEventCreate", err, errlen)
      || cuda_failed(cudaEventCreateWithFlags(&g->fences[1],
                     cudaEventDisableTiming), "cudaEventCreate", err, errlen)
      || cuda_failed(cudaMalloc(&g->flush, g->flush_bytes + 16),
                     "cudaMalloc(L2 flush buffer)", err, errlen)
      || cuda_failed(cudaMemset(g->flush, 0, g->flush_bytes + 16),
                     "cudaMemset(L2 flush buffer)", err, errlen)) {
    /* CUDA counted the device and then could not use it. */
    if (unusable)
      *unusable = 1;
    kb_gpu_close(g);
    return NULL;
  }
  g->stream = g->own;
  if (cudaDeviceGetLimit(&g->carve_out, cudaLimitPersistingL2CacheSize)
      != cudaSuccess)
    (void)cudaGetLastError();   /* a device without persisting lines */
  char bus[64];
  if (cudaDeviceGetPCIBusId(bus, sizeof bus, ordinal) == cudaSuccess)
    g->nvml = kb_nvml_open(bus, g->nvml_why, sizeof g->nvml_why);
  else
    snprintf(g->nvml_why, sizeof g->nvml_why, "no PCI bus id for NVML");
  return g;
}

void kb_gpu_range_push(const char *name)
{
  nvtxRangePushA(name);
}

void kb_gpu_range_pop(void)
{
  nvtxRangePop();
}

int kb_gpu_uuid(int ordinal, char *uuid, size_t len)
{
  struct cudaDeviceProp prop;
  *uuid = '\0';
  if (cudaGetDeviceProperties(&prop, ordinal) != cudaSuccess) {
    (void)cudaGetLastError();   /* not sticky: leave none behind */
    return -1;
  }
  const unsigned char *b = (const unsigned char *)prop.uuid.bytes;
  snprintf(uuid, len, "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
           "%02x%02x%02x%02x%02x%02x", b[0], b[1], b[2], b[3], b[4], b[5],
           b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
  return 0;
}

int kb_gpu_pci_bus_id(int ordinal, char *bus, size_t len)
{
  *bus = '\0';
  if (cudaDeviceGetPCIBusId(bus, (int)len, ordinal) != cudaSuccess) {
    (void)cudaGetLastError();   /* not sticky: leave none behind */
    *bus = '\0';
    return -1;
  }
  return 0;
}

void kb_gpu_identity(const kb_gpu *g, char *uuid, size_t uuid_len, char *pci,
                     size_t pci_len, int *driver, int *runtime)
{
  *pci = '\0';
  kb_gpu_uuid(g->dev.ordinal, uuid, uuid_len);
  if (cudaDeviceGetPCIBusId(pci, (int)pci_len, g->dev.ordinal) != cudaSuccess)
    *pci = '\0';
  if (cudaDriverGetVersion(driver) != cudaSuccess)
    *driver = 0;
  if (cudaRuntimeGetVersion(runtime) != cudaSuccess)
    *runtime = 0;
}

unsigned kb_gpu_sm_clock(kb_gpu *g, unsigned *max_mhz)
{
  *max_mhz = g->nvml ? kb_nvml_max_sm_mhz(g->nvml) : 0;
  if (g->locked_mhz && g->locked_mhz < *max_mhz)
    *max_mhz = g->locked_mhz;
  return g->nvml ? kb_nvml_sm_mhz(g->nvml) : 0;
}

void kb_gpu_clock_locked(kb_gpu *g, unsigned mhz)
{
  g->locked_mhz = mhz;
}

kb_nvml *kb_gpu_nvml(kb_gpu *g, const char **why)
{
  *why = g->nvml_why;
  return g->nvml;
}

void kb_gpu_close(kb_gpu *g)
{
  if (!g)
    return;
  kb_nvml_close(g->nvml);
  for (int i = 0; i < 2; i++)
    if (g->fences[i])
      cudaEventDestroy(g->fences[i]);
  if (g->flush)
    cudaFree(g->flush);
  if (g->start)
    cudaEventDestroy(g->start);
  if (g->stop)
    cudaEventDestroy(g->stop);
  if (g->after)
    cudaEventDestroy(g->after);
  if (g->hold_ends)
    cudaEventDestroy(g->hold_ends);
  if (g->held_done)
    cudaEventDestroy(g->held_done);
  if (g->own)
    cudaStreamDestroy(g->own);
  free(g);
}

const kbench_device *kb_gpu_device(const kb_gpu *g) { return &g->dev; }
void *kb_gpu_stream(const kb_gpu *g) { return g->stream; }

void kb_gpu_time_stream(kb_gpu *g, int timed)
{
  g->stream = timed == KB_GPU_TIMED_LEGACY ? cudaStreamLegacy
            : timed == KB_GPU_TIMED_PER_THREAD ? cudaStreamPerThread
            : g->own;
}

int kb_gpu_timed_on_default(const kb_gpu *g)
{
  return g->stream != g->own;
}

int kb_gpu_fill(kb_gpu *g, void *ptr, int byte, size_t bytes, char *err,
                size_t len)
{
  CHECK(cudaMemsetAsync(ptr, byte, bytes, g->stream));
  return 0;
}

int kb_gpu_sync(kb_gpu *g, char *err, size_t len)
{
  CHECK(cudaStreamSynchronize(g->stream));
  return 0;
}

int kb_gpu_settle(kb_gpu *g, char *err, size_t len)
{
  (void)g;
  CHECK(cudaDeviceSynchronize());
  return 0;
}

/* Whether a stream's access-policy window makes its hits persist. */
static int window_persists(cudaStream_t stream)
{
  cudaStreamAttrValue v;
  if (cudaStreamGetAttribute(stream, cudaStreamAttributeAccessPolicyWindow,
                             &v) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  return v.accessPolicyWindow.num_bytes > 0
         && v.accessPolicyWindow.hitProp == cudaAccessPropertyPersisting;
}

/* The reset is device work of its own (37 us of a kernel on the H200,
** which a kernel-time pass would count as the run's): made only where a
** case put persisting lines in play, as gpu.h says. */
int kb_gpu_demote_persisting(kb_gpu *g, char *err, size_t len)
{
  size_t carve_out = 0;
  if (cudaDeviceGetLimit(&carve_out, cudaLimitPersistingL2CacheSize)
      != cudaSuccess) {
    (void)cudaGetLastError();   /* a device without persisting lines */
    return 0;
  }
  if (carve_out > g->carve_out || window_persists(g->own)
      || window_persists(cudaStreamLegacy)
      || window_persists(cudaStreamPerThread))
    CHECK(cudaCtxResetPersistingL2Cache());
  return 0;
}

int kb_gpu_flush_l2(kb_gpu *g, char *err, size_t len)
{
  /* The 16 bytes past the buffer are the kernel's (never written) sink. */
  CHECK((cudaError_t)kb_launch_flush(g->flush, g->flush_bytes,
                                     (char *)g->flush + g->flush_bytes,
                                     g->dev.sm_count, g->stream));
  return 0;
}

int kb_gpu_touch(kb_gpu *g, void *out, int value, char *err, size_t len)
{
  CHECK((cudaError_t)kb_launch_touch(out, value, g->stream));
  return 0;
}

int kb_gpu_alloc(kb_gpu *g, void **ptr, size_t bytes, char *err, size_t len)
{
  (void)g;
  *ptr = NULL;
  CHECK(cudaMalloc(ptr, bytes));
  return 0;
}

void kb_gpu_free(void *ptr)
{
  cudaFree(ptr);
}

void *kb_gpu_try_alloc(kb_gpu *g, size_t bytes)
{
  (void)g;
  void *ptr = NULL;
  if (cudaMalloc(&ptr, bytes) != cudaSuccess) {
    (void)cudaGetLastError();   /* not sticky: leave none behind */
    return NULL;
  }
  return ptr;
}

size_t kb_gpu_mem_free(kb_gpu *g)
{
  (void)g;
  size_t free_bytes = 0, total = 0;
  if (cudaMemGetInfo(&free_bytes, &total) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  return free_bytes;
}

/*
** A large block is mapped with transparent huge pages asked for, its pages
** faulted in by the caller's prefault (on the staging threads: the kernel
** zeroes each huge page on the thread that faults it) and then registered:
** on the H200, 256 MiB in 11.5 ms that way against 68 ms registered
** straight from the mapping and 97 ms from cudaMallocHost; 1 GiB in 48
** against 187 and 358 ms (bench/results/2026-11-29b-h200-phases/).
** Without THP the hint is ignored and plain pages are registered.
** Registered as mapped, so that the device can store into it
** (kb_gpu_fill_host).  Small blocks come from cudaMallocHost.  The size
** alone tells the free which was made: a large block that cannot be mapped
** or registered is NULL (the caller falls back to pageable memory), as
** cudaMallocHost would most likely fail too.
*/
#define KB_MAPPED_MIN ((size_t)4 << 20)

void *kb_gpu_host_alloc(kb_gpu *g, size_t bytes, kb_gpu_prefault_fn prefault,
                        void *ctx)
{
  void *ptr = NULL;
  (void)g;
  if (bytes < KB_MAPPED_MIN) {
    if (cudaMallocHost(&ptr, bytes) != cudaSuccess) {
      (void)cudaGetLastError();  /* not sticky: the caller falls back */
      return NULL;
    }
    return ptr;
  }
  ptr = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
             -1, 0);
  if (ptr == MAP_FAILED)
    return NULL;
  (void)madvise(ptr, bytes, MADV_HUGEPAGE);  /* a hint */
  if (prefault)
    prefault(ctx, ptr, bytes);
  if (cudaHostRegister(ptr, bytes, cudaHostRegisterMapped) != cudaSuccess) {
    (void)cudaGetLastError();  /* not sticky */
    munmap(ptr, bytes);
    return NULL;
  }
  return ptr;
}

void kb_gpu_host_free(void *ptr, size_t bytes)
{
  if (bytes < KB_MAPPED_MIN) {
    cudaFreeHost(ptr);
    return;
  }
  if (cudaHostUnregister(ptr) != cudaSuccess)
    (void)cudaGetLastError();
  munmap(ptr, bytes);
}

int kb_gpu_fill_host(kb_gpu *g, void *host, size_t n, int type, uint64_t key,
                     double lo, double hi, char *err, size_t len)
{
  void *dev = NULL;
  /* An error the plugin has not read yet stays its own to read. */
  if (cudaPeekAtLastError() != cudaSuccess) {
    snprintf(err, len, "an earlier CUDA error is pending");
    return -1;
  }
  /* Its errors are not sticky: none is left for the plugin's next check. */
  if (cuda_failed(cudaHostGetDevicePointer(&dev, host, 0),
                  "cudaHostGetDevicePointer", err, len)) {
    (void)cudaGetLastError();
    return -1;
  }
  CHECK((cudaError_t)kb_launch_fill(dev, n, type, key, lo, hi,
                                    g->dev.sm_count, g->stream));
  CHECK(cudaStreamSynchronize(g->stream));
  return 0;
}

int kb_gpu_copy(kb_gpu *g, void *dst, const void *src, size_t bytes,
                char *err, size_t len)
{
  /* Unified addressing tells host from device memory. */
  CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDefault, g->stream));
  return 0;
}

typedef struct host_copy {
  void *dst;
  const void *src;
  size_t bytes;
} host_copy;

/* Runs on a CUDA runtime thread; it may not call CUDA. */
static void CUDART_CB copy_on_host(void *arg)
{
  host_copy *c = arg;
  memcpy(c->dst, c->src, c->bytes);
  free(c);
}

int kb_gpu_host_copy(kb_gpu *g, void *dst, const void *src, size_t bytes,
                     char *err, size_t len)
{
  host_copy *c = malloc(sizeof *c);
  if (!c) {
    snprintf(err, len, "out of host memory");
    return -1;
  }
  *c = (host_copy){dst, src, bytes};
  cudaError_t e = cudaLaunchHostFunc(g->stream, copy_on_host, c);
  if (e != cudaSuccess)
    free(c);
  CHECK(e);
  return 0;
}

/* Runs on a CUDA runtime thread; it may not call CUDA. */
static void CUDART_CB hold_until_released(void *arg)
{
  kb_hold *h = arg;
  double t0 = kb_host_clock_s();
  while (!atomic_load_explicit(&h->released, memory_order_acquire)) {
    if (kb_host_clock_s() - t0 > KB_HOLD_LIMIT_S) {
      atomic_store_explicit(&h->expired, 1, memory_order_release);
      break;
    }
    /* Bound to one core (taskset, a launcher's binding), a thread that
    ** spins without yielding takes the core from the thread that queues
    ** the work and will release it. */
    sched_yield();
  }
}

static int hold(kb_hold *h, cudaStream_t stream, char *err, size_t len)
{
  atomic_store_explicit(&h->released, 0, memory_order_release);
  CHECK(cudaLaunchHostFunc(stream, hold_until_released, h));
  return 0;
}

static void release(kb_hold *h)
{
  atomic_store_explicit(&h->released, 1, memory_order_release);
}

int kb_gpu_begin(kb_gpu *g, int hold_stream, char *err, size_t len)
{
  g->holding = hold_stream;
  g->region = 0;
  if (hold_stream && hold(&g->stream_hold, g->stream, err, len))
    return -1;
  CHECK(cudaEventRecord(g->start, g->stream));
  g->begun = 1;
  return 0;
}

int kb_gpu_region(kb_gpu *g, int start, char *err, size_t len)
{
  CHECK(cudaEventRecord(start ? g->start : g->stop, g->stream));
  g->region = start ? 1 : 2;
  return 0;
}

/* The event that ends the run: the stop event, or the marker past a run
** whose closed region the stop event ended. */
static cudaEvent_t run_end(const kb_gpu *g)
{
  return g->region == 2 ? g->after : g->stop;
}

/* The run's end recorded and the stream's hold released. */
static int stop_region(kb_gpu *g, char *err, size_t len)
{
  cudaError_t e = cudaEventRecord(run_end(g), g->stream);
  if (g->holding)
    release(&g->stream_hold);
  g->holding = 0;
  g->begun = 0;
  CHECK(e);
  return 0;
}

/* The region's time, once its stop event has completed. */
static int region_seconds(kb_gpu *g, double *seconds, char *err, size_t len)
{
  float ms = 0;
  CHECK(cudaEventSynchronize(run_end(g)));
  CHECK(cudaEventElapsedTime(&ms, g->start, g->stop));
  *seconds = ms * 1e-3;
  return 0;
}

int kb_gpu_end(kb_gpu *g, double *seconds, char *err, size_t len)
{
  if (stop_region(g, err, len) || region_seconds(g, seconds, err, len))
    return -1;
  if (atomic_exchange(&g->stream_hold.expired, 0)) {
    snprintf(err, len, "the stream hold timed out: a call inside the timed "
             "region waited for the stream: library code that must wait "
             "declares KBENCH_VARIANT_SYNCS (docs/plugins.md, \"Library "
             "code\"), or a profiling tool kbench did not recognise "
             "serializes the launches (run it with --no-hold, or "
             "--profile)");
    return -1;
  }
  return 0;
}

int kb_gpu_fence(kb_gpu *g, int i, char *err, size_t len)
{
  CHECK(cudaEventRecord(g->fences[i], g->stream));
  return 0;
}

int kb_gpu_fence_passed(kb_gpu *g, int i, char *err, size_t len)
{
  cudaError_t e = cudaEventQuery(g->fences[i]);
  if (e == cudaErrorNotReady)
    return 0;
  CHECK(e);
  return 1;
}

const char *kb_gpu_tool(char *buf, size_t len)
{
  /* Nsight Systems and injected CUPTI clients: CUDA_INJECTION64_PATH;
  ** Nsight Compute (2025.3, seen on the H200): the NV_NSIGHT_INJECTION_*
  ** and NV_TPS_LAUNCH_TOKEN variables of its launcher. */
  static const char *const vars[] = {"CUDA_INJECTION64_PATH",
                                     "NV_NSIGHT_INJECTION_TRANSPORT_TYPE",
                                     "NV_TPS_LAUNCH_TOKEN"};
  for (size_t i = 0; i < sizeof vars / sizeof *vars; i++) {
    const char *v = getenv(vars[i]);
    if (v && *v) {
      snprintf(buf, len, "%s=%s", vars[i], v);
      return buf;
    }
  }
  return NULL;
}

int kb_gpu_hold_device(kb_gpu *g, char *err, size_t len)
{
  /* The runner's stream is non-blocking, so this holds everything but it.
  ** The mark after the hold completes when the hold ends, on the GPU's
  ** clock, however late the host lets it go.  A default stream timed
  ** would wait behind the hold with the runs on it (gpu.h). */
  if (kb_gpu_timed_on_default(g)) {
    snprintf(err, len, "the device hold would stall the default stream "
             "the case is timed on");
    return -1;
  }
  if (hold(&g->device_hold, cudaStreamLegacy, err, len))
    return -1;
  g->device_held = 1;
  g->marked = 0;
  CHECK(cudaEventRecord(g->hold_ends, cudaStreamLegacy));
  return 0;
}

/* The second mark, queued on the legacy stream while the hold (if any)
** is still in place, then the hold let go. */
static int release_device(kb_gpu *g, char *err, size_t len)
{
  cudaError_t e = cudaSuccess;
  if (!g->marked)
    e = cudaEventRecord(g->held_done, cudaStreamLegacy);
  g->marked = e == cudaSuccess;
  if (g->device_held)
    release(&g->device_hold);
  CHECK(e);
  return 0;
}

int kb_gpu_end_held(kb_gpu *g, double wait_s, double *seconds,
                    int *released, char *err, size_t len)
{
  *released = 0;
  if (stop_region(g, err, len))
    return -1;
  double t0 = kb_host_clock_s();
  cudaError_t e;
  while ((e = cudaEventQuery(run_end(g))) == cudaErrorNotReady)
    if (kb_host_clock_s() - t0 > wait_s) {
      if (release_device(g, err, len))
        return -1;
      *released = 1;
      break;
    }
  if (e != cudaErrorNotReady)
    CHECK(e);
  return region_seconds(g, seconds, err, len);
}

/* Milliseconds from event a to event b, both completed (negative when b
** came first). */
static int between(cudaEvent_t a, cudaEvent_t b, double *ms, char *err,
                   size_t len)
{
  float f = 0;
  CHECK(cudaEventElapsedTime(&f, a, b));
  *ms = f;
  return 0;
}

int kb_gpu_idle(kb_gpu *g, double *gpu_s, double *host_s, char *err,
                size_t len)
{
  int held = g->device_held;
  double t0 = kb_host_clock_s();
  int failed = release_device(g, err, len);
  g->device_held = g->marked = 0;
  if (failed)
    return -1;
  CHECK(cudaDeviceSynchronize());
  *host_s = kb_host_clock_s() - t0;
  if (atomic_exchange(&g->device_hold.expired, 0)) {
    snprintf(err, len, "a call in run waited for the whole device (a "
             "synchronous copy or memset, cudaFree, a device "
             "synchronization?): run must only queue work on the stream, "
             "unless the variant declares KBENCH_VARIANT_SYNCS in its flags "
             "(library code that synchronizes, allocates or copies to the "
             "host: docs/plugins.md, \"Library code\")");
    return -1;
  }
  /* From the later of the hold's end and the run's end to the mark past
  ** the held work; the run's end comes later when the stop event waited
  ** for held work (joined back) and the hold was let go for it. */
  double done_ms, stop_ms = 0;
  if (held) {
    if (between(g->hold_ends, g->held_done, &done_ms, err, len)
        || between(g->hold_ends, run_end(g), &stop_ms, err, len))
      return -1;
    if (stop_ms < 0)
      stop_ms = 0;
  } else if (between(run_end(g), g->held_done, &done_ms, err, len)) {
    return -1;
  }
  double ms = done_ms - stop_ms;
  *gpu_s = ms > 0 ? ms * 1e-3 : 0;
  return 0;
}

int kb_gpu_capture_begin(kb_gpu *g, char *err, size_t len)
{
  CHECK(cudaStreamBeginCapture(g->stream, cudaStreamCaptureModeThreadLocal));
  return 0;
}

int kb_gpu_capture_end(kb_gpu *g, void **graph, char *err, size_t len)
{
  cudaGraph_t raw = NULL;
  cudaGraphExec_t exec = NULL;
  *graph = NULL;
  CHECK(cudaStreamEndCapture(g->stream, &raw));
  cudaError_t e = cudaGraphInstantiate(&exec, raw, 0);
  cudaGraphDestroy(raw);
  CHECK(e);
  *graph = exec;
  return 0;
}

int kb_gpu_graph_launch(kb_gpu *g, void *graph, char *err, size_t len)
{
  CHECK(cudaGraphLaunch((cudaGraphExec_t)graph, g->stream));
  return 0;
}

void kb_gpu_graph_free(void *graph)
{
  if (graph)
    cudaGraphExecDestroy((cudaGraphExec_t)graph);
}

int kb_gpu_recover(kb_gpu *g, char *err, size_t len)
{
  enum cudaStreamCaptureStatus st;
  if (cudaStreamIsCapturing(g->stream, &st) == cudaSuccess
      && st != cudaStreamCaptureStatusNone) {
    cudaGraph_t raw = NULL;
    cudaStreamEndCapture(g->stream, &raw);
    if (raw)
      cudaGraphDestroy(raw);
  }
  (void)cudaGetLastError();
  CHECK(cudaStreamSynchronize(g->stream));
  CHECK(cudaDeviceSynchronize());
  return 0;
}
