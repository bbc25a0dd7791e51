// The CUPTI glue behind gpu/cupti.h: range profiler (counters per kernel) and activity records.
// C++ only because CUDA 13's cupti_profiler_host.h includes <string>; no exception crosses the
// C interface. Call sequence verified on the H100 by ../shared/probes/cupti_probe.cu (DESIGN.md
// section 6); every params struct takes its *_STRUCT_SIZE macro, not sizeof.
#include "gpu/cupti.h"

#include <cuda.h>
#include <cuda_runtime_api.h>
#include <cupti.h>
#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>
#include <cupti_target.h>
#include <cxxabi.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

#define PARAMS(T, v) \
  T v{};            \
  v.structSize = T##_STRUCT_SIZE

namespace {

const char *const k_permission =
    "GPU performance counters are restricted to administrators (CUPTI_ERROR_INSUFFICIENT_PRIVILEGES): "
    "run as root or with CAP_SYS_ADMIN, or let every user read them by loading the nvidia module with "
    "NVreg_RestrictProfilingToAdminUsers=0 (e.g. 'options nvidia NVreg_RestrictProfilingToAdminUsers=0' in "
    "/etc/modprobe.d/, then reboot or reload the module); "
    "/proc/driver/nvidia/params shows RmProfilingAdminOnly: 0 once it applies";

int say(char *err, size_t size, int status, const char *fmt, ...)
{
  if (err && size) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, size, fmt, ap);
    va_end(ap);
  }
  return status;
}

