// The CUPTI glue, part three: activity records of kernels, copies and
// memsets.  CUPTI delivers buffers to process-wide callbacks with no
// context of ours, so the store is process-wide too (kbench opens one
// session per worker process).
#include "gpu/cupti_glue.hpp"

#include <unordered_map>

using kbc::say;

namespace {

struct Store {
  std::mutex mu;
  std::vector<kb_activity> recs;
  std::vector<kb_launch_info> launch;  // parallel to recs (kernels only meaningful)
  std::unordered_map<uint32_t, uint32_t> queued_by;  // a runtime or driver call's correlation id: its thread
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
      a.graph_id = k->graphId;
      snprintf(a.name, sizeof a.name, "%s", kbc::demangle(k->name ? k->name : "?").c_str());
      li.v[KB_LAUNCH_REGISTERS_PER_THREAD] = k->registersPerThread;
      li.v[KB_LAUNCH_BLOCK_SIZE] = double(k->blockX) * k->blockY * k->blockZ;
      li.v[KB_LAUNCH_GRID_SIZE] = double(k->gridX) * k->gridY * k->gridZ;
      li.v[KB_LAUNCH_SHARED_MEM_STATIC] = k->staticSharedMemory;
      li.v[KB_LAUNCH_SHARED_MEM_DYNAMIC] = k->dynamicSharedMemory;
    } else if (r->kind == CUPTI_ACTIVITY_KIND_MEMCPY) {
      auto *m = reinterpret_cast<CUpti_ActivityMemcpy6 *>(r);
      a.kind = KB_ACTIVITY_MEMCPY;
      a.stream_id = m->streamId, a.correlation_id = m->correlationId, a.start_ns = m->start, a.end_ns = m->end;
      a.graph_id = m->graphId;
      a.bytes = m->bytes;
      snprintf(a.name, sizeof a.name, "%s", copy_kind(m->copyKind));
      a.reads_device = m->copyKind == CUPTI_ACTIVITY_MEMCPY_KIND_DTOH || m->copyKind == CUPTI_ACTIVITY_MEMCPY_KIND_DTOD;
      a.writes_device = m->copyKind == CUPTI_ACTIVITY_MEMCPY_KIND_HTOD || m->copyKind == CUPTI_ACTIVITY_MEMCPY_KIND_DTOD;
    } else if (r->kind == CUPTI_ACTIVITY_KIND_MEMSET) {
      auto *m = reinterpret_cast<CUpti_ActivityMemset4 *>(r);
      a.kind = KB_ACTIVITY_MEMSET;
      a.stream_id = m->streamId, a.correlation_id = m->correlationId, a.start_ns = m->start, a.end_ns = m->end;
      a.graph_id = m->graphId;
      a.bytes = m->bytes;
      a.writes_device = 1;
      snprintf(a.name, sizeof a.name, "memset");
    } else if (r->kind == CUPTI_ACTIVITY_KIND_CUDA_EVENT) {
      auto *e = reinterpret_cast<CUpti_ActivityCudaEvent2 *>(r);
      a.kind = KB_ACTIVITY_EVENT_RECORD;
      a.stream_id = e->streamId, a.correlation_id = e->correlationId, a.sync_id = e->cudaEventSyncId;
      a.start_ns = a.end_ns = e->deviceTimestamp;
      snprintf(a.name, sizeof a.name, "event record");
    } else if (r->kind == CUPTI_ACTIVITY_KIND_RUNTIME || r->kind == CUPTI_ACTIVITY_KIND_DRIVER) {
      // Who made the call that queued the work of the same correlation id.
      auto *api = reinterpret_cast<CUpti_ActivityAPI *>(r);
      g_store.queued_by[api->correlationId] = api->threadId;
      continue;
    } else if (r->kind == CUPTI_ACTIVITY_KIND_SYNCHRONIZATION) {
      auto *y = reinterpret_cast<CUpti_ActivitySynchronization2 *>(r);
      // Host-side waits (event, stream, context synchronize) order nothing on the GPU.
      if (y->type != CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_STREAM_WAIT_EVENT) continue;
      a.kind = KB_ACTIVITY_STREAM_WAIT;
      a.stream_id = y->streamId, a.correlation_id = y->correlationId, a.sync_id = y->cudaEventSyncId;
      snprintf(a.name, sizeof a.name, "stream wait");
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
// What orders work across streams, and the calls that say which thread queued it: only an activity
// window (the stream audit) needs them.
const CUpti_ActivityKind k_order_kinds[] = {CUPTI_ACTIVITY_KIND_CUDA_EVENT, CUPTI_ACTIVITY_KIND_SYNCHRONIZATION,
                                            CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_ACTIVITY_KIND_DRIVER};

int enable(const CUpti_ActivityKind *kinds, size_t n, bool on, char *err, size_t err_size)
{
  for (size_t i = 0; i < n; i++) {
    if (on)
      TRY_CUPTI(cuptiActivityEnable(kinds[i]));
    else
      TRY_CUPTI(cuptiActivityDisable(kinds[i]));
  }
  return KB_CUPTI_OK;
}

}  // namespace

// The order records: event records, with the GPU's time of reaching them, and stream waits.
int kbc::activity_order_kinds(bool on, char *err, size_t err_size)
{
  TRY_CUPTI(cuptiActivityEnableCudaEventDeviceTimestamps(on ? 1 : 0));
  return enable(k_order_kinds, sizeof k_order_kinds / sizeof *k_order_kinds, on, err, err_size);
}

// Enables or disables the kernel/memcpy/memset records (registration once per process).
int kbc::activity_kinds(bool on, char *err, size_t err_size)
{
  if (!g_store.registered) {
    TRY_CUPTI(cuptiActivityRegisterCallbacks(buffer_requested, buffer_completed));
    // Threads numbered as the system does (gettid), as /proc lists them; refused, the ids match no
    // thread kbench knows, and no work is blamed on an earlier case.
    (void)cuptiSetThreadIdType(CUPTI_ACTIVITY_THREAD_ID_TYPE_SYSTEM);
    g_store.registered = true;
  }
  return enable(k_kinds, sizeof k_kinds / sizeof *k_kinds, on, err, err_size);
}

size_t kbc::activity_mark()
{
  std::lock_guard<std::mutex> lk(g_store.mu);
  return g_store.recs.size();
}

void kbc::activity_kernels_since(size_t mark, bool keep,
                                 std::vector<std::pair<kb_activity, kb_launch_info>> &kernels)
{
  {
    std::lock_guard<std::mutex> lk(g_store.mu);
    for (size_t i = mark; i < g_store.recs.size(); i++)
      if (g_store.recs[i].kind == KB_ACTIVITY_KERNEL) kernels.emplace_back(g_store.recs[i], g_store.launch[i]);
    if (!keep) g_store.recs.resize(mark), g_store.launch.resize(mark);
  }
  // Launch order; a kernel replayed by CUPTI keeps its correlation id.
  std::stable_sort(kernels.begin(), kernels.end(),
                   [](const auto &a, const auto &b) { return a.first.correlation_id < b.first.correlation_id; });
  kernels.erase(std::unique(kernels.begin(), kernels.end(),
                            [](const auto &a, const auto &b) { return a.first.correlation_id == b.first.correlation_id; }),
                kernels.end());
}

extern "C" {

int kb_cupti_activity_begin(kb_cupti *s, char *err, size_t err_size)
{
  if (s->host_only) return say(err, err_size, KB_CUPTI_UNSUPPORTED, "a chip-only CUPTI session has no activity");
  if (s->activity_window) return say(err, err_size, KB_CUPTI_ERROR, "an activity window is already open");
  int st = kbc::activity_kinds(true, err, err_size);
  if (!st) st = kbc::activity_order_kinds(true, err, err_size);
  if (st) return st;
  TRY_CUPTI(cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED));
  std::lock_guard<std::mutex> lk(g_store.mu);
  g_store.recs.clear(), g_store.launch.clear(), g_store.queued_by.clear(), g_store.dropped = 0;
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
  int st = kbc::activity_kinds(false, err, err_size);
  if (!st) st = kbc::activity_order_kinds(false, err, err_size);
  if (st) return st;
  TRY_CUPTI(cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED));
  std::lock_guard<std::mutex> lk(g_store.mu);
  *count = g_store.recs.size(), *dropped = g_store.dropped;
  *recs = static_cast<kb_activity *>(malloc((*count ? *count : 1) * sizeof **recs));
  if (!*recs) return say(err, err_size, KB_CUPTI_ERROR, "out of memory");
  if (*count) memcpy(*recs, g_store.recs.data(), *count * sizeof **recs);
  for (size_t i = 0; i < *count; i++) {
    auto by = g_store.queued_by.find((*recs)[i].correlation_id);
    (*recs)[i].thread_id = by == g_store.queued_by.end() ? 0 : by->second;
  }
  g_store.recs.clear(), g_store.launch.clear(), g_store.queued_by.clear();
  return KB_CUPTI_OK;
}

int kb_cupti_stream_id(kb_cupti *s, void *cuda_stream, uint32_t *id, char *err, size_t err_size)
{
  (void)s;
  *id = 0;
  if (!cuda_stream)
    return say(err, err_size, KB_CUPTI_ERROR, "the legacy NULL stream has no CUPTI stream id: match it in records");
  /* A stream kbench made: the default streams' ids are read off a record
  ** of a kernel queued there (worker/measure/probe.c). */
  TRY_CUPTI(cuptiGetStreamIdEx(nullptr, static_cast<CUstream>(cuda_stream), 0, id));
  return KB_CUPTI_OK;
}

}  // extern "C"
