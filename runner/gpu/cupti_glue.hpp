// Shared by the CUPTI glue's three sources (cupti_session.cpp: the
// session and its metric lists; cupti_profiler.cpp: the range profiler's
// collections; cupti_activity.cpp: activity records): the session's
// structures, error reporting, and the activity store's interface.  C++
// only, not installed.  gpu/cupti.h is their one interface: this header
// builds on it, and no file it includes includes it back.
#ifndef KB_CUPTI_GLUE_HPP
#define KB_CUPTI_GLUE_HPP

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
#include <unordered_map>
#include <vector>

#define PARAMS(T, v) \
  T v{};            \
  v.structSize = T##_STRUCT_SIZE

namespace kbc {

// A status with a sentence in ERR.
int say(char *err, size_t size, int status, const char *fmt, ...);
// A failed CUPTI or CUDA call as a status and a sentence naming the call.
int cupti_fail(CUptiResult r, const char *call, char *err, size_t size);
int cuda_fail(cudaError_t e, const char *call, char *err, size_t size);
double ms_since(std::chrono::steady_clock::time_point t0);
std::string demangle(const char *name);

// Release a host object of the profiler's host API.
void host_fini(CUpti_Profiler_Host_Object *&h);

// The activity store (cupti_activity.cpp): records of kernels, copies and
// memsets, filled by CUPTI's process-wide callbacks.
int activity_kinds(bool on, char *err, size_t err_size);
// The records that order work across streams (event records, stream waits), for activity windows.
int activity_order_kinds(bool on, char *err, size_t err_size);
size_t activity_mark();
// The kernel records since MARK with their launch facts, in launch order;
// the store forgets them unless an activity window is open.
void activity_kernels_since(size_t mark, bool keep,
                            std::vector<std::pair<kb_activity, kb_launch_info>> &out);

// The streams the process made through the runtime and has not destroyed
// (cupti_streams.cpp), as CUPTI's callbacks on those calls see them.
struct stream_watch {
  std::mutex mu;
  std::unordered_map<void *, uint64_t> alive;  // each stream, with its number in order made
  uint64_t made = 0;
  CUpti_SubscriberHandle subscriber = nullptr;
};
// The watch let go: no more callbacks.
void streams_unwatch(stream_watch &w);

}  // namespace kbc

#define TRY_CUPTI(call)                                                                 \
  do {                                                                                  \
    CUptiResult r_ = (call);                                                            \
    if (r_ != CUPTI_SUCCESS) return kbc::cupti_fail(r_, #call, err, err_size);          \
  } while (0)
#define TRY_CUDA(call)                                                    \
  do {                                                                    \
    cudaError_t e_ = (call);                                              \
    if (e_ != cudaSuccess) return kbc::cuda_fail(e_, #call, err, err_size); \
  } while (0)

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
  int counters_status = KB_CUPTI_OK;              // why avail is missing (KB_CUPTI_BUSY, ...)
  char counters_why[512] = "";
  CUpti_Profiler_Host_Object *names = nullptr;    // for lookups and the base-metric list
  std::vector<const char *> base;                 // the chip's base metrics, owned by `names`
  bool base_listed = false;
  CUpti_RangeProfiler_Object *rp = nullptr;       // enabled once, kept for the process
  kb_cupti_config *bound = nullptr;               // the config whose image SetConfig bound last
  kb_cupti_config *audit = nullptr;               // the bytes audit's DRAM config
  bool activity_window = false;
  kbc::stream_watch streams;                      // kb_cupti_streams_watch's
};

#endif
