/*
** One library whose variants leave state behind in their worker's CUDA
** context (issue 68; runner/worker/leftovers.h; bench/leftovers_check.sh
** runs them, tests/shell/leftovers.sh judges).  Each is the same honest
** copy of n floats, out[i] = in[i] (32 MiB each way at n=8M), verified;
** all but the first leave something after their teardown:
**   leftover_copy     nothing; its setup fails, naming the difference,
**                     when the context it is given is not the one the
**                     library found at its first setup in the process:
**                     each limit, the cache configuration, the device's
**                     flags, and the attributes of kbench's stream
**   leftover_persist  the persisting L2 carve-out at its maximum and an
**                     access-policy window over its input on kbench's
**                     stream, hits persisting
**   leftover_limits   every limit raised (stack 256 KiB, malloc heap
**                     8 GiB, printf FIFO 64 MiB; where the device takes
**                     them, pending launches 4096 and L2 fetch
**                     granularity 32 B), the cache configuration
**                     PreferShared, the device's flags blocking sync, and
**                     kbench's stream's synchronization policy blocking
**   leftover_heap     a malloc heap of 64 MiB, then a kernel that mallocs:
**                     the limit cannot be set again (cudaErrorInvalidValue),
**                     so kbench cannot put it back
**   leftover_thread   a thread that launches a short kernel on a stream of
**                     its own, and waits for it, until the process ends
**   leftover_wake     wakes the thread the library started as it loaded,
**                     which then launches the same kernel on the legacy
**                     default stream until the process ends: no thread or
**                     stream is new in its case, so only the work it runs
**                     during a later case gives it away
**   leftover_crash    a persisting carve-out, its window and a raised
**                     stack, then a crash in teardown
** None resets anything.
*/
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kbench/kit.h>

#define THREADS 256
/* The spinning threads' kernel: about this many clock cycles. */
#define SPIN_CYCLES 2000

typedef struct copy {
  size_t n;
  float *in, *out, *want;
  int *sink;             /* leftover_heap: its run mallocs on the device */
} copy;

__global__ void copy_floats(const float *in, float *out, size_t n)
{
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}

__global__ void leftover_spin(long long cycles)
{
  long long t0 = clock64();
  while (clock64() - t0 < cycles)
    ;
}

__global__ void heap_touch(int *sink)
{
  int *p = (int *)malloc(16);
  if (p) {
    *p = 1;
    atomicAdd(sink, *p);
    free(p);
  }
}

/* --- the context as the library first found it --------------------------- */

static const cudaLimit limits[] = {
  cudaLimitStackSize, cudaLimitPrintfFifoSize, cudaLimitMallocHeapSize,
  cudaLimitDevRuntimeSyncDepth, cudaLimitDevRuntimePendingLaunchCount,
  cudaLimitMaxL2FetchGranularity, cudaLimitPersistingL2CacheSize};
static const char *const limit_names[] = {
  "stack", "printf FIFO", "malloc heap", "sync depth", "pending launches",
  "L2 fetch granularity", "persisting L2"};
#define N_LIMITS (sizeof limits / sizeof *limits)

typedef struct context {
  size_t limit[N_LIMITS];
  int have[N_LIMITS];
  cudaFuncCache cache;
  unsigned flags;
  cudaStreamAttrValue window, sync;
} context;

static context first;
static int first_taken;

static void read_context(cudaStream_t stream, context *c)
{
  memset(c, 0, sizeof *c);
  for (size_t i = 0; i < N_LIMITS; i++)
    c->have[i] = cudaDeviceGetLimit(&c->limit[i], limits[i]) == cudaSuccess;
  cudaDeviceGetCacheConfig(&c->cache);
  cudaGetDeviceFlags(&c->flags);
  c->flags &= cudaDeviceScheduleMask | cudaDeviceSyncMemops;
  cudaStreamGetAttribute(stream, cudaStreamAttributeAccessPolicyWindow,
                         &c->window);
  cudaStreamGetAttribute(stream, cudaStreamAttributeSynchronizationPolicy,
                         &c->sync);
  cudaGetLastError();    /* a limit the device lacks */
}

/* At every variant's setup: the first in the process keeps the context. */
static void take_first(const kbench_host *h)
{
  if (!first_taken++)
    read_context(kbench_stream(h), &first);
}

