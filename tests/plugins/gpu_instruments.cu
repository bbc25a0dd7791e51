/*
** Honest runs that are hard on kbench's instruments (issue 40: "a CUDA
** graph breaks the profiler for the next case"), three variants of one
** elementwise job, out[i] = 3 * (2 * in[i] + 1) - 5, each verified:
**   gpu_graph_replay   captures the job's four kernels into a CUDA graph in
**                      setup and replays it with cudaGraphLaunch on kbench's
**                      stream in run: the range profiler cannot time a
**                      graph's replay (auto ranges fail on it)
**   gpu_malloc_async   takes its scratch buffer with cudaMallocAsync in run
**                      and frees it with cudaFreeAsync, both on kbench's
**                      stream: an ordinary run, audited by every instrument
**   gpu_fails_profiled an ordinary run until it has been verified twice
**                      (after its first run, and after timing), then every
**                      run fails: its kernel-time pass fails inside the
**                      profiler, which must not cost the case after it
** A run plans them by name: gpu_fails_profiled, gpu_graph_replay,
** gpu_malloc_async; tests/shell/gpu.sh leaves one out to make each pair.
*/
#include <stdlib.h>

#include <kbench/kit.h>

#define THREADS 256

typedef struct job {
  size_t n;
  int *in, *out, *tmp;   /* tmp: the graph's, made in setup */
  int *want;             /* the CPU reference */
  cudaGraphExec_t graph; /* gpu_graph_replay */
  int async;             /* gpu_malloc_async */
  int verified;          /* gpu_fails_profiled: verify calls so far */
  int fails_late;
} job;

__global__ void twice(const int *in, int *out, size_t n)
{
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 2 * in[i];
}

__global__ void add(int *x, int v, size_t n)
{
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += v;
}

__global__ void thrice(const int *in, int *out, size_t n)
{
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 3 * in[i];
}

static const kbench_param job_params[] = {
  {"n", "number of int32 elements", "16M", 1, (int64_t)1 << 28, 0},
};

