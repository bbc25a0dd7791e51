/*
** Third-party code on a default stream (ABI 1.3), for tests/shell/gpu.sh
** and bench/default_stream_check.sh.  One int32 sum, three ways of
** launching the identical kernel, one define each (the small
** gpu_default_*.cu files):
**   DEFAULT_LEGACY      the launcher takes no stream argument: its memset
**                       and kernel go to the legacy default stream; the
**                       variant declares KBENCH_VARIANT_LEGACY_STREAM
**   DEFAULT_PER_THREAD  the same launcher, built with nvcc
**                       --default-stream per-thread (tests/plugins/local.mk):
**                       they go to the calling thread's default stream; it
**                       declares KBENCH_VARIANT_PER_THREAD_STREAM
**   (neither)           the sibling: the same kernel on kbench_stream(h),
**                       the time the other two must match
*/
#include <stdint.h>
#include <stdlib.h>

#include <kbench/kit.h>

#if defined(DEFAULT_PER_THREAD) && !defined(CUDA_API_PER_THREAD_DEFAULT_STREAM)
#  error "gpu_default_per_thread.cu must be built with --default-stream per-thread"
#endif
#if !defined(DEFAULT_PER_THREAD) && defined(CUDA_API_PER_THREAD_DEFAULT_STREAM)
#  error "only gpu_default_per_thread.cu is built with --default-stream per-thread"
#endif

#define THREADS 256

typedef struct default_sum {
  int *in, *out;
  size_t n;
  int expected;
} default_sum;

__global__ void default_sum_blocks(const int *in, size_t n, int *out)
{
  __shared__ int part[THREADS];
  unsigned tid = threadIdx.x;
  size_t i = (size_t)blockIdx.x * THREADS + tid;
  part[tid] = i < n ? in[i] : 0;
  __syncthreads();
  for (unsigned s = THREADS / 2; s > 0; s >>= 1) {
    if (tid < s)
      part[tid] += part[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    atomicAdd(out, part[0]);
}

#if defined(DEFAULT_LEGACY) || defined(DEFAULT_PER_THREAD)
/* A third party's launcher, as such code often is: no stream argument, so
** its work goes to stream 0, which is the legacy default stream, or under
** --default-stream per-thread the calling thread's own. */
static cudaError_t third_party_sum(const int *in, size_t n, int *out)
{
  cudaError_t e = cudaMemsetAsync(out, 0, sizeof(int));
  if (e != cudaSuccess)
    return e;
  default_sum_blocks<<<kbench_blocks(n, THREADS), THREADS>>>(in, n, out);
  return cudaGetLastError();
}
#else
/* The same work on the stream it is given. */
static cudaError_t sum_on(const int *in, size_t n, int *out,
                          cudaStream_t stream)
{
  cudaError_t e = cudaMemsetAsync(out, 0, sizeof(int), stream);
  if (e != cudaSuccess)
    return e;
  default_sum_blocks<<<kbench_blocks(n, THREADS), THREADS, 0, stream>>>(
      in, n, out);
  return cudaGetLastError();
}
#endif

static const kbench_param default_sum_params[] = {
  {"n", "number of int32 elements", "16M", 1, (int64_t)1 << 30, 0},
};

static int default_sum_setup(const kbench_host *h, void **state)
{
  default_sum *s = (default_sum *)calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  *state = s;
  s->n = (size_t)h->param(h, "n");
  int *host = NULL;
  int rc = kbench_host_buffer(h, (void **)&host, s->n * sizeof(int));
  if (rc != KBENCH_OK)
    return rc;
  kbench_fill_int(h, host, s->n, -9, 9);
  uint32_t sum = 0;
  for (size_t i = 0; i < s->n; i++)
    sum += (uint32_t)host[i];
  s->expected = (int)sum;
  rc = kbench_device_upload(h, (void **)&s->in, host, s->n * sizeof(int));
  return rc == KBENCH_OK
         ? kbench_device_output(h, (void **)&s->out, sizeof(int)) : rc;
}

static int default_sum_run(const kbench_host *h, void *state)
{
  default_sum *s = (default_sum *)state;
#if defined(DEFAULT_LEGACY) || defined(DEFAULT_PER_THREAD)
  KBENCH_CUDA(h, third_party_sum(s->in, s->n, s->out));
#else
  KBENCH_CUDA(h, sum_on(s->in, s->n, s->out, kbench_stream(h)));
#endif
  return KBENCH_OK;
}

static int default_sum_verify(const kbench_host *h, void *state)
{
  default_sum *s = (default_sum *)state;
  int got;
  KBENCH_CUDA(h,
              cudaMemcpy(&got, s->out, sizeof got, cudaMemcpyDeviceToHost));
  return kbench_check_int(h, "sum", &got, &s->expected, 1);
}

static void default_sum_bytes(const kbench_host *h, void *state,
                              kbench_bytes *b)
{
  default_sum *s = (default_sum *)state;
  (void)h;
  b->read = s->n * sizeof(int);
  b->written = sizeof(int);
  b->memory = KBENCH_MEM_GLOBAL;
}

static void default_sum_teardown(const kbench_host *h, void *state)
{
  default_sum *s = (default_sum *)state;
  (void)h;
  cudaFree(s->in);
  cudaFree(s->out);
  free(s);
}

static const kbench_variant default_sum_variant = {
  .size = sizeof(kbench_variant),
  .name = DEFAULT_NAME,
  .summary = "TEST ONLY: " DEFAULT_NAME,
  .origin = "tests",
  .backend = KBENCH_BACKEND_CUDA,
  .params = default_sum_params,
  .n_params = sizeof default_sum_params / sizeof *default_sum_params,
  .setup = default_sum_setup,
  .run = default_sum_run,
  .verify = default_sum_verify,
  .bytes_moved = default_sum_bytes,
  .teardown = default_sum_teardown,
#ifdef DEFAULT_LEGACY
  .flags = KBENCH_VARIANT_LEGACY_STREAM,
#elif defined(DEFAULT_PER_THREAD)
  .flags = KBENCH_VARIANT_PER_THREAD_STREAM,
#endif
};

KBENCH_PLUGIN(&default_sum_variant)