/* KBENCH_OK when the context is the one first found, else an error that
** names each difference. */
static int check_context(const kbench_host *h)
{
  context now;
  char diff[512] = "";
  size_t used = 0;
  read_context(kbench_stream(h), &now);
#define DIFF(...)                                                         \
  if (used < sizeof diff)                                                 \
    used += (size_t)snprintf(diff + used, sizeof diff - used, __VA_ARGS__)
  for (size_t i = 0; i < N_LIMITS; i++)
    if (now.have[i] != first.have[i] || now.limit[i] != first.limit[i])
      DIFF(" %s %zu (was %zu);", limit_names[i], now.limit[i],
           first.limit[i]);
  if (now.cache != first.cache)
    DIFF(" cache configuration %d (was %d);", (int)now.cache,
         (int)first.cache);
  if (now.flags != first.flags)
    DIFF(" device flags 0x%x (was 0x%x);", now.flags, first.flags);
  if (now.window.accessPolicyWindow.num_bytes
      != first.window.accessPolicyWindow.num_bytes)
    DIFF(" an access-policy window of %zu B on kbench's stream;",
         now.window.accessPolicyWindow.num_bytes);
  if (now.sync.syncPolicy != first.sync.syncPolicy)
    DIFF(" kbench's stream's synchronization policy %d (was %d);",
         (int)now.sync.syncPolicy, (int)first.sync.syncPolicy);
#undef DIFF
  if (!diff[0])
    return KBENCH_OK;
  return h->fail(h, KBENCH_ERROR, "the context is not as the library first "
                 "found it:%s", diff);
}

/* --- the spinning threads ------------------------------------------------ */

/* Set once a spinning thread has launched its first kernel: the case
** that started it waits for that, so that its own first run sees it. */
static volatile int launched;

/* Launch the short kernel on stream and wait for it, until the process
** ends. */
static void spin_forever(int device, cudaStream_t stream)
{
  cudaSetDevice(device);
  for (;;) {
    leftover_spin<<<1, 1, 0, stream>>>(SPIN_CYCLES);
    __atomic_store_n(&launched, 1, __ATOMIC_RELEASE);
    if (cudaStreamSynchronize(stream) != cudaSuccess)
      return;
  }
}

static void wait_for_launch(void)
{
  while (!__atomic_load_n(&launched, __ATOMIC_ACQUIRE))
    sched_yield();
}

static void *on_own_stream(void *arg)
{
  cudaStream_t s;
  int device = (int)(size_t)arg;
  cudaSetDevice(device);
  if (cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) == cudaSuccess)
    spin_forever(device, s);
  return NULL;
}

/* The thread the library starts as it loads: it waits, idle, until a
** case wakes it with the device to use. */
static pthread_mutex_t wake_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t woken = PTHREAD_COND_INITIALIZER;
static int wake_device = -1;

static void *sleeper(void *arg)
{
  (void)arg;
  pthread_mutex_lock(&wake_lock);
  while (wake_device < 0)
    pthread_cond_wait(&woken, &wake_lock);
  int device = wake_device;
  pthread_mutex_unlock(&wake_lock);
  spin_forever(device, cudaStreamLegacy);
  return NULL;
}

__attribute__((constructor)) static void start_sleeper(void)
{
  pthread_t t;
  if (pthread_create(&t, NULL, sleeper, NULL) == 0)
    pthread_detach(t);
}

/* --- the variants -------------------------------------------------------- */

static const kbench_param copy_params[] = {
  {"n", "number of floats", "8M", 1, (int64_t)1 << 28, 0},
};

static int copy_setup(const kbench_host *h, void **state)
{
  take_first(h);
  copy *s = (copy *)calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  *state = s;
  s->n = (size_t)h->param(h, "n");
  float *host = NULL;
  int rc = kbench_stage_host(h, s->n * sizeof(float), (void **)&host,
                             (void **)&s->want);
  if (rc != KBENCH_OK)
    return rc;
  kbench_fill_float(h, host, s->n);
  memcpy(s->want, host, s->n * sizeof(float));
  return kbench_stage_device(h, s->n * sizeof(float), host, (void **)&s->in,
                             (void **)&s->out);
}

static int checked_setup(const kbench_host *h, void **state)
{
  int rc = copy_setup(h, state);
  return rc == KBENCH_OK ? check_context(h) : rc;
}

