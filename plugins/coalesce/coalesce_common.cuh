/*
** coalesce_common.cuh: the glue shared by the global-memory coalescing
** family (seed 004, "CUDA: working with memory, part II").
**
** Every variant in this family moves n elements of `fields` 32-bit words
** from one global buffer to another and applies a trivial, checkable
** operation on the way:
**
**   ints       out = in + 1                     (offset, stride, align_*)
**   particles  v' = v * DAMP, p' = p + v' * DT  (layout_aos, layout_soa)
**
** What changes from variant to variant is only WHERE the words lie: a
** misaligned start, a strided gather, 12- or 16-byte elements with or
** without padding, an array of structures or a structure of arrays.  A
** variant describes that placement with a coalesce_kind (data plus at most
** two small host functions); this header does the rest: random inputs, the
** CPU reference (a plain 64-bit / double loop over the logical elements,
** independent of any kernel), verification of every data word and the
** byte count, which each variant's vtable points at.  A variant file is
** then its kernel, a launch function, its kind, its parameter list, and
** its vtable at the end.
**
** Host staging runs on the runner's threads: the reference and the
** comparison in chunks of about 1 Mi words (kbench_parallel), in host
** buffers the runner owns (kbench_host_buffer: page-locked, so the upload
** and verify's copy of the output run at the link's speed).
**
** Placement of word f (0 <= f < fields) of element i in a buffer of
** `elems` elements:
**   array of elements (soa == 0)   i * words + f      (words >= fields;
**                                                      the rest is padding)
**   structure of arrays (soa == 1) f * elems + i
** Output element i comes from input element i unless the variant brings
** its own reference (a permutation of single-word ints); the input holds
** in_elems(n) elements (n unless the variant says otherwise).
**
** bytes_moved counts the USEFUL bytes only: n * fields * 4 read and the
** same written.  Padding words, the sectors a misaligned or strided warp
** fetches without using, and the 4 bytes of padding a 16-byte struct drags
** along are the extra traffic these variants exist to expose; they are not
** counted.
*/
#ifndef COALESCE_COMMON_CUH
#define COALESCE_COMMON_CUH

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kbench/kit.h>

#define COALESCE_ORIGIN "seed 004 (CUDA: working with memory, part II)"

/* The particle step.  Constants are floats; the CPU reference uses the same
** float values widened to double. */
#define COALESCE_DT 0.01f
#define COALESCE_DAMP 0.99f

typedef struct coalesce_state coalesce_state;

typedef struct coalesce_kind {
  const char *arg;   /* name of the variant's extra parameter, or NULL */
  int particles;     /* 1: float particle step, fields == 6; 0: int + 1 */
  unsigned fields;   /* data words per element: all of them are checked */
  unsigned words;    /* words per element in memory, >= fields */
  int soa;           /* 1: structure of arrays (see the placement above) */
  size_t (*in_elems)(size_t n, size_t arg);          /* NULL: n */
  /* s->want[i] = in[the element output i reads] + 1, for a variant whose
  ** single-word ints are permuted, in chunks on the runner's threads
  ** (kbench_parallel); NULL: output i reads input i. */
  int (*reference)(const kbench_host *h, const coalesce_state *s,
                   const int *in);
  void (*launch)(const coalesce_state *s, cudaStream_t stream);
} coalesce_kind;

struct coalesce_state {
  const coalesce_kind *kind;
  size_t n;          /* output elements, one per thread */
  size_t arg;        /* value of kind->arg, 0 when there is none */
  size_t in_elems;   /* input elements */
  unsigned threads;  /* block size */
  void *in, *out;    /* device buffers: in_elems and n elements of words */
  void *want;        /* host buffer: the reference, laid out like out */
  void *got;         /* host buffer: verify's copy of out */
};

/* The declared parameters every variant has. */
#define COALESCE_PARAM_N(dflt, max)                                         \
  {"n", "elements (one per thread)", dflt, 1, (int64_t)(max), 0}
