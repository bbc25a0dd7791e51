/*
** coalesce_offset: out[i] = in[i + offset] + 1.
**
** The first variant of the family and its ceiling at offset 0: consecutive
** threads read consecutive 4-byte words, so a warp's 128 bytes fill exactly
** four 32-byte sectors of one 128-byte line.  A non-zero offset (in
** elements) shifts every warp's reads off that boundary: unless offset is a
** multiple of 8 the warp straddles five sectors instead of four, and unless
** it is a multiple of 32 it spans two 128-byte lines.  The writes stay
** aligned, so only the read side changes.  Compute capability 1.x split
** such a half-warp into 16 transactions (the seed's figure 2); on an H100
** the L1/L2 merge the neighbouring warps' sectors and the cost is small:
** that is what the sweep measures.  The input holds n + offset elements.
*/
#include "coalesce_common.cuh"

__global__ void copy_offset(const int *__restrict__ in, int *__restrict__ out,
                            size_t n, unsigned offset)
{
  size_t i = coalesce_index();
  if (i < n)
    out[i] = in[i + offset] + 1;
}

static size_t offset_in_elems(size_t n, size_t offset) { return n + offset; }

/* Outputs [begin, end) of the reference: want[i] = in[i + offset] + 1. */
static int offset_reference_range(void *ctx, size_t begin, size_t end,
                                  unsigned worker)
{
  const coalesce_job *j = (const coalesce_job *)ctx;
  const int *in = (const int *)j->in;
  int *want = (int *)j->s->want;
  (void)worker;
  for (size_t i = begin; i < end; i++)
    want[i] = (int)((int64_t)in[i + j->s->arg] + 1);
  return KBENCH_OK;
}

static int offset_reference(const kbench_host *h, const coalesce_state *s,
                            const int *in)
{
  coalesce_job j = {h, s, in};
  return kbench_parallel(h, s->n, coalesce_grain(s->kind),
                         offset_reference_range, &j);
}

static void offset_launch(const coalesce_state *s, cudaStream_t stream)
{
  copy_offset<<<kbench_blocks(s->n, s->threads), s->threads, 0, stream>>>(
      (const int *)s->in, (int *)s->out, s->n, (unsigned)s->arg);
}

/* ints, 1 word per element, input n + offset long, read at i + offset */
static const coalesce_kind offset_kind = {
  .arg = "offset",
  .fields = 1,
  .words = 1,
  .in_elems = offset_in_elems,
  .reference = offset_reference,
  .launch = offset_launch,
};

static const kbench_param offset_params[] = {
  COALESCE_PARAM_N("64M", (int64_t)1 << 30),
  COALESCE_PARAM_THREADS,
  {"offset", "elements the reads are shifted by", "0,1,2,4,8,16,32", 0, 64, 0},
};

static int coalesce_offset_setup(const kbench_host *h, void **state)
{
  return coalesce_setup(h, state, &offset_kind);
}

static const kbench_variant coalesce_offset_variant = {
  .size = sizeof(kbench_variant),
  .name = "coalesce_offset",
  .summary = "int copy reading in[i + offset]: misaligned warp reads",
  .origin = COALESCE_ORIGIN,
  .backend = KBENCH_BACKEND_CUDA,
  .params = offset_params,
  .n_params = KBENCH_COUNT(offset_params),
  .setup = coalesce_offset_setup,
  .run = coalesce_run,
  .verify = coalesce_verify,
  .bytes_moved = coalesce_bytes,
  .teardown = coalesce_teardown,
  .work = coalesce_work,
};

KBENCH_PLUGIN(&coalesce_offset_variant)
