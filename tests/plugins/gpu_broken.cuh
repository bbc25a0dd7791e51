/*
** Deliberately broken CUDA plugins for the isolation tests on a GPU
** (tests/gpu.sh).  Included once per GPU_* flag by the small gpu_*.cu files.
** The healthy base is a correct int32 sum: each block reduces THREADS
** elements in shared memory and adds its part to the output atomically.
**   GPU_CRASH_RUN    segfaults on the host in run, after a verified run
**   GPU_HANG         launches a kernel that never ends
**   GPU_ILLEGAL      a kernel stores to an unmapped address (sticky error)
**   GPU_SIDE_STREAM  does its work on a (blocking) stream of its own:
**                    verifies, but kbench's stream is empty
**   GPU_NONBLOCKING  the same on a non-blocking stream
**   GPU_LEGACY       the same on the legacy default stream
**   GPU_PER_THREAD   the same on the per-thread default stream
** With GPU_DECLARE_STREAM set to an ABI 1.3 flag, a cheat declares that
** its runs launch on that default stream (kbench_stream(h) returns it and
** kbench times it) and still forks its work off it: the cheats rewritten
** to the default stream, which must fail as the originals do.
**   GPU_GRAPH        its work captured into a graph in setup, launched in
**                    run on a stream of its own
**   GPU_OFF_COPY     computes the sum in setup and copies it to the
**                    output in run on the legacy stream: no kernel at all
**   GPU_RESET        calls cudaDeviceReset inside run
**   GPU_INFLATED     correct, but bytes_moved claims 1000x what it reads
**                    (the bytes audit must flag it)
**   GPU_FORGE_EVENT  correct, but setup rewrites cudaEventElapsedTime's GOT
**                    slot in every loaded object but its own to report a
**                    tenth of each interval (issue 45's adversary): the
**                    worker's seal must refuse it, and a case after it in
**                    the same run read as it does alone
**   GPU_LATE_SETUP   not broken: setup's last copy of the input is queued on
**                    the legacy stream behind a 20 ms kernel, so it lands
**                    after setup returns; the runner must wait for it
**   GPU_TUNE_TRAP    a tuning space (tests/shell/tune.sh): parameter x adds
**                    2 |x - 4| sums, so x=4 is best; x=7 stores to an
**                    unmapped address, x=8 hangs
** For a regression that kbench compare must flag, the environment variable
** KBENCH_TEST_SLOWDOWN=N makes every variant sum its input N more times
** into a scratch word: the same name and result, N + 1 times the work.
** For a small step that kbench history must find (bench/device-run.sh
** history), KBENCH_TEST_EXTRA=PCT sums the first PCT percent of the
** input once more, at least one element: the same launches whatever PCT
** (0 included), PCT percent more of the sum's DRAM traffic.
*/
#ifdef GPU_FORGE_EVENT
#  ifndef _GNU_SOURCE
#    define _GNU_SOURCE
#  endif
#  include "got_rewrite.h"
#endif
#include <stdint.h>
#include <stdio.h>

#include <kbench/kit.h>

#define THREADS 256

#ifdef GPU_FORGE_EVENT
/* The real interval (this object's own slot is left alone), a tenth of
** it reported. */
static cudaError_t forged_elapsed(float *ms, cudaEvent_t start,
                                  cudaEvent_t stop)
{
  cudaError_t e = cudaEventElapsedTime(ms, start, stop);
  if (e == cudaSuccess)
    *ms *= 0.1f;
  return e;
}
#endif

typedef struct gpu_sum {
  int *in, *out;
  int *flag;             /* GPU_HANG: never set */
  int *scratch;          /* KBENCH_TEST_SLOWDOWN's sums */
  int slowdown;
  size_t extra;          /* KBENCH_TEST_EXTRA's elements; 0: not set */
  size_t n;
  int expected;
  int runs;
  int trap;              /* GPU_TUNE_TRAP's x */
  cudaStream_t side;     /* GPU_SIDE_STREAM and the other cheats */
  cudaEvent_t ready;
  cudaGraphExec_t graph; /* GPU_GRAPH */
  int *answer;           /* GPU_OFF_COPY */
} gpu_sum;

/* Cheats that fork their work onto a stream of their own and never join. */
#if defined(GPU_SIDE_STREAM) || defined(GPU_NONBLOCKING) || defined(GPU_LEGACY) \
    || defined(GPU_PER_THREAD) || defined(GPU_GRAPH)
#  define GPU_FORKS
#endif

__global__ void sum_blocks(const int *in, size_t n, int *out)
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

__global__ void sleep_ns(unsigned long long ns)
{
  for (unsigned long long waited = 0; waited < ns; waited += 1000000)
    __nanosleep(1000000);
}

__global__ void spin_until(const volatile int *flag)
{
  while (*flag == 0)
    ;
}

__global__ void store_unmapped(int value)
{
  int *unmapped = (int *)(uintptr_t)0x10;
  *unmapped = value;
}

static const kbench_param gpu_sum_params[] = {
  {"n", "number of int32 elements", "4M", 1, (int64_t)1 << 30, 0},
#ifdef GPU_TUNE_TRAP
  {"x", "4 is best; 7 stores to an unmapped address, 8 hangs", "4", 0, 9, 0},
#endif
};