#define COALESCE_PARAM_THREADS                                              \
  {"threads", "threads per block", "256", 32, 1024, KBENCH_PARAM_POW2}

/* The global index of this thread: one element per thread, so every kernel
** guards it with i < n (n need not be a multiple of the block). */
__device__ __forceinline__ size_t coalesce_index(void)
{
  return (size_t)blockIdx.x * blockDim.x + threadIdx.x;
}

/* One component of the particle step, shared by the AoS and SoA kernels so
** that only the memory layout differs between them. */
__device__ __forceinline__ void particle_step(float &p, float &v)
{
  v *= COALESCE_DAMP;
  p += v * COALESCE_DT;
}

static inline size_t coalesce_word(const coalesce_kind *k, size_t elems,
                                   size_t i, unsigned f)
{
  return k->soa ? (size_t)f * elems + i : i * k->words + f;
}

/* Fresh random words: ints in [-2^30, 2^30) so that + 1 never overflows,
** floats in [-1, 1) with 24 random bits.  Padding words are filled too:
** nothing in the input is constant. */
static void coalesce_fill(const kbench_host *h, void *p, size_t words,
                          int floats)
{
  if (floats)
    kbench_fill_float(h, (float *)p, words);
  else
    kbench_fill_int(h, (int *)p, words, -(1 << 30), (1 << 30) - 1);
}

/* Words per chunk of the reference and of verify: 4 MiB, enough that
** handing out chunks costs nothing, few enough that a default case gives
** each of the runner's threads several. */
#define COALESCE_GRAIN_WORDS ((size_t)1 << 20)

/* Elements per chunk for a kind: about COALESCE_GRAIN_WORDS words. */
static inline size_t coalesce_grain(const coalesce_kind *k)
{
  return COALESCE_GRAIN_WORDS / k->words;
}

/* What the chunks of the reference and of verify work on. */
typedef struct coalesce_job {
  const kbench_host *h;
  const coalesce_state *s;
  const void *in;    /* reference: the host copy of the input */
} coalesce_job;

/* The reference of element i's word f (ints) or of its axis f, position
** f and velocity f + 3 (particles): ints widened to 64 bits, the particle
** step in double.  It is stored where the output keeps each word, so that
** verify compares the copied output in place. */
static inline void coalesce_reference_one(const coalesce_kind *k,
                                          size_t in_elems, size_t n,
                                          const void *in, void *want,
                                          size_t i, unsigned f)
{
  if (k->particles) {
    const float *pin = (const float *)in;
    float *w = (float *)want;
    double p = pin[coalesce_word(k, in_elems, i, f)];
    double v = pin[coalesce_word(k, in_elems, i, f + 3)];
    double v1 = v * (double)COALESCE_DAMP;
    w[coalesce_word(k, n, i, f)] = (float)(p + v1 * (double)COALESCE_DT);
    w[coalesce_word(k, n, i, f + 3)] = (float)v1;
  } else {
    const int *iin = (const int *)in;
    int *w = (int *)want;
    w[coalesce_word(k, n, i, f)] =
        (int)((int64_t)iin[coalesce_word(k, in_elems, i, f)] + 1);
  }
}

/* Elements the reference takes at a time: at most 24 KiB each way,
** cache-resident. */
#define COALESCE_REF_BLOCK 1024

