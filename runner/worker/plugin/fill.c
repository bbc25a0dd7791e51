/*
** Counter-based random fills of staging buffers, the same on any number of
** threads (fill.h).
*/
#include <math.h>
#include <string.h>

#include <kbench/plugin.h>

#include "util/fill_bits.h"
#include "util/rng.h"
#include "worker/plugin/fill.h"

uint64_t kb_fill_key(uint64_t seed, uint64_t index, uint64_t buffer)
{
  /* The case's stream, as for h->random, then the buffer mixed in so that
  ** buffers 0, 1, 2 start far apart on the sequence. */
  kb_rng r;
  kb_rng_seed(&r, seed, index);
  return kb_fill_mix(r.state
                     ^ kb_fill_mix(buffer * 0xD1B54A32D192ED03ull
                                   + KB_FILL_GAMMA));
}

const char *kb_fill_check(int type, double lo, double hi)
{
  if (!isfinite(lo) || !isfinite(hi))
    return "lo and hi must be finite";
  switch (type) {
  case KBENCH_TYPE_I32:
    if (lo != floor(lo) || hi != floor(hi) || lo < INT32_MIN
        || hi > INT32_MAX || lo > hi)
      return "an int32 range needs integers INT32_MIN <= lo <= hi <= "
             "INT32_MAX";
    return NULL;
  case KBENCH_TYPE_U8:
    if (lo != floor(lo) || hi != floor(hi) || lo < 0 || hi > 255 || lo > hi)
      return "a uint8 range needs integers 0 <= lo <= hi <= 255";
    return NULL;
  case KBENCH_TYPE_F32:
  case KBENCH_TYPE_F64:
    return lo < hi ? NULL : "a floating-point range needs lo < hi";
  }
  return "unknown element type";
}

size_t kb_fill_size(int type)
{
  return type == KBENCH_TYPE_U8 ? 1 : type == KBENCH_TYPE_F64 ? 8 : 4;
}

double kb_fill_element(const kb_fill *f, uint64_t i)
{
  uint64_t bits = kb_fill_bits(f->key, i);
  switch (f->type) {
  case KBENCH_TYPE_F32:
    return kb_fill_f32(bits, f->lo, f->hi);
  case KBENCH_TYPE_F64:
    return kb_fill_f64(bits, f->lo, f->hi);
  default:
    return (double)kb_fill_integer(bits, f->lo, f->hi);
  }
}

typedef struct fill_job {
  const kb_fill *fill;
  void *ptr;
} fill_job;

static int fill_chunk(void *ctx, size_t begin, size_t end, unsigned worker)
{
  fill_job *job = ctx;
  (void)worker;
  kb_fill_range(job->fill, job->ptr, begin, end);
  return 0;
}

void kb_fill_parallel(const kb_fill *f, void *ptr, size_t n, kb_pool *pool)
{
  fill_job job = {f, ptr};
  char msg[1];
  int misused;
  /* Chunks of 64 KiB or more: a chunk costs a few atomic operations. */
  kb_pool_for(pool, n, (64 << 10) / kb_fill_size(f->type), fill_chunk, &job,
              msg, sizeof msg, &misused);
}

/* One loop per type, so that each compiles to a tight loop over one
** element width. */
void kb_fill_range(const kb_fill *f, void *ptr, size_t begin, size_t end)
{
  const double lo = f->lo, hi = f->hi;
  uint64_t c = f->key + (begin + 1) * KB_FILL_GAMMA;
  switch (f->type) {
  case KBENCH_TYPE_I32:
    for (size_t i = begin; i < end; i++, c += KB_FILL_GAMMA)
      ((int32_t *)ptr)[i] = (int32_t)kb_fill_integer(kb_fill_mix(c), lo,
                                                     hi);
    break;
  case KBENCH_TYPE_U8:
    for (size_t i = begin; i < end; i++, c += KB_FILL_GAMMA)
      ((uint8_t *)ptr)[i] = (uint8_t)kb_fill_integer(kb_fill_mix(c), lo,
                                                     hi);
    break;
  case KBENCH_TYPE_F32:
    for (size_t i = begin; i < end; i++, c += KB_FILL_GAMMA)
      ((float *)ptr)[i] = kb_fill_f32(kb_fill_mix(c), lo, hi);
    break;
  case KBENCH_TYPE_F64:
    for (size_t i = begin; i < end; i++, c += KB_FILL_GAMMA)
      ((double *)ptr)[i] = kb_fill_f64(kb_fill_mix(c), lo, hi);
    break;
  }
}
