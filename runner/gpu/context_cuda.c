/* What a case may change in the CUDA context, kept and put back (context.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "util/format.h"
#include "gpu/context.h"

/* Every limit cudaDeviceSetLimit takes.  One the device does not have
** (cudaLimitDevRuntimeSyncDepth from sm_90 on) cannot be read, so it is
** not kept, and cannot be set either. */
static const struct {
  enum cudaLimit limit;
  const char *name;
} limits[] = {
  {cudaLimitStackSize, "cudaLimitStackSize"},
  {cudaLimitPrintfFifoSize, "cudaLimitPrintfFifoSize"},
  {cudaLimitMallocHeapSize, "cudaLimitMallocHeapSize"},
  {cudaLimitDevRuntimeSyncDepth, "cudaLimitDevRuntimeSyncDepth"},
  {cudaLimitDevRuntimePendingLaunchCount,
   "cudaLimitDevRuntimePendingLaunchCount"},
  {cudaLimitMaxL2FetchGranularity, "cudaLimitMaxL2FetchGranularity"},
  {cudaLimitPersistingL2CacheSize, "cudaLimitPersistingL2CacheSize"},
};
#define N_LIMITS (sizeof limits / sizeof limits[0])

/* Every attribute a stream has (driver_types.h: "Valid for streams"). */
static const struct {
  cudaLaunchAttributeID id;
  const char *name;
} attrs[] = {
  {cudaLaunchAttributeAccessPolicyWindow, "access-policy window"},
  {cudaLaunchAttributeSynchronizationPolicy, "synchronization policy"},
  {cudaLaunchAttributePriority, "priority"},
  {cudaLaunchAttributeMemSyncDomainMap, "memory sync domain map"},
  {cudaLaunchAttributeMemSyncDomain, "memory sync domain"},
};
#define N_ATTRS (sizeof attrs / sizeof attrs[0])

/* The streams kbench hands out (kbench_stream): its own, and the default
** streams an ABI 1.3 variant declares. */
#define N_STREAMS 3
static const char *const stream_names[N_STREAMS] = {
  "kbench's stream", "the legacy default stream",
  "the per-thread default stream"};

/* The device flags a case can set: how a wait waits, and whether
** synchronous copies synchronize. */
#define KB_FLAGS_KEPT (cudaDeviceScheduleMask | cudaDeviceSyncMemops)

struct kb_gpu_context {
  int device;
  size_t limit[N_LIMITS];
  unsigned char have_limit[N_LIMITS];
  enum cudaFuncCache cache;
  int have_cache;
  unsigned flags;
  int have_flags;
  cudaStream_t streams[N_STREAMS];
  cudaLaunchAttributeValue attr[N_STREAMS][N_ATTRS];
  unsigned char have_attr[N_STREAMS][N_ATTRS];
};

/* Runs on CUDA's host-function thread: nothing to do. */
static void CUDART_CB nothing(void *arg)
{
  (void)arg;
}

kb_gpu_context *kb_gpu_context_keep(kb_gpu *g)
{
  kb_gpu_context *k = calloc(1, sizeof *k);
  if (!k)
    return NULL;
  kb_gpu_time_stream(g, KB_GPU_TIMED_OWN);
  k->streams[0] = (cudaStream_t)kb_gpu_stream(g);
  k->streams[1] = cudaStreamLegacy;
  k->streams[2] = cudaStreamPerThread;
  /* CUDA's host-function thread starts at the first host function: a
  ** case's first held sample would seem to have started it. */
  for (int s = 0; s < N_STREAMS; s++)
    (void)cudaLaunchHostFunc(k->streams[s], nothing, NULL);
  (void)cudaDeviceSynchronize();
  k->have_flags = cudaGetDeviceFlags(&k->flags) == cudaSuccess;
  if (cudaGetDevice(&k->device) != cudaSuccess)
    k->device = kb_gpu_device(g)->ordinal;
  /* Only what the device has is asked for: a refused call is an error a
  ** checker (compute-sanitizer) reports.  Hopper's device runtime has no
  ** synchronization depth (cudaErrorUnsupportedLimit on the H200). */
  int cdp2 = kb_gpu_device(g)->cc_major >= 9;
  for (size_t i = 0; i < N_LIMITS; i++)
    k->have_limit[i] = !(cdp2 && limits[i].limit
                               == cudaLimitDevRuntimeSyncDepth)
                       && cudaDeviceGetLimit(&k->limit[i], limits[i].limit)
                          == cudaSuccess;
  k->have_cache = cudaDeviceGetCacheConfig(&k->cache) == cudaSuccess;
  /* kbench's own stream is given its synchronization policy, the
  ** driver's default, so that the value kept is one the driver takes
  ** back (a stream never given one reads 0, which it refuses). */
  cudaLaunchAttributeValue autopolicy;
  memset(&autopolicy, 0, sizeof autopolicy);
  autopolicy.syncPolicy = cudaSyncPolicyAuto;
  (void)cudaStreamSetAttribute(k->streams[0],
                               cudaLaunchAttributeSynchronizationPolicy,
                               &autopolicy);
  /* Every attribute of kbench's own stream; of the default streams, whose
  ** handles take no other attribute (invalid argument on the H200), the
  ** access-policy window.  Reading the per-thread stream's makes it, as
  ** its first use does. */
  for (int s = 0; s < N_STREAMS; s++)
    for (size_t a = 0; a < N_ATTRS; a++)
      k->have_attr[s][a] =
          (s == 0 || attrs[a].id == cudaLaunchAttributeAccessPolicyWindow)
          && cudaStreamGetAttribute(k->streams[s], attrs[a].id,
                                    &k->attr[s][a]) == cudaSuccess;
  (void)cudaGetLastError();    /* what the device lacks is not sticky */
  return k;
}

