// cupti_check: kbench's CUPTI glue (runner/gpu/cupti.h, runner/model/metrics.h) on a real GPU.
// Validates every set's names on the device, collects smem for bank strides 1/2/32, memory for a
// 256 MiB read, a three-kernel run, times the one-pass bytes audit per case, names a kernel on a
// side stream from activity records, and writes ours.csv for bench/cupti_check.sh to compare with
// `ncu --metrics` of the same names. `cupti_check --ncu-target` only launches the compared kernels
// once each, in order, for ncu to profile. Build and run: bench/cupti_check.sh.
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "model/metrics.h"
#include "gpu/cupti.h"

static int g_fail = 0;
#define CUDA(x)                                                                                          \
  do {                                                                                                   \
    cudaError_t e_ = (x);                                                                                \
    if (e_ != cudaSuccess) printf("!! %s -> %s [line %d]\n", #x, cudaGetErrorString(e_), __LINE__), exit(2); \
  } while (0)
static void check(bool cond, const char *what)
{
  printf("  [%s] %s\n", cond ? "PASS" : "FAIL", what);
  g_fail += !cond;
}
using Clock = std::chrono::steady_clock;
static double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }
static double median(std::vector<double> v)
{
  std::sort(v.begin(), v.end());
  return v.empty() ? NAN : v[v.size() / 2];
}

