/*
** gpu_region: ABI 1.2's timed region on the GPU (tests/shell/gpu.sh and
** bench/device-run.sh's stage libs).  Each run first clears `clear` bytes
** with cudaMemsetAsync (a preparation to leave out of the time), then sums
** n int32 with cub::DeviceReduce::Sum (temporary storage from setup) into
** a device int that verify checks against a CPU sum of fresh random data.
**   use=none    no region: the run is timed, memset and all
**   use=region  the region around the sum: the memset is left out
**   use=before  the cheat of a region after the sum (times nothing checked)
**   use=after   the cheat of a region before the sum (the same)
** Both cheats must fail (ERROR timed region), never pass.
*/
#include <stdlib.h>

#include <cub/device/device_reduce.cuh>

#include <kbench/kit.h>

enum { USE_NONE, USE_REGION, USE_BEFORE, USE_AFTER };
static const char *const uses[] = {"none", "region", "before", "after"};

typedef struct gpu_region {
  size_t n, clear;
  int use;
  int *in, *out, *hin;
  void *scratch, *temp;
  size_t temp_bytes;
  int expected, got;
} gpu_region;

static int gr_setup(const kbench_host *h, void **state)
{
  gpu_region *s = (gpu_region *)calloc(1, sizeof *s);
  if (!(*state = s))
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  s->n = (size_t)h->param(h, "n");
  s->clear = (size_t)h->param(h, "clear");
  s->use = (int)h->param(h, "use");
  size_t bytes = s->n * sizeof(int);
  if (kbench_host_buffer(h, (void **)&s->hin, bytes))
    return KBENCH_ERROR;
  kbench_fill_int(h, s->hin, s->n, -1000, 1000);
  unsigned want = 0;     /* the reference, wrapping as the GPU's int sum */
  for (size_t i = 0; i < s->n; i++)
    want += (unsigned)s->hin[i];
  s->expected = (int)want;
  int rc = kbench_device_upload(h, (void **)&s->in, s->hin, bytes);
  if (rc == KBENCH_OK && s->clear)
    rc = kbench_device_alloc(h, &s->scratch, s->clear);
  if (rc != KBENCH_OK)
    return rc;
  /* CUB's temporary storage, sized once: run only calls it. */
  KBENCH_CUDA(h, cub::DeviceReduce::Sum(NULL, s->temp_bytes, s->in, s->out,
                                        (int)s->n));
  if ((rc = kbench_device_alloc(h, &s->temp, s->temp_bytes ? s->temp_bytes
                                                          : 1)))
    return rc;
  return kbench_device_output(h, (void **)&s->out, sizeof(int));
}

static int reduce(const kbench_host *h, gpu_region *s)
{
  size_t bytes = s->temp_bytes;
  KBENCH_CUDA(h, cub::DeviceReduce::Sum(s->temp, bytes, s->in, s->out,
                                        (int)s->n, kbench_stream(h)));
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

static int gr_run(const kbench_host *h, void *state)
{
  gpu_region *s = (gpu_region *)state;
  if (s->clear)        /* the preparation, ordered on the runner's stream */
    KBENCH_CUDA(h, cudaMemsetAsync(s->scratch, 0, s->clear,
                                   kbench_stream(h)));
  int rc = KBENCH_OK;
  switch (s->use) {
  case USE_NONE:
    return reduce(h, s);
  case USE_REGION:
    if ((rc = h->timer_start(h)) || (rc = reduce(h, s)))
      return rc;
    return h->timer_stop(h);
  case USE_BEFORE:
    if ((rc = reduce(h, s)) || (rc = h->timer_start(h)))
      return rc;
    return h->timer_stop(h);
  default:
    if ((rc = h->timer_start(h)) || (rc = h->timer_stop(h)))
      return rc;
    return reduce(h, s);
  }
}

static int gr_verify(const kbench_host *h, void *state)
{
  gpu_region *s = (gpu_region *)state;
  int rc = kbench_fetch(h, &s->got, s->out, sizeof s->got);
  if (rc == KBENCH_OK && s->got != s->expected)
    return h->fail(h, KBENCH_WRONG, "sum = %d, expected %d", s->got,
                   s->expected);
  return rc;
}

/* The sum's bytes: the region's work, not the preparation's. */
static void gr_bytes(const kbench_host *, void *state, kbench_bytes *b)
{
  gpu_region *s = (gpu_region *)state;
  b->read = s->n * sizeof(int);
  b->written = sizeof(int);
  b->memory = KBENCH_MEM_GLOBAL;
}

static void gr_work(const kbench_host *, void *state, kbench_work *w)
{
  w->items = ((gpu_region *)state)->n;
}

static void gr_teardown(const kbench_host *, void *state)
{
  gpu_region *s = (gpu_region *)state;
  cudaFree(s->in);
  cudaFree(s->out);
  cudaFree(s->scratch);
  cudaFree(s->temp);
  free(s);
}

static const kbench_param gr_params[] = {
  {"n", "int32 summed", "64M", 1, INT32_MAX, 0, NULL, 0},
  {"clear", "bytes cleared before the sum (0: none)", "256M", 0,
   (int64_t)1 << 34, 0, NULL, 0},
  {"use", "how run uses the timed region", "region", 0, 0, 0, uses,
   sizeof uses / sizeof *uses},
};
static const kbench_variant gr_variant = {
  .size = sizeof(kbench_variant),
  .name = "gpu_region",
  .summary = "a memset, then a CUB sum, the region around the sum or not",
  .origin = "tests",
  .backend = KBENCH_BACKEND_CUDA,
  .params = gr_params,
  .n_params = 3,
  .setup = gr_setup,
  .run = gr_run,
  .verify = gr_verify,
  .bytes_moved = gr_bytes,
  .teardown = gr_teardown,
  .work = gr_work,
};
KBENCH_PLUGIN(&gr_variant)
