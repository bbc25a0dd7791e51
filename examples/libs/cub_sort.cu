/*
** cub_sort: cub::DeviceRadixSort::SortKeys of n ints, input to output.
** Its temporary storage is sized and allocated once in setup, so run only
** queues the sort on the runner's stream: no synchronization, nothing to
** declare, and kbench holds and batches it like any kernel.  The keys are
** checked against std::sort of the same fresh random input.
*/
#include <stdlib.h>

#include <algorithm>

#include <cub/device/device_radix_sort.cuh>

#include <kbench/kit.h>

typedef struct {
  size_t n;
  int *in, *out;          /* device */
  void *temp;             /* CUB's temporary storage, from setup */
  size_t temp_bytes;
  int *want, *got;        /* host */
} cub_sort_state;

static int setup(const kbench_host *h, void **state)
{
  cub_sort_state *s = (cub_sort_state *)calloc(1, sizeof *s);
  if (!(*state = s))
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  s->n = (size_t)h->param(h, "n");
  size_t bytes = s->n * sizeof(int);
  if (kbench_host_buffer(h, (void **)&s->want, bytes)
      || kbench_host_buffer(h, (void **)&s->got, bytes))
    return KBENCH_ERROR;
  kbench_fill_int(h, s->want, s->n, INT32_MIN, INT32_MAX);
  int rc = kbench_device_upload(h, (void **)&s->in, s->want, bytes);
  std::sort(s->want, s->want + s->n);   /* the reference */
  if (rc == KBENCH_OK)
    rc = kbench_device_output(h, (void **)&s->out, bytes);
  if (rc != KBENCH_OK)
    return rc;
  /* A NULL storage pointer only asks for its size. */
  KBENCH_CUDA(h, cub::DeviceRadixSort::SortKeys(NULL, s->temp_bytes, s->in,
                                                s->out, (int)s->n));
  return kbench_device_alloc(h, &s->temp, s->temp_bytes ? s->temp_bytes : 1);
}

static int run(const kbench_host *h, void *state)
{
  cub_sort_state *s = (cub_sort_state *)state;
  size_t temp_bytes = s->temp_bytes;
  KBENCH_CUDA(h, cub::DeviceRadixSort::SortKeys(s->temp, temp_bytes, s->in,
                                                s->out, (int)s->n, 0,
                                                (int)(8 * sizeof(int)),
                                                kbench_stream(h)));
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

static int verify(const kbench_host *h, void *state)
{
  cub_sort_state *s = (cub_sort_state *)state;
  int rc = kbench_fetch(h, s->got, s->out, s->n * sizeof(int));
  return rc ? rc : kbench_check_int(h, "keys", s->got, s->want, s->n);
}

/* What a sort must move at least: the keys read and written once. */
static void bytes(const kbench_host *, void *state, kbench_bytes *b)
{
  b->read = b->written = ((cub_sort_state *)state)->n * sizeof(int);
  b->memory = KBENCH_MEM_GLOBAL;
}

static void work(const kbench_host *, void *state, kbench_work *w)
{
  w->items = ((cub_sort_state *)state)->n;
}

static void teardown(const kbench_host *, void *state)
{
  cub_sort_state *s = (cub_sort_state *)state;
  cudaFree(s->in);
  cudaFree(s->out);
  cudaFree(s->temp);
  free(s);
}

static const kbench_param params[] = {
  {"n", "ints sorted", "16M", 1, INT32_MAX, 0, NULL, 0}};
static const kbench_variant cub_sort_variant = {
  .size = sizeof(kbench_variant),
  .name = "cub_sort",
  .summary = "cub::DeviceRadixSort::SortKeys, temporary storage from setup",
  .origin = "CUB (CCCL)",
  .backend = KBENCH_BACKEND_CUDA,
  .params = params,
  .n_params = KBENCH_COUNT(params),
  .setup = setup,
  .run = run,
  .verify = verify,
  .bytes_moved = bytes,
  .teardown = teardown,
  .work = work,
};
KBENCH_PLUGIN(&cub_sort_variant)