// ------------------------------------------------------------------ kernels
#define GRID_STRIDE(i, n) for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < (n); i += (size_t)gridDim.x * blockDim.x)
__global__ void k_fill(int4 *p, size_t n4, int v) { GRID_STRIDE(i, n4) p[i] = make_int4(v, v, v, v); }
__global__ void k_read(const int4 *__restrict__ in, size_t n4, unsigned long long *out)
{
  int s = 0;
  GRID_STRIDE(i, n4) { int4 v = in[i]; s += v.x + v.y + v.z + v.w; }
  for (int o = 16; o; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);
  if ((threadIdx.x & 31) == 0) atomicAdd(out, (unsigned long long)s);
}
__global__ void k_copy(const int4 *__restrict__ in, int4 *__restrict__ out, size_t n4) { GRID_STRIDE(i, n4) out[i] = in[i]; }
__global__ void k_bank_stride(int stride, int iters, int *out)
{
  __shared__ int smem[1024];
  for (int j = threadIdx.x; j < 1024; j += blockDim.x) smem[j] = j;
  __syncthreads();
  volatile int *vs = smem;
  int idx = (threadIdx.x * stride) % 1024, acc = 0;
  for (int i = 0; i < iters; ++i) acc += vs[idx];
  if (acc == -1) out[blockIdx.x] = acc;
}
template <int PAD> __global__ void k_transpose(const float *__restrict__ in, float *__restrict__ out, int n)
{
  __shared__ float tile[32][32 + PAD];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8) tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x, y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8) out[(size_t)(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}
// Read-only L2 eviction: leaves clean lines (a memset flush's dirty lines count as DRAM writes).
__global__ void k_read_flush(const int4 *__restrict__ p, size_t n4, int *sink)
{
  int x = 0;
  GRID_STRIDE(i, n4) { int4 v = p[i]; x ^= v.x ^ v.y ^ v.z ^ v.w; }
  if (x == 0x7fffffff) *sink = x;
}

struct Bufs {
  int4 *a, *b, *flush;
  size_t n4, flush4;
  int *small;
  unsigned long long *sum;
  cudaStream_t s, side;
  int grid, block;
} B;

struct Target {
  const char *label;
  void (*launch)(cudaStream_t);
};
static void t_read(cudaStream_t s) { k_read<<<B.grid, B.block, 0, s>>>(B.a, B.n4, B.sum); }
static void t_copy(cudaStream_t s) { k_copy<<<B.grid, B.block, 0, s>>>(B.a, B.b, B.n4); }
static void t_bank1(cudaStream_t s) { k_bank_stride<<<B.grid, B.block, 0, s>>>(1, 256, B.small); }
static void t_bank2(cudaStream_t s) { k_bank_stride<<<B.grid, B.block, 0, s>>>(2, 256, B.small); }
static void t_bank32(cudaStream_t s) { k_bank_stride<<<B.grid, B.block, 0, s>>>(32, 256, B.small); }
static const int TN = 8192;  // 8192^2 floats = 256 MiB
static void t_tr0(cudaStream_t s) { k_transpose<0><<<dim3(TN / 32, TN / 32), dim3(32, 8), 0, s>>>((const float *)B.a, (float *)B.b, TN); }
static void t_tr1(cudaStream_t s) { k_transpose<1><<<dim3(TN / 32, TN / 32), dim3(32, 8), 0, s>>>((const float *)B.a, (float *)B.b, TN); }
static const Target targets[] = {{"read256", t_read},   {"copy256", t_copy}, {"bank_stride_1", t_bank1},
                                 {"bank_stride_2", t_bank2}, {"bank_stride_32", t_bank32},
                                 {"transpose_nopad", t_tr0}, {"transpose_pad33", t_tr1}};
static const size_t ntargets = sizeof targets / sizeof *targets;

// The names compared with ncu: counts (agreement within 1% expected) and ratios.
static const char *cmp_list =
    "dram__bytes_read.sum,dram__bytes_write.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,"
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,smsp__inst_executed_op_shared_ld.sum,"
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,"
    "lts__t_sector_hit_rate.pct,smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct,"
    "l1tex__average_t_sectors_per_request_pipe_lsu_mem_global_op_ld.ratio,"
    "sm__warps_active.avg.pct_of_peak_sustained_active";

// ------------------------------------------------------------------ callbacks
struct RunCtx {
  std::vector<void (*)(cudaStream_t)> launches;
};
static int run_cb(void *ctx, char *err, size_t n)
{
  for (auto f : static_cast<RunCtx *>(ctx)->launches) f(B.s);
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) return snprintf(err, n, "launch: %s", cudaGetErrorString(e)), 1;
  return 0;
}
static int flush_cb(void *, char *err, size_t n)
{
  k_read_flush<<<B.grid, B.block, 0, B.s>>>(B.flush, B.flush4, B.small);
  cudaError_t e = cudaMemsetAsync(B.sum, 0, 8, B.s);
  if (e == cudaSuccess) e = cudaGetLastError();
  if (e != cudaSuccess) return snprintf(err, n, "flush: %s", cudaGetErrorString(e)), 1;
  return 0;
}

static kb_cupti *S;
static char err[2048];
static std::vector<std::pair<std::string, kb_cupti_config *>> g_configs;

