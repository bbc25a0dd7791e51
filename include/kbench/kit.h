/*
** kbench plugin author's kit.
**
** What every plugin needs around its kernel, on top of the ABI of
** <kbench/plugin.h>: random inputs from the runner's generator, comparisons
** that report the first mismatch through h->fail, and (in CUDA code)
** checked runtime calls and launches, and device buffers that are
** allocated, uploaded, declared as outputs (or in-out buffers) and
** fetched back in one call.
**
** Header-only: every function is static inline, so a plugin stays one
** self-contained shared object and links nothing of kbench's (the ABI has
** no library to link against; `pkg-config kbench` gives only -I).
**
** Two parts:
**   - host part: plain C11, also valid C++, no CUDA header needed;
**   - CUDA part: compiled when KBENCH_KIT_CUDA is nonzero.  It defaults to
**     1 under nvcc (__CUDACC__) and to 0 elsewhere; a C or C++ file built
**     by the host compiler that includes <cuda_runtime.h> and links the
**     CUDA runtime may define it to 1 before including this header.
**
** Every helper that can fail records a message with h->fail and returns
** its status (KBENCH_OK, KBENCH_ERROR or KBENCH_WRONG), so that callbacks
** read `int rc = kbench_fetch(...); if (rc != KBENCH_OK) return rc;`.
*/
#ifndef KBENCH_KIT_H
#define KBENCH_KIT_H

#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <kbench/plugin.h>

#ifndef KBENCH_KIT_CUDA
#  ifdef __CUDACC__
#    define KBENCH_KIT_CUDA 1
#  else
#    define KBENCH_KIT_CUDA 0
#  endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The number of entries of an array, as a vtable's n_params wants it:
** .params = params, .n_params = KBENCH_COUNT(params). */
#define KBENCH_COUNT(array) ((uint32_t)(sizeof (array) / sizeof (array)[0]))

/* ------------------------------------------------------------------ */
/* The runner's staging services                                       */

/* Whether h offers the service `field` of a later minor (ABI 1.1's
** staging, 1.4's inout): an older runner's kbench_host ends before it. */
#define KBENCH_HAS(h, field)                                                \
  ((h)->size >= offsetof(kbench_host, field) + sizeof (h)->field            \
   && (h)->field != NULL)

/*
** fn(ctx, begin, end, worker) over chunks covering [0, n), on the runner's
** threads (h->parallel_for: from setup and verify only; the failure
** reported is the lowest failed chunk's), or in one call on this thread
** when the runner has no pool.  For references and checks: a chunk that
** fails should report the first bad index of its range.
*/
static inline int kbench_parallel(const kbench_host *h, size_t n,
                                  size_t grain, kbench_range_fn fn,
                                  void *ctx)
{
  if (KBENCH_HAS(h, parallel_for))
    return h->parallel_for(h, n, grain, fn, ctx);
  return n ? fn(ctx, 0, n, 0) : KBENCH_OK;
}

/*
** `bytes` of host memory at *host for the rest of the case (h->host_alloc):
** page-locked in a CUDA case, so uploads and fetches through it run at
** the link's speed; the runner frees it after teardown, so never free it.
** For an input's host copy, a reference, verify's copy of an output.
*/
static inline int kbench_host_buffer(const kbench_host *h, void **host,
                                     size_t bytes)
{
  *host = KBENCH_HAS(h, host_alloc) ? h->host_alloc(h, bytes) : NULL;
  if (!*host)
    return h->fail(h, KBENCH_ERROR, "cannot allocate %zu bytes of host "
                   "memory", bytes);
  return KBENCH_OK;
}

/* ------------------------------------------------------------------ */
/* Random inputs                                                       */

/*
** The default sizes need 10^8 values per case, so each 64-bit draw of
** h->random yields two 32-bit halves, and a half is scaled into a range by
** a multiply and a shift rather than a division (Lemire's method; the
** bias, under span / 2^32, is irrelevant for test data).
*/

/* 32 random bits scaled to [lo, lo + span); span <= 2^32. */
static inline int kbench_scale_int(uint32_t bits, int lo, uint64_t span)
{
  return (int)(lo + (int64_t)(((uint64_t)bits * span) >> 32));
}

