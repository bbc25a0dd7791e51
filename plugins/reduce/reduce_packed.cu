/*
** reduce_packed: the family's flagship, reduce_vec4 with one packed atomic
** per block, from 1M to 1G ints.
**   - Each block sums whole tiles of threads x U 16-byte loads, every load
**     of a tile in flight at once (vecn_thread_sum), blocks in address
**     order.  Its warps sum with redux.sync (one instruction a warp,
**     sm_80 on; shuffles before), its warp leaders in shared memory.
**   - One 64-bit atomicAdd per block carries both the block's sum (biased
**     by 2^31 so that none is negative, in bits 0..47) and its ticket (bit
**     48 up).  The block that draws the last ticket holds the total in the
**     value it got back: no __threadfence, no second atomic, no exchange.
**     reduce_vec4's tail is atomicAdd, fence, ticket, fence, exchange, per
**     block: at 1G ints (131072 blocks) it held the H200 to 78% of its DRAM
**     peak, against 91% for one packed atomic per cluster (reduce_cluster)
**     and 94% for CUB (bench/results/2026-11-24/h200/cubwhy.txt).
**   - The ticket's 16 bits cap the grid at 65536 blocks; past that blocks
**     stride by the grid (1G ints at U = 8: 65536 tiles, one each).
** The shape is chosen from the device, not from a table per GPU:
**   - U, the loads a thread keeps in flight per tile, is 4, or 8 when two
**     facts hold.  The grid is long: tiles of 8 still fill four waves of
**     the blocks the device holds at once (SMs x blocks an SM), so no SM
**     idles in a short launch.  And DRAM is fast for the SM count: a tile
**     of 4 loads streams in under PACKED_BLOCK_US at one resident block's
**     share of the theoretical bandwidth (peak / (SMs x blocks an SM)),
**     so a block's fixed costs (its launch, its sum, its atomic) weigh,
**     and a longer tile amortises them.  At 512 threads (4 blocks an SM)
**     a tile of 4 is 32 KiB: 5.2 us on the H100 (3352 GB/s, 132 SMs), 3.6
**     us on the H200 (4814 GB/s).  Measured (bench/tune/flagship.cu,
**     bench/results/2026-11-24/): on the H200, 8 loads are 0.7% faster at
**     64M and 2.5% at 256M, and 4 loads 1% faster at 16M and 4% at 1M; on
**     the H100, 4 loads are 0.3-1% faster at every size.
**   - threads 512 by default; `unroll` and `threads` are parameters, so
**     `kbench tune` can search them.
*/
#include "reduce_common.cuh"

#define PACKED_MAX_BLOCKS 65536   /* the ticket's 16 bits */
#define PACKED_TICKET_SHIFT 48
#define PACKED_AUTO_WAVES 4       /* U = 8 once its tiles fill this many */
#define PACKED_BLOCK_US 4.5       /* ... and a tile of 4 streams in less */

/* The block's sum for thread 0: redux.sync per warp (sm_80 on). */
__device__ __forceinline__ int block_sum_redux(int v)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  __shared__ int warp_total[32];
  unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  v = __reduce_add_sync(0xffffffffu, v);
  if (lane == 0)
    warp_total[warp] = v;
  __syncthreads();
  if (warp == 0)
    v = __reduce_add_sync(0xffffffffu,
                          lane < blockDim.x / 32 ? warp_total[lane] : 0);
  return v;
#else
  return block_sum_shfl(v);
#endif
}

template <int U>
__global__ void reduce_packed_kernel(const int *__restrict__ in, int *out,
                                     size_t n, unsigned long long *acc)
{
  int sum = block_sum_redux(vecn_thread_sum<int, U>(in, n));
  if (threadIdx.x != 0)
    return;
  const unsigned long long add =
      (1ull << PACKED_TICKET_SHIFT) |
      (unsigned long long)((unsigned)sum ^ 0x80000000u);   /* sum + 2^31 */
  const unsigned long long old = atomicAdd(acc, add);
  if ((unsigned)(old >> PACKED_TICKET_SHIFT) == gridDim.x - 1) {
    /* The low 32 bits of the biased total, less the blocks' biases. */
    *out = (int)((unsigned)(old + add) - gridDim.x * 0x80000000u);
    *acc = 0;   /* every other block has added: ready for the next run */
  }
}

static const void *packed_kernel(unsigned unroll)
{
  return unroll == 2 ? (const void *)reduce_packed_kernel<2>
       : unroll == 4 ? (const void *)reduce_packed_kernel<4>
       : unroll == 8 ? (const void *)reduce_packed_kernel<8>
                     : (const void *)reduce_packed_kernel<16>;
}