// A failed CUPTI call as a status and a sentence naming the call.
int cupti_fail(CUptiResult r, const char *call, char *err, size_t size)
{
  if (r == CUPTI_ERROR_INSUFFICIENT_PRIVILEGES) return say(err, size, KB_CUPTI_NO_PERMISSION, "%s", k_permission);
  const char *name = nullptr, *msg = nullptr;
  cuptiGetResultString(r, &name);
  cuptiGetErrorMessage(r, &msg);
  int status = KB_CUPTI_ERROR;
  if (r == CUPTI_ERROR_NOT_SUPPORTED || r == CUPTI_ERROR_NOT_COMPATIBLE ||
      r == CUPTI_ERROR_VIRTUALIZED_DEVICE_NOT_SUPPORTED || r == CUPTI_ERROR_CMP_DEVICE_NOT_SUPPORTED)
    status = KB_CUPTI_UNSUPPORTED;
  return say(err, size, status, "%s: %s%s%s", call, name ? name : "CUPTI error", msg ? ": " : "", msg ? msg : "");
}
#define TRY_CUPTI(call)                                                                 \
  do {                                                                                  \
    CUptiResult r_ = (call);                                                            \
    if (r_ != CUPTI_SUCCESS) return cupti_fail(r_, #call, err, err_size);               \
  } while (0)

int cuda_fail(cudaError_t e, const char *call, char *err, size_t size)
{
  int status = (e == cudaErrorNoDevice || e == cudaErrorInsufficientDriver) ? KB_CUPTI_UNSUPPORTED : KB_CUPTI_ERROR;
  return say(err, size, status, "%s: %s: %s", call, cudaGetErrorName(e), cudaGetErrorString(e));
}
#define TRY_CUDA(call)                                                    \
  do {                                                                    \
    cudaError_t e_ = (call);                                              \
    if (e_ != cudaSuccess) return cuda_fail(e_, #call, err, err_size);    \
  } while (0)

double ms_since(std::chrono::steady_clock::time_point t0)
{
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

std::string demangle(const char *name)
{
  int st = 0;
  char *d = abi::__cxa_demangle(name, nullptr, nullptr, &st);
  std::string r = (st == 0 && d) ? d : name;
  free(d);
  return r;
}

// ------------------------------------------------------------------ activity records
// CUPTI delivers buffers to process-wide callbacks, so the store is process-wide too; kbench
// opens one session per worker process.
struct Store {
  std::mutex mu;
  std::vector<kb_activity> recs;
  std::vector<kb_launch_info> launch;  // parallel to recs (kernels only meaningful)
  size_t dropped = 0;
  bool registered = false;
} g_store;

void CUPTIAPI buffer_requested(uint8_t **buf, size_t *size, size_t *max_records)
{
  *size = 4u << 20;
  *buf = static_cast<uint8_t *>(aligned_alloc(ACTIVITY_RECORD_ALIGNMENT, *size));
  if (!*buf) *size = 0;
  *max_records = 0;
}

const char *copy_kind(uint8_t k)
{
  switch (k) {
  case CUPTI_ACTIVITY_MEMCPY_KIND_HTOD: return "memcpy HtoD";
  case CUPTI_ACTIVITY_MEMCPY_KIND_DTOH: return "memcpy DtoH";
  case CUPTI_ACTIVITY_MEMCPY_KIND_DTOD: return "memcpy DtoD";
  case CUPTI_ACTIVITY_MEMCPY_KIND_HTOH: return "memcpy HtoH";
  case CUPTI_ACTIVITY_MEMCPY_KIND_PTOP: return "memcpy PtoP";
  default: return "memcpy";
  }
}

void CUPTIAPI buffer_completed(CUcontext ctx, uint32_t stream_id, uint8_t *buf, size_t, size_t valid)
{
  std::lock_guard<std::mutex> lk(g_store.mu);
  CUpti_Activity *r = nullptr;
  while (cuptiActivityGetNextRecord(buf, valid, &r) == CUPTI_SUCCESS) {
    kb_activity a{};
    kb_launch_info li{};
    if (r->kind == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL || r->kind == CUPTI_ACTIVITY_KIND_KERNEL) {
      auto *k = reinterpret_cast<CUpti_ActivityKernel10 *>(r);  // CUDA 13.0's kernel record
      a.kind = KB_ACTIVITY_KERNEL;
      a.stream_id = k->streamId, a.correlation_id = k->correlationId, a.start_ns = k->start, a.end_ns = k->end;
      snprintf(a.name, sizeof a.name, "%s", demangle(k->name ? k->name : "?").c_str());
      li.v[KB_LAUNCH_REGISTERS_PER_THREAD] = k->registersPerThread;
      li.v[KB_LAUNCH_BLOCK_SIZE] = double(k->blockX) * k->blockY * k->blockZ;
      li.v[KB_LAUNCH_GRID_SIZE] = double(k->gridX) * k->gridY * k->gridZ;
      li.v[KB_LAUNCH_SHARED_MEM_STATIC] = k->staticSharedMemory;
      li.v[KB_LAUNCH_SHARED_MEM_DYNAMIC] = k->dynamicSharedMemory;
    } else if (r->kind == CUPTI_ACTIVITY_KIND_MEMCPY) {
      auto *m = reinterpret_cast<CUpti_ActivityMemcpy6 *>(r);
      a.kind = KB_ACTIVITY_MEMCPY;
      a.stream_id = m->streamId, a.correlation_id = m->correlationId, a.start_ns = m->start, a.end_ns = m->end;
      a.bytes = m->bytes;
      snprintf(a.name, sizeof a.name, "%s", copy_kind(m->copyKind));
    } else if (r->kind == CUPTI_ACTIVITY_KIND_MEMSET) {
      auto *m = reinterpret_cast<CUpti_ActivityMemset4 *>(r);
      a.kind = KB_ACTIVITY_MEMSET;
      a.stream_id = m->streamId, a.correlation_id = m->correlationId, a.start_ns = m->start, a.end_ns = m->end;
      a.bytes = m->bytes;
      snprintf(a.name, sizeof a.name, "memset");
    } else {
      continue;
    }
    g_store.recs.push_back(a);
    g_store.launch.push_back(li);
  }
  size_t dropped = 0;
  if (cuptiActivityGetNumDroppedRecords(ctx, stream_id, &dropped) == CUPTI_SUCCESS) g_store.dropped += dropped;
  free(buf);
}

const CUpti_ActivityKind k_kinds[] = {CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, CUPTI_ACTIVITY_KIND_MEMCPY,
                                      CUPTI_ACTIVITY_KIND_MEMSET};

}  // namespace

// ------------------------------------------------------------------ session
struct kb_cupti_config {
  kb_cupti *owner = nullptr;  // whose range profiler may have this config's image bound
  CUpti_Profiler_Host_Object *host = nullptr;
  std::vector<std::string> names;
  std::vector<const char *> cnames;  // into names
  std::vector<uint8_t> config, image;
  size_t passes = 0, max_ranges = 0;
  int bound_replay = -1;  // the replay mode SetConfig last bound this image with; -1: not bound
  bool ever_bound = false;  // SetConfig saw its images since the range profiler was enabled
};

struct kb_cupti {
  int device = -1;
  bool host_only = true;
  CUcontext ctx = nullptr;
  std::string chip;
  std::vector<uint8_t> avail;                     // counter availability image (once per process)
  CUpti_Profiler_Host_Object *names = nullptr;    // for lookups and the base-metric list
  std::vector<const char *> base;                 // the chip's base metrics, owned by `names`
  bool base_listed = false;
  CUpti_RangeProfiler_Object *rp = nullptr;       // enabled once, kept for the process
  kb_cupti_config *bound = nullptr;               // the config whose image SetConfig bound last
  kb_cupti_config *audit = nullptr;               // the bytes audit's DRAM config
  bool activity_window = false;
};

namespace {

CUpti_Profiler_Host_Object *host_init(kb_cupti *s, char *err, size_t err_size)
{
  PARAMS(CUpti_Profiler_Host_Initialize_Params, p);
  p.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
  p.pChipName = s->chip.c_str();
  p.pCounterAvailabilityImage = s->avail.empty() ? nullptr : s->avail.data();
  CUptiResult r = cuptiProfilerHostInitialize(&p);
  if (r != CUPTI_SUCCESS) return cupti_fail(r, "cuptiProfilerHostInitialize", err, err_size), nullptr;
  return p.pHostObject;
}

void host_fini(CUpti_Profiler_Host_Object *&h)
{
  if (!h) return;
  PARAMS(CUpti_Profiler_Host_Deinitialize_Params, p);
  p.pHostObject = h;
  cuptiProfilerHostDeinitialize(&p);
  h = nullptr;
}

CUptiResult host_add(CUpti_Profiler_Host_Object *h, const char *const *names, size_t n)
{
  PARAMS(CUpti_Profiler_Host_ConfigAddMetrics_Params, p);
  p.pHostObject = h, p.ppMetricNames = const_cast<const char **>(names), p.numMetrics = n;
  return cuptiProfilerHostConfigAddMetrics(&p);
}

// The name is collectable when the host API knows its properties and a scratch host object
// accepts it (a rejected add poisons an object, so every check gets its own).
int lookup(void *ctx, const char *name, char *unit, size_t unit_size)
{
  kb_cupti *s = static_cast<kb_cupti *>(ctx);
  char err[8];
  const size_t err_size = sizeof err;
  if (!s->names && !(s->names = host_init(s, err, err_size))) return 0;
  PARAMS(CUpti_Profiler_Host_GetMetricProperties_Params, mp);
  mp.pHostObject = s->names, mp.pMetricName = name;
  if (cuptiProfilerHostGetMetricProperties(&mp) != CUPTI_SUCCESS) return 0;
  CUpti_Profiler_Host_Object *scratch = host_init(s, err, err_size);
  bool ok = scratch && host_add(scratch, &name, 1) == CUPTI_SUCCESS;
  host_fini(scratch);
  if (ok && unit && unit_size) snprintf(unit, unit_size, "%s", mp.pDimUnit ? mp.pDimUnit : "");
  return ok;
}

const char *name_at(void *ctx, size_t i)
{
  kb_cupti *s = static_cast<kb_cupti *>(ctx);
  if (!s->base_listed) {
    s->base_listed = true;
    char err[8];
    if (!s->names && !(s->names = host_init(s, err, sizeof err))) return nullptr;
    for (CUpti_MetricType t : {CUPTI_METRIC_TYPE_COUNTER, CUPTI_METRIC_TYPE_RATIO, CUPTI_METRIC_TYPE_THROUGHPUT}) {
      PARAMS(CUpti_Profiler_Host_GetBaseMetrics_Params, p);
      p.pHostObject = s->names, p.metricType = t;
      if (cuptiProfilerHostGetBaseMetrics(&p) == CUPTI_SUCCESS)
        s->base.insert(s->base.end(), p.ppMetricNames, p.ppMetricNames + p.numMetrics);
    }
  }
  return i < s->base.size() ? s->base[i] : nullptr;
}

int start_session(char *err, size_t err_size)
{
  PARAMS(CUpti_Profiler_Initialize_Params, ip);
  TRY_CUPTI(cuptiProfilerInitialize(&ip));
  return KB_CUPTI_OK;
}

}  // namespace

extern "C" {

int kb_cupti_built(void) { return 1; }

int kb_cupti_open_chip(const char *chip, kb_cupti **out, char *err, size_t err_size)
{
  *out = nullptr;
  kb_cupti *s = new kb_cupti;
  s->chip = chip ? chip : "";
  int st;
  // No cuptiProfilerInitialize: it needs a driver (CUPTI_ERROR_UNKNOWN without one), and the host
  // API works without it. Check that the host API knows the chip: a host object initialises only for a known one.
  if (!(s->names = host_init(s, err, err_size))) {
    st = KB_CUPTI_UNSUPPORTED;
    kb_cupti_close(s);
    return st;
  }
  *out = s;
  return KB_CUPTI_OK;
}

int kb_cupti_open(int device, kb_cupti **out, char *err, size_t err_size)
{
  *out = nullptr;
  TRY_CUDA(cudaSetDevice(device));
  TRY_CUDA(cudaFree(nullptr));  // the primary context, current from here on
  // The CUcontext without linking libcuda (CI machines have no driver): the driver's own
  // cuCtxGetCurrent through the runtime's entry-point query.
  CUresult (*get_ctx)(CUcontext *) = nullptr;
  cudaDriverEntryPointQueryResult q = cudaDriverEntryPointSymbolNotFound;
  TRY_CUDA(cudaGetDriverEntryPointByVersion("cuCtxGetCurrent", reinterpret_cast<void **>(&get_ctx), 12000,
                                            cudaEnableDefault, &q));
  CUcontext ctx = nullptr;
  if (q != cudaDriverEntryPointSuccess || !get_ctx || get_ctx(&ctx) != CUDA_SUCCESS || !ctx)
    return say(err, err_size, KB_CUPTI_ERROR, "cuCtxGetCurrent (through cudaGetDriverEntryPointByVersion) failed");
  kb_cupti *s = new kb_cupti;
  s->device = device, s->host_only = false, s->ctx = ctx;
  int st = start_session(err, err_size);
  if (st != KB_CUPTI_OK) return delete s, st;
  PARAMS(CUpti_Profiler_DeviceSupported_Params, ds);
  ds.cuDevice = device, ds.api = CUPTI_PROFILER_RANGE_PROFILING;
  CUptiResult r = cuptiProfilerDeviceSupported(&ds);
  if (r != CUPTI_SUCCESS) return kb_cupti_close(s), cupti_fail(r, "cuptiProfilerDeviceSupported", err, err_size);
  if (ds.isSupported != CUPTI_PROFILER_CONFIGURATION_SUPPORTED)
    return kb_cupti_close(s),
           say(err, err_size, KB_CUPTI_UNSUPPORTED,
               "device %d cannot be profiled by CUPTI (architecture %d, vGPU %d, confidential compute %d, CMP %d, "
               "WSL %d; 3 = supported)", device, int(ds.architecture), int(ds.vGpu), int(ds.confidentialCompute),
               int(ds.cmp), int(ds.wsl));
  PARAMS(CUpti_Device_GetChipName_Params, cn);
  cn.deviceIndex = size_t(device);
  r = cuptiDeviceGetChipName(&cn);
  if (r != CUPTI_SUCCESS || !cn.pChipName)
    return kb_cupti_close(s), cupti_fail(r, "cuptiDeviceGetChipName", err, err_size);
  s->chip = cn.pChipName;
  // The availability image tells the host API which counters this device and driver expose.
  PARAMS(CUpti_Profiler_GetCounterAvailability_Params, av);
  av.ctx = ctx;
  r = cuptiProfilerGetCounterAvailability(&av);
  if (r == CUPTI_SUCCESS) {
    s->avail.assign(av.counterAvailabilityImageSize, 0);
    av.pCounterAvailabilityImage = s->avail.data();
    r = cuptiProfilerGetCounterAvailability(&av);
  }
  if (r != CUPTI_SUCCESS) return kb_cupti_close(s), cupti_fail(r, "cuptiProfilerGetCounterAvailability", err, err_size);
  *out = s;
  return KB_CUPTI_OK;
}

void kb_cupti_close(kb_cupti *s)
{
  if (!s) return;
  if (s->activity_window)
    for (CUpti_ActivityKind k : k_kinds) cuptiActivityDisable(k);
  if (s->rp) {
    PARAMS(CUpti_RangeProfiler_Disable_Params, p);
    p.pRangeProfilerObject = s->rp;
    cuptiRangeProfilerDisable(&p);
  }
  kb_cupti_config_free(s->audit);
  host_fini(s->names);
  if (!s->host_only) {
    PARAMS(CUpti_Profiler_DeInitialize_Params, dp);
    cuptiProfilerDeInitialize(&dp);
  }
  delete s;
}

const char *kb_cupti_chip(const kb_cupti *s) { return s ? s->chip.c_str() : ""; }

void kb_cupti_metric_table(kb_cupti *s, struct kb_metric_table *t)
{
  t->ctx = s, t->lookup = lookup, t->name_at = name_at;
}

int kb_cupti_prepare(kb_cupti *s, const char *const *counters, size_t n, size_t max_kernels, kb_cupti_config **out,
                     char *err, size_t err_size)
{
  *out = nullptr;
  if (n == 0) return say(err, err_size, KB_CUPTI_BAD_METRIC, "no counters to collect");
  auto *c = new kb_cupti_config;
  c->owner = s;
  c->names.assign(counters, counters + n);
  for (auto &x : c->names) c->cnames.push_back(x.c_str());
  c->max_ranges = max_kernels ? max_kernels : 1;
  int st = KB_CUPTI_OK;
  CUptiResult r;
  PARAMS(CUpti_Profiler_Host_GetConfigImageSize_Params, sz);
  PARAMS(CUpti_Profiler_Host_GetConfigImage_Params, ci);
  PARAMS(CUpti_Profiler_Host_GetNumOfPasses_Params, np);
  if (!(c->host = host_init(s, err, err_size))) {
    st = KB_CUPTI_ERROR;
  } else if ((r = host_add(c->host, c->cnames.data(), n)) != CUPTI_SUCCESS) {
    // Name the bad counter: one by one, each on a scratch object (a bad add poisons an object).
    st = cupti_fail(r, "cuptiProfilerHostConfigAddMetrics", err, err_size);
    for (size_t i = 0; i < n; i++)
      if (!lookup(s, counters[i], nullptr, 0)) {
        st = say(err, err_size, KB_CUPTI_BAD_METRIC, "counter '%s' is not collectable on %s", counters[i],
                 s->chip.c_str());
        break;
      }
  } else if (sz.pHostObject = c->host, (r = cuptiProfilerHostGetConfigImageSize(&sz)) != CUPTI_SUCCESS) {
    st = cupti_fail(r, "cuptiProfilerHostGetConfigImageSize", err, err_size);
  } else if (c->config.assign(sz.configImageSize, 0), ci.pHostObject = c->host,
             ci.configImageSize = c->config.size(), ci.pConfigImage = c->config.data(),
             (r = cuptiProfilerHostGetConfigImage(&ci)) != CUPTI_SUCCESS) {
    st = cupti_fail(r, "cuptiProfilerHostGetConfigImage", err, err_size);
  } else if (np.configImageSize = c->config.size(), np.pConfigImage = c->config.data(),
             (r = cuptiProfilerHostGetNumOfPasses(&np)) != CUPTI_SUCCESS) {
    st = cupti_fail(r, "cuptiProfilerHostGetNumOfPasses", err, err_size);
  }
  if (st != KB_CUPTI_OK) return kb_cupti_config_free(c), st;
  c->passes = np.numOfPasses;
  *out = c;
  return KB_CUPTI_OK;
}

size_t kb_cupti_passes(const kb_cupti_config *c) { return c ? c->passes : 0; }

void kb_cupti_config_free(kb_cupti_config *c)
{
  if (!c) return;
  // The range profiler may keep pointers to the images SetConfig gave it (the H100 check crashed
  // in a later collect after a bound config was freed): disable it before freeing them. The
  // next collect re-enables it (0.01 ms) and binds again (~3 ms).
  kb_cupti *s = c->owner;
  if (s && s->rp && c->ever_bound) {
    PARAMS(CUpti_RangeProfiler_Disable_Params, p);
    p.pRangeProfilerObject = s->rp;
    cuptiRangeProfilerDisable(&p);
    s->rp = nullptr;
    s->bound = nullptr;
  }
  if (s && s->bound == c) s->bound = nullptr;
  host_fini(c->host);
  delete c;
}

void kb_cupti_values_free(struct kb_cupti_values *v)
{
  if (!v) return;
  free(v->kernels), free(v->values), free(v->total);
  memset(v, 0, sizeof *v);
}

}  // extern "C"

namespace {

// Enables the range profiler once per session: Disable costs ~11 ms on the H100 and loses the
// bound config, so it stays enabled between cases (it profiles only between Start and Stop).
int ensure_enabled(kb_cupti *s, char *err, size_t err_size)
{
  if (s->host_only) return say(err, err_size, KB_CUPTI_UNSUPPORTED, "a chip-only CUPTI session cannot collect");
  if (s->rp) return KB_CUPTI_OK;
  PARAMS(CUpti_RangeProfiler_Enable_Params, p);
  p.ctx = s->ctx;
  TRY_CUPTI(cuptiRangeProfilerEnable(&p));
  s->rp = p.pRangeProfilerObject;
  s->bound = nullptr;  // a fresh object: every config binds again
  return KB_CUPTI_OK;
}

// Counter data image + SetConfig. The image is sized once per config; a config collected again
// with the same replay mode keeps its binding and only has its image re-initialised (the probe's
// 3.2 ms per case was a fresh image + SetConfig).
int bind(kb_cupti *s, kb_cupti_config *c, CUpti_ProfilerRange range, CUpti_ProfilerReplayMode replay, char *err,
         size_t err_size)
{
  int mode = int(range) * 16 + int(replay);
  c->ever_bound = true;  // from the first CUPTI call that sees its images
  if (c->image.empty()) {
    PARAMS(CUpti_RangeProfiler_GetCounterDataSize_Params, sz);
    sz.pRangeProfilerObject = s->rp, sz.pMetricNames = c->cnames.data(), sz.numMetrics = c->cnames.size();
    sz.maxNumOfRanges = c->max_ranges, sz.maxNumRangeTreeNodes = uint32_t(c->max_ranges);
    TRY_CUPTI(cuptiRangeProfilerGetCounterDataSize(&sz));
    c->image.assign(sz.counterDataSize, 0);
  }
  PARAMS(CUpti_RangeProfiler_CounterDataImage_Initialize_Params, in);
  in.pRangeProfilerObject = s->rp, in.counterDataSize = c->image.size(), in.pCounterData = c->image.data();
  TRY_CUPTI(cuptiRangeProfilerCounterDataImageInitialize(&in));
  if (s->bound == c && c->bound_replay == mode) return KB_CUPTI_OK;
  PARAMS(CUpti_RangeProfiler_SetConfig_Params, p);
  p.pRangeProfilerObject = s->rp, p.configSize = c->config.size(), p.pConfig = c->config.data();
  p.counterDataImageSize = c->image.size(), p.pCounterDataImage = c->image.data();
  p.range = range, p.replayMode = replay, p.maxRangesPerPass = c->max_ranges;
  p.numNestingLevels = 1, p.minNestingLevel = 1, p.targetNestingLevel = 1, p.passIndex = 0;
  if (s->bound) s->bound->bound_replay = -1;
  s->bound = nullptr;
  TRY_CUPTI(cuptiRangeProfilerSetConfig(&p));
  s->bound = c, c->bound_replay = mode, c->ever_bound = true;
  return KB_CUPTI_OK;
}

int call(kb_cupti_fn f, void *ctx, const char *what, char *err, size_t err_size)
{
  if (!f) return KB_CUPTI_OK;
  char msg[256] = "";
  if (f(ctx, msg, sizeof msg)) return say(err, err_size, KB_CUPTI_ERROR, "%s failed: %s", what, msg);
  return KB_CUPTI_OK;
}

// Enables or disables the kernel/memcpy/memset records (registration once per process).
int activity_kinds(bool on, char *err, size_t err_size)
{
  if (!g_store.registered) {
    TRY_CUPTI(cuptiActivityRegisterCallbacks(buffer_requested, buffer_completed));
    g_store.registered = true;
  }
  for (CUpti_ActivityKind k : k_kinds) {
    if (on)
      TRY_CUPTI(cuptiActivityEnable(k));
    else
      TRY_CUPTI(cuptiActivityDisable(k));
  }
  return KB_CUPTI_OK;
}

// The passes: Start, [push], run, [pop], Stop until CUPTI says every pass is in. Kernel records
// are taken during the first pass only (the flush in BEFORE stays out of them).
int replay_passes(kb_cupti *s, kb_cupti_config *c, bool user_range, bool kernel_replay, kb_cupti_fn run,
                  kb_cupti_fn before, void *ctx, bool name_kernels, size_t *passes, char *err, size_t err_size)
{
  *passes = 0;
  for (bool all = false; !all;) {
    if (*passes == 64) return say(err, err_size, KB_CUPTI_ERROR, "CUPTI asked for more than 64 passes");
    int st = call(before, ctx, "the pre-pass callback (L2 flush)", err, err_size);
    if (st) return st;
    TRY_CUDA(cudaDeviceSynchronize());
    bool records = name_kernels && *passes == 0 && !s->activity_window;
    if (records && (st = activity_kinds(true, err, err_size))) return st;
    PARAMS(CUpti_RangeProfiler_Start_Params, sp);
    sp.pRangeProfilerObject = s->rp;
    TRY_CUPTI(cuptiRangeProfilerStart(&sp));
    if (user_range) {
      PARAMS(CUpti_RangeProfiler_PushRange_Params, pp);
      pp.pRangeProfilerObject = s->rp, pp.pRangeName = "run";
      TRY_CUPTI(cuptiRangeProfilerPushRange(&pp));
    }
    st = call(run, ctx, "the run callback", err, err_size);
    if (st) return st;
    TRY_CUDA(cudaGetLastError());
    if (user_range) {
      PARAMS(CUpti_RangeProfiler_PopRange_Params, pp);
      pp.pRangeProfilerObject = s->rp;
      TRY_CUPTI(cuptiRangeProfilerPopRange(&pp));
    }
    PARAMS(CUpti_RangeProfiler_Stop_Params, tp);
    tp.pRangeProfilerObject = s->rp;
    TRY_CUPTI(cuptiRangeProfilerStop(&tp));
    TRY_CUDA(cudaDeviceSynchronize());
    if (records && (st = activity_kinds(false, err, err_size))) return st;
    all = tp.isAllPassSubmitted;
    ++*passes;
    if (kernel_replay && !all) return say(err, err_size, KB_CUPTI_ERROR, "kernel replay left passes unsubmitted");
  }
  (void)c;
  return KB_CUPTI_OK;
}

// Decode, then evaluate every range into OUT (rows of c->names).
int evaluate(kb_cupti *s, kb_cupti_config *c, std::vector<double> &vals, size_t *nranges, char *err, size_t err_size)
{
  PARAMS(CUpti_RangeProfiler_DecodeData_Params, dp);
  dp.pRangeProfilerObject = s->rp;
  TRY_CUPTI(cuptiRangeProfilerDecodeData(&dp));
  if (dp.numOfRangeDropped)
    return say(err, err_size, KB_CUPTI_TOO_MANY_KERNELS,
               "the run launched more kernels than the %zu ranges allowed (%zu dropped)", c->max_ranges,
               dp.numOfRangeDropped);
  PARAMS(CUpti_RangeProfiler_GetCounterDataInfo_Params, info);
  info.pCounterDataImage = c->image.data(), info.counterDataImageSize = c->image.size();
  TRY_CUPTI(cuptiRangeProfilerGetCounterDataInfo(&info));
  *nranges = info.numTotalRanges;
  size_t nc = c->cnames.size();
  vals.assign(*nranges * nc, NAN);
  for (size_t i = 0; i < *nranges; i++) {
    PARAMS(CUpti_Profiler_Host_EvaluateToGpuValues_Params, ev);
    ev.pHostObject = c->host, ev.pCounterDataImage = c->image.data(), ev.counterDataImageSize = c->image.size();
    ev.rangeIndex = i, ev.ppMetricNames = c->cnames.data(), ev.numMetrics = nc, ev.pMetricValues = &vals[i * nc];
    TRY_CUPTI(cuptiProfilerHostEvaluateToGpuValues(&ev));
  }
  return KB_CUPTI_OK;
}

}  // namespace

extern "C" {

int kb_cupti_collect(kb_cupti *s, kb_cupti_config *c, enum kb_cupti_replay replay, kb_cupti_fn run,
                     kb_cupti_fn before, void *ctx, struct kb_cupti_values *out, char *err, size_t err_size)
{
  memset(out, 0, sizeof *out);
  int st = ensure_enabled(s, err, err_size);
  if (st) return st;
  bool kernel_replay = replay == KB_CUPTI_REPLAY_KERNEL;
  size_t first = 0;
  {
    std::lock_guard<std::mutex> lk(g_store.mu);
    first = g_store.recs.size();
  }
  auto t0 = std::chrono::steady_clock::now();
  st = bind(s, c, CUPTI_AutoRange, kernel_replay ? CUPTI_KernelReplay : CUPTI_UserReplay, err, err_size);
  size_t passes = 0;
  if (!st) st = replay_passes(s, c, false, kernel_replay, run, before, ctx, true, &passes, err, err_size);
  if (st) return st;
  out->ms_passes = ms_since(t0);
  t0 = std::chrono::steady_clock::now();
  std::vector<double> vals;
  size_t nranges = 0;
  if ((st = evaluate(s, c, vals, &nranges, err, err_size))) return st;
  if (!s->activity_window) cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
  // Name the ranges: the first pass's kernel records in launch (correlation id) order; a kernel
  // replayed by CUPTI keeps its correlation id.
  std::vector<std::pair<kb_activity, kb_launch_info>> kernels;
  {
    std::lock_guard<std::mutex> lk(g_store.mu);
    for (size_t i = first; i < g_store.recs.size(); i++)
      if (g_store.recs[i].kind == KB_ACTIVITY_KERNEL) kernels.emplace_back(g_store.recs[i], g_store.launch[i]);
    if (!s->activity_window) g_store.recs.resize(first), g_store.launch.resize(first);
  }
  std::stable_sort(kernels.begin(), kernels.end(),
                   [](const auto &a, const auto &b) { return a.first.correlation_id < b.first.correlation_id; });
  kernels.erase(std::unique(kernels.begin(), kernels.end(),
                            [](const auto &a, const auto &b) { return a.first.correlation_id == b.first.correlation_id; }),
                kernels.end());
  size_t nc = c->cnames.size();
  out->nkernels = nranges, out->ncounters = nc, out->passes = passes;
  out->kernels = static_cast<kb_cupti_kernel *>(calloc(nranges ? nranges : 1, sizeof *out->kernels));
  out->values = static_cast<double *>(calloc(nranges * nc + 1, sizeof(double)));
  out->total = static_cast<double *>(calloc(nc + 1, sizeof(double)));
  if (!out->kernels || !out->values || !out->total)
    return kb_cupti_values_free(out), say(err, err_size, KB_CUPTI_ERROR, "out of memory");
  for (size_t k = 0; k < nranges; k++) {
    kb_cupti_kernel &kk = out->kernels[k];
    for (size_t j = 0; j < KB_LAUNCH_FIELDS; j++) kk.launch.v[j] = NAN;
    if (k < kernels.size()) {
      snprintf(kk.name, sizeof kk.name, "%s", kernels[k].first.name);
      kk.stream_id = kernels[k].first.stream_id;
      kk.launch = kernels[k].second;
    }
    for (size_t j = 0; j < nc; j++) {
      out->values[k * nc + j] = vals[k * nc + j];
      out->total[j] += vals[k * nc + j];
    }
  }
  out->ms_decode = ms_since(t0);
  return KB_CUPTI_OK;
}

int kb_cupti_dram_bytes(kb_cupti *s, kb_cupti_fn run, kb_cupti_fn before, void *ctx, double *read_bytes,
                        double *write_bytes, char *err, size_t err_size)
{
  *read_bytes = *write_bytes = NAN;
  int st = ensure_enabled(s, err, err_size);
  if (st) return st;
  if (!s->audit) {
    const char *dram[] = {"dram__bytes_read.sum", "dram__bytes_write.sum"};
    if ((st = kb_cupti_prepare(s, dram, 2, 1, &s->audit, err, err_size))) return st;
  }
  // One user range around the whole run: the audit needs the sum only, and one range decodes
  // fastest.
  st = bind(s, s->audit, CUPTI_UserRange, CUPTI_UserReplay, err, err_size);
  size_t passes = 0;
  if (!st) st = replay_passes(s, s->audit, true, false, run, before, ctx, false, &passes, err, err_size);
  std::vector<double> vals;
  size_t nranges = 0;
  if (!st) st = evaluate(s, s->audit, vals, &nranges, err, err_size);
  if (st) return st;
  if (nranges != 1) return say(err, err_size, KB_CUPTI_ERROR, "the bytes audit got %zu ranges, not 1", nranges);
  *read_bytes = vals[0], *write_bytes = vals[1];
  return KB_CUPTI_OK;
}

int kb_cupti_activity_begin(kb_cupti *s, char *err, size_t err_size)
{
  if (s->host_only) return say(err, err_size, KB_CUPTI_UNSUPPORTED, "a chip-only CUPTI session has no activity");
  if (s->activity_window) return say(err, err_size, KB_CUPTI_ERROR, "an activity window is already open");
  int st = activity_kinds(true, err, err_size);
  if (st) return st;
  TRY_CUPTI(cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED));
  std::lock_guard<std::mutex> lk(g_store.mu);
  g_store.recs.clear(), g_store.launch.clear(), g_store.dropped = 0;
  s->activity_window = true;
  return KB_CUPTI_OK;
}

int kb_cupti_activity_end(kb_cupti *s, struct kb_activity **recs, size_t *count, size_t *dropped, char *err,
                          size_t err_size)
{
  *recs = nullptr, *count = 0, *dropped = 0;
  if (!s->activity_window) return say(err, err_size, KB_CUPTI_ERROR, "no activity window is open");
  s->activity_window = false;
  TRY_CUDA(cudaDeviceSynchronize());
  int st = activity_kinds(false, err, err_size);
  if (st) return st;
  TRY_CUPTI(cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED));
  std::lock_guard<std::mutex> lk(g_store.mu);
  *count = g_store.recs.size(), *dropped = g_store.dropped;
  *recs = static_cast<kb_activity *>(malloc((*count ? *count : 1) * sizeof **recs));
  if (!*recs) return say(err, err_size, KB_CUPTI_ERROR, "out of memory");
  if (*count) memcpy(*recs, g_store.recs.data(), *count * sizeof **recs);
  g_store.recs.clear(), g_store.launch.clear();
  return KB_CUPTI_OK;
}

int kb_cupti_stream_id(kb_cupti *s, void *cuda_stream, uint32_t *id, char *err, size_t err_size)
{
  (void)s;
  *id = 0;
  if (!cuda_stream)
    return say(err, err_size, KB_CUPTI_ERROR, "the legacy NULL stream has no CUPTI stream id: match it in records");
  TRY_CUPTI(cuptiGetStreamIdEx(nullptr, static_cast<CUstream>(cuda_stream), 0, id));
  return KB_CUPTI_OK;
}

}  // extern "C"
