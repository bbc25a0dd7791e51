/*
** transpose_runs: issue 27's transpose probe.  transpose_fast's kernel
** (16 x 16 threads, 4 x 4 register transposes, XOR-swizzled float4 tile),
** generalised to tiles of 64*M input rows x 64 input columns, so that each
** output row is written in runs of 256*M bytes instead of 256: does a
** longer run of the scattered output rows bring the transpose to the copy?
** With `copyaddr` the same kernel writes each tile back where it read it (a
** copy's addresses, the transpose's work): the control that tells the DRAM's
** handling of the output's scatter from the kernel's own cost.  Second
** round: the diagonal block order (Ruetsch and Micikevicius, against
** partition camping), streaming stores (st.global.cs), and sizes that are
** not powers of two (8000, 16000), whose output rows do not all start at
** the same offset of a DRAM page.  Third round: loads that ask L2 to
** evict their lines first (the output's dirty lines stay longer).  Each
** row:
** cold median (tune_timing.cuh) against cudaMemcpyAsync of the same bytes.
**   nvcc -O3 -arch=sm_90 -o transpose_runs bench/tune/transpose_runs.cu
*/
#include <cstdint>

#include "tune_timing.cuh"

__device__ __forceinline__ int swz(int r, int c) { return c ^ ((r >> 2) & 7); }

/* One tile: input rows r0 .. r0 + 64M - 1, columns c0 .. c0 + 63.  Thread
** (tx, ty) loads, for each m, the 4 x 4 block at input rows 64m + 4ty.., 
** columns 4tx..; the shared tile is [64 output rows][16M chunks]. */
/* A load that asks L2 to evict its line first: the input is read once,
** and the lines it would keep could hold the scattered output's dirty
** lines longer, so that DRAM gets them in fuller pages. */
__device__ __forceinline__ float4 load(const float4 *p, bool ef)
{
  if (!ef)
    return *p;
  float4 v;
  uint64_t pol;
  asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;"
               : "=l"(pol));
  asm volatile("ld.global.nc.L1::no_allocate.L2::cache_hint.v4.f32 "
               "{%0,%1,%2,%3}, [%4], %5;"
               : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w)
               : "l"(p), "l"(pol));
  return v;
}

__device__ __forceinline__ void store(float4 *p, float4 v, bool cs)
{
  if (cs)
    __stcs(p, v);
  else
    *p = v;
}

template <int M, bool COPYADDR, bool DIAG, bool CS, bool EF = false>
__global__ void __launch_bounds__(256)
tr_runs(float *__restrict__ out, const float *__restrict__ in, int rows,
        int cols)
{
  extern __shared__ float4 tile[];   /* [64][16 * M] */
  const int tx = threadIdx.x, ty = threadIdx.y, W = 16 * M;
  /* Diagonal order: consecutive blocks walk a diagonal of tiles. */
  const int bx = DIAG ? (blockIdx.x + blockIdx.y) % gridDim.x : blockIdx.x;
  const int r0 = blockIdx.y * 64 * M, c0 = bx * 64;
  float4 a[M][4];
#pragma unroll
  for (int m = 0; m < M; m++)
#pragma unroll
    for (int i = 0; i < 4; i++)
      a[m][i] = load(reinterpret_cast<const float4 *>(
          in + (size_t)(r0 + 64 * m + 4 * ty + i) * cols + c0) + tx, EF);
  const int R = 4 * tx;
#pragma unroll
  for (int m = 0; m < M; m++) {
    const int ch = 16 * m + ty;   /* output chunk: input rows 4ch.. */
    tile[(R + 0) * W + swz(R + 0, ch)] =
        make_float4(a[m][0].x, a[m][1].x, a[m][2].x, a[m][3].x);
    tile[(R + 1) * W + swz(R + 1, ch)] =
        make_float4(a[m][0].y, a[m][1].y, a[m][2].y, a[m][3].y);
    tile[(R + 2) * W + swz(R + 2, ch)] =
        make_float4(a[m][0].z, a[m][1].z, a[m][2].z, a[m][3].z);
    tile[(R + 3) * W + swz(R + 3, ch)] =
        make_float4(a[m][0].w, a[m][1].w, a[m][2].w, a[m][3].w);
  }
  __syncthreads();
  /* Output row r (input column c0 + r), chunks 0 .. W-1: input rows. */
#pragma unroll
  for (int k = 0; k < 64; k += 16)
#pragma unroll
    for (int m = 0; m < M; m++) {
      const int r = ty + k, ch = 16 * m + tx;
      float4 v = tile[r * W + swz(r, ch)];
      if (COPYADDR) {   /* a copy's addresses: the tile in input order */
        const int L = r * W + ch;
        store(reinterpret_cast<float4 *>(
                  out + (size_t)(r0 + L / 16) * cols + c0) + L % 16, v, CS);
      } else
        store(reinterpret_cast<float4 *>(out + (size_t)(c0 + r) * rows + r0)
                  + ch, v, CS);
    }
}