/* 32 random bits to a float uniform in [-1, 1): 24 random bits, a
** multiple of 2^-23, so that sums of a few of them are exact in double. */
static inline float kbench_scale_float(uint32_t bits)
{
  return (float)((int32_t)(bits >> 8) - (1 << 23)) / (float)(1 << 23);
}

/* What kbench_kit_fill writes: int or float elements. */
enum kbench_kit_type { KBENCH_KIT_INT = 0, KBENCH_KIT_FLOAT = 1 };

/*
** The one function through which the kit draws random numbers: n elements
** of `type` at p, ints uniform in [lo, hi], floats in [-1, 1) (lo and hi
** unused): on the runner's threads through ABI 1.1's h->fill when the
** runner offers it (h->size says so), else serially from h->random (a 1.0
** runner).  Either way the data depends on the seed and the case only.
*/
static inline void kbench_kit_fill(const kbench_host *h, void *p, size_t n,
                                   int type, int lo, int hi)
{
  /* ABI 1.1: the runner's parallel fill, the same distribution; the
  ** buffer's key is the next draw of the case's generator. */
  if (KBENCH_HAS(h, fill)
      && h->fill(h, p, n, type == KBENCH_KIT_FLOAT ? KBENCH_TYPE_F32
                                                   : KBENCH_TYPE_I32,
                 type == KBENCH_KIT_FLOAT ? -1.0 : (double)lo,
                 type == KBENCH_KIT_FLOAT ? 1.0 : (double)hi,
                 h->random(h)) == KBENCH_OK)
    return;
  uint64_t span = (uint64_t)((int64_t)hi - lo) + 1;
  if (type == KBENCH_KIT_FLOAT) {
    float *f = (float *)p;
    for (size_t i = 0; i < n; i += 2) {
      uint64_t r = h->random(h);
      f[i] = kbench_scale_float((uint32_t)r);
      if (i + 1 < n)
        f[i + 1] = kbench_scale_float((uint32_t)(r >> 32));
    }
    return;
  }
  int *x = (int *)p;
  for (size_t i = 0; i < n; i += 2) {
    uint64_t r = h->random(h);
    x[i] = kbench_scale_int((uint32_t)r, lo, span);
    if (i + 1 < n)
      x[i + 1] = kbench_scale_int((uint32_t)(r >> 32), lo, span);
  }
}

/* Fill p[0 .. n) with ints uniform in [lo, hi] (lo <= hi, any ints). */
static inline void kbench_fill_int(const kbench_host *h, int *p, size_t n,
                                   int lo, int hi)
{
  kbench_kit_fill(h, p, n, KBENCH_KIT_INT, lo, hi);
}

/* Fill p[0 .. n) with floats uniform in [-1, 1), multiples of 2^-23. */
static inline void kbench_fill_float(const kbench_host *h, float *p,
                                     size_t n)
{
  kbench_kit_fill(h, p, n, KBENCH_KIT_FLOAT, 0, 0);
}

/* ------------------------------------------------------------------ */
/* Comparisons                                                         */

/*
** Verification checks up to 10^8 elements per verified run, so each check
** answers the common case (everything matches) with a loop that has no
** early exit and runs at memory speed, and walks the arrays for the first
** mismatch only when there is one.  `what` names the array in the
** message: "out[777] = -1, expected 12".
**
** Floating-point tolerance is absolute plus relative, against the
** reference:   |got - want| <= atol + rtol * |want|.
** A NaN or an infinity in `got` where `want` is finite is never close (the
** runner poisons outputs with NaN, so an element never written fails); an
** infinite `want` matches only the same infinity, whatever the tolerance,
** and a NaN `want` matches nothing (a NaN reference would hide the
** poison).
*/

/* Whether got is close to want, as above, in float arithmetic.  For a
** plugin that walks its own layout (kbench_check_float compares flat
** arrays).  The difference of two close floats is exact, and the
** tolerance rounds by 2^-24 of itself. */
static inline int kbench_close_float(float got, float want, float rtol,
                                     float atol)
{
  return (fabsf(got - want) <= atol + rtol * fabsf(want)
          && fabsf(want) <= FLT_MAX) || got == want;
}

