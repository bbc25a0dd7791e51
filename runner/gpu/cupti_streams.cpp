// The CUPTI glue, part four: the streams the process makes through the CUDA runtime and has not
// destroyed, from CUPTI's callbacks on those calls alone (the leftover check: a case must not leave
// one behind).  Callbacks come on whichever thread makes the call, with no context of ours, so the
// store is process-wide, as the activity store is.
#include "gpu/cupti_glue.hpp"

#include <unordered_map>

using kbc::say;

namespace {

struct Streams {
  std::mutex mu;
  std::unordered_map<void *, uint64_t> alive;  // each stream, with its number in order made
  uint64_t made = 0;
  CUpti_SubscriberHandle subscriber = nullptr;
} g_streams;

const CUpti_CallbackId k_created[] = {CUPTI_RUNTIME_TRACE_CBID_cudaStreamCreate_v3020,
                                      CUPTI_RUNTIME_TRACE_CBID_cudaStreamCreateWithFlags_v5000,
                                      CUPTI_RUNTIME_TRACE_CBID_cudaStreamCreateWithPriority_v5050};
const CUpti_CallbackId k_destroyed[] = {CUPTI_RUNTIME_TRACE_CBID_cudaStreamDestroy_v3020,
                                        CUPTI_RUNTIME_TRACE_CBID_cudaStreamDestroy_v5050};

bool among(CUpti_CallbackId id, const CUpti_CallbackId *ids, size_t n)
{
  return std::find(ids, ids + n, id) != ids + n;
}

// Each create call's parameters start with the stream's address (cudaStream_t *pStream), each
// destroy's with the stream (generated_cuda_runtime_api_meta.h): a made stream is known once the
// call returns, a destroyed one is forgotten as the call starts.
void CUPTIAPI on_call(void *, CUpti_CallbackDomain domain, CUpti_CallbackId id, const void *data)
{
  if (domain != CUPTI_CB_DOMAIN_RUNTIME_API) return;
  const auto *cb = static_cast<const CUpti_CallbackData *>(data);
  const size_t n_created = sizeof k_created / sizeof *k_created;
  const size_t n_destroyed = sizeof k_destroyed / sizeof *k_destroyed;
  if (cb->callbackSite == CUPTI_API_EXIT && among(id, k_created, n_created)) {
    if (!cb->functionReturnValue || *static_cast<const cudaError_t *>(cb->functionReturnValue) != cudaSuccess) return;
    cudaStream_t *made = *static_cast<cudaStream_t *const *>(cb->functionParams);
    if (!made) return;
    std::lock_guard<std::mutex> lk(g_streams.mu);
    g_streams.alive[*made] = ++g_streams.made;
  } else if (cb->callbackSite == CUPTI_API_ENTER && among(id, k_destroyed, n_destroyed)) {
    cudaStream_t gone = *static_cast<const cudaStream_t *>(cb->functionParams);
    std::lock_guard<std::mutex> lk(g_streams.mu);
    g_streams.alive.erase(gone);
  }
}

}  // namespace

void kbc::streams_unwatch()
{
  if (!g_streams.subscriber) return;
  cuptiUnsubscribe(g_streams.subscriber);
  g_streams.subscriber = nullptr;
  std::lock_guard<std::mutex> lk(g_streams.mu);
  g_streams.alive.clear();
}

extern "C" {

int kb_cupti_streams_watch(kb_cupti *s, char *err, size_t err_size)
{
  if (!s || s->host_only) return say(err, err_size, KB_CUPTI_UNSUPPORTED, "no device session");
  if (g_streams.subscriber) return KB_CUPTI_OK;
  CUpti_SubscriberHandle sub = nullptr;
  TRY_CUPTI(cuptiSubscribe(&sub, on_call, nullptr));
  for (CUpti_CallbackId id : k_created)
    if (CUptiResult r = cuptiEnableCallback(1, sub, CUPTI_CB_DOMAIN_RUNTIME_API, id); r != CUPTI_SUCCESS)
      return cuptiUnsubscribe(sub), kbc::cupti_fail(r, "cuptiEnableCallback", err, err_size);
  for (CUpti_CallbackId id : k_destroyed)
    if (CUptiResult r = cuptiEnableCallback(1, sub, CUPTI_CB_DOMAIN_RUNTIME_API, id); r != CUPTI_SUCCESS)
      return cuptiUnsubscribe(sub), kbc::cupti_fail(r, "cuptiEnableCallback", err, err_size);
  g_streams.subscriber = sub;
  return KB_CUPTI_OK;
}

uint64_t kb_cupti_streams_mark(void)
{
  std::lock_guard<std::mutex> lk(g_streams.mu);
  return g_streams.made;
}

size_t kb_cupti_streams_since(uint64_t mark)
{
  std::lock_guard<std::mutex> lk(g_streams.mu);
  size_t n = 0;
  for (const auto &s : g_streams.alive) n += s.second > mark;
  return n;
}

}  // extern "C"