// Parse LIST on the device, collect it for LAUNCHES, print per kernel and total; values of the
// shown metrics of kernel 0 (or the total) come back in OUT.
static bool collect(const char *title, const char *list, std::vector<void (*)(cudaStream_t)> launches,
                    enum kb_cupti_replay replay, std::vector<std::vector<double>> *per_kernel, std::vector<double> *total,
                    kb_metric_list *lout = nullptr, double *ms = nullptr)
{
  struct kb_metric_table table;
  kb_cupti_metric_table(S, &table);
  static kb_metric_list l;
  if (kb_metrics_parse(list, &table, &l, err, sizeof err)) return printf("!! %s: %s\n", title, err), g_fail++, false;
  const char *names[KB_METRICS_MAX];
  for (size_t i = 0; i < l.ncounters; i++) names[i] = l.counters[i];
  // One config per list and replay mode, reused across cases, as the runner will.
  std::string key = std::string(list) + (replay == KB_CUPTI_REPLAY_USER ? "/user" : "/kernel");
  kb_cupti_config *c = nullptr;
  for (auto &kc : g_configs)
    if (kc.first == key) c = kc.second;
  bool fresh = !c;
  auto t0 = Clock::now();
  int rc = c ? 0 : kb_cupti_prepare(S, names, l.ncounters, 16, &c, err, sizeof err);
  double prep = ms_since(t0);
  if (rc) return printf("!! %s: prepare: %s\n", title, err), g_fail++, false;
  if (fresh) g_configs.emplace_back(key, c);
  RunCtx ctx{launches};
  kb_cupti_values v;
  t0 = Clock::now();
  rc = kb_cupti_collect(S, c, replay, run_cb, flush_cb, &ctx, &v, err, sizeof err);
  double coll = ms_since(t0);
  if (rc) return printf("!! %s: collect (%d): %s\n", title, rc, err), g_fail++, false;
  printf("\n== %s (%s replay): %zu kernel(s), %zu pass(es); prepare %.1f ms, collect %.1f ms (passes %.1f, decode+eval %.2f)\n",
         title, replay == KB_CUPTI_REPLAY_USER ? "user" : "kernel", v.nkernels, v.passes, prep, coll, v.ms_passes,
         v.ms_decode);
  std::vector<double> vals(l.n), lk(KB_METRICS_MAX);
  std::vector<kb_launch_info> li(v.nkernels);
  if (per_kernel) per_kernel->clear();
  for (size_t k = 0; k < v.nkernels; k++) {
    li[k] = v.kernels[k].launch;
    kb_metrics_evaluate(&l, v.values + k * v.ncounters, &li[k], vals.data());
    printf("  kernel %zu: %s (stream %u)\n", k, v.kernels[k].name, v.kernels[k].stream_id);
    for (size_t i = 0; i < l.n; i++) printf("    %-72s %18.4f %s\n", l.shown[i].name, vals[i], l.shown[i].unit);
    if (per_kernel) per_kernel->push_back(vals);
  }
  kb_metrics_total(&l, v.values, li.data(), v.nkernels, vals.data());
  if (v.nkernels > 1) {
    printf("  total over %zu kernels:\n", v.nkernels);
    for (size_t i = 0; i < l.n; i++) printf("    %-72s %18.4f %s\n", l.shown[i].name, vals[i], l.shown[i].unit);
  }
  if (total) *total = vals;
  if (lout) *lout = l;
  if (ms) *ms = coll;
  kb_cupti_values_free(&v);
  return true;
}
static int idx(const kb_metric_list &l, const char *name)
{
  for (size_t i = 0; i < l.n; i++)
    if (!strcmp(l.shown[i].name, name)) return int(i);
  return -1;
}

// Median of N cudaEvent timings of the read kernel after a read-only flush.
static double time_read(int n)
{
  cudaEvent_t e0, e1;
  CUDA(cudaEventCreate(&e0)); CUDA(cudaEventCreate(&e1));
  std::vector<double> t;
  for (int r = 0; r < n; r++) {
    char e[64];
    flush_cb(nullptr, e, sizeof e);
    CUDA(cudaEventRecord(e0, B.s));
    t_read(B.s);
    CUDA(cudaEventRecord(e1, B.s));
    CUDA(cudaEventSynchronize(e1));
    float ms;
    CUDA(cudaEventElapsedTime(&ms, e0, e1));
    t.push_back(ms);
  }
  CUDA(cudaEventDestroy(e0)); CUDA(cudaEventDestroy(e1));
  return median(t);
}

