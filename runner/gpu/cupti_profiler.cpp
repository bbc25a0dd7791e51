// The CUPTI glue, part two: the range profiler's collections (counters per
// kernel, replayed for as many passes as they need) and the one-pass bytes
// audit.  See cupti_session.cpp for the session.
#include "gpu/cupti_glue.hpp"

using kbc::ms_since;
using kbc::say;

namespace {

// Enables the range profiler once per session: Disable costs ~11 ms on the H100 and loses the
// bound config, so it stays enabled between cases (it profiles only between Start and Stop).
int ensure_enabled(kb_cupti *s, char *err, size_t err_size)
{
  if (s->host_only) return say(err, err_size, KB_CUPTI_UNSUPPORTED, "a chip-only CUPTI session cannot collect");
  if (s->rp) return KB_CUPTI_OK;
  int st = kb_cupti_counters_ready(s, err, err_size);
  if (st != KB_CUPTI_OK) return st;
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
    if (records && (st = kbc::activity_kinds(true, err, err_size))) return st;
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
    if (records && (st = kbc::activity_kinds(false, err, err_size))) return st;
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

}  // extern "C"

namespace {

// A collection, auto range: one range per kernel RUN launches. With NAME_KERNELS the first pass
// also takes the kernels' activity records, for their names and launch facts.
int collect(kb_cupti *s, kb_cupti_config *c, enum kb_cupti_replay replay, kb_cupti_fn run, kb_cupti_fn before,
            void *ctx, bool name_kernels, struct kb_cupti_values *out, char *err, size_t err_size)
{
  memset(out, 0, sizeof *out);
  int st = ensure_enabled(s, err, err_size);
  if (st) return st;
  bool kernel_replay = replay == KB_CUPTI_REPLAY_KERNEL;
  size_t first = kbc::activity_mark();
  auto t0 = std::chrono::steady_clock::now();
  st = bind(s, c, CUPTI_AutoRange, kernel_replay ? CUPTI_KernelReplay : CUPTI_UserReplay, err, err_size);
  size_t passes = 0;
  if (!st) st = replay_passes(s, c, false, kernel_replay, run, before, ctx, name_kernels, &passes, err, err_size);
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
  kbc::activity_kernels_since(first, s->activity_window, kernels);
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

}  // namespace

extern "C" {

int kb_cupti_collect(kb_cupti *s, kb_cupti_config *c, enum kb_cupti_replay replay, kb_cupti_fn run,
                     kb_cupti_fn before, void *ctx, struct kb_cupti_values *out, char *err, size_t err_size)
{
  return collect(s, c, replay, run, before, ctx, true, out, err, err_size);
}

int kb_cupti_collect_quiet(kb_cupti *s, kb_cupti_config *c, kb_cupti_fn run, void *ctx, struct kb_cupti_values *out,
                           char *err, size_t err_size)
{
  return collect(s, c, KB_CUPTI_REPLAY_USER, run, nullptr, ctx, false, out, err, err_size);
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

}  // extern "C"
