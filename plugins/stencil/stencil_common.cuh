/*
** 1D stencil family: what every variant shares.
**
** The filter (seed 002, "filtering"), on n floats:
**     res[i] = in[i-1]/4 + in[i]/2 + in[i+1]/4
** Boundary: neighbours are CLAMPED, in[-1] = in[0] and in[n] = in[n-1], so
** res[0] = 3/4 in[0] + 1/4 in[1], res[n-1] = 1/4 in[n-2] + 3/4 in[n-1], and
** for n == 1, res[0] = in[0].  Every element of res is written.
**
** square_smem (res[i] = in[i]^2, the seed's first shared-memory example)
** lives here too: same state, same sizes, its own reference.
**
** Bytes (effective): n * 4 read + n * 4 written, whatever a variant
** actually fetches (halo re-reads and overlapping tiles are its cost).
*/
#ifndef STENCIL_COMMON_CUH
#define STENCIL_COMMON_CUH

#include <stdlib.h>

#include <kbench/kit.h>

typedef struct stencil_state {
  float *in, *out;    /* device */
  float *want;        /* reference output, host (the runner's memory) */
  float *got;         /* verify's copy of the output, host (likewise);
                         setup stages the input in it */
  size_t n;
  unsigned threads;
} stencil_state;

typedef void (*stencil_launch)(const stencil_state *s, cudaStream_t stream);
/* A reference: want[begin, end) from the whole input in[0, n). */
typedef void (*stencil_reference_fn)(const float *in, float *want, size_t n,
                                     size_t begin, size_t end);

/* The three-point filter on values already fetched.  The products by 1/4
** and 1/2 are exact (powers of two, no underflow for our inputs). */
__device__ __forceinline__ float stencil3(float left, float centre,
                                          float right)
{
  return 0.25f * left + 0.5f * centre + 0.25f * right;
}

/* Clamped global index, for code that reads a neighbour of i. */
__device__ __forceinline__ size_t stencil_clamp(long long i, size_t n)
{
  return i < 0 ? 0 : ((size_t)i >= n ? n - 1 : (size_t)i);
}

/*
** CPU reference in double, straight from the definition.  With inputs in
** [-1, 1) of 24 random bits (multiples of 2^-23) the double result is
** exact; storing it as float rounds by at most 2^-25.
*/
static inline void stencil_reference(const float *in, float *want, size_t n,
                                     size_t begin, size_t end)
{
  for (size_t i = begin; i < end; i++) {
    double l = in[i > 0 ? i - 1 : 0];
    double r = in[i + 1 < n ? i + 1 : n - 1];
    want[i] = (float)(l / 4.0 + (double)in[i] / 2.0 + r / 4.0);
  }
}

/*
** Tolerance for the stencil.  The GPU multiplies exactly by 1/4 and 1/2
** and then rounds at most twice (two adds, or an FMA and an add, in any
** order the compiler picks).  Every partial sum is bounded by
** sum|terms| <= 1/4 + 1/2 + 1/4 = 1, so each rounding errs by at most half
** an ulp of 1, 2^-24, and the GPU result is within 2 * 2^-24 of the exact
** value; the float reference is within 2^-25.  Total < 2^-22.6, so an
** absolute tolerance of 2^-22 (2.4e-7) always passes a correct kernel,
** while a wrong neighbour changes the result by ~0.1 on random data.  A
** relative tolerance would be wrong here: res can cancel to ~0.
*/
#define STENCIL_ATOL (1.0 / (1 << 22))

static const kbench_param stencil_params[] = {
  {"n", "number of float elements", "64M", 1, (int64_t)1 << 31, 0},
  {"threads", "threads per block", "256", 32, 1024, 0},
};

/* What setup hands each chunk of the reference. */
typedef struct stencil_reference_job {
  stencil_reference_fn reference;
  const float *in;
  float *want;
  size_t n;
} stencil_reference_job;

static inline int stencil_reference_range(void *ctx, size_t begin,
                                          size_t end, unsigned worker)
{
  const stencil_reference_job *j = (const stencil_reference_job *)ctx;
  (void)worker;
  j->reference(j->in, j->want, j->n, begin, end);
  return KBENCH_OK;
}

/* Elements per chunk of the reference: 4 MiB of each array. */
#define STENCIL_REFERENCE_GRAIN ((size_t)1 << 20)

static inline int stencil_setup(const kbench_host *h, void **state,
                                stencil_reference_fn reference)
{
  stencil_state *s = (stencil_state *)calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  *state = s;
  s->n = (size_t)h->param(h, "n");
  s->threads = (unsigned)h->param(h, "threads");
  /* The kit's staging: the input in got, the reference in want, then both
  ** device buffers. */
  size_t bytes = s->n * sizeof(float);
  int rc = kbench_stage_host(h, bytes, (void **)&s->got, (void **)&s->want);
  if (rc != KBENCH_OK)
    return rc;
  kbench_fill_float(h, s->got, s->n);
  /* Each element of the reference is computed on its own, so chunks on
  ** the runner's threads give the serial loop's result bit for bit. */
  stencil_reference_job job = {reference, s->got, s->want, s->n};
  rc = kbench_parallel(h, s->n, STENCIL_REFERENCE_GRAIN,
                       stencil_reference_range, &job);
  return rc == KBENCH_OK ? kbench_stage_device(h, bytes, s->got,
                                               (void **)&s->in,
                                               (void **)&s->out)
                         : rc;
}

static inline int stencil_run(const kbench_host *h, void *state,
                              stencil_launch launch)
{
  launch((const stencil_state *)state, kbench_stream(h));
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

static inline int stencil_verify(const kbench_host *h, void *state,
                                 double atol)
{
  stencil_state *s = (stencil_state *)state;
  int rc = kbench_fetch(h, s->got, s->out, s->n * sizeof(float));
  return rc == KBENCH_OK
             ? kbench_check_float(h, "res", s->got, s->want, s->n, 0.0, atol)
             : rc;
}

static inline void stencil_bytes(const kbench_host *h, void *state,
                                 kbench_bytes *b)
{
  stencil_state *s = (stencil_state *)state;
  (void)h;
  b->read = s->n * sizeof(float);
  b->written = s->n * sizeof(float);
  b->memory = KBENCH_MEM_GLOBAL;
}

/* Items are the n outputs; flops_per_item is the algorithm's count (the
** filter's 3 products and 2 sums, the square's one product). */
static inline void stencil_work(void *state, kbench_work *w,
                                unsigned flops_per_item)
{
  stencil_state *s = (stencil_state *)state;
  w->items = s->n;
  w->flops = (uint64_t)flops_per_item * s->n;
}

static inline void stencil_teardown(const kbench_host *h, void *state)
{
  stencil_state *s = (stencil_state *)state;
  (void)h;
  cudaFree(s->in);
  cudaFree(s->out);
  free(s);  /* want and got are the runner's */
}

#endif /* STENCIL_COMMON_CUH */