void kb_gpu_context_free(kb_gpu_context *k)
{
  free(k);
}

/* A setting put back, or refused with e. */
static void settled(kb_put_back *out, cudaError_t e, const char *fmt,
                    const char *what)
{
  if (e == cudaSuccess)
    kb_append(out->restored, sizeof out->restored, ", ", fmt, what);
  else
    kb_append(out->refused, sizeof out->refused, ", ", "%s (%s)", what,
              cudaGetErrorString(e));
}

/* A stream's synchronization policy as the driver acts on it: a stream
** never given one reads 0, which setting refuses (invalid argument), and
** which behaves as cudaSyncPolicyAuto. */
static enum cudaSynchronizationPolicy policy(enum cudaSynchronizationPolicy p)
{
  return p < cudaSyncPolicyAuto ? cudaSyncPolicyAuto : p;
}

static int same_attr(size_t a, const cudaLaunchAttributeValue *x,
                     const cudaLaunchAttributeValue *y)
{
  switch (attrs[a].id) {
  case cudaLaunchAttributeAccessPolicyWindow: {
    const struct cudaAccessPolicyWindow *p = &x->accessPolicyWindow,
                                         *q = &y->accessPolicyWindow;
    /* No bytes: no window, whatever its other fields say. */
    if (p->num_bytes == 0 || q->num_bytes == 0)
      return p->num_bytes == q->num_bytes;
    return p->base_ptr == q->base_ptr && p->num_bytes == q->num_bytes
           && p->hitRatio == q->hitRatio && p->hitProp == q->hitProp
           && p->missProp == q->missProp;
  }
  case cudaLaunchAttributeSynchronizationPolicy:
    return policy(x->syncPolicy) == policy(y->syncPolicy);
  case cudaLaunchAttributePriority:
    return x->priority == y->priority;
  case cudaLaunchAttributeMemSyncDomainMap:
    return x->memSyncDomainMap.default_ == y->memSyncDomainMap.default_
           && x->memSyncDomainMap.remote == y->memSyncDomainMap.remote;
  case cudaLaunchAttributeMemSyncDomain:
    return x->memSyncDomain == y->memSyncDomain;
  default:
    return 1;
  }
}

/* "access-policy window on kbench's stream (33554432 B, hits persisting)" */
static void attr_text(char *buf, size_t len, int s, size_t a,
                      const cudaLaunchAttributeValue *v)
{
  const struct cudaAccessPolicyWindow *w = &v->accessPolicyWindow;
  if (attrs[a].id == cudaLaunchAttributeAccessPolicyWindow)
    snprintf(buf, len, "the access-policy window on %s (%zu B, hit ratio "
             "%.2f, hits %s)", stream_names[s], w->num_bytes,
             (double)w->hitRatio,
             w->hitProp == cudaAccessPropertyPersisting ? "persisting"
             : w->hitProp == cudaAccessPropertyStreaming ? "streaming"
             : "normal");
  else
    snprintf(buf, len, "the %s of %s", attrs[a].name, stream_names[s]);
}

static int persists(const cudaLaunchAttributeValue *v)
{
  return v->accessPolicyWindow.num_bytes > 0
         && v->accessPolicyWindow.hitProp == cudaAccessPropertyPersisting;
}