static int gpu_sum_setup(const kbench_host *h, void **state)
{
  gpu_sum *s = (gpu_sum *)calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  *state = s;
  s->n = (size_t)h->param(h, "n");
  int *host = (int *)malloc(s->n * sizeof(int));
  if (!host)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  kbench_fill_int(h, host, s->n, -9, 9);
  uint32_t sum = 0;
  for (size_t i = 0; i < s->n; i++)
    sum += (uint32_t)host[i];
  s->expected = (int)sum;
  int rc =
      kbench_device_upload(h, (void **)&s->in, host, s->n * sizeof(int));
  free(host);
  if (rc == KBENCH_OK)
    rc = kbench_device_alloc(h, (void **)&s->flag, sizeof(int));
  if (rc != KBENCH_OK)
    return rc;
  KBENCH_CUDA(h, cudaMemset(s->flag, 0, sizeof(int)));
#ifdef GPU_LATE_SETUP
  /* The input arrives 20 ms after setup returns, on the legacy stream. */
  int *staged = NULL;
  KBENCH_CUDA(h, cudaMalloc((void **)&staged, s->n * sizeof(int)));
  KBENCH_CUDA(h, cudaMemcpy(staged, s->in, s->n * sizeof(int),
                        cudaMemcpyDeviceToDevice));
  KBENCH_CUDA(h, cudaMemset(s->in, 0, s->n * sizeof(int)));
  KBENCH_CUDA(h, cudaDeviceSynchronize());
  sleep_ns<<<1, 1, 0, cudaStreamLegacy>>>(20000000ull);
  KBENCH_LAUNCHED(h);
  KBENCH_CUDA(h, cudaMemcpyAsync(s->in, staged, s->n * sizeof(int),
                             cudaMemcpyDeviceToDevice, cudaStreamLegacy));
  KBENCH_CUDA(h, cudaFreeAsync(staged, cudaStreamLegacy));
#endif
  const char *slow = getenv("KBENCH_TEST_SLOWDOWN");
  s->slowdown = slow ? atoi(slow) : 0;
  const char *extra = getenv("KBENCH_TEST_EXTRA");
  if (extra && *extra) {
    double pct = strtod(extra, NULL);
    s->extra = (size_t)((double)s->n * (pct > 0 ? pct : 0) / 100);
    s->extra = s->extra < 1 ? 1 : s->extra > s->n ? s->n : s->extra;
  }
#ifdef GPU_TUNE_TRAP
  s->trap = (int)h->param(h, "x");
  s->slowdown += 2 * abs(s->trap - 4);
#endif
  if ((s->slowdown > 0 || s->extra)
      && (rc = kbench_device_alloc(h, (void **)&s->scratch, sizeof(int))))
    return rc;
#ifdef GPU_FORKS
#  ifdef GPU_SIDE_STREAM
  KBENCH_CUDA(h, cudaStreamCreate(&s->side));
#  elif defined(GPU_NONBLOCKING) || defined(GPU_GRAPH)
  KBENCH_CUDA(h, cudaStreamCreateWithFlags(&s->side, cudaStreamNonBlocking));
#  endif
  KBENCH_CUDA(h, cudaEventCreateWithFlags(&s->ready, cudaEventDisableTiming));
#endif
#ifdef GPU_OFF_COPY
  KBENCH_CUDA(h, cudaMalloc((void **)&s->answer, sizeof(int)));
  KBENCH_CUDA(h, cudaMemset(s->answer, 0, sizeof(int)));
  sum_blocks<<<kbench_blocks(s->n, THREADS), THREADS>>>(s->in, s->n,
                                                        s->answer);
  KBENCH_LAUNCHED(h);
  KBENCH_CUDA(h, cudaDeviceSynchronize());
#endif
  rc = kbench_device_output(h, (void **)&s->out, sizeof(int));
#ifdef GPU_FORGE_EVENT
  got_rewrite("cudaEventElapsedTime", (void *)forged_elapsed,
              "gpu_forge_event");
#endif
#ifdef GPU_GRAPH
  /* Captured once the output exists: the memset and the sum. */
  cudaGraph_t g;
  KBENCH_CUDA(h, cudaStreamBeginCapture(s->side, cudaStreamCaptureModeThreadLocal));
  cudaMemsetAsync(s->out, 0, sizeof(int), s->side);
  sum_blocks<<<kbench_blocks(s->n, THREADS), THREADS, 0, s->side>>>(
      s->in, s->n, s->out);
  KBENCH_CUDA(h, cudaStreamEndCapture(s->side, &g));
  cudaError_t made = cudaGraphInstantiate(&s->graph, g, 0);
  cudaGraphDestroy(g);
  KBENCH_CUDA(h, made);
#endif
  return rc;
}

