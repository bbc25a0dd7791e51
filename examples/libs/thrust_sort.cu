/*
** thrust_sort: thrust::sort of n ints in place, with a timed region.  An
** in-place sort must start each run from the unsorted input, so run first
** copies the input over the keys (the rewind), then sorts them: only the
** sort is timed, between h->timer_start and h->timer_stop (nvbench's
** exec_tag::timer).  thrust::sort allocates its temporary storage and
** waits inside the call, so the variant also declares
** KBENCH_VARIANT_SYNCS.  The keys are checked against std::sort of the
** same fresh random input.
*/
#include <stdlib.h>

#include <algorithm>
#include <new>

#include <thrust/execution_policy.h>
#include <thrust/sort.h>
#include <thrust/system/system_error.h>

#include <kbench/kit.h>

typedef struct {
  size_t n;
  int *input, *keys;      /* device: the unsorted input, the sorted keys */
  int *want, *got;        /* host: the reference, verify's copy */
} thrust_sort_state;

static int setup(const kbench_host *h, void **state)
{
  thrust_sort_state *s = (thrust_sort_state *)calloc(1, sizeof *s);
  if (!(*state = s))
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  s->n = (size_t)h->param(h, "n");
  size_t bytes = s->n * sizeof(int);
  if (kbench_host_buffer(h, (void **)&s->want, bytes)
      || kbench_host_buffer(h, (void **)&s->got, bytes))
    return KBENCH_ERROR;
  kbench_fill_int(h, s->want, s->n, INT32_MIN, INT32_MAX);
  int rc = kbench_device_upload(h, (void **)&s->input, s->want, bytes);
  std::sort(s->want, s->want + s->n);   /* the reference */
  return rc ? rc : kbench_device_output(h, (void **)&s->keys, bytes);
}

static int run(const kbench_host *h, void *state)
{
  thrust_sort_state *s = (thrust_sort_state *)state;
  cudaStream_t stream = kbench_stream(h);
  /* The rewind: untimed, but ordered on the runner's stream and audited. */
  KBENCH_CUDA(h, cudaMemcpyAsync(s->keys, s->input, s->n * sizeof(int),
                                 cudaMemcpyDeviceToDevice, stream));
  int rc = h->timer_start(h);
  if (rc != KBENCH_OK)
    return rc;
  try {
    thrust::sort(thrust::cuda::par.on(stream), s->keys, s->keys + s->n);
  } catch (const thrust::system_error &e) {
    return h->fail(h, KBENCH_ERROR, "thrust::sort: %s", e.what());
  } catch (const std::bad_alloc &) {
    return h->fail(h, KBENCH_ERROR, "thrust::sort: out of memory");
  }
  return h->timer_stop(h);
}

static int verify(const kbench_host *h, void *state)
{
  thrust_sort_state *s = (thrust_sort_state *)state;
  int rc = kbench_fetch(h, s->got, s->keys, s->n * sizeof(int));
  return rc ? rc : kbench_check_int(h, "keys", s->got, s->want, s->n);
}

/* What a sort must move at least: the keys read and written once. */
static void bytes(const kbench_host *, void *state, kbench_bytes *b)
{
  b->read = b->written = ((thrust_sort_state *)state)->n * sizeof(int);
  b->memory = KBENCH_MEM_GLOBAL;
}

static void work(const kbench_host *, void *state, kbench_work *w)
{
  w->items = ((thrust_sort_state *)state)->n;
}

static void teardown(const kbench_host *, void *state)
{
  thrust_sort_state *s = (thrust_sort_state *)state;
  cudaFree(s->input);
  cudaFree(s->keys);
  free(s);
}

static const kbench_param params[] = {
  {"n", "ints sorted", "16M", 1, INT32_MAX, 0, NULL, 0}};
static const kbench_variant thrust_sort_variant = {
  .size = sizeof(kbench_variant),
  .name = "thrust_sort",
  .summary = "thrust::sort in place: the rewind left out by a timed region",
  .origin = "Thrust (CCCL)",
  .backend = KBENCH_BACKEND_CUDA,
  .params = params,
  .n_params = KBENCH_COUNT(params),
  .setup = setup,
  .run = run,
  .verify = verify,
  .bytes_moved = bytes,
  .teardown = teardown,
  .work = work,
  .flags = KBENCH_VARIANT_SYNCS,
};
KBENCH_PLUGIN(&thrust_sort_variant)
