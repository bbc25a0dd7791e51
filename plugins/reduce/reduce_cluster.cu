/*
** reduce_cluster: reduce_vec4 with Hopper's thread-block clusters.  What
** changes against reduce_vec4 is the tail, where a short launch spends its
** time (1M..16M elements):
**   - every block sums its tiles exactly as reduce_vec4 (vec4_thread_sum,
**     block_sum_shfl);
**   - the blocks of a cluster meet in distributed shared memory, pushed,
**     not pulled: each block's thread 0 stores its sum into rank 0's
**     shared memory and arrives on rank 0's mbarrier (release, cluster
**     scope), and its block exits at once; only rank 0 waits.  The cluster
**     barrier that makes rank 0's mbarrier initialised for all is split:
**     arrive before the loads, wait after them, so it costs nothing;
**   - clusters are few (at most 65536), so one 64-bit atomicAdd per
**     cluster carries both the ticket (bits 48..63) and the sum (bits
**     0..47: each sum biased by 2^31, so that none is negative and nothing
**     borrows from the ticket, and 65536 of them stay below 2^48).  The
**     cluster that draws the last ticket has the total in the value it
**     got back: no __threadfence, no second atomic, no exchange
**     (reduce_vec4's tail is atomicAdd, fence, ticket, fence, exchange, in
**     series on the last block).
** On the H100 (bench/tune/hopper.cu) pulling with two cluster.sync() and
** reduce_vec4's tail was 16-18% slower than reduce_vec4 at 1M; pushing
** alone still 10%; pushing with the one packed atomic is faster.
** `cluster` 0 picks the fewest blocks per cluster, from 2 to 8, that keep
** the clusters at 1024 or fewer: 2 up to 16M elements at 512 threads,
** where waiting for fewer blocks pays; 8 from 64M on, where fewer atomics
** pay (on the H200 at 1G, 984 us against 1028 with 2, and reduce_vec4's
** one atomic per block held it to 1148 us: the same-address atomics'
** rate is the ceiling there).  Past 65536 clusters (only with small
** blocks) the grid stops growing and blocks take several tiles.
** Needs sm_90: KBENCH_UNSUPPORTED before.
*/
#include <cooperative_groups.h>
#include <cuda/ptx>

#include "reduce_common.cuh"

namespace cg = cooperative_groups;

#define CLUSTER_MAX_CLUSTERS 65536     /* the ticket's 16 bits, 0..65535 */
#define CLUSTER_AUTO_CLUSTERS 1024     /* what `cluster` 0 aims at */
#define CLUSTER_TICKET_SHIFT 48
#define CLUSTER_MAX_SIZE 16            /* 8 portable, 16 on the H100 */

__global__ void reduce_cluster_kernel(const int *__restrict__ in, int *out,
                                      size_t n, unsigned long long *acc)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  __shared__ int partial[CLUSTER_MAX_SIZE];   /* rank 0's: one per block */
  __shared__ uint64_t arrived;                /* rank 0's */
  cg::cluster_group cluster = cg::this_cluster();
  const unsigned rank = cluster.block_rank(), size = cluster.num_blocks();
  if (rank == 0 && threadIdx.x == 0) {
    cuda::ptx::mbarrier_init(&arrived, size);
    cuda::ptx::fence_mbarrier_init(cuda::ptx::sem_release,
                                   cuda::ptx::scope_cluster);
  }
  asm volatile("barrier.cluster.arrive.relaxed.aligned;" ::: "memory");
  int sum = block_sum_shfl(vec4_thread_sum(in, n));
  asm volatile("barrier.cluster.wait.aligned;" ::: "memory");
  if (threadIdx.x != 0)
    return;
  *cluster.map_shared_rank(&partial[rank], 0) = sum;
  cuda::ptx::mbarrier_arrive(cuda::ptx::sem_release, cuda::ptx::scope_cluster,
                             cuda::ptx::space_cluster,
                             cluster.map_shared_rank(&arrived, 0));
  if (rank != 0)
    return;   /* nobody reads this block's shared memory */
  while (!cuda::ptx::mbarrier_try_wait_parity(cuda::ptx::sem_acquire,
                                              cuda::ptx::scope_cluster,
                                              &arrived, 0))
    ;
  int v = 0;
  for (unsigned r = 0; r < size; r++)
    v += partial[r];
  const unsigned clusters = gridDim.x / size;
  const unsigned long long add =
      (1ull << CLUSTER_TICKET_SHIFT) |
      (unsigned long long)((unsigned)v ^ 0x80000000u);   /* v + 2^31 */
  const unsigned long long old = atomicAdd(acc, add);
  if ((unsigned)(old >> CLUSTER_TICKET_SHIFT) == clusters - 1) {
    /* The low 32 bits of the biased total, less the clusters' biases. */
    *out = (int)((unsigned)(old + add) - clusters * 0x80000000u);
    *acc = 0;   /* every other cluster has added: ready for the next run */
  }