/* The same in double arithmetic. */
static inline int kbench_close_double(double got, double want, double rtol,
                                      double atol)
{
  return (fabs(got - want) <= atol + rtol * fabs(want)
          && fabs(want) <= DBL_MAX) || got == want;
}

/* The index of the first of n floats not close to its reference, or n
** when all are. */
static inline size_t kbench_first_far_float(const float *got,
                                            const float *want, size_t n,
                                            double rtol, double atol)
{
  const float r = (float)rtol, a = (float)atol;
  /* Without the `got == want` case, which only infinite references need,
  ** the counting loop vectorizes (and float to double conversions would
  ** defeat gcc's vectorizer).  It counts every infinite reference as far:
  ** when they all match, the walk below finds nothing. */
  size_t far = 0;
  for (size_t i = 0; i < n; i++)
    far += !(fabsf(got[i] - want[i]) <= a + r * fabsf(want[i])
             && fabsf(want[i]) <= FLT_MAX);
  if (far == 0)
    return n;
  for (size_t i = 0; i < n; i++)
    if (!kbench_close_float(got[i], want[i], r, a))
      return i;
  return n;
}

/* What the checks below hand each chunk. */
typedef struct kbench_check_ctx {
  const kbench_host *h;
  const char *what;
  const void *got, *want;
  double rtol, atol;
} kbench_check_ctx;

/* Chunks of 4 Mi elements: a check of fewer is one chunk, which the
** runner runs on the calling thread; a long one runs on all of them. */
#define KBENCH_CHECK_GRAIN ((size_t)1 << 22)

static inline int kbench_check_int_range(void *ctx, size_t begin,
                                         size_t end, unsigned worker)
{
  const kbench_check_ctx *c = (const kbench_check_ctx *)ctx;
  const int *got = (const int *)c->got, *want = (const int *)c->want;
  (void)worker;
  if (memcmp(got + begin, want + begin, (end - begin) * sizeof *got) == 0)
    return KBENCH_OK;
  for (size_t i = begin; i < end; i++)
    if (got[i] != want[i])
      return c->h->fail(c->h, KBENCH_WRONG, "%s[%zu] = %d, expected %d",
                        c->what, i, got[i], want[i]);
  return KBENCH_OK;
}

static inline int kbench_check_float_range(void *ctx, size_t begin,
                                           size_t end, unsigned worker)
{
  const kbench_check_ctx *c = (const kbench_check_ctx *)ctx;
  const float *got = (const float *)c->got + begin;
  const float *want = (const float *)c->want + begin;
  size_t i = kbench_first_far_float(got, want, end - begin, c->rtol,
                                    c->atol);
  (void)worker;
  if (i == end - begin)
    return KBENCH_OK;
  return c->h->fail(c->h, KBENCH_WRONG,
                    "%s[%zu] = %.9g, expected %.9g (rtol %g, atol %g)",
                    c->what, begin + i, (double)got[i], (double)want[i],
                    c->rtol, c->atol);
}

static inline int kbench_check_double_range(void *ctx, size_t begin,
                                            size_t end, unsigned worker)
{
  const kbench_check_ctx *c = (const kbench_check_ctx *)ctx;
  const double *got = (const double *)c->got, *want = (const double *)c->want;
  (void)worker;
  for (size_t i = begin; i < end; i++)
    if (!kbench_close_double(got[i], want[i], c->rtol, c->atol))
      return c->h->fail(c->h, KBENCH_WRONG,
                        "%s[%zu] = %.17g, expected %.17g (rtol %g, atol %g)",
                        c->what, i, got[i], want[i], c->rtol, c->atol);
  return KBENCH_OK;
}

/* Exact comparison of n ints: KBENCH_OK, or KBENCH_WRONG with
** "what[i] = got, expected want" for the first mismatch.  Like the other
** checks, from setup or verify (it may run on the runner's threads). */
static inline int kbench_check_int(const kbench_host *h, const char *what,
                                   const int *got, const int *want, size_t n)
{
  kbench_check_ctx c = {h, what, got, want, 0, 0};
  return kbench_parallel(h, n, KBENCH_CHECK_GRAIN, kbench_check_int_range,
                         &c);
}

