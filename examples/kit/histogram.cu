/*
** histogram: a 256-bin histogram of n random bytes, an out-of-tree kbench
** plugin written with <kbench/kit.h> (see Makefile).  Two variants:
**
**   histogram_global  every byte is an atomicAdd on its bin in global
**                     memory: all the grid's threads contend for 256 words
**   histogram_shared  each block counts into a private copy of the bins in
**                     shared memory, then adds its 256 counts to the global
**                     bins: one global atomic per bin per block
**
** (the two steps of the CUDA samples' histogram and of "CUDA by Example",
** chapter 9).  Verification is exact: every bin against a CPU count.
*/
#include <stdlib.h>

#include <kbench/kit.h>

#define BINS 256
#define BLOCKS_PER_SM 8  /* grid-stride kernels: enough blocks to fill a GPU */

typedef struct histogram {
  size_t n;                  /* bytes */
  unsigned threads, blocks;
  unsigned char *data;       /* device input */
  unsigned *bins;            /* device output, BINS counts */
  int want[BINS], got[BINS]; /* host: CPU counts, fetched counts */
} histogram;

__global__ void histogram_global(const unsigned char *data, size_t n,
                                 unsigned *bins)
{
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    atomicAdd(&bins[data[i]], 1u);
}

__global__ void histogram_shared(const unsigned char *data, size_t n,
                                 unsigned *bins)
{
  __shared__ unsigned local[BINS];
  for (unsigned b = threadIdx.x; b < BINS; b += blockDim.x)
    local[b] = 0;
  __syncthreads();
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  for (unsigned b = threadIdx.x; b < BINS; b += blockDim.x)
    if (local[b] != 0)
      atomicAdd(&bins[b], local[b]);
}

static const kbench_param params[] = {
  {"n", "number of input bytes", "256M", 1, INT32_MAX, 0},
  {"threads", "threads per block", "256", 32, 1024, KBENCH_PARAM_POW2},
};

static int setup(const kbench_host *h, void **state)
{
  histogram *s = (histogram *)calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  *state = s;
  s->n = (size_t)h->param(h, "n");
  s->threads = (unsigned)h->param(h, "threads");
  unsigned sms = (unsigned)h->device(h)->sm_count;
  s->blocks = kbench_blocks(s->n, s->threads);
  if (sms > 0 && s->blocks > sms * BLOCKS_PER_SM)
    s->blocks = sms * BLOCKS_PER_SM;

  /* Random bytes: random 32-bit words over the full int range, 4 bytes
  ** each (rounded up to whole words; the bytes past n are not counted). */
  size_t words = (s->n + 3) / 4;
  unsigned char *data = (unsigned char *)malloc(words * 4);
  if (!data)
    return h->fail(h, KBENCH_ERROR, "cannot allocate %zu host bytes",
                   words * 4);
  kbench_fill_int(h, (int *)data, words, INT32_MIN, INT32_MAX);
  for (size_t i = 0; i < s->n; i++)
    s->want[data[i]]++;
  int rc = kbench_device_upload(h, (void **)&s->data, data, words * 4);
  free(data);
  return rc == KBENCH_OK
             ? kbench_device_output(h, (void **)&s->bins,
                                    BINS * sizeof(unsigned))
             : rc;
}

/* Each run counts from zero: clear the bins on the stream, then launch. */
typedef void (*histogram_kernel)(const unsigned char *, size_t, unsigned *);

static int launch(const kbench_host *h, histogram *s, histogram_kernel k)
{
  KBENCH_CUDA(h, cudaMemsetAsync(s->bins, 0, BINS * sizeof(unsigned),
                                 kbench_stream(h)));
  k<<<s->blocks, s->threads, 0, kbench_stream(h)>>>(s->data, s->n, s->bins);
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

static int global_run(const kbench_host *h, void *state)
{
  return launch(h, (histogram *)state, histogram_global);
}

static int shared_run(const kbench_host *h, void *state)
{
  return launch(h, (histogram *)state, histogram_shared);
}

static int verify(const kbench_host *h, void *state)
{
  histogram *s = (histogram *)state;
  int rc = kbench_fetch(h, s->got, s->bins, sizeof s->got);
  return rc == KBENCH_OK ? kbench_check_int(h, "bin", s->got, s->want, BINS)
                         : rc;
}

/* Each byte read once, each bin written once. */
static void bytes(const kbench_host *h, void *state, kbench_bytes *b)
{
  histogram *s = (histogram *)state;
  (void)h;
  b->read = s->n;
  b->written = BINS * sizeof(unsigned);
  b->memory = KBENCH_MEM_GLOBAL;
}

static void teardown(const kbench_host *h, void *state)
{
  histogram *s = (histogram *)state;
  (void)h;
  cudaFree(s->data);
  cudaFree(s->bins);
  free(s);
}

static const kbench_variant global_variant = {
  .size = sizeof(kbench_variant),
  .name = "histogram_global",
  .summary = "256 bins, one global atomicAdd per byte",
  .origin = "examples/histogram",
  .backend = KBENCH_BACKEND_CUDA,
  .params = params,
  .n_params = KBENCH_COUNT(params),
  .setup = setup,
  .run = global_run,
  .verify = verify,
  .bytes_moved = bytes,
  .teardown = teardown,
};

static const kbench_variant shared_variant = {
  .size = sizeof(kbench_variant),
  .name = "histogram_shared",
  .summary = "256 bins privatised per block in shared memory",
  .origin = "examples/histogram",
  .backend = KBENCH_BACKEND_CUDA,
  .params = params,
  .n_params = KBENCH_COUNT(params),
  .setup = setup,
  .run = shared_run,
  .verify = verify,
  .bytes_moved = bytes,
  .teardown = teardown,
};

KBENCH_PLUGIN(&global_variant, &shared_variant)
