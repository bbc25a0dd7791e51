/*
** reduce_cluster: reduce_vec4 with Hopper's thread-block clusters.  What
** changes against reduce_vec4: the blocks of a cluster (`cluster` blocks,
** scheduled together on one GPC) combine their partial sums through
** distributed shared memory before touching global memory, so a launch
** makes one atomicAdd and one ticket per *cluster* instead of per block:
** 8 times fewer same-address atomics, which serialise in L2 and weigh
** most where the launch is short (1M..16M elements).
**   - every block sums its tile exactly as reduce_vec4 (vec4_thread_sum,
**     block_sum_shfl) and leaves the sum in its own shared memory;
**   - cluster.sync(); warp 0 of the cluster's block 0 reads the others'
**     sums through cluster.map_shared_rank (a DSMEM load), adds them with
**     shuffles and does the atomic and the last-cluster ticket;
**   - a second cluster.sync() keeps every block's shared memory alive
**     until block 0 has read it (DSMEM of an exited block is gone).
** The grid is rounded up to a whole number of clusters; the extra blocks
** find no tile and add zero.  Needs sm_90: KBENCH_UNSUPPORTED before.
*/
#include <cooperative_groups.h>

#include "reduce_common.cuh"

namespace cg = cooperative_groups;

__global__ void reduce_cluster_kernel(const int *__restrict__ in, int *out,
                                      size_t n, unsigned *acc)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  __shared__ int block_total;
  cg::cluster_group cluster = cg::this_cluster();
  int sum = block_sum_shfl(vec4_thread_sum(in, n));
  if (threadIdx.x == 0)
    block_total = sum;
  cluster.sync();
  if (cluster.block_rank() == 0 && threadIdx.x < 32) {
    unsigned lane = threadIdx.x;
    int v = lane < cluster.num_blocks()
                ? *cluster.map_shared_rank(&block_total, lane)
                : 0;
    v = warp_sum(v);
    if (lane == 0) {
      unsigned clusters = gridDim.x / cluster.num_blocks();
      atomicAdd((int *)&acc[0], v);
      __threadfence();
      if (atomicInc(&acc[1], clusters - 1) == clusters - 1) {
        /* Last cluster: the ticket wrapped to 0; take the total. */
        __threadfence();
        *out = atomicExch((int *)&acc[0], 0);
      }
    }
  }
  cluster.sync();
#endif
}

static const kbench_param params[] = {
  REDUCE_PARAM_N,
  REDUCE_PARAM_THREADS("512"),
  REDUCE_PARAM_OFFSET,
  {"cluster", "blocks per thread-block cluster (8: the portable most)", "8",
   1, 8, KBENCH_PARAM_POW2},
};

/* reduce_vec4's plan, the grid rounded up to whole clusters; the device and
** the binary must have sm_90. */
static int plan(const kbench_host *h, reduce_state *s)
{
  const kbench_device *d = h->device(h);
  if (d->cc_major < 9)
    return h->fail(h, KBENCH_UNSUPPORTED,
                   "needs sm_90 (thread-block clusters), device is sm_%d%d",
                   d->cc_major, d->cc_minor);
  cudaFuncAttributes a;
  KBENCH_CUDA(h, cudaFuncGetAttributes(&a, reduce_cluster_kernel));
  if (a.ptxVersion < 90 && a.binaryVersion < 90)
    return h->fail(h, KBENCH_UNSUPPORTED,
                   "built without an sm_90 target (binary sm_%d): "
                   "configure --with-cuda-arch=90", a.binaryVersion);
  int rc = reduce_plan_vec4<int>(h, s);
  if (rc != KBENCH_OK)
    return rc;
  s->cluster = (unsigned)h->param(h, "cluster");
  size_t blocks = ((size_t)s->blocks + s->cluster - 1) / s->cluster
                  * s->cluster;
  if (blocks > INT32_MAX)
    return h->fail(h, KBENCH_ERROR, "%zu blocks exceed the grid limit",
                   blocks);
  s->blocks = (unsigned)blocks;
  return KBENCH_OK;
}

static int run(const kbench_host *h, void *state)
{
  reduce_state *s = (reduce_state *)state;
  cudaLaunchConfig_t config = {};
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeClusterDimension;
  attr[0].val.clusterDim.x = s->cluster;
  attr[0].val.clusterDim.y = 1;
  attr[0].val.clusterDim.z = 1;
  config.gridDim = dim3(s->blocks);
  config.blockDim = dim3(s->threads);
  config.stream = kbench_stream(h);
  config.attrs = attr;
  config.numAttrs = 1;
  KBENCH_CUDA(h, cudaLaunchKernelEx(&config, reduce_cluster_kernel,
                                    (const int *)s->in, (int *)s->out, s->n,
                                    (unsigned *)s->scratch));
  KBENCH_LAUNCHED(h);
  return KBENCH_OK;
}

REDUCE_PLUGIN(reduce_cluster,
              "reduce_vec4 + thread-block clusters: partial sums meet in "
              "distributed shared memory, one atomic per cluster (sm_90)",
              "Hopper thread-block clusters, distributed shared memory",
              params, plan, run)