int main(int argc, char **argv)
{
  setvbuf(stdout, nullptr, _IOLBF, 0);
  bool ncu_target = argc > 1 && !strcmp(argv[1], "--ncu-target");
  cudaDeviceProp prop;
  auto t_start = Clock::now();
  CUDA(cudaSetDevice(0));
  CUDA(cudaFree(0));
  CUDA(cudaGetDeviceProperties(&prop, 0));
  B.n4 = (size_t(256) << 20) / 16;
  B.flush4 = 2 * size_t(prop.l2CacheSize) / 16;
  B.grid = prop.multiProcessorCount * 4, B.block = 256;
  CUDA(cudaStreamCreateWithFlags(&B.s, cudaStreamNonBlocking));
  CUDA(cudaMalloc(&B.a, B.n4 * 16)); CUDA(cudaMalloc(&B.b, B.n4 * 16)); CUDA(cudaMalloc(&B.flush, B.flush4 * 16));
  CUDA(cudaMalloc(&B.small, 1 << 16)); CUDA(cudaMalloc(&B.sum, 8));
  k_fill<<<B.grid, B.block, 0, B.s>>>(B.a, B.n4, 1);
  k_fill<<<B.grid, B.block, 0, B.s>>>(B.flush, B.flush4, 3);
  CUDA(cudaGetLastError());
  CUDA(cudaStreamSynchronize(B.s));
  if (ncu_target) {  // one launch of each compared kernel, in order, nothing else
    for (size_t i = 0; i < ntargets; i++) {
      CUDA(cudaMemsetAsync(B.sum, 0, 8, B.s));
      targets[i].launch(B.s);
      CUDA(cudaGetLastError());
      CUDA(cudaStreamSynchronize(B.s));
    }
    return 0;
  }
  printf("== %s, %d SMs, L2 %d MB; buffers 2 x 256 MiB, flush %zu MB (read-only)\n", prop.name,
         prop.multiProcessorCount, prop.l2CacheSize >> 20, B.flush4 * 16 >> 20);
  double t_plain = time_read(21);
  unsigned long long sum = 0;
  CUDA(cudaMemsetAsync(B.sum, 0, 8, B.s));
  t_read(B.s);
  CUDA(cudaMemcpyAsync(&sum, B.sum, 8, cudaMemcpyDeviceToHost, B.s));
  CUDA(cudaStreamSynchronize(B.s));
  printf("read256: %.4f ms median of 21 (%.0f GB/s), sum %llu (want %zu)\n", t_plain, B.n4 * 16 / t_plain / 1e6, sum,
         B.n4 * 4);
  check(sum == B.n4 * 4, "the read kernel sums its input right");

  // ---------------------------------------------------------------- session
  auto t0 = Clock::now();
  int rc = kb_cupti_open(0, &S, err, sizeof err);
  double t_open = ms_since(t0);
  if (rc) return printf("!! kb_cupti_open (%d): %s\n", rc, err), 3;
  printf("\n== kb_cupti_open: %.1f ms, chip %s\n", t_open, kb_cupti_chip(S));

  // ---------------------------------------------------------------- every set's names on the device
  struct kb_metric_table table;
  kb_cupti_metric_table(S, &table);
  printf("\n== every set on the device\n");
  for (const kb_metric_set *set = kb_metric_sets(); set->name; set++) {
    kb_metric_list l;
    t0 = Clock::now();
    rc = kb_metrics_parse(set->name, &table, &l, err, sizeof err);
    double t_parse = ms_since(t0);
    const char *names[KB_METRICS_MAX];
    for (size_t i = 0; i < l.ncounters; i++) names[i] = l.counters[i];
    kb_cupti_config *c = nullptr;
    int rc2 = rc ? -1 : kb_cupti_prepare(S, names, l.ncounters, 16, &c, err, sizeof err);
    printf("  set %-10s %s: %zu metrics, %zu counters, %zu pass(es); parse+validate %.1f ms%s%s\n", set->name,
           rc || rc2 ? "REFUSED" : "ok", l.n, l.ncounters, kb_cupti_passes(c), t_parse, rc || rc2 ? ": " : "",
           rc || rc2 ? err : "");
    for (size_t i = 0; !rc && i < l.n; i++)
      printf("      %-72s %-10s %s\n", l.shown[i].name,
             l.shown[i].source == KB_METRIC_COUNTER ? "counter" : l.shown[i].source == KB_METRIC_DERIVED ? "derived" : "launch",
             l.shown[i].unit);
    check(!rc && !rc2, (std::string("every name of set ") + set->name + " is valid on the device").c_str());
    kb_cupti_config_free(c);
  }
  kb_metric_list bad;
  rc = kb_metrics_parse("smem,l1tex__data_bank_conflict_pipe_lsu_mem_shared_op_ld.sum", &table, &bad, err, sizeof err);
  printf("  a typo: %s\n", err);
  check(rc == -1 && strstr(err, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"), "a typo is refused with the right name offered");

  // ---------------------------------------------------------------- smem: bank strides
  std::vector<double> tot;
  kb_metric_list l;
  double ways[3];
  void (*banks[3])(cudaStream_t) = {t_bank1, t_bank2, t_bank32};
  for (int i = 0; i < 3; i++) {
    std::string title = std::string("smem, ") + targets[2 + i].label;
    collect(title.c_str(), "smem", {banks[i]}, KB_CUPTI_REPLAY_USER, nullptr, &tot, &l);
    ways[i] = tot[idx(l, "kb__shared_ld_ways.ratio")];
  }
  printf("\n  shared-load ways, strides 1/2/32: %.2f / %.2f / %.2f\n", ways[0], ways[1], ways[2]);
  check(fabs(ways[0] - 1) < 0.01 && fabs(ways[1] - 2) < 0.01 && fabs(ways[2] - 32) < 0.05, "bank-conflict ways 1 / 2 / 32");

  // ---------------------------------------------------------------- memory: 256 MiB read
  double ms_user = 0, ms_kernel = 0;
  collect("memory, read256", "memory", {t_read}, KB_CUPTI_REPLAY_USER, nullptr, &tot, &l, &ms_user);
  double rd = tot[idx(l, "dram__bytes_read.sum")], wr = tot[idx(l, "dram__bytes_write.sum")];
  printf("  DRAM read %.2f MB for a %.2f MB input (%+.3f%%), written %.3f MB\n", rd / 1e6, B.n4 * 16 / 1e6,
         100 * (rd / (B.n4 * 16.0) - 1), wr / 1e6);
  check(fabs(rd / (B.n4 * 16.0) - 1) < 0.01, "DRAM bytes read within 1% of the input");
  check(wr < 1e6, "a read-only kernel after a read-only flush writes < 1 MB to DRAM");

  // ---------------------------------------------------------------- three kernels in one run
  std::vector<std::vector<double>> pk;
  collect("three kernels in one run: copy256, read256, bank_stride_32",
          "dram__bytes_read.sum,dram__bytes_write.sum,kb__shared_ld_ways.ratio,lts__t_sector_hit_rate.pct,"
          "launch__registers_per_thread,launch__block_size",
          {t_copy, t_read, t_bank32}, KB_CUPTI_REPLAY_USER, &pk, &tot, &l);
  bool three = pk.size() == 3;
  check(three, "three kernels give three ranges");
  if (three) {
    int r = idx(l, "dram__bytes_read.sum");
    check(fabs(tot[r] - (pk[0][r] + pk[1][r] + pk[2][r])) < 1, "the total is the sum of the three");
    check(pk[0][idx(l, "dram__bytes_write.sum")] > 2.6e8, "range 0 (copy) wrote ~268 MB");
    check(fabs(pk[2][idx(l, "kb__shared_ld_ways.ratio")] - 32) < 0.05, "range 2 (bank stride 32) shows 32 ways");
  }

  // ---------------------------------------------------------------- the bytes audit's cost
  printf("\n== bytes audit: one pass, DRAM read + write, user range, read-only flush before the pass\n");
  RunCtx rctx{{t_read}}, cctx{{t_copy}}, bctx{{t_bank1}};
  double r0, w0;
  t0 = Clock::now();
  rc = kb_cupti_dram_bytes(S, run_cb, flush_cb, &rctx, &r0, &w0, err, sizeof err);
  printf("  first call (prepare + SetConfig + pass): %.2f ms, read %.2f MB, write %.3f MB%s%s\n", ms_since(t0), r0 / 1e6,
         w0 / 1e6, rc ? ": " : "", rc ? err : "");
  std::vector<double> t_audit, t_small, t_flush;
  bool alternating_ok = true;
  for (int i = 0; i < 30 && !rc; i++) {
    RunCtx *c = i % 3 == 0 ? &rctx : i % 3 == 1 ? &cctx : &bctx;
    double r, w;
    t0 = Clock::now();
    rc = kb_cupti_dram_bytes(S, run_cb, flush_cb, c, &r, &w, err, sizeof err);
    double ms = ms_since(t0);
    (i % 3 == 2 ? t_small : t_audit).push_back(ms);
    // read256: ~268 MB read, ~0 written; copy256: ~268 / ~268; bank1: ~0 / ~0
    bool good = i % 3 == 0 ? fabs(r / 268435456.0 - 1) < 0.01 && w < 1e6
              : i % 3 == 1 ? fabs(r / 268435456.0 - 1) < 0.01 && fabs(w / 268435456.0 - 1) < 0.05
                           : r < 1e6 && w < 1e6;
    if (!good) printf("  !! case %d (%s): read %.2f MB write %.2f MB\n", i, i % 3 == 0 ? "read" : i % 3 == 1 ? "copy" : "bank1",
                      r / 1e6, w / 1e6);
    alternating_ok &= good;
  }
  if (rc) printf("!! audit: %s\n", err);
  for (int i = 0; i < 10; i++) {  // the flush alone, for the split
    char e[64];
    t0 = Clock::now();
    flush_cb(nullptr, e, sizeof e);
    CUDA(cudaStreamSynchronize(B.s));
    t_flush.push_back(ms_since(t0));
  }
  printf("  per case after the first: %.2f ms median for the 256 MiB read/copy (n=%zu), %.2f ms for a 5 us kernel (n=%zu); "
         "the flush alone %.3f ms\n", median(t_audit), t_audit.size(), median(t_small), t_small.size(), median(t_flush));
  check(!rc && alternating_ok, "the audit, alternating read / copy / no-DRAM cases, counts each right (binding reused)");
  double t_after = time_read(21);
  printf("  read256 timed with the range profiler enabled and idle: %.4f ms vs %.4f ms before kb_cupti_open (%+.2f%%)\n",
         t_after, t_plain, 100 * (t_after / t_plain - 1));

  // ---------------------------------------------------------------- activity records
  printf("\n== activity records: kbench's stream and a side non-blocking stream\n");
  CUDA(cudaStreamCreateWithFlags(&B.side, cudaStreamNonBlocking));
  uint32_t id_main = 0, id_side = 0;
  rc = kb_cupti_stream_id(S, B.s, &id_main, err, sizeof err) || kb_cupti_stream_id(S, B.side, &id_side, err, sizeof err);
  if (rc) printf("!! stream id: %s\n", err);
  uint32_t id_null;
  int rc_null = kb_cupti_stream_id(S, nullptr, &id_null, err, sizeof err);
  printf("  stream ids: kbench's %u, side %u; NULL stream: %s\n", id_main, id_side, rc_null ? err : "?");
  t0 = Clock::now();
  rc = kb_cupti_activity_begin(S, err, sizeof err);
  double t_begin = ms_since(t0);
  CUDA(cudaMemsetAsync(B.sum, 0, 8, B.s));
  t_read(B.s);
  k_bank_stride<<<1, 32, 0, B.side>>>(1, 1, B.small);  // the cheat: a tiny kernel on another stream
  CUDA(cudaMemcpyAsync(B.b, B.a, 4096, cudaMemcpyDeviceToDevice, B.side));
  CUDA(cudaGetLastError());
  CUDA(cudaDeviceSynchronize());
  kb_activity *recs = nullptr;
  size_t nrec = 0, dropped = 0;
  t0 = Clock::now();
  if (!rc) rc = kb_cupti_activity_end(S, &recs, &nrec, &dropped, err, sizeof err);
  double t_end = ms_since(t0);
  if (rc) printf("!! activity: %s\n", err);
  printf("  begin %.3f ms, end (sync + flush) %.3f ms; %zu records, %zu dropped\n", t_begin, t_end, nrec, dropped);
  int foreign = 0, mine = 0;
  for (size_t i = 0; i < nrec; i++) {
    const kb_activity &a = recs[i];
    const char *kind = a.kind == KB_ACTIVITY_KERNEL ? "kernel" : a.kind == KB_ACTIVITY_MEMCPY ? "memcpy" : "memset";
    printf("    %-6s %-50.50s stream %3u %9.2f us %8llu B  %s\n", kind, a.name, a.stream_id, (a.end_ns - a.start_ns) / 1e3,
           (unsigned long long)a.bytes, a.stream_id == id_main ? "kbench's stream" : "ANOTHER STREAM");
    if (a.stream_id != id_main) {
      foreign++;
      if (a.kind == KB_ACTIVITY_KERNEL)
        printf("    => kernel %s ran on stream %u, not kbench's stream %u\n", a.name, a.stream_id, id_main);
    } else {
      mine++;
    }
  }
  free(recs);
  check(!rc && nrec == 4 && mine == 2 && foreign == 2 && dropped == 0,
        "4 records: memset + read on kbench's stream, kernel + memcpy on the side stream");

  // ---------------------------------------------------------------- ours.csv for the ncu comparison
  FILE *csv = fopen(getenv("OURS_CSV") ? getenv("OURS_CSV") : "ours.csv", "w");
  fprintf(csv, "target,metric,value\n");
  for (size_t t = 0; t < ntargets; t++) {
    std::string title = std::string("ncu comparison list, ") + targets[t].label;
    if (!collect(title.c_str(), cmp_list, {targets[t].launch}, KB_CUPTI_REPLAY_USER, nullptr, &tot, &l)) continue;
    for (size_t i = 0; i < l.n; i++) fprintf(csv, "%s,%s,%.6f\n", targets[t].label, l.shown[i].name, tot[i]);
  }
  fclose(csv);

  // ---------------------------------------------------------------- kernel replay, last
  printf("\n== kernel replay (the alternative mode), last in case it misbehaves\n");
  if (collect("smem, bank_stride_32 under kernel replay", "smem", {t_bank32}, KB_CUPTI_REPLAY_KERNEL, nullptr, &tot, &l))
    check(fabs(tot[idx(l, "kb__shared_ld_ways.ratio")] - 32) < 0.05, "kernel replay agrees: 32 ways");
  if (collect("memory, read256 under kernel replay", "memory", {t_read}, KB_CUPTI_REPLAY_KERNEL, nullptr, &tot, &l, &ms_kernel))
    printf("  kernel replay: DRAM read %.2f MB, written %.3f MB; collect %.1f ms vs %.1f ms with user replay\n",
           tot[idx(l, "dram__bytes_read.sum")] / 1e6, tot[idx(l, "dram__bytes_write.sum")] / 1e6, ms_kernel, ms_user);

  for (auto &kc : g_configs) kb_cupti_config_free(kc.second);  // disables the profiler first
  kb_cupti_close(S);
  printf("\n== summary: open %.1f ms; audit %.2f ms/case (256 MiB), %.2f ms/case (tiny kernel); ways %.2f/%.2f/%.2f; "
         "read256 DRAM read %.2f MB; %d check(s) failed; total %.1f s\n",
         t_open, median(t_audit), median(t_small), ways[0], ways[1], ways[2], rd / 1e6, g_fail, ms_since(t_start) / 1e3);
  return g_fail ? 1 : 0;
}