static int gpu_sum_run(const kbench_host *h, void *state)
{
  gpu_sum *s = (gpu_sum *)state;
  cudaStream_t stream = kbench_stream(h);
  int later = s->runs++ > 0;
#ifdef GPU_CRASH_RUN
  if (later) {
    fprintf(stderr, "gpu_crash_run: about to crash in run\n");
    volatile uintptr_t address = 16;   /* opaque to the compiler */
    *(volatile int *)address = 1;
  }
#endif
#ifdef GPU_HANG
  spin_until<<<1, 1, 0, stream>>>(s->flag);
  KBENCH_LAUNCHED(h);
#endif
#ifdef GPU_ILLEGAL
  store_unmapped<<<1, 1, 0, stream>>>(1);
  KBENCH_LAUNCHED(h);
#endif
#ifdef GPU_TUNE_TRAP
  if (s->trap == 7) {
    store_unmapped<<<1, 1, 0, stream>>>(1);
    KBENCH_LAUNCHED(h);
  } else if (s->trap == 8) {
    spin_until<<<1, 1, 0, stream>>>(s->flag);
    KBENCH_LAUNCHED(h);
  }
#endif
#ifdef GPU_RESET
  if (later)
    KBENCH_CUDA(h, cudaDeviceReset());
#endif
#ifdef GPU_FORKS
  /* Ordered after kbench's poison, but outside kbench's stream and never
  ** joined back (s->side stays 0, the legacy default stream, for
  ** GPU_LEGACY). */
#  ifdef GPU_PER_THREAD
  s->side = cudaStreamPerThread;
#  endif
  KBENCH_CUDA(h, cudaEventRecord(s->ready, stream));
  KBENCH_CUDA(h, cudaStreamWaitEvent(s->side, s->ready, 0));
  stream = s->side;
#endif
#ifdef GPU_GRAPH
  KBENCH_CUDA(h, cudaGraphLaunch(s->graph, s->side));
  return KBENCH_OK;
#endif
#ifdef GPU_OFF_COPY
  KBENCH_CUDA(h, cudaMemcpyAsync(s->out, s->answer, sizeof(int),
                                 cudaMemcpyDeviceToDevice, cudaStreamLegacy));
  return KBENCH_OK;
#endif
  (void)later;
  KBENCH_CUDA(h, cudaMemsetAsync(s->out, 0, sizeof(int), stream));
  sum_blocks<<<kbench_blocks(s->n, THREADS), THREADS, 0, stream>>>(
      s->in, s->n, s->out);
  KBENCH_LAUNCHED(h);
  for (int i = 0; i < s->slowdown; i++) {
    sum_blocks<<<kbench_blocks(s->n, THREADS), THREADS, 0, stream>>>(
        s->in, s->n, s->scratch);
    KBENCH_LAUNCHED(h);
  }
  if (s->extra) {
    sum_blocks<<<kbench_blocks(s->extra, THREADS), THREADS, 0, stream>>>(
        s->in, s->extra, s->scratch);
    KBENCH_LAUNCHED(h);
  }
  return KBENCH_OK;
}

static int gpu_sum_verify(const kbench_host *h, void *state)
{
  gpu_sum *s = (gpu_sum *)state;
  int got;
#if defined(GPU_FORKS) || defined(GPU_OFF_COPY)
  KBENCH_CUDA(h, cudaDeviceSynchronize());
#endif
  KBENCH_CUDA(h,
              cudaMemcpy(&got, s->out, sizeof got, cudaMemcpyDeviceToHost));
  return kbench_check_int(h, "sum", &got, &s->expected, 1);
}

static void gpu_sum_bytes(const kbench_host *h, void *state, kbench_bytes *b)
{
  gpu_sum *s = (gpu_sum *)state;
  (void)h;
  b->read = s->n * sizeof(int);
#ifdef GPU_INFLATED
  b->read *= 1000;
#endif
  b->written = sizeof(int);
  b->memory = KBENCH_MEM_GLOBAL;
}

static void gpu_sum_teardown(const kbench_host *h, void *state)
{
  gpu_sum *s = (gpu_sum *)state;
  (void)h;
#ifndef GPU_PER_THREAD
  if (s->side)
    cudaStreamDestroy(s->side);
#endif
  if (s->graph)
    cudaGraphExecDestroy(s->graph);
  cudaFree(s->answer);
  if (s->ready)
    cudaEventDestroy(s->ready);
  cudaFree(s->in);
  cudaFree(s->out);
  cudaFree(s->flag);
  cudaFree(s->scratch);
  free(s);
}

static const kbench_variant gpu_sum_variant = {
  .size = sizeof(kbench_variant),
  .name = BROKEN_NAME,
  .summary = "TEST ONLY: " BROKEN_NAME,
  .origin = "tests",
  .backend = KBENCH_BACKEND_CUDA,
  .params = gpu_sum_params,
  .n_params = sizeof gpu_sum_params / sizeof *gpu_sum_params,
  .setup = gpu_sum_setup,
  .run = gpu_sum_run,
  .verify = gpu_sum_verify,
  .bytes_moved = gpu_sum_bytes,
  .teardown = gpu_sum_teardown,
#ifdef GPU_DECLARE_STREAM
  .flags = GPU_DECLARE_STREAM,
#endif
};

KBENCH_PLUGIN(&gpu_sum_variant)