/* The persisting carve-out at its maximum, and a window over s->in on
** kbench's stream whose hits persist. */
static int persist(const kbench_host *h, const copy *s)
{
  int device, carve_out = 0, window = 0;
  KBENCH_CUDA(h, cudaGetDevice(&device));
  KBENCH_CUDA(h, cudaDeviceGetAttribute(&carve_out,
                 cudaDevAttrMaxPersistingL2CacheSize, device));
  KBENCH_CUDA(h, cudaDeviceGetAttribute(&window,
                 cudaDevAttrMaxAccessPolicyWindowSize, device));
  if (carve_out <= 0 || window <= 0)
    return h->fail(h, KBENCH_UNSUPPORTED, "this GPU keeps no persisting L2 "
                   "lines");
  KBENCH_CUDA(h, cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize,
                                    (size_t)carve_out));
  cudaStreamAttrValue a;
  memset(&a, 0, sizeof a);
  size_t bytes = s->n * sizeof(float);
  a.accessPolicyWindow.base_ptr = s->in;
  a.accessPolicyWindow.num_bytes = bytes < (size_t)window ? bytes
                                                          : (size_t)window;
  a.accessPolicyWindow.hitRatio = 1.0f;
  a.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
  a.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
  KBENCH_CUDA(h, cudaStreamSetAttribute(kbench_stream(h),
                 cudaStreamAttributeAccessPolicyWindow, &a));
  return KBENCH_OK;
}

static int persist_setup(const kbench_host *h, void **state)
{
  int rc = copy_setup(h, state);
  return rc == KBENCH_OK ? persist(h, (copy *)*state) : rc;
}

static int limits_setup(const kbench_host *h, void **state)
{
  int rc = copy_setup(h, state);
  if (rc != KBENCH_OK)
    return rc;
  KBENCH_CUDA(h, cudaDeviceSetLimit(cudaLimitStackSize, 256 << 10));
  KBENCH_CUDA(h, cudaDeviceSetLimit(cudaLimitMallocHeapSize,
                                    (size_t)8 << 30));
  KBENCH_CUDA(h, cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 64 << 20));
  /* Where the device has them: the device runtime's launches, and a hint
  ** the driver may clamp or ignore. */
  cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 4096);
  cudaDeviceSetLimit(cudaLimitMaxL2FetchGranularity, 32);
  cudaGetLastError();
  KBENCH_CUDA(h, cudaDeviceSetCacheConfig(cudaFuncCachePreferShared));
  KBENCH_CUDA(h, cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync));
  cudaStreamAttrValue a;
  memset(&a, 0, sizeof a);
  a.syncPolicy = cudaSyncPolicyBlockingSync;
  KBENCH_CUDA(h, cudaStreamSetAttribute(kbench_stream(h),
                 cudaStreamAttributeSynchronizationPolicy, &a));
  return KBENCH_OK;
}

static int heap_setup(const kbench_host *h, void **state)
{
  int rc = copy_setup(h, state);
  if (rc == KBENCH_OK)
    rc = kbench_device_alloc(h, (void **)&((copy *)*state)->sink,
                             sizeof(int));
  if (rc != KBENCH_OK)
    return rc;
  /* Once a kernel has malloc'ed, the heap cannot be set again: not even
  ** by this setup when kbench sets the case up a second time. */
  size_t heap = 0;
  KBENCH_CUDA(h, cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize));
  if (heap != (size_t)64 << 20)
    KBENCH_CUDA(h, cudaDeviceSetLimit(cudaLimitMallocHeapSize,
                                      (size_t)64 << 20));
  return KBENCH_OK;
}

static int thread_setup(const kbench_host *h, void **state)
{
  static int started;
  int rc = copy_setup(h, state), device;
  if (rc != KBENCH_OK)
    return rc;
  KBENCH_CUDA(h, cudaGetDevice(&device));
  pthread_t t;
  if (!started++) {
    if (pthread_create(&t, NULL, on_own_stream, (void *)(size_t)device))
      return h->fail(h, KBENCH_ERROR, "cannot start a thread");
    pthread_detach(t);
    wait_for_launch();
  }
  return KBENCH_OK;
}

