// The CUPTI glue, part four: the streams the process makes through the CUDA runtime and has not
// destroyed, from CUPTI's callbacks on those calls alone (the leftover check: a case must not leave
// one behind).  Callbacks come on whichever thread makes the call, with the session's watch as
// their user data.
#include "gpu/cupti_glue.hpp"

using kbc::say;

namespace {

const CUpti_CallbackId k_created[] = {CUPTI_RUNTIME_TRACE_CBID_cudaStreamCreate_v3020,
                                      CUPTI_RUNTIME_TRACE_CBID_cudaStreamCreateWithFlags_v5000,
                                      CUPTI_RUNTIME_TRACE_CBID_cudaStreamCreateWithPriority_v5050};
const CUpti_CallbackId k_destroyed[] = {CUPTI_RUNTIME_TRACE_CBID_cudaStreamDestroy_v3020,
                                        CUPTI_RUNTIME_TRACE_CBID_cudaStreamDestroy_v5050};

template <size_t N>
bool among(CUpti_CallbackId id, const CUpti_CallbackId (&ids)[N])
{
  return std::find(ids, ids + N, id) != ids + N;
}

template <size_t N>
CUptiResult enable(CUpti_SubscriberHandle sub, const CUpti_CallbackId (&ids)[N])
{
  for (CUpti_CallbackId id : ids)
    if (CUptiResult r = cuptiEnableCallback(1, sub, CUPTI_CB_DOMAIN_RUNTIME_API, id); r != CUPTI_SUCCESS) return r;
  return CUPTI_SUCCESS;
}

// Each create call's parameters start with the stream's address (cudaStream_t *pStream), each
// destroy's with the stream (generated_cuda_runtime_api_meta.h): a made stream is known once the
// call returns, a destroyed one is forgotten as the call starts.
void CUPTIAPI on_call(void *user, CUpti_CallbackDomain domain, CUpti_CallbackId id, const void *data)
{
  auto &w = *static_cast<kbc::stream_watch *>(user);
  const auto *cb = static_cast<const CUpti_CallbackData *>(data);
  if (domain != CUPTI_CB_DOMAIN_RUNTIME_API) return;
  if (cb->callbackSite == CUPTI_API_EXIT && among(id, k_created)) {
    if (!cb->functionReturnValue || *static_cast<const cudaError_t *>(cb->functionReturnValue) != cudaSuccess) return;
    cudaStream_t *made = *static_cast<cudaStream_t *const *>(cb->functionParams);
    if (!made) return;
    std::lock_guard<std::mutex> lk(w.mu);
    w.alive[*made] = ++w.made;
  } else if (cb->callbackSite == CUPTI_API_ENTER && among(id, k_destroyed)) {
    cudaStream_t gone = *static_cast<const cudaStream_t *>(cb->functionParams);
    std::lock_guard<std::mutex> lk(w.mu);
    w.alive.erase(gone);
  }
}

}  // namespace

void kbc::streams_unwatch(stream_watch &w)
{
  if (!w.subscriber) return;
  cuptiUnsubscribe(w.subscriber);
  w.subscriber = nullptr;
  std::lock_guard<std::mutex> lk(w.mu);
  w.alive.clear();
}

extern "C" {

int kb_cupti_streams_watch(kb_cupti *s, char *err, size_t err_size)
{
  if (!s || s->host_only) return say(err, err_size, KB_CUPTI_UNSUPPORTED, "no device session");
  if (s->streams.subscriber) return KB_CUPTI_OK;
  CUpti_SubscriberHandle sub = nullptr;
  TRY_CUPTI(cuptiSubscribe(&sub, on_call, &s->streams));
  CUptiResult r = enable(sub, k_created);
  if (r == CUPTI_SUCCESS) r = enable(sub, k_destroyed);
  if (r != CUPTI_SUCCESS) return cuptiUnsubscribe(sub), kbc::cupti_fail(r, "cuptiEnableCallback", err, err_size);
  s->streams.subscriber = sub;
  return KB_CUPTI_OK;
}

uint64_t kb_cupti_streams_mark(kb_cupti *s)
{
  if (!s) return 0;
  std::lock_guard<std::mutex> lk(s->streams.mu);
  return s->streams.made;
}

size_t kb_cupti_streams_since(kb_cupti *s, uint64_t mark)
{
  if (!s) return 0;
  std::lock_guard<std::mutex> lk(s->streams.mu);
  size_t n = 0;
  for (const auto &a : s->streams.alive) n += a.second > mark;
  return n;
}

}  // extern "C"