static size_t tiles_of(size_t n, unsigned threads, unsigned unroll)
{
  size_t tile = (size_t)unroll * 4 * threads;
  return (n + tile - 1) / tile;
}

/* U = 8 when its tiles fill PACKED_AUTO_WAVES waves of resident blocks
** and a tile of 4 streams in under PACKED_BLOCK_US at a resident block's
** share of the DRAM bandwidth; else 4 (the header says why). */
static int auto_unroll(const kbench_host *h, reduce_state *s)
{
  const kbench_device *d = h->device(h);
  int per_sm = 0;
  KBENCH_CUDA(h, cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                     &per_sm, reduce_packed_kernel<8>, (int)s->threads, 0));
  size_t resident = (size_t)per_sm * d->sm_count;
  double share = resident ? d->peak_gbps * 1e3 / resident : 0; /* B/us */
  double tile4_us = share > 0 ? 4.0 * 16 * s->threads / share : 1e9;
  s->unroll = resident
              && tiles_of(s->n, s->threads, 8) >= PACKED_AUTO_WAVES * resident
              && tile4_us < PACKED_BLOCK_US ? 8 : 4;
  return KBENCH_OK;
}

static int plan(const kbench_host *h, reduce_state *s)
{
  s->threads = (unsigned)h->param(h, "threads");
  s->offset = (size_t)h->param(h, "offset");
  s->unroll = (unsigned)h->param(h, "unroll");
  if (s->unroll != 0 && s->unroll != 2 && s->unroll != 4 && s->unroll != 8
      && s->unroll != 16)
    return h->fail(h, KBENCH_UNSUPPORTED, "unroll=%u: 0 (chosen from the "
                   "device), 2, 4, 8 or 16", s->unroll);
  int rc = s->unroll ? KBENCH_OK : auto_unroll(h, s);
  if (rc != KBENCH_OK)
    return rc;
  /* Many loads a thread at many threads a block: a launch the device
  ** refuses (registers) is unsupported, not a failure. */
  cudaFuncAttributes attr;
  KBENCH_CUDA(h, cudaFuncGetAttributes(&attr, packed_kernel(s->unroll)));
  if ((unsigned)attr.maxThreadsPerBlock < s->threads)
    return h->fail(h, KBENCH_UNSUPPORTED, "unroll=%u takes %d registers a "
                   "thread: at most %d threads a block", s->unroll,
                   attr.numRegs, attr.maxThreadsPerBlock);
  s->tile = (size_t)s->unroll * 4 * s->threads;
  s->n_out = 1;
  s->scratch_bytes = sizeof(unsigned long long);
  size_t tiles = tiles_of(s->n, s->threads, s->unroll);
  s->blocks = tiles == 0 ? 1 : tiles > PACKED_MAX_BLOCKS ? PACKED_MAX_BLOCKS
                                                         : (unsigned)tiles;
  return KBENCH_OK;
}

static int run(const kbench_host *h, void *state)
{
  reduce_state *s = (reduce_state *)state;
  const int *in = (const int *)s->in;
  int *out = (int *)s->out;
  unsigned long long *acc = (unsigned long long *)s->scratch;
  size_t n = s->n;
  void *args[] = {&in, &out, &n, &acc};
  KBENCH_CUDA(h, cudaLaunchKernel(packed_kernel(s->unroll), s->blocks,
                                  s->threads, args, 0, kbench_stream(h)));
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

static const kbench_param params[] = {
  REDUCE_PARAM_N,
  REDUCE_PARAM_THREADS("512"),
  REDUCE_PARAM_OFFSET,
  {"unroll", "16-byte loads per thread per tile: 2, 4, 8 or 16 (0: 4, or "
   "8 once its tiles fill four waves of the device's resident blocks)",
   "0", 0, 16, 0},
};

static int reduce_packed_setup(const kbench_host *h, void **state)
{
  return reduce_setup(h, state, plan);
}

static const kbench_variant reduce_packed_variant = {
  .size = sizeof(kbench_variant),
  .name = "reduce_packed",
  .summary = "the flagship: int4 tiles, one packed sum-and-ticket atomic per "
             "block, loads per thread chosen from the device",
  .origin = "reduce_vec4 + reduce_cluster's packed atomic, per block",
  .backend = KBENCH_BACKEND_CUDA,
  .params = params,
  .n_params = KBENCH_COUNT(params),
  .setup = reduce_packed_setup,
  .run = run,
  .verify = reduce_verify,
  .bytes_moved = reduce_bytes,
  .teardown = reduce_teardown,
  .work = reduce_work,
};

KBENCH_PLUGIN(&reduce_packed_variant)
