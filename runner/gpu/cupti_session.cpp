// The CUPTI glue behind gpu/cupti.h, part one: the session (profiler
// initialised, chip named, counter availability image taken once per
// process), metric names and their checks, configs prepared from a list.
// cupti_profiler.cpp collects, cupti_activity.cpp records activity,
// cupti_errors.cpp words what fails.  C++ only because CUDA 13's
// cupti_profiler_host.h includes <string>; no exception crosses the C
// interface.  Call sequence verified on the H100 by the CUPTI probe of
// ../shared/DESIGN.md, section 6; every params struct takes its
// *_STRUCT_SIZE macro, not sizeof.
#include "gpu/cupti_glue.hpp"

extern "C" {
#include "gpu/gpu.h"
}

using kbc::cupti_fail;
using kbc::say;


namespace {

CUpti_Profiler_Host_Object *host_init(kb_cupti *s, char *err, size_t err_size)
{
  PARAMS(CUpti_Profiler_Host_Initialize_Params, p);
  p.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
  p.pChipName = s->chip.c_str();
  p.pCounterAvailabilityImage = s->avail.empty() ? nullptr : s->avail.data();
  CUptiResult r = cuptiProfilerHostInitialize(&p);
  if (r != CUPTI_SUCCESS) return kbc::cupti_fail(r, "cuptiProfilerHostInitialize", err, err_size), nullptr;
  return p.pHostObject;
}

}  // namespace

void kbc::host_fini(CUpti_Profiler_Host_Object *&h)
{
  if (!h) return;
  PARAMS(CUpti_Profiler_Host_Deinitialize_Params, p);
  p.pHostObject = h;
  cuptiProfilerHostDeinitialize(&p);
  h = nullptr;
}

namespace {

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
  kbc::host_fini(scratch);
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

// The availability image tells the host API which counters this device and driver expose; a
// profiler held by another process refuses it (CUPTI_ERROR_HARDWARE_BUSY).
int take_availability(kb_cupti *s, char *err, size_t err_size)
{
  PARAMS(CUpti_Profiler_GetCounterAvailability_Params, av);
  av.ctx = s->ctx;
  CUptiResult r = cuptiProfilerGetCounterAvailability(&av);
  if (r == CUPTI_SUCCESS) {
    s->avail.assign(av.counterAvailabilityImageSize, 0);
    av.pCounterAvailabilityImage = s->avail.data();
    r = cuptiProfilerGetCounterAvailability(&av);
  }
  if (r != CUPTI_SUCCESS) {
    s->avail.clear();
    return cupti_fail(r, "cuptiProfilerGetCounterAvailability", err, err_size);
  }
  return KB_CUPTI_OK;
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
  // Without a usable driver, the reason every other path gives (gpu.h: no driver, or one older than the
  // runtime), not CUDA's "driver version is insufficient", which it says of both.
  if (kb_gpu_count(nullptr, err, err_size) == 0) return KB_CUPTI_UNSUPPORTED;
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
  s->counters_status = take_availability(s, s->counters_why, sizeof s->counters_why);
  st = s->counters_status;
  if (st != KB_CUPTI_OK && st != KB_CUPTI_BUSY) {
    say(err, err_size, st, "%s", s->counters_why);
    kb_cupti_close(s);
    return st;
  }
  *out = s;
  return KB_CUPTI_OK;
}

int kb_cupti_counters_ready(kb_cupti *s, char *err, size_t err_size)
{
  if (!s || s->host_only) return say(err, err_size, KB_CUPTI_UNSUPPORTED, "no device session");
  if (s->counters_status != KB_CUPTI_OK)
    s->counters_status = take_availability(s, s->counters_why, sizeof s->counters_why);
  if (s->counters_status != KB_CUPTI_OK) say(err, err_size, s->counters_status, "%s", s->counters_why);
  return s->counters_status;
}

void kb_cupti_close(kb_cupti *s)
{
  if (!s) return;
  char err[256];
  if (s->activity_window) {
    kbc::activity_kinds(false, err, sizeof err);
    kbc::activity_order_kinds(false, err, sizeof err);
  }
  kbc::streams_unwatch(s->streams);
  if (s->rp) {
    PARAMS(CUpti_RangeProfiler_Disable_Params, p);
    p.pRangeProfilerObject = s->rp;
    cuptiRangeProfilerDisable(&p);
  }
  kb_cupti_config_free(s->audit);
  kbc::host_fini(s->names);
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
  kbc::host_fini(c->host);
  delete c;
}

void kb_cupti_values_free(struct kb_cupti_values *v)
{
  if (!v) return;
  free(v->kernels), free(v->values), free(v->total);
  memset(v, 0, sizeof *v);
}

}  // extern "C"
