/*
** The runner's own cases: the launch floor and the copy calibration
** (calibration.h).
*/
#include <stdlib.h>
#include <string.h>

#include <kbench/kit.h>

#include "worker/plugin/calibration.h"
#include "worker/plugin/case.h"

static kb_gpu *gpu_of(const kbench_host *h)
{
  return ((kb_case *)h->opaque)->gpu;
}

static int gpu_failed(const kbench_host *h, const char *err)
{
  return h->fail(h, KBENCH_ERROR, "%s", err);
}

/* --- launch floor: one thread stores one int ---------------------------- */

typedef struct floor_state {
  int *out;
  int value;
} floor_state;

static int floor_setup(const kbench_host *h, void **state)
{
  char err[256];
  floor_state *s = calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  *state = s;
  s->value = (int)(h->random(h) >> 33);
  if (kb_gpu_alloc(gpu_of(h), (void **)&s->out, sizeof(int), err, sizeof err))
    return gpu_failed(h, err);
  return h->output(h, s->out, sizeof(int), KBENCH_MEM_GLOBAL);
}

static int floor_run(const kbench_host *h, void *state)
{
  floor_state *s = state;
  char err[256];
  if (kb_gpu_touch(gpu_of(h), s->out, s->value, err, sizeof err))
    return gpu_failed(h, err);
  return KBENCH_OK;
}

static int floor_verify(const kbench_host *h, void *state)
{
  floor_state *s = state;
  char err[256];
  int got = 0;
  if (kb_gpu_copy(gpu_of(h), &got, s->out, sizeof got, err, sizeof err)
      || kb_gpu_sync(gpu_of(h), err, sizeof err))
    return gpu_failed(h, err);
  if (got != s->value)
    return h->fail(h, KBENCH_WRONG, "out = %d, expected %d", got, s->value);
  return KBENCH_OK;
}

static void floor_bytes(const kbench_host *h, void *state, kbench_bytes *b)
{
  (void)h;
  (void)state;
  b->read = 0;
  b->written = sizeof(int);
  b->memory = KBENCH_MEM_GLOBAL;
}

static void floor_teardown(const kbench_host *h, void *state)
{
  floor_state *s = state;
  (void)h;
  kb_gpu_free(s->out);
  free(s);
}

const kbench_variant kb_builtin_launch_floor = {
  .size = sizeof(kbench_variant),
  .name = "launch_floor",
  .summary = "one thread stores one int: the shortest launch this mode "
             "can time",
  .origin = "kbench runner",
  .backend = KBENCH_BACKEND_CUDA,
  .setup = floor_setup,
  .run = floor_run,
  .verify = floor_verify,
  .bytes_moved = floor_bytes,
  .teardown = floor_teardown,
};

/* --- copy peak: cudaMemcpyAsync device to device ------------------------ */

#define COPY_BYTES ((size_t)512 << 20)  /* 10x the H100's L2 */

typedef struct copy_state {
  int *src, *dst;
  int *host, *back;   /* host_alloc: page-locked, the worker's to free */
  size_t n;
} copy_state;

static int copy_setup(const kbench_host *h, void **state)
{
  char err[256];
  copy_state *s = calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  *state = s;
  s->n = COPY_BYTES / sizeof *s->host;
  /* 1 GiB of staging, page-locked and filled on the staging threads: the
  ** serial, pageable version cost 1.8 s on the H100, a fifth of the
  ** catalogue.  The next cases reuse the locked pages. */
  if (!(s->host = h->host_alloc(h, COPY_BYTES))
      || !(s->back = h->host_alloc(h, COPY_BYTES)))
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  int rc = h->fill(h, s->host, s->n, KBENCH_TYPE_I32, INT32_MIN, INT32_MAX,
                   0);
  if (rc != KBENCH_OK)
    return rc;
  kb_gpu *g = gpu_of(h);
  if (kb_gpu_alloc(g, (void **)&s->src, COPY_BYTES, err, sizeof err)
      || kb_gpu_alloc(g, (void **)&s->dst, COPY_BYTES, err, sizeof err)
      || kb_gpu_copy(g, s->src, s->host, COPY_BYTES, err, sizeof err)
      || kb_gpu_sync(g, err, sizeof err))
    return gpu_failed(h, err);
  return h->output(h, s->dst, COPY_BYTES, KBENCH_MEM_GLOBAL);
}

static int copy_run(const kbench_host *h, void *state)
{
  copy_state *s = state;
  char err[256];
  if (kb_gpu_copy(gpu_of(h), s->dst, s->src, COPY_BYTES, err, sizeof err))
    return gpu_failed(h, err);
  return KBENCH_OK;
}

static int copy_verify(const kbench_host *h, void *state)
{
  copy_state *s = state;
  char err[256];
  if (kb_gpu_copy(gpu_of(h), s->back, s->dst, COPY_BYTES, err, sizeof err)
      || kb_gpu_sync(gpu_of(h), err, sizeof err))
    return gpu_failed(h, err);
  return kbench_check_int(h, "dst", s->back, s->host, s->n);
}

static void copy_bytes(const kbench_host *h, void *state, kbench_bytes *b)
{
  (void)h;
  (void)state;
  b->read = b->written = COPY_BYTES;
  b->memory = KBENCH_MEM_GLOBAL;
}

static void copy_teardown(const kbench_host *h, void *state)
{
  copy_state *s = state;
  (void)h;
  kb_gpu_free(s->src);
  kb_gpu_free(s->dst);
  free(s);
}

const kbench_variant kb_builtin_copy_peak = {
  .size = sizeof(kbench_variant),
  .name = "copy_peak",
  .summary = "cudaMemcpyAsync of 512 MiB device to device: the measured "
             "copy peak",
  .origin = "kbench runner (--calibrate)",
  .backend = KBENCH_BACKEND_CUDA,
  .setup = copy_setup,
  .run = copy_run,
  .verify = copy_verify,
  .bytes_moved = copy_bytes,
  .teardown = copy_teardown,
};

static const kbench_library builtin_library = {
  KBENCH_ABI_MAJOR, KBENCH_ABI_MINOR, sizeof(kbench_library),
  sizeof(kbench_variant), sizeof(kbench_param), NULL,
};

const kb_plugin kb_builtin_plugin = {
  .path = (char *)"(built in)", .lib = &builtin_library,
};
