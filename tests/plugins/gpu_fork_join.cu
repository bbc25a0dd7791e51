/*
** gpu_fork_join: multi-stream work done the way plugin.h allows, and the
** same with the join left out (tests/shell/gpu.sh).  y = 2x in two halves:
** the first on kbench's stream, the second on a stream of the plugin's own,
** forked from kbench's stream by an event and joined back by another, so
** that everything run() queued is ordered before what kbench queues next.
**   join=1     the honest fork and join: must pass the stream audit
**   join=0     the join left out: the second half is not ordered before
**              kbench's stop marker and must fail, however short
**   blocking=1 the side stream is a blocking one (cudaStreamCreate), which
**              also waits behind the legacy default stream
*/
#include <stdlib.h>

#include <kbench/kit.h>

typedef struct fork_join {
  size_t n;
  int join;
  float *in, *out, *want, *got;
  cudaStream_t side;
  cudaEvent_t forked, joined;
} fork_join;

__global__ void scale2(const float *in, float *out, size_t n)
{
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 2 * in[i];
}

static int fj_setup(const kbench_host *h, void **state)
{
  fork_join *s = (fork_join *)calloc(1, sizeof *s);
  if (!(*state = s))
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  s->n = (size_t)h->param(h, "n");
  s->join = (int)h->param(h, "join");
  unsigned flags = h->param(h, "blocking") ? cudaStreamDefault
                                            : cudaStreamNonBlocking;
  KBENCH_CUDA(h, cudaStreamCreateWithFlags(&s->side, flags));
  /* Events that only order: no timing, so recording them costs nothing. */
  KBENCH_CUDA(h, cudaEventCreateWithFlags(&s->forked, cudaEventDisableTiming));
  KBENCH_CUDA(h, cudaEventCreateWithFlags(&s->joined, cudaEventDisableTiming));
  size_t bytes = s->n * sizeof(float);
  if (kbench_host_buffer(h, (void **)&s->want, bytes)
      || kbench_host_buffer(h, (void **)&s->got, bytes))
    return KBENCH_ERROR;
  kbench_fill_float(h, s->want, s->n);
  int rc = kbench_device_upload(h, (void **)&s->in, s->want, bytes);
  for (size_t i = 0; i < s->n; i++)
    s->want[i] *= 2;
  return rc ? rc : kbench_device_output(h, (void **)&s->out, bytes);
}

static int fj_run(const kbench_host *h, void *state)
{
  fork_join *s = (fork_join *)state;
  cudaStream_t main = kbench_stream(h);
  size_t half = s->n / 2, rest = s->n - half;
  /* Fork: the side stream's work waits for what kbench queued before. */
  KBENCH_CUDA(h, cudaEventRecord(s->forked, main));
  KBENCH_CUDA(h, cudaStreamWaitEvent(s->side, s->forked, 0));
  scale2<<<kbench_blocks(half, 256), 256, 0, main>>>(s->in, s->out, half);
  KBENCH_LAUNCHED(h);
  scale2<<<kbench_blocks(rest, 256), 256, 0, s->side>>>(s->in + half,
                                                         s->out + half, rest);
  KBENCH_LAUNCHED(h);
  /* Join: kbench's stream waits for the side stream's work. */
  if (s->join) {
    KBENCH_CUDA(h, cudaEventRecord(s->joined, s->side));
    KBENCH_CUDA(h, cudaStreamWaitEvent(main, s->joined, 0));
  }
  return KBENCH_OK;
}

static int fj_verify(const kbench_host *h, void *state)
{
  fork_join *s = (fork_join *)state;
  /* Unjoined, the side half may still be running: wait for it here, so
  ** that only the audit, not verification, tells the two apart. */
  KBENCH_CUDA(h, cudaStreamSynchronize(s->side));
  int rc = kbench_fetch(h, s->got, s->out, s->n * sizeof(float));
  return rc ? rc : kbench_check_float(h, "out", s->got, s->want, s->n, 0, 0);
}

static void fj_bytes(const kbench_host *, void *state, kbench_bytes *b)
{
  b->read = b->written = ((fork_join *)state)->n * sizeof(float);
  b->memory = KBENCH_MEM_GLOBAL;
}

static void fj_teardown(const kbench_host *, void *state)
{
  fork_join *s = (fork_join *)state;
  cudaFree(s->in);
  cudaFree(s->out);
  if (s->forked)
    cudaEventDestroy(s->forked);
  if (s->joined)
    cudaEventDestroy(s->joined);
  if (s->side)
    cudaStreamDestroy(s->side);
  free(s);
}

static const kbench_param fj_params[] = {
  {"n", "floats", "16M", 2, 1 << 30, 0},
  {"join", "1: join the side stream back; 0: leave it out", "1", 0, 1, 0},
  {"blocking", "1: a blocking side stream", "0", 0, 1, 0},
};
static const kbench_variant fj_variant = {
  .size = sizeof(kbench_variant),
  .name = "gpu_fork_join",
  .summary = "y = 2x in two halves, one on a forked and joined stream",
  .origin = "tests",
  .backend = KBENCH_BACKEND_CUDA,
  .params = fj_params,
  .n_params = 3,
  .setup = fj_setup,
  .run = fj_run,
  .verify = fj_verify,
  .bytes_moved = fj_bytes,
  .teardown = fj_teardown,
};
KBENCH_PLUGIN(&fj_variant)