static int wake_setup(const kbench_host *h, void **state)
{
  int rc = copy_setup(h, state), device;
  if (rc != KBENCH_OK)
    return rc;
  KBENCH_CUDA(h, cudaGetDevice(&device));
  pthread_mutex_lock(&wake_lock);
  wake_device = device;
  pthread_cond_signal(&woken);
  pthread_mutex_unlock(&wake_lock);
  wait_for_launch();
  return KBENCH_OK;
}

static int crash_setup(const kbench_host *h, void **state)
{
  int rc = persist_setup(h, state);
  if (rc == KBENCH_OK)
    KBENCH_CUDA(h, cudaDeviceSetLimit(cudaLimitStackSize, 64 << 10));
  return rc;
}

static int copy_run(const kbench_host *h, void *state)
{
  copy *s = (copy *)state;
  cudaStream_t stream = kbench_stream(h);
  copy_floats<<<kbench_blocks(s->n, THREADS), THREADS, 0, stream>>>(
      s->in, s->out, s->n);
  KBENCH_LAUNCHED(h);
  if (s->sink) {
    heap_touch<<<1, 1, 0, stream>>>(s->sink);
    KBENCH_LAUNCHED(h);
  }
  return KBENCH_OK;
}

static int copy_verify(const kbench_host *h, void *state)
{
  copy *s = (copy *)state;
  float *got = NULL;
  int rc = kbench_host_buffer(h, (void **)&got, s->n * sizeof(float));
  if (rc == KBENCH_OK)
    rc = kbench_fetch(h, got, s->out, s->n * sizeof(float));
  return rc == KBENCH_OK ? kbench_check_float(h, "out", got, s->want, s->n,
                                              0, 0)
                         : rc;
}

static void copy_bytes(const kbench_host *h, void *state, kbench_bytes *b)
{
  copy *s = (copy *)state;
  (void)h;
  b->read = s->n * sizeof(float);
  b->written = s->n * sizeof(float);
  b->memory = KBENCH_MEM_GLOBAL;
}

static void copy_teardown(const kbench_host *h, void *state)
{
  copy *s = (copy *)state;
  (void)h;
  cudaFree(s->in);
  cudaFree(s->out);
  cudaFree(s->sink);
  free(s);
}

static void crash_teardown(const kbench_host *h, void *state)
{
  copy_teardown(h, state);
  fprintf(stderr, "leftover_crash: about to crash in teardown\n");
  volatile uintptr_t address = 16;      /* opaque to the compiler */
  *(volatile int *)address = 1;
}

#define COPY_VARIANT(var, NAME, SUMMARY, SETUP, TEARDOWN)                 \
  static const kbench_variant var = {                                     \
    .size = sizeof(kbench_variant),                                       \
    .name = NAME,                                                         \
    .summary = "TEST ONLY: " SUMMARY,                                     \
    .origin = "tests",                                                    \
    .backend = KBENCH_BACKEND_CUDA,                                       \
    .params = copy_params,                                                \
    .n_params = 1,                                                        \
    .setup = SETUP,                                                       \
    .run = copy_run,                                                      \
    .verify = copy_verify,                                                \
    .bytes_moved = copy_bytes,                                            \
    .teardown = TEARDOWN,                                                 \
  }

COPY_VARIANT(v_copy, "leftover_copy", "an honest copy that checks the "
             "context it is given", checked_setup, copy_teardown);
COPY_VARIANT(v_persist, "leftover_persist", "leaves a persisting L2 "
             "window on kbench's stream", persist_setup, copy_teardown);
COPY_VARIANT(v_limits, "leftover_limits", "leaves every limit raised",
             limits_setup, copy_teardown);
COPY_VARIANT(v_heap, "leftover_heap", "leaves a malloc heap that cannot be "
             "set again", heap_setup, copy_teardown);
COPY_VARIANT(v_thread, "leftover_thread", "leaves a thread launching "
             "kernels", thread_setup, copy_teardown);
COPY_VARIANT(v_wake, "leftover_wake", "wakes a thread the library started "
             "as it loaded", wake_setup, copy_teardown);
COPY_VARIANT(v_crash, "leftover_crash", "leaves a persisting window, then "
             "crashes in teardown", crash_setup, crash_teardown);

KBENCH_PLUGIN(&v_copy, &v_persist, &v_limits, &v_heap, &v_thread, &v_wake,
              &v_crash)
