/*
** A host plugin of ABI 1.1 for tests/staging.sh: it fills its input with
** h->fill in the type its enumerated parameter dtype names, copies it in
** run, and verifies on the runner's threads that every element is the one
** h->element regenerates, that a parallel_for covers each index exactly
** once at the grain asked for, and that a per-worker reduction matches a
** serial one.  It reports work (items, and flops for the float types).
**
** For the tests: with STAGING_OUT set, verify appends a checksum of the
** filled input to that file, so runs with different --jobs compare;
** fail_at=K makes every element from K on wrong (many chunks fail at
** once, and the lowest must be named); misuse=... breaks one rule of the
** staging API.  Its coverage counts live in host_alloc memory, which must
** still be there in teardown.
*/
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kbench/plugin.h>

enum { I32, U8, F32, F64 };
static const char *const dtypes[] = {"i32", "u8", "f32", "f64"};
static const size_t widths[] = {4, 1, 4, 8};
static const int types[] = {KBENCH_TYPE_I32, KBENCH_TYPE_U8, KBENCH_TYPE_F32,
                            KBENCH_TYPE_F64};
static const double lows[] = {-1000, 0, -1, -1};
static const double highs[] = {1000, 255, 1, 1};

enum { NONE, FILL_IN_RUN, NESTED, BAD_RANGE, NAME_OF_INT, FAIL_NO_MESSAGE,
       ALLOC_IN_RUN };
static const char *const misuses[] = {"none", "fill_in_run", "nested",
                                      "bad_range", "name_of_int",
                                      "fail_no_message", "alloc_in_run"};

typedef struct staging {
  const kbench_host *h;
  int dtype, misuse;
  size_t n, width, grain;
  int64_t fail_at;
  unsigned char *in, *out;
  unsigned workers;
  unsigned char *hits;     /* how often parallel_for visited each index
                              (host_alloc: the runner frees it) */
  uint64_t *partial;       /* one sum a worker */
} staging;

static const kbench_param staging_params[] = {
  {"n", "elements", "100003", 0, 1 << 26, 0, NULL, 0},
  {"dtype", "element type", "i32", 0, 0, 0, dtypes, 4},
  {"grain", "chunk of the coverage check; 0: the runner's", "0", 0,
   1 << 26, 0, NULL, 0},
  {"fail_at", "elements from this index on are wrong; -1: none", "-1", -1,
   INT64_MAX, 0, NULL, 0},
  {"misuse", "the staging rule to break", "none", 0, 0, 0, misuses, 7},
};

static int staging_setup(const kbench_host *h, void **state)
{
  staging *s = calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of memory");
  *state = s;
  s->h = h;
  s->dtype = (int)h->param(h, "dtype");
  s->misuse = (int)h->param(h, "misuse");
  s->n = (size_t)h->param(h, "n");
  s->grain = (size_t)h->param(h, "grain");
  s->fail_at = h->param(h, "fail_at");
  s->width = widths[s->dtype];
  if (strcmp(h->param_name(h, "dtype"), dtypes[s->dtype]) != 0)
    return h->fail(h, KBENCH_ERROR, "param_name(dtype) = %s, index %d",
                   h->param_name(h, "dtype"), s->dtype);
  if (s->misuse == NAME_OF_INT)
    (void)h->param_name(h, "n");
  size_t bytes = s->n * s->width + 1;
  s->in = malloc(bytes);
  s->out = malloc(bytes);
  s->hits = h->host_alloc(h, s->n + 1);
  if (s->hits)
    s->hits[s->n] = 0xA5;  /* teardown checks it is still there */
  s->workers = h->workers(h);
  s->partial = calloc(s->workers, sizeof *s->partial);
  if (!s->in || !s->out || !s->hits || !s->partial)
    return h->fail(h, KBENCH_ERROR, "out of memory");
  double lo = lows[s->dtype], hi = highs[s->dtype];
  if (s->misuse == BAD_RANGE)
    lo = hi + 1;
  int status = h->fill(h, s->in, s->n, types[s->dtype], lo, hi, 7);
  if (status != KBENCH_OK)
    return status;
  return h->output(h, s->out, bytes, KBENCH_MEM_HOST);
}

static int staging_run(const kbench_host *h, void *state)
{
  staging *s = state;
  if (s->misuse == FILL_IN_RUN)
    return h->fill(h, s->in, s->n, types[s->dtype], lows[s->dtype],
                   highs[s->dtype], 7);
  if (s->misuse == ALLOC_IN_RUN)
    return h->host_alloc(h, 16) ? KBENCH_OK : KBENCH_ERROR;
  memcpy(s->out, s->in, s->n * s->width);
  return KBENCH_OK;
}