/* Elements [begin, end) of the reference; each element's words are one
** chunk's alone.  An array of elements is walked element by element; SoA
** field by field within blocks of elements, so that each array is read
** and written as a run rather than as 12 streams a power of two apart that
** fight over the same cache sets. */
static int coalesce_reference_range(void *ctx, size_t begin, size_t end,
                                    unsigned worker)
{
  const coalesce_job *j = (const coalesce_job *)ctx;
  const coalesce_state *s = j->s;
  const coalesce_kind *k = s->kind;
  const size_t in_elems = s->in_elems, n = s->n;
  const void *in = j->in;
  void *want = s->want;
  unsigned groups = k->particles ? 3 : k->fields;  /* axes or words */
  (void)worker;
  for (size_t i0 = begin; i0 < end; i0 += COALESCE_REF_BLOCK) {
    size_t i1 = end - i0 < COALESCE_REF_BLOCK ? end : i0 + COALESCE_REF_BLOCK;
    if (k->soa)
      for (unsigned f = 0; f < groups; f++)
        for (size_t i = i0; i < i1; i++)
          coalesce_reference_one(k, in_elems, n, in, want, i, f);
    else
      for (size_t i = i0; i < i1; i++)
        for (unsigned f = 0; f < groups; f++)
          coalesce_reference_one(k, in_elems, n, in, want, i, f);
  }
  return KBENCH_OK;
}

/* The reference of every output word into s->want, on the runner's
** threads: the variant's own (a permutation) or the element-wise one. */
static int coalesce_reference(const kbench_host *h, const coalesce_state *s,
                              const void *in)
{
  const coalesce_kind *k = s->kind;
  if (k->reference)
    return k->reference(h, s, (const int *)in);
  coalesce_job j = {h, s, in};
  return kbench_parallel(h, s->n, coalesce_grain(k), coalesce_reference_range,
                         &j);
}

static int coalesce_setup(const kbench_host *h, void **state,
                          const coalesce_kind *k)
{
  coalesce_state *s = (coalesce_state *)calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of host memory");
  *state = s;
  s->kind = k;
  s->n = (size_t)h->param(h, "n");
  s->threads = (unsigned)h->param(h, "threads");
  s->arg = k->arg ? (size_t)h->param(h, k->arg) : 0;
  s->in_elems = k->in_elems ? k->in_elems(s->n, s->arg) : s->n;

  /* Host staging from the runner, freed by it after teardown. */
  size_t in_bytes = s->in_elems * k->words * sizeof(int);
  size_t out_bytes = s->n * k->words * sizeof(int);
  void *host;
  int rc = kbench_host_buffer(h, &host, in_bytes);
  if (rc == KBENCH_OK)
    rc = kbench_host_buffer(h, &s->want, out_bytes);
  if (rc == KBENCH_OK)
    rc = kbench_host_buffer(h, &s->got, out_bytes);
  if (rc != KBENCH_OK)
    return rc;
  coalesce_fill(h, host, s->in_elems * k->words, k->particles);
  rc = coalesce_reference(h, s, host);
  if (rc == KBENCH_OK)
    rc = kbench_device_upload(h, &s->in, host, in_bytes);
  return rc == KBENCH_OK ? kbench_device_output(h, &s->out, out_bytes) : rc;
}