static void put_back_streams(const kb_gpu_context *k, kb_put_back *out)
{
  for (int s = 0; s < N_STREAMS; s++)
    for (size_t a = 0; a < N_ATTRS; a++) {
      cudaLaunchAttributeValue now;
      memset(&now, 0, sizeof now);
      if (!k->have_attr[s][a]
          || cudaStreamGetAttribute(k->streams[s], attrs[a].id, &now)
             != cudaSuccess
          || same_attr(a, &now, &k->attr[s][a]))
        continue;
      if (attrs[a].id == cudaLaunchAttributeAccessPolicyWindow
          && persists(&now))
        out->persisting = 1;
      char what[160];
      attr_text(what, sizeof what, s, a, &now);
      cudaLaunchAttributeValue kept = k->attr[s][a];
      if (attrs[a].id == cudaLaunchAttributeSynchronizationPolicy)
        kept.syncPolicy = policy(kept.syncPolicy);
      settled(out, cudaStreamSetAttribute(k->streams[s], attrs[a].id, &kept),
              attrs[a].id == cudaLaunchAttributeAccessPolicyWindow
              && k->attr[s][a].accessPolicyWindow.num_bytes == 0
              ? "%s -> none" : "%s -> kbench's", what);
    }
}

/* The value k kept of limit; 0 when it kept none. */
static size_t kept_limit(const kb_gpu_context *k, enum cudaLimit limit)
{
  for (size_t i = 0; i < N_LIMITS; i++)
    if (limits[i].limit == limit && k->have_limit[i])
      return k->limit[i];
  return 0;
}

static void put_back_limits(const kb_gpu_context *k, kb_put_back *out)
{
  for (size_t i = 0; i < N_LIMITS; i++) {
    size_t now = 0;
    if (!k->have_limit[i]
        || cudaDeviceGetLimit(&now, limits[i].limit) != cudaSuccess
        || now == k->limit[i])
      continue;
    char what[128];
    snprintf(what, sizeof what, "%s %zu -> %zu", limits[i].name, now,
             k->limit[i]);
    settled(out, cudaDeviceSetLimit(limits[i].limit, k->limit[i]), "%s",
            what);
  }
}

static const char *cache_name(enum cudaFuncCache c)
{
  return c == cudaFuncCachePreferShared ? "PreferShared"
         : c == cudaFuncCachePreferL1 ? "PreferL1"
         : c == cudaFuncCachePreferEqual ? "PreferEqual" : "PreferNone";
}

static void put_back_device(const kb_gpu_context *k, kb_put_back *out)
{
  char what[96];
  int device;
  unsigned flags;
  enum cudaFuncCache cache;
  if (cudaGetDevice(&device) == cudaSuccess && device != k->device) {
    snprintf(what, sizeof what, "the current device %d -> %d", device,
             k->device);
    settled(out, cudaSetDevice(k->device), "%s", what);
  }
  if (k->have_cache && cudaDeviceGetCacheConfig(&cache) == cudaSuccess
      && cache != k->cache) {
    snprintf(what, sizeof what, "the cache configuration %s -> %s",
             cache_name(cache), cache_name(k->cache));
    settled(out, cudaDeviceSetCacheConfig(k->cache), "%s", what);
  }
  if (k->have_flags && cudaGetDeviceFlags(&flags) == cudaSuccess
      && (flags & KB_FLAGS_KEPT) != (k->flags & KB_FLAGS_KEPT)) {
    snprintf(what, sizeof what, "the device flags 0x%x -> 0x%x",
             flags & KB_FLAGS_KEPT, k->flags & KB_FLAGS_KEPT);
    settled(out, cudaSetDeviceFlags(k->flags & KB_FLAGS_KEPT), "%s", what);
  }
}

void kb_gpu_context_put_back(const kb_gpu_context *k, kb_put_back *out)
{
  size_t carve_out = 0;
  memset(out, 0, sizeof *out);
  /* The device first: every call after this one is about it. */
  put_back_device(k, out);
  /* The windows before the lines: no later launch marks a line again. */
  put_back_streams(k, out);
  /* A carve-out kbench did not set up is the case's. */
  if (cudaDeviceGetLimit(&carve_out, cudaLimitPersistingL2CacheSize)
      == cudaSuccess && carve_out > 0
      && carve_out != kept_limit(k, cudaLimitPersistingL2CacheSize))
    out->persisting = 1;
  /* Always, whatever the case left: a carve-out raised and lowered again
  ** inside a run leaves no trace but its lines.  Then the carve-out. */
  if (cudaCtxResetPersistingL2Cache() == cudaSuccess && out->persisting)
    kb_append(out->restored, sizeof out->restored, ", ",
              "the L2's persisting lines made normal");
  put_back_limits(k, out);
  (void)cudaGetLastError();
}