/* n floats within atol + rtol * |want| of their reference: KBENCH_OK, or
** KBENCH_WRONG with the first that is not, its value, the reference and
** the tolerance. */
static inline int kbench_check_float(const kbench_host *h, const char *what,
                                     const float *got, const float *want,
                                     size_t n, double rtol, double atol)
{
  kbench_check_ctx c = {h, what, got, want, rtol, atol};
  return kbench_parallel(h, n, KBENCH_CHECK_GRAIN, kbench_check_float_range,
                         &c);
}

/* The same for doubles, in double arithmetic. */
static inline int kbench_check_double(const kbench_host *h, const char *what,
                                      const double *got, const double *want,
                                      size_t n, double rtol, double atol)
{
  kbench_check_ctx c = {h, what, got, want, rtol, atol};
  return kbench_parallel(h, n, KBENCH_CHECK_GRAIN,
                         kbench_check_double_range, &c);
}

#ifdef __cplusplus
}
#endif

/* ------------------------------------------------------------------ */
/* CUDA                                                                */

#if KBENCH_KIT_CUDA
#include <cuda_runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
** Evaluate a CUDA runtime call; on an error, report where and what
** ("plugins/x.cu:42: cudaMemsetAsync(...): invalid argument") and return
** KBENCH_ERROR from the enclosing callback, which must return int.
*/
#define KBENCH_CUDA(h, call)                                                \
  do {                                                                      \
    cudaError_t kbench_err_ = (call);                                       \
    if (kbench_err_ != cudaSuccess)                                         \
      return (h)->fail((h), KBENCH_ERROR, "%s:%d: %s: %s", __FILE__,        \
                       __LINE__, #call, cudaGetErrorString(kbench_err_));   \
  } while (0)

/* After a <<<...>>> launch: report a launch that did not start (a bad
** configuration, too much shared memory, no image for this GPU), as
** KBENCH_CUDA does.  Errors while the kernel runs show at the runner's
** synchronization. */
#define KBENCH_LAUNCHED(h) KBENCH_CUDA(h, cudaGetLastError())

/* The runner's stream, to launch every timed operation on. */
static inline cudaStream_t kbench_stream(const kbench_host *h)
{
  return (cudaStream_t)h->stream(h);
}

/* Blocks of `threads` needed to cover n items, one item per thread. */
static inline unsigned kbench_blocks(size_t n, unsigned threads)
{
  return (unsigned)((n + threads - 1) / threads);
}

/* cudaMalloc of `bytes` at *dev; on failure *dev is NULL and the message
** says how much was asked for.  Free with cudaFree in teardown. */
static inline int kbench_device_alloc(const kbench_host *h, void **dev,
                                      size_t bytes)
{
  cudaError_t e = cudaMalloc(dev, bytes);
  if (e != cudaSuccess) {
    *dev = NULL;
    (void)cudaGetLastError();  /* not a sticky error: clear it */
    return h->fail(h, KBENCH_ERROR, "cannot allocate %zu bytes of device "
                   "memory: %s", bytes, cudaGetErrorString(e));
  }
  return KBENCH_OK;
}

/* A new device buffer at *dev holding a copy of `bytes` of host memory:
** an input, from setup. */
static inline int kbench_device_upload(const kbench_host *h, void **dev,
                                       const void *host, size_t bytes)
{
  int rc = kbench_device_alloc(h, dev, bytes);
  if (rc != KBENCH_OK)
    return rc;
  cudaError_t e = cudaMemcpy(*dev, host, bytes, cudaMemcpyHostToDevice);
  if (e != cudaSuccess)
    return h->fail(h, KBENCH_ERROR, "cannot copy %zu bytes to the device: "
                   "%s", bytes, cudaGetErrorString(e));
  return KBENCH_OK;
}

/* A new device buffer at *dev that verify checks, declared to the runner
** with h->output so that it is poisoned before every verified run: the
** output, from setup. */
static inline int kbench_device_output(const kbench_host *h, void **dev,
                                       size_t bytes)
{
  int rc = kbench_device_alloc(h, dev, bytes);
  return rc == KBENCH_OK ? h->output(h, *dev, bytes, KBENCH_MEM_GLOBAL) : rc;
}

/* A new device buffer at *dev holding a copy of `bytes` of host memory,
** declared to the runner with h->inout (ABI 1.4): a buffer run reads and
** writes (C in C = alpha*A*B + beta*C), which the runner puts back as
** uploaded here before every verified run, where an output would be
** poisoned.  From setup. */
static inline int kbench_device_inout(const kbench_host *h, void **dev,
                                      const void *host, size_t bytes)
{
  int rc = kbench_device_upload(h, dev, host, bytes);
  if (rc != KBENCH_OK)
    return rc;
  if (!KBENCH_HAS(h, inout))
    return h->fail(h, KBENCH_ERROR, "this runner has no in-out buffers "
                   "(h->inout, ABI 1.4): upgrade kbench");
  return h->inout(h, *dev, bytes, KBENCH_MEM_GLOBAL);
}

/*
** KBENCH_OK when the device has compute capability `major`.0 or newer and
** `kernel` was built with code for it; otherwise KBENCH_UNSUPPORTED with
** the reason, so that an older GPU, or a build without that target, is a
** skip and not an empty kernel.  `needs` says what the variant uses
** ("thread-block clusters").  A kernel whose body is compiled under `#if
** __CUDA_ARCH__ >= 900` (for major 9) builds for older targets too: this
** is what tells the two apart at run time.
*/
static inline int kbench_require_sm(const kbench_host *h, const void *kernel,
                                    int major, const char *needs)
{
  const kbench_device *d = h->device(h);
  cudaFuncAttributes a;
  if (d->cc_major < major)
    return h->fail(h, KBENCH_UNSUPPORTED, "needs sm_%d0 (%s), device is "
                   "sm_%d%d", major, needs, d->cc_major, d->cc_minor);
  KBENCH_CUDA(h, cudaFuncGetAttributes(&a, kernel));
  if (a.ptxVersion < 10 * major && a.binaryVersion < 10 * major)
    return h->fail(h, KBENCH_UNSUPPORTED, "built without an sm_%d0 target "
                   "(binary sm_%d): build for sm_%d0 (kbench's configure: "
                   "--with-cuda-arch=%d0)", major, a.binaryVersion, major,
                   major);
  return KBENCH_OK;
}

/*
** setup's buffers for a kernel whose output is as large as its input
** (`bytes` each), in two steps around the plugin's own work.  First
** kbench_stage_host: on the host, from the runner (page-locked, and the
** runner's to free), *got, which holds the input until verify's fetch
** overwrites it with the output, and *want, for the reference.  The
** plugin writes its input into got and its reference into want; then
** kbench_stage_device uploads got into a new *in and declares a new *out
** as the output.  verify fetches out into got (kbench_fetch) and checks
** it against want; teardown frees in and out (cudaFree).
*/
static inline int kbench_stage_host(const kbench_host *h, size_t bytes,
                                    void **got, void **want)
{
  int rc = kbench_host_buffer(h, got, bytes);
  return rc == KBENCH_OK ? kbench_host_buffer(h, want, bytes) : rc;
}

static inline int kbench_stage_device(const kbench_host *h, size_t bytes,
                                      const void *got, void **in, void **out)
{
  int rc = kbench_device_upload(h, in, got, bytes);
  return rc == KBENCH_OK ? kbench_device_output(h, out, bytes) : rc;
}

/* verify's first step: `bytes` of device output into host memory.  The
** runner has synchronized, so the copy sees the last run's results. */
static inline int kbench_fetch(const kbench_host *h, void *host,
                               const void *dev, size_t bytes)
{
  cudaError_t e = cudaMemcpy(host, dev, bytes, cudaMemcpyDeviceToHost);
  if (e != cudaSuccess)
    return h->fail(h, KBENCH_ERROR, "cannot copy %zu bytes from the "
                   "device: %s", bytes, cudaGetErrorString(e));
  return KBENCH_OK;
}

#ifdef __cplusplus
}
#endif
#endif /* KBENCH_KIT_CUDA */

#endif /* KBENCH_KIT_H */