#endif
}

static const kbench_param params[] = {
  REDUCE_PARAM_N,
  REDUCE_PARAM_THREADS("512"),
  REDUCE_PARAM_OFFSET,
  {"cluster", "blocks per thread-block cluster (0: the fewest from 2 to 8 "
   "that keep 1024 clusters; above 8, the H100's non-portable 16)", "0", 0,
   CLUSTER_MAX_SIZE, 0},
};

/* The launch of s's grid as clusters of s->cluster blocks. */
static void cluster_config(const reduce_state *s, cudaStream_t stream,
                           cudaLaunchConfig_t *config,
                           cudaLaunchAttribute *attr)
{
  *config = cudaLaunchConfig_t{};
  *attr = cudaLaunchAttribute{};
  attr->id = cudaLaunchAttributeClusterDimension;
  attr->val.clusterDim.x = s->cluster;
  attr->val.clusterDim.y = 1;
  attr->val.clusterDim.z = 1;
  config->gridDim = dim3(s->blocks);
  config->blockDim = dim3(s->threads);
  config->stream = stream;
  config->attrs = attr;
  config->numAttrs = 1;
}

/* reduce_vec4's plan, the grid in whole clusters, at most 65536 of them;
** the device and the binary must have sm_90. */
static int plan(const kbench_host *h, reduce_state *s)
{
  int rc = kbench_require_sm(h, (const void *)reduce_cluster_kernel, 9,
                             "thread-block clusters");
  if (rc != KBENCH_OK)
    return rc;
  rc = reduce_plan_vec4<int>(h, s);
  if (rc != KBENCH_OK)
    return rc;
  size_t tiles = s->blocks;
  s->cluster = (unsigned)h->param(h, "cluster");
  if (s->cluster == 0)
    for (s->cluster = 2; s->cluster < 8; s->cluster *= 2)
      if ((tiles + s->cluster - 1) / s->cluster <= CLUSTER_AUTO_CLUSTERS)
        break;
  size_t clusters = (tiles + s->cluster - 1) / s->cluster;
  if (clusters > CLUSTER_MAX_CLUSTERS)
    clusters = CLUSTER_MAX_CLUSTERS;   /* blocks then take several tiles */
  s->blocks = (unsigned)(clusters * s->cluster);

  /* Can the device place one cluster of this size at all? */
  if (s->cluster > 8)
    KBENCH_CUDA(h, cudaFuncSetAttribute(
                       reduce_cluster_kernel,
                       cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
  cudaLaunchConfig_t config;
  cudaLaunchAttribute attr;
  cluster_config(s, 0, &config, &attr);
  int placeable = 0;
  KBENCH_CUDA(h, cudaOccupancyMaxActiveClusters(
                     &placeable, reduce_cluster_kernel, &config));
  if (placeable == 0)
    return h->fail(h, KBENCH_UNSUPPORTED, "the device cannot place a cluster "
                   "of %u blocks of %u threads", s->cluster, s->threads);
  return KBENCH_OK;
}

static int run(const kbench_host *h, void *state)
{
  reduce_state *s = (reduce_state *)state;
  cudaLaunchConfig_t config;
  cudaLaunchAttribute attr;
  cluster_config(s, kbench_stream(h), &config, &attr);
  KBENCH_CUDA(h, cudaLaunchKernelEx(&config, reduce_cluster_kernel,
                                    (const int *)s->in, (int *)s->out, s->n,
                                    (unsigned long long *)s->scratch));
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

static int reduce_cluster_setup(const kbench_host *h, void **state)
{
  return reduce_setup(h, state, plan);
}

static const kbench_variant reduce_cluster_variant = {
  .size = sizeof(kbench_variant),
  .name = "reduce_cluster",
  .summary = "reduce_vec4 + thread-block clusters: partial sums pushed "
             "through distributed shared memory, one packed sum-and-ticket "
             "atomic per cluster (sm_90)",
  .origin = "Hopper thread-block clusters, distributed shared memory",
  .backend = KBENCH_BACKEND_CUDA,
  .params = params,
  .n_params = KBENCH_COUNT(params),
  .setup = reduce_cluster_setup,
  .run = run,
  .verify = reduce_verify,
  .bytes_moved = reduce_bytes,
  .teardown = reduce_teardown,
  .work = reduce_work,
};

KBENCH_PLUGIN(&reduce_cluster_variant)