/* Dynamic shared memory, padded so that at most `per_sm` blocks share an
** SM (0: as many as fit). */
static size_t padded(const void *kern, size_t need, int per_sm)
{
  int max_smem;
  CK(cudaDeviceGetAttribute(&max_smem,
                            cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
  CK(cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize,
                          max_smem - 1024));
  size_t bytes = need;
  for (; per_sm && bytes + 1024 < (size_t)max_smem; bytes += 1024) {
    int b;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b, kern, 256, bytes));
    if (b <= per_sm)
      break;
  }
  return bytes;
}

template <int M, bool COPYADDR, bool DIAG = false, bool CS = false,
          bool EF = false>
static void run_one(float *out, const float *in, int n, int per_sm,
                    double copy_t, const std::vector<float> &hin)
{
  const void *kern = (const void *)tr_runs<M, COPYADDR, DIAG, CS, EF>;
  size_t smem = padded(kern, 64 * 16 * M * sizeof(float4), per_sm);
  int occ;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, kern, 256, smem));
  dim3 grid(n / 64, n / (64 * M)), block(16, 16);
  CK(cudaMemset(out, 0, (size_t)n * n * 4));
  double t = cold_median([&] {
    tr_runs<M, COPYADDR, DIAG, CS, EF><<<grid, block, smem>>>(out, in, n, n);
    LAUNCHED();
  });
  std::vector<float> hout((size_t)n * n);
  CK(cudaMemcpy(hout.data(), out, hout.size() * 4, cudaMemcpyDeviceToHost));
  /* The control moves each tile's elements within the tile: check the
  ** whole sums, which a lost or doubled store would change. */
  double sin = 0, sout = 0;
  for (size_t i = 0; i < hout.size(); i++)
    sin += hin[i], sout += hout[i];
  bool ok = COPYADDR ? sin == sout : tune_transposed(hin, hout, n, 61);
  printf("transpose %5d %s run %4d B, %d blocks/SM%s%s%s %8.2f us %7.1f GB/s "
         "%.4f x memcpy %s\n", n, COPYADDR ? "copyaddr " : "transpose",
         256 * M, occ, DIAG ? " diag" : "", CS ? " cs" : "",
         EF ? " ef" : "", t * 1e6,
         2.0 * n * n * 4 / t / 1e9, copy_t / t, ok ? "ok" : "WRONG");
}

static void probe(int n)
{
  size_t bytes = (size_t)n * n * 4;
  float *in, *out;
  CK(cudaMalloc(&in, bytes));
  CK(cudaMalloc(&out, bytes));
  std::vector<float> hin((size_t)n * n);
  for (size_t i = 0; i < hin.size(); i++)
    hin[i] = (float)(i % 1000003);
  CK(cudaMemcpy(in, hin.data(), bytes, cudaMemcpyHostToDevice));
  double copy_t = cold_median([&] {
    CK(cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice));
  });
  printf("transpose %5d memcpy %8.2f us %7.1f GB/s\n", n, copy_t * 1e6,
         2.0 * bytes / copy_t / 1e9);
  for (int per_sm : {3, 4}) {
    run_one<1, false>(out, in, n, per_sm, copy_t, hin);
    run_one<1, false, false, false, true>(out, in, n, per_sm, copy_t, hin);
    run_one<1, false, true, false, true>(out, in, n, per_sm, copy_t, hin);
    run_one<1, true>(out, in, n, per_sm, copy_t, hin);
  }
  CK(cudaFree(in));
  CK(cudaFree(out));
}

int main()
{
  cudaDeviceProp p;
  CK(cudaGetDeviceProperties(&p, 0));
  tune_flush_init();
  printf("%s, %d SMs\n", p.name, p.multiProcessorCount);
  for (int n : {8192, 16384})
    probe(n);
  return 0;
}