static int coalesce_run(const kbench_host *h, void *state)
{
  coalesce_state *s = (coalesce_state *)state;
  s->kind->launch(s, kbench_stream(h));
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

/*
** Particles: inputs lie in [-1, 1), so each output is at most three float
** roundings (v * DAMP, v' * DT, p + ...) of values below 1.01 in magnitude,
** plus the rounding of the double reference to float: under 2.5e-7
** absolute.  1e-6 + 1e-6 * |want| leaves a 4x margin and still catches a
** skipped update (|v' * DT| is ~5e-3 on average).
*/
#define COALESCE_TOL 1e-6f

/* Whether got matches want at words [w, w + count): ints exactly,
** particles within the tolerance. */
static int coalesce_words_match(const coalesce_state *s, size_t w,
                                size_t count)
{
  if (s->kind->particles)
    return kbench_first_far_float((const float *)s->got + w,
                                  (const float *)s->want + w, count,
                                  COALESCE_TOL, COALESCE_TOL) == count;
  return memcmp((const int *)s->got + w, (const int *)s->want + w,
                count * sizeof(int)) == 0;
}

/*
** Elements [begin, end) of the copied output against the reference.
** Unpadded, every word is data and a flat comparison of the chunk's words
** (one run per field in SoA) settles a pass; otherwise, or to report a
** failure, walk the chunk in logical order (padding skipped) to its first
** mismatch.  The runner reports the lowest failed chunk, so the message
** names the first wrong element of all, whatever the number of threads.
*/
static int coalesce_check_range(void *ctx, size_t begin, size_t end,
                                unsigned worker)
{
  const coalesce_job *j = (const coalesce_job *)ctx;
  const kbench_host *h = j->h;
  const coalesce_state *s = j->s;
  const coalesce_kind *k = s->kind;
  (void)worker;
  if (k->words == k->fields) {
    int match = 1;
    if (k->soa)
      for (unsigned f = 0; f < k->fields && match; f++)
        match = coalesce_words_match(s, coalesce_word(k, s->n, begin, f),
                                     end - begin);
    else
      match = coalesce_words_match(s, coalesce_word(k, s->n, begin, 0),
                                   (end - begin) * k->words);
    if (match)
      return KBENCH_OK;
  }
  const float *gf = (const float *)s->got, *wf = (const float *)s->want;
  const int *gi = (const int *)s->got, *wi = (const int *)s->want;
  for (size_t i = begin; i < end; i++)
    for (unsigned f = 0; f < k->fields; f++) {
      size_t w = coalesce_word(k, s->n, i, f);
      if (k->particles) {
        if (!kbench_close_float(gf[w], wf[w], COALESCE_TOL, COALESCE_TOL))
          return h->fail(h, KBENCH_WRONG, "element %zu field %u = %.9g, "
                         "expected %.9g (tolerance %g + %g * |expected|)",
                         i, f, (double)gf[w], (double)wf[w], COALESCE_TOL,
                         COALESCE_TOL);
      } else if (gi[w] != wi[w]) {
        return h->fail(h, KBENCH_WRONG, "element %zu field %u = %d, "
                       "expected %d", i, f, gi[w], wi[w]);
      }
    }
  return KBENCH_OK;
}

/* Copy the output back and compare every data word with the reference, on
** the runner's threads. */
static int coalesce_verify(const kbench_host *h, void *state)
{
  coalesce_state *s = (coalesce_state *)state;
  const coalesce_kind *k = s->kind;
  int rc = kbench_fetch(h, s->got, s->out, s->n * k->words * sizeof(int));
  if (rc != KBENCH_OK)
    return rc;
  coalesce_job j = {h, s, NULL};
  return kbench_parallel(h, s->n, coalesce_grain(k), coalesce_check_range,
                         &j);
}

static void coalesce_bytes(const kbench_host *h, void *state, kbench_bytes *b)
{
  coalesce_state *s = (coalesce_state *)state;
  (void)h;
  b->read = (uint64_t)s->n * s->kind->fields * sizeof(int);
  b->written = b->read;
  b->memory = KBENCH_MEM_GLOBAL;
}

/* Items are elements; the particle step is 3 flops (v * DAMP, v' * DT,
** p + ...) for each of 3 components, and the int variants do integer adds,
** no floating-point operations. */
static void coalesce_work(const kbench_host *h, void *state, kbench_work *w)
{
  coalesce_state *s = (coalesce_state *)state;
  (void)h;
  w->items = s->n;
  w->flops = s->kind->particles ? 9 * (uint64_t)s->n : 0;
}

/* want and got are the runner's host buffers: not freed here. */
static void coalesce_teardown(const kbench_host *h, void *state)
{
  coalesce_state *s = (coalesce_state *)state;
  (void)h;
  cudaFree(s->in);
  cudaFree(s->out);
  free(s);
}

/* The launch function `name` for a kernel(const T *in, T *out, size_t n)
** that takes one element per thread. */
#define COALESCE_LAUNCH(name, kernel, T)                                    \
  static void name(const coalesce_state *s, cudaStream_t stream)           \
  {                                                                         \
    kernel<<<kbench_blocks(s->n, s->threads), s->threads, 0, stream>>>(     \
        (const T *)s->in, (T *)s->out, s->n);                               \
  }

#endif /* COALESCE_COMMON_CUH */