/* Element i of out, as a double. */
static double got(const staging *s, size_t i)
{
  const unsigned char *p = s->out + i * s->width;
  int32_t i32;
  float f32;
  double f64;
  switch (s->dtype) {
  case I32: memcpy(&i32, p, 4); return i32;
  case U8: return *p;
  case F32: memcpy(&f32, p, 4); return f32;
  default: memcpy(&f64, p, 8); return f64;
  }
}

static int compare(void *ctx, size_t begin, size_t end, unsigned worker)
{
  staging *s = ctx;
  const kbench_host *h = s->h;
  (void)worker;
  if (s->misuse == NESTED)
    return h->fill(h, s->in, 1, types[s->dtype], 0, 1, 0);
  for (size_t i = begin; i < end; i++) {
    double want = h->element(h, types[s->dtype], lows[s->dtype],
                             highs[s->dtype], 7, i);
    if (got(s, i) != want || (s->fail_at >= 0 && i >= (size_t)s->fail_at)) {
      if (s->misuse == FAIL_NO_MESSAGE)
        return KBENCH_WRONG;
      return h->fail(h, KBENCH_WRONG, "element %zu = %.17g, expected %.17g",
                     i, got(s, i), want);
    }
  }
  return KBENCH_OK;
}

static int cover(void *ctx, size_t begin, size_t end, unsigned worker)
{
  staging *s = ctx;
  if (worker >= s->workers || begin >= end || end > s->n)
    return s->h->fail(s->h, KBENCH_ERROR, "chunk [%zu, %zu) of worker %u",
                      begin, end, worker);
  for (size_t i = begin; i < end; i++) {
    __atomic_fetch_add(&s->hits[i], 1, __ATOMIC_RELAXED);
    s->partial[worker] += s->out[i * s->width];
  }
  return KBENCH_OK;
}

/* FNV-1a of the input, to compare fills across --jobs. */
static void write_checksum(const staging *s)
{
  const char *path = getenv("STAGING_OUT");
  uint64_t hash = 0xcbf29ce484222325ull;
  if (!path)
    return;
  for (size_t i = 0; i < s->n * s->width; i++)
    hash = (hash ^ s->in[i]) * 0x100000001b3ull;
  FILE *f = fopen(path, "a");
  if (f) {
    fprintf(f, "%s n=%zu %016" PRIx64 "\n", dtypes[s->dtype], s->n, hash);
    fclose(f);
  }
}

static int staging_verify(const kbench_host *h, void *state)
{
  staging *s = state;
  int status = h->parallel_for(h, s->n, 0, compare, s);
  if (status != KBENCH_OK)
    return status;
  memset(s->hits, 0, s->n);
  memset(s->partial, 0, s->workers * sizeof *s->partial);
  status = h->parallel_for(h, s->n, s->grain, cover, s);
  if (status != KBENCH_OK)
    return status;
  uint64_t serial = 0, parallel = 0;
  for (size_t i = 0; i < s->n; i++) {
    if (s->hits[i] != 1)
      return h->fail(h, KBENCH_ERROR, "parallel_for visited index %zu %u "
                     "times", i, s->hits[i]);
    serial += s->out[i * s->width];
  }
  for (unsigned w = 0; w < s->workers; w++)
    parallel += s->partial[w];
  if (serial != parallel)
    return h->fail(h, KBENCH_ERROR, "per-worker sum %" PRIu64 ", serial %"
                   PRIu64, parallel, serial);
  write_checksum(s);
  return KBENCH_OK;
}

static void staging_bytes(const kbench_host *h, void *state, kbench_bytes *b)
{
  staging *s = state;
  (void)h;
  b->read = b->written = s->n * s->width;
  b->memory = KBENCH_MEM_HOST;
}

/* A copy does no arithmetic; count one operation an element for the
** float types, so that the tests see FLOP/s reported and not. */
static void staging_work(const kbench_host *h, void *state, kbench_work *w)
{
  staging *s = state;
  (void)h;
  w->items = s->n;
  w->flops = s->dtype == F32 || s->dtype == F64 ? s->n : 0;
}

static void staging_teardown(const kbench_host *h, void *state)
{
  staging *s = state;
  (void)h;
  /* host_alloc's memory lasts until after teardown. */
  if (s->hits && s->hits[s->n] != 0xA5)
    abort();
  free(s->in);
  free(s->out);
  free(s->partial);
  free(s);
}

static const kbench_variant staging_variant = {
  .size = sizeof(kbench_variant),
  .name = "staging",
  .summary = "TEST ONLY: fill, element, parallel_for, enumerated parameters",
  .origin = "tests",
  .backend = KBENCH_BACKEND_HOST,
  .params = staging_params,
  .n_params = sizeof staging_params / sizeof staging_params[0],
  .setup = staging_setup,
  .run = staging_run,
  .verify = staging_verify,
  .bytes_moved = staging_bytes,
  .teardown = staging_teardown,
  .work = staging_work,
};

KBENCH_PLUGIN(&staging_variant)
