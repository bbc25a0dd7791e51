/*
** bad_tail: a deliberately wrong CUDA reduction for the test suite.  Each
** block sums blockDim.x elements but the grid is n / blockDim.x blocks, so
** the last n % blockDim.x elements are dropped: the seed's unrolled kernels
** have exactly this bug.  Right when n is a multiple of 256, wrong otherwise;
** make check runs it at an odd size on the GPU and expects a failure.
*/
#include <kbench/kit.h>

#define THREADS 256

typedef struct bad_tail {
  int *in, *out;
  size_t n;
  int expected;
} bad_tail;

__global__ void sum_whole_blocks(const int *in, int *out)
{
  __shared__ int part[THREADS];
  unsigned tid = threadIdx.x;
  part[tid] = in[blockIdx.x * THREADS + tid];
  __syncthreads();
  for (unsigned s = THREADS / 2; s > 0; s >>= 1) {
    if (tid < s)
      part[tid] += part[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    atomicAdd(out, part[0]);
}

static const kbench_param bad_tail_params[] = {
  {"n", "number of int32 elements", "1000003", THREADS, (int64_t)1 << 30, 0},
};

static int bad_tail_setup(const kbench_host *h, void **state)
{
  bad_tail *s = (bad_tail *)calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  *state = s;
  s->n = (size_t)h->param(h, "n");
  int *host = (int *)malloc(s->n * sizeof(int));
  if (!host)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  /* Positive: a dropped tail always shows. */
  kbench_fill_int(h, host, s->n, 1, 9);
  uint32_t sum = 0;
  for (size_t i = 0; i < s->n; i++)
    sum += (uint32_t)host[i];
  s->expected = (int)sum;
  int rc = kbench_device_alloc(h, (void **)&s->in, s->n * sizeof(int));
  if (rc == KBENCH_OK)
    rc = kbench_device_alloc(h, (void **)&s->out, sizeof(int));
  if (rc == KBENCH_OK && cudaMemcpy(s->in, host, s->n * sizeof(int),
                                    cudaMemcpyHostToDevice) != cudaSuccess)
    rc = h->fail(h, KBENCH_ERROR, "cudaMemcpy of the input failed");
  free(host);
  if (rc != KBENCH_OK)
    return rc;
  return h->output(h, s->out, sizeof(int), KBENCH_MEM_GLOBAL);
}

static int bad_tail_run(const kbench_host *h, void *state)
{
  bad_tail *s = (bad_tail *)state;
  KBENCH_CUDA(h, cudaMemsetAsync(s->out, 0, sizeof(int), kbench_stream(h)));
  sum_whole_blocks<<<(unsigned)(s->n / THREADS), THREADS, 0,
                     kbench_stream(h)>>>(s->in, s->out);
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

static int bad_tail_verify(const kbench_host *h, void *state)
{
  bad_tail *s = (bad_tail *)state;
  int got;
  KBENCH_CUDA(h,
              cudaMemcpy(&got, s->out, sizeof got, cudaMemcpyDeviceToHost));
  return kbench_check_int(h, "sum", &got, &s->expected, 1);
}

static void bad_tail_bytes(const kbench_host *h, void *state, kbench_bytes *b)
{
  bad_tail *s = (bad_tail *)state;
  (void)h;
  b->read = s->n * sizeof(int);
  b->written = sizeof(int);
  b->memory = KBENCH_MEM_GLOBAL;
}

static void bad_tail_teardown(const kbench_host *h, void *state)
{
  bad_tail *s = (bad_tail *)state;
  (void)h;
  cudaFree(s->in);
  cudaFree(s->out);
  free(s);
}

static const kbench_variant bad_tail_variant = {
  .size = sizeof(kbench_variant),
  .name = "bad_tail",
  .summary = "TEST ONLY: reduction that drops the tail when n % 256 != 0",
  .origin = "tests",
  .backend = KBENCH_BACKEND_CUDA,
  .params = bad_tail_params,
  .n_params = 1,
  .setup = bad_tail_setup,
  .run = bad_tail_run,
  .verify = bad_tail_verify,
  .bytes_moved = bad_tail_bytes,
  .teardown = bad_tail_teardown,
};

KBENCH_PLUGIN(&bad_tail_variant)