/* The four kernels of one job on stream, through tmp. */
static int launch_job(const kbench_host *h, const job *s, int *tmp,
                      cudaStream_t stream)
{
  unsigned blocks = kbench_blocks(s->n, THREADS);
  twice<<<blocks, THREADS, 0, stream>>>(s->in, tmp, s->n);
  KBENCH_LAUNCHED(h);
  add<<<blocks, THREADS, 0, stream>>>(tmp, 1, s->n);
  KBENCH_LAUNCHED(h);
  thrice<<<blocks, THREADS, 0, stream>>>(tmp, s->out, s->n);
  KBENCH_LAUNCHED(h);
  add<<<blocks, THREADS, 0, stream>>>(s->out, -5, s->n);
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

static int job_setup(const kbench_host *h, void **state, int graph, int async,
                     int fails_late)
{
  job *s = (job *)calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  *state = s;
  s->n = (size_t)h->param(h, "n");
  s->async = async;
  s->fails_late = fails_late;
  int *host = (int *)malloc(s->n * sizeof(int));
  s->want = (int *)malloc(s->n * sizeof(int));
  if (!host || !s->want) {
    free(host);
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  }
  kbench_fill_int(h, host, s->n, -1000, 1000);
  for (size_t i = 0; i < s->n; i++)
    s->want[i] = 3 * (2 * host[i] + 1) - 5;
  int rc = kbench_device_upload(h, (void **)&s->in, host, s->n * sizeof(int));
  free(host);
  if (rc == KBENCH_OK)
    rc = kbench_device_output(h, (void **)&s->out, s->n * sizeof(int));
  if (rc == KBENCH_OK && !async)
    rc = kbench_device_alloc(h, (void **)&s->tmp, s->n * sizeof(int));
  if (rc != KBENCH_OK || !graph)
    return rc;
  /* Captured on a stream of the plugin's own; replayed on kbench's. */
  cudaStream_t capture;
  cudaGraph_t g;
  KBENCH_CUDA(h, cudaStreamCreateWithFlags(&capture, cudaStreamNonBlocking));
  KBENCH_CUDA(h, cudaStreamBeginCapture(capture,
                                        cudaStreamCaptureModeThreadLocal));
  rc = launch_job(h, s, s->tmp, capture);
  cudaError_t ended = cudaStreamEndCapture(capture, &g);
  cudaStreamDestroy(capture);
  if (rc != KBENCH_OK)
    return rc;
  KBENCH_CUDA(h, ended);
  cudaError_t made = cudaGraphInstantiate(&s->graph, g, 0);
  cudaGraphDestroy(g);
  KBENCH_CUDA(h, made);
  return KBENCH_OK;
}

static int graph_setup(const kbench_host *h, void **state)
{
  return job_setup(h, state, 1, 0, 0);
}

static int async_setup(const kbench_host *h, void **state)
{
  return job_setup(h, state, 0, 1, 0);
}

static int fails_setup(const kbench_host *h, void **state)
{
  return job_setup(h, state, 0, 0, 1);
}

static int job_run(const kbench_host *h, void *state)
{
  job *s = (job *)state;
  cudaStream_t stream = kbench_stream(h);
  if (s->fails_late && s->verified >= 2)
    return h->fail(h, KBENCH_ERROR, "gpu_fails_profiled: every run after the "
                   "second verification fails, on purpose");
  if (s->graph) {
    KBENCH_CUDA(h, cudaGraphLaunch(s->graph, stream));
    return KBENCH_OK;
  }
  int *tmp = s->tmp;
  if (s->async)
    KBENCH_CUDA(h, cudaMallocAsync((void **)&tmp, s->n * sizeof(int),
                                   stream));
  int rc = launch_job(h, s, tmp, stream);
  if (s->async)
    KBENCH_CUDA(h, cudaFreeAsync(tmp, stream));
  return rc;
}

static int job_verify(const kbench_host *h, void *state)
{
  job *s = (job *)state;
  int *got = NULL;
  s->verified++;
  int rc = kbench_host_buffer(h, (void **)&got, s->n * sizeof(int));
  if (rc == KBENCH_OK)
    rc = kbench_fetch(h, got, s->out, s->n * sizeof(int));
  if (rc == KBENCH_OK)
    rc = kbench_check_int(h, "out", got, s->want, s->n);
  return rc;
}

static void job_bytes(const kbench_host *h, void *state, kbench_bytes *b)
{
  job *s = (job *)state;
  (void)h;
  /* The job's own traffic, as a fused kernel would move it: in, then out
  ** (the scratch buffer's trips, some of them in L2, are the four kernels'
  ** cost, not the job's). */
  b->read = s->n * sizeof(int);
  b->written = s->n * sizeof(int);
  b->memory = KBENCH_MEM_GLOBAL;
}

static void job_teardown(const kbench_host *h, void *state)
{
  job *s = (job *)state;
  (void)h;
  if (s->graph)
    cudaGraphExecDestroy(s->graph);
  cudaFree(s->in);
  cudaFree(s->out);
  cudaFree(s->tmp);
  free(s->want);
  free(s);
}

static const kbench_variant graph_replay = {
  .size = sizeof(kbench_variant),
  .name = "gpu_graph_replay",
  .summary = "TEST ONLY: four kernels captured in setup, a graph replayed "
             "in run",
  .origin = "tests",
  .backend = KBENCH_BACKEND_CUDA,
  .params = job_params,
  .n_params = 1,
  .setup = graph_setup,
  .run = job_run,
  .verify = job_verify,
  .bytes_moved = job_bytes,
  .teardown = job_teardown,
};

static const kbench_variant malloc_async = {
  .size = sizeof(kbench_variant),
  .name = "gpu_malloc_async",
  .summary = "TEST ONLY: a scratch buffer from cudaMallocAsync in run",
  .origin = "tests",
  .backend = KBENCH_BACKEND_CUDA,
  .params = job_params,
  .n_params = 1,
  .setup = async_setup,
  .run = job_run,
  .verify = job_verify,
  .bytes_moved = job_bytes,
  .teardown = job_teardown,
};

static const kbench_variant pass_fails = {
  .size = sizeof(kbench_variant),
  .name = "gpu_fails_profiled",
  .summary = "TEST ONLY: every run after the second verification fails",
  .origin = "tests",
  .backend = KBENCH_BACKEND_CUDA,
  .params = job_params,
  .n_params = 1,
  .setup = fails_setup,
  .run = job_run,
  .verify = job_verify,
  .bytes_moved = job_bytes,
  .teardown = job_teardown,
};

KBENCH_PLUGIN(&graph_replay, &malloc_async, &pass_fails)
