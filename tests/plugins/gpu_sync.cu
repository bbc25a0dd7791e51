/*
** gpu_sync: a run that behaves like library code returning a value to the
** host (tests/shell/gpu.sh, bench/device-run.sh's stage libs).  Each run
** allocates a device accumulator (cudaMalloc, as Thrust's temporary storage
** is), sums n int32 into it on the runner's stream, copies the sum to the
** host, waits for the stream and frees the accumulator (cudaFree waits for
** the whole device).  Two variants of the same run:
**   gpu_sync            declares KBENCH_VARIANT_SYNCS: must pass
**   gpu_sync_undeclared does not: must fail, naming the flag
** side=1 also scales a buffer on a non-blocking stream of the plugin's,
** never joined back (only the host's waits end it): the stream audit must
** fail it even though the variant declares that it synchronizes.
*/
#include <stdlib.h>

#include <kbench/kit.h>

typedef struct gpu_sync {
  size_t n;
  int side;
  int *in, *hin, *hsum;
  float *spare;
  cudaStream_t stream;
  int total, expected;   /* total: the output, on the host */
} gpu_sync;

/* A grid-stride sum: each warp adds its part into *out. */
__global__ void sum_into(const int *in, size_t n, int *out)
{
  int acc = 0;
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    acc += in[i];
  for (int d = 16; d > 0; d /= 2)
    acc += __shfl_down_sync(0xffffffffu, acc, d);
  if ((threadIdx.x & 31) == 0)
    atomicAdd(out, acc);
}

__global__ void halve(float *x, size_t n)
{
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 0.5f;
}

static int gs_setup(const kbench_host *h, void **state)
{
  gpu_sync *s = (gpu_sync *)calloc(1, sizeof *s);
  if (!(*state = s))
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  s->n = (size_t)h->param(h, "n");
  s->side = (int)h->param(h, "side");
  size_t bytes = s->n * sizeof(int);
  if (kbench_host_buffer(h, (void **)&s->hin, bytes)
      || kbench_host_buffer(h, (void **)&s->hsum, sizeof(int)))
    return KBENCH_ERROR;
  kbench_fill_int(h, s->hin, s->n, -1000, 1000);
  unsigned want = 0;
  for (size_t i = 0; i < s->n; i++)
    want += (unsigned)s->hin[i];
  s->expected = (int)want;
  int rc = kbench_device_upload(h, (void **)&s->in, s->hin, bytes);
  if (rc == KBENCH_OK && s->side) {
    rc = kbench_device_alloc(h, (void **)&s->spare, s->n * sizeof(float));
    if (rc == KBENCH_OK)
      KBENCH_CUDA(h, cudaStreamCreateWithFlags(&s->stream,
                                               cudaStreamNonBlocking));
  }
  return rc ? rc : h->output(h, &s->total, sizeof s->total, KBENCH_MEM_HOST);
}

static int gs_run(const kbench_host *h, void *state)
{
  gpu_sync *s = (gpu_sync *)state;
  cudaStream_t main = kbench_stream(h);
  int *acc = NULL;
  KBENCH_CUDA(h, cudaMalloc((void **)&acc, sizeof *acc));
  KBENCH_CUDA(h, cudaMemsetAsync(acc, 0, sizeof *acc, main));
  sum_into<<<2 * h->device(h)->sm_count, 512, 0, main>>>(s->in, s->n, acc);
  KBENCH_LAUNCHED(h);
  if (s->side) {         /* work nothing orders before the runner's marker */
    halve<<<kbench_blocks(s->n, 256), 256, 0, s->stream>>>(s->spare, s->n);
    KBENCH_LAUNCHED(h);
  }
  KBENCH_CUDA(h, cudaMemcpyAsync(s->hsum, acc, sizeof *acc,
                                 cudaMemcpyDeviceToHost, main));
  KBENCH_CUDA(h, cudaStreamSynchronize(main));
  s->total = *s->hsum;
  KBENCH_CUDA(h, cudaFree(acc));
  return KBENCH_OK;
}

static int gs_verify(const kbench_host *h, void *state)
{
  gpu_sync *s = (gpu_sync *)state;
  if (s->total != s->expected)
    return h->fail(h, KBENCH_WRONG, "sum = %d, expected %d", s->total,
                   s->expected);
  return KBENCH_OK;
}

static void gs_bytes(const kbench_host *, void *state, kbench_bytes *b)
{
  b->read = ((gpu_sync *)state)->n * sizeof(int);
  b->written = sizeof(int);
  b->memory = KBENCH_MEM_GLOBAL;
}

static void gs_teardown(const kbench_host *, void *state)
{
  gpu_sync *s = (gpu_sync *)state;
  cudaFree(s->in);
  cudaFree(s->spare);
  if (s->stream)
    cudaStreamDestroy(s->stream);
  free(s);
}

static const kbench_param gs_params[] = {
  {"n", "int32 summed", "1M", 1, INT32_MAX, 0, NULL, 0},
  {"side", "1: also leave work on an unjoined stream of the plugin's", "0",
   0, 1, 0, NULL, 0},
};
static const kbench_variant gs_declared = {
  .size = sizeof(kbench_variant),
  .name = "gpu_sync",
  .summary = "a sum returned to the host, allocating and waiting: declared",
  .origin = "tests",
  .backend = KBENCH_BACKEND_CUDA,
  .params = gs_params,
  .n_params = 2,
  .setup = gs_setup,
  .run = gs_run,
  .verify = gs_verify,
  .bytes_moved = gs_bytes,
  .teardown = gs_teardown,
  .flags = KBENCH_VARIANT_SYNCS,
};
static const kbench_variant gs_undeclared = {
  .size = sizeof(kbench_variant),
  .name = "gpu_sync_undeclared",
  .summary = "the same run without KBENCH_VARIANT_SYNCS",
  .origin = "tests",
  .backend = KBENCH_BACKEND_CUDA,
  .params = gs_params,
  .n_params = 2,
  .setup = gs_setup,
  .run = gs_run,
  .verify = gs_verify,
  .bytes_moved = gs_bytes,
  .teardown = gs_teardown,
};
KBENCH_PLUGIN(&gs_declared, &gs_undeclared)
