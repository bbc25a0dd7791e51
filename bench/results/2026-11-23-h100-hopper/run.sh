#!/bin/sh
# Issue 20 on the H100, one device call: build the tarball, verify the
# Hopper variants (default and odd sizes), measure every goal in one run
# beside memcpy_d2d and the old best, sweep the reduction 1M..1G, take ncu
# counters, run tests/gpu.sh, then tuning sweeps.  Everything lands in
# $OUT/results.tar.gz.  Run from the folder holding kbench-*.tar.gz.
set -u
: "${OUT:?}"
W=$(mktemp -d)
trap 'tar czf "$OUT/results.tar.gz" -C "$W" .' EXIT
tar xf kbench-*.tar.gz && cd kbench-*/ || exit 1
t0=$(date +%s)
lap() { echo "$1: $(( $(date +%s) - t0 )) s" >> "$W/timing.txt"; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,persistence_mode,clocks.sm,clocks.max.sm,clocks.mem,power.draw,temperature.gpu --format=csv; nvcc --version | tail -n 2; } > "$W/device.txt" 2>&1
if ! { ./configure --without-json-c && make -j16; } > "$W/build.log" 2>&1; then
  tail -n 40 "$W/build.log"; exit 1
fi
lap build
quick="--min-samples=3 --max-samples=5 --min-time=0 --warmup=0 --timeout=10"
V="memcpy_bulk transpose_tma stencil_fast reduce_cluster"
grep -hE "^(memcpy_bulk|transpose_tma|stencil_fast|reduce_cluster) " tests/odd/*.txt > "$W/odd.txt"
{ ./kbench --tap $quick $V; ./kbench --tap $quick --cases="$W/odd.txt"; } > "$W/verify.tap" 2>&1
lap verify
echo "verify: $(grep -c '^ok' "$W/verify.tap") ok, $(grep -c '^not ok' "$W/verify.tap") not ok, $(grep -c '# SKIP' "$W/verify.tap") skipped"
grep '^not ok' "$W/verify.tap" | head -n 20
# The goals, one run: stencils at n = 64M, 256M beside the copies of the
# same bytes (8K^2 = 64M floats, 16K^2 = 256M) and the transposes.
timeout 150 ./kbench --calibrate --json="$W/goals.json" \
  --param n=64M,256M --zip=rows,cols --param rows=8K,16K --param cols=8K,16K \
  memcpy_d2d memcpy_bulk transpose_fast transpose_tma \
  stencil_smem_overlap stencil_smem_halo stencil_fast > "$W/goals.txt" 2>&1
lap goals
timeout 150 ./kbench --calibrate --json="$W/reduce.json" --param n=1M:1G:*2 \
  reduce_vec4 reduce_cub reduce_cluster > "$W/reduce.txt" 2>&1
lap reduce-sweep
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,lts__t_bytes.sum,sm__warps_active.avg.pct_of_peak_sustained_active,launch__grid_size,launch__occupancy_limit_shared_mem
timeout 150 ncu --clock-control none --target-processes all --nvtx \
  --nvtx-include "regex:^(memcpy_d2d|memcpy_bulk|transpose_fast|transpose_tma|stencil_fast|stencil_smem_halo)/" \
  --section WarpStateStats --metrics "$M" \
  ./kbench --profile --no-hold --param n=64M memcpy_d2d memcpy_bulk \
  transpose_fast transpose_tma stencil_fast stencil_smem_halo > "$W/ncu.txt" 2>&1
echo "ncu exit $?" >> "$W/ncu.txt"
lap ncu
timeout 120 make -j16 check TESTS=tests/gpu.sh > "$W/gpucheck.log" 2>&1
echo "make check TESTS=tests/gpu.sh exit $?" >> "$W/gpucheck.log"
cat tests/gpu.log >> "$W/gpucheck.log" 2>/dev/null
lap gpu.sh
timeout 60 ./kbench --json="$W/tune-transpose.json" --zip=rows,cols \
  --param rows=8K,16K --param cols=8K,16K --param stages=2,3,4,6,8 \
  transpose_tma > "$W/tune-transpose.txt" 2>&1
timeout 60 ./kbench --json="$W/tune-copy.json" --param chunk=4,8,16,32 \
  --param stages=2,4,8 memcpy_bulk > "$W/tune-copy.txt" 2>&1
timeout 60 ./kbench --json="$W/tune-stencil.json" --param n=64M,256M \
  --param threads=128,256,512,1024 stencil_fast > "$W/tune-stencil.txt" 2>&1
timeout 60 ./kbench --json="$W/tune-reduce.json" --param n=1M,4M,16M \
  --param cluster=1,2,4,8 --param threads=256,512,1024 reduce_cluster \
  > "$W/tune-reduce.txt" 2>&1
lap tuning
echo "== summary"
grep -E "^(# device|# mode)" "$W/goals.txt"
grep -vE "^#" "$W/goals.txt" | cut -c1-150
grep -E "^(make check|# (pass|fail|skip)|FAIL|not ok)" "$W/gpucheck.log" | head -n 12
grep -E "^(memcpy_bulk|transpose_tma|stencil_fast|reduce_cluster) " "$W/tune-"*.txt | cut -c1-140
cat "$W/timing.txt"
