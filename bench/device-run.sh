#!/bin/sh
# Device calls: build kbench from the dist tarball, then run the named
# stages.  Results are written to a scratch folder and packed into
# $OUT/results.tar.gz at the end (the device tool returns at most 8 files).
# Run from the repository root, tarball beside it:
#   sh bench/device-run.sh catalogue check    (see the stages below)
#   sh bench/device-run.sh mpi1               (issue 32: mpirun, fleet)
#   sh bench/device-run.sh clocks             (issue 44: --lock-clocks, NVML's
#                                              reasons, a lowered power limit)
# REUSE=1 keeps the build a call before left on a warm machine.
set -u
: "${OUT:?set OUT to the folder the results tarball goes to}"
FINAL=$OUT
OUT=$(mktemp -d)
trap 'tar czf "$FINAL/results.tar.gz" -C "$OUT" .' EXIT
trap 'exit 124' TERM
here=$(pwd)
if [ -n "${REUSE:-}" ] && [ -x kbench-*/kbench ]; then
  cd kbench-*/ || exit 1
else
  tar xf kbench-*.tar.gz && cd kbench-*/ || exit 1
fi
{
  date -u; nvidia-smi; nvcc --version
  nvidia-smi --query-gpu=clocks.sm,clocks.mem,clocks.max.sm,power.draw,temperature.gpu --format=csv
} > "$OUT/device.txt" 2>&1
# The device has no json-c: carried as Debian packages in .debs/ (see
# bench/results/README.md), unpacked into / so that kbench compare and
# kbench fleet run there too; without them, a build without json-c.  So
# is libseccomp's development package, for the worker's seal (its
# library, libseccomp2, is the system's).
json=--without-json-c
if ls "$here"/.debs/libjson-c*.deb > /dev/null 2>&1; then
  for deb in "$here"/.debs/libjson-c*.deb; do dpkg -x "$deb" /; done
  ldconfig && json=
fi
for deb in "$here"/.debs/libseccomp-dev*.deb; do
  [ -e "$deb" ] && dpkg -x "$deb" /
done
# Nettle's headers (configure requires them), with its library of the
# same version, where the machine lacks them (as accept.sh).
if ! pkg-config --exists nettle 2> /dev/null; then
  for deb in "$here"/.debs/nettle-dev_*.deb "$here"/.debs/libnettle8_*.deb; do
    [ -e "$deb" ] && dpkg -x "$deb" /
  done
  ldconfig
fi
if [ -n "${REUSE:-}" ] && [ -x kbench ]; then
  echo "reusing the build" > "$OUT/build.log"
elif ! { ./configure $json && make -j16; } > "$OUT/build.log" 2>&1; then
  tail -n 60 "$OUT/build.log"
  exit 1
fi
elapsed() { echo "$1: $(( $(date +%s) - $2 )) s" >> "$OUT/timing.txt"; }
# The build of devbase/'s tarball (a make dist of an earlier commit) in
# /tmp/base, for the stages that compare against it: its kbench in $base,
# or status 1 with $base empty when there is no tarball or it did not build.
build_base() {
  base=
  ls "$here"/devbase/kbench-*.tar.gz > /dev/null 2>&1 || return 1
  rm -rf /tmp/base && mkdir -p /tmp/base && tar xf "$here"/devbase/kbench-*.tar.gz -C /tmp/base \
    && (cd /tmp/base/kbench-*/ && ./configure $json && make -j16) > "$OUT/base-build.log" 2>&1 \
    && base=$(echo /tmp/base/kbench-*/kbench)
}
# Kernel time against ncu (bench/fidelity.py --time=kernel) within $1 s.
kt_fidelity() {
  timeout "$1" python3 "$here/bench/fidelity.py" ./kbench "$OUT" --time=kernel \
    ${FIDELITY_VARIANTS:-} > "$OUT/kt-fidelity.txt" 2> "$OUT/kt-fidelity.err"
  elapsed "kerneltime: fidelity" $t0
  cat "$OUT/kt-fidelity.txt"
}
for stage in "$@"; do
  t0=$(date +%s)
  case $stage in
  catalogue)
    # Twice back to back: the second run is the repeatability check.
    timeout 240 ./kbench --calibrate --csv="$OUT/cold.csv" > "$OUT/cold.txt" 2>&1
    elapsed "catalogue, cold, --calibrate" $t0; t0=$(date +%s)
    timeout 200 ./kbench --csv="$OUT/cold2.csv" > /dev/null 2>&1
    elapsed "catalogue, cold, again" $t0
    python3 "$here/bench/compare.py" "$OUT/cold.csv" "$OUT/cold2.csv" 1 > "$OUT/repeat.txt"
    tail -n 1 "$OUT/cold.txt"; tail -n 1 "$OUT/repeat.txt" ;;
  outputs)
    # Issue 10's proofs.  Two catalogue runs of one build for kbench
    # compare (zero flagged), and a pair where gpu_ok does twice the work
    # under the same name (KBENCH_TEST_SLOWDOWN, flagged); a sweep and a
    # catalogue for the README's plots; --profile under ncu --nvtx, which
    # must profile the kernels of the matching case only.
    make -j16 check TESTS= > /dev/null 2>&1
    P=tests/plugins/.libs
    timeout 200 ./kbench --calibrate --json="$OUT/cat1.json" > "$OUT/cat1.txt" 2>&1
    timeout 200 ./kbench --calibrate --json="$OUT/cat2.json" > "$OUT/cat2.txt" 2>&1
    elapsed "outputs: two catalogue runs" $t0; t0=$(date +%s)
    for slow in 0 1; do
      KBENCH_TEST_SLOWDOWN=$slow ./kbench --json="$OUT/slow$slow.json" \
        --param n=64M --plugin $P/gpu_ok.so reduce_vec4 reduce_cub > /dev/null 2>&1
    done
    timeout 240 ./kbench --calibrate --json="$OUT/sweep.json" \
      --param n=64K:1G:*2 --zip=rows,cols --param rows=256:16K:*2 \
      --param cols=256:16K:*2 reduce_vec4 reduce_cub memcpy_d2d \
      transpose_fast > "$OUT/sweep.txt" 2>&1
    elapsed "outputs: sweep" $t0; t0=$(date +%s)
    timeout 120 ncu --nvtx --nvtx-include "regex:^reduce_vec4/" \
      --target-processes all ./kbench --profile --no-hold --param n=16M \
      reduce_vec4 reduce_cub > "$OUT/nvtx.txt" 2>&1
    echo "ncu exit $?" >> "$OUT/nvtx.txt"
    grep -E "^  [a-z_0-9]+.*\(|==PROF==|ncu exit" "$OUT/nvtx.txt" | head -n 20
    tail -n 1 "$OUT/cat1.txt" "$OUT/cat2.txt" "$OUT/sweep.txt" ;;
  ncu12)
    # Issue 12's starting point: where reduce_vec4 and transpose_fast stand
    # against the copy at the sizes the goals name, and what ncu says limits
    # them (DRAM throughput, sectors per request, bank conflicts).
    for n in 64M 256M; do
      ./kbench --param n=$n reduce_vec4 reduce_cub 2>&1 | grep -E "^ *reduce"
    done > "$OUT/limits.txt"
    for s in 8K 16K; do
      ./kbench --param rows=$s --param cols=$s transpose_fast transpose_smem_pad \
        memcpy_d2d 2>&1 | grep -E "^ *(transpose|memcpy)"
    done >> "$OUT/limits.txt"
    cat "$OUT/limits.txt"
    timeout 200 ncu --set full --nvtx --target-processes all ./kbench --profile \
      --no-hold --param n=64M reduce_vec4 reduce_cub > "$OUT/ncu-reduce.txt" 2>&1
    timeout 200 ncu --set full --nvtx --target-processes all ./kbench --profile \
      --no-hold --param rows=16K --param cols=16K transpose_fast \
      > "$OUT/ncu-transpose.txt" 2>&1
    elapsed "ncu12" $t0 ;;
  sweep)
    # The README's sweep: bandwidth against working set, L2 to DRAM.
    timeout 240 ./kbench --calibrate --json="$OUT/sweep.json" \
      --param n=64K:1G:*2 --zip=rows,cols --param rows=256:16K:*2 \
      --param cols=256:16K:*2 reduce_vec4 reduce_cub memcpy_d2d \
      transpose_fast > "$OUT/sweep.txt" 2>&1
    elapsed "sweep" $t0
    grep -cE " ok$" "$OUT/sweep.txt"; grep -E "FAIL|ERROR" "$OUT/sweep.txt" | head; tail -n 1 "$OUT/sweep.txt" ;;
  latesetup)
    # The setup race: a plugin whose input lands 20 ms after setup returns
    # (on the legacy stream), under the baseline runner in devbase/ (no wait
    # after setup) and this one.
    make -j16 check TESTS= > /dev/null 2>&1
    mkdir -p /tmp/base && tar xf "$here"/devbase/kbench-*.tar.gz -C /tmp/base \
      && (cd /tmp/base/kbench-*/ && ./configure && make -j16) > "$OUT/base-build.log" 2>&1 \
      || { tail -n 20 "$OUT/base-build.log"; continue; }
    base=$(echo /tmp/base/kbench-*/kbench)
    for k in "$base" ./kbench; do
      echo "== $k"
      $k --param n=64K,4M --plugin tests/plugins/.libs/gpu_late_setup.so 2>&1 | grep gpu_late
      $k --param n=64K,256K --plugin plugins/reduce/.libs/reduce_cub.so 2>&1 | grep "^reduce"
    done | tee "$OUT/latesetup.txt" ;;
  tune)
    # Candidate kernels for issue 12's goals (bench/tune/tune.cu).
    nvcc -O3 -arch=sm_90 -o tune "$here/bench/tune/tune.cu" > "$OUT/tune.txt" 2>&1 &&
      timeout 300 ./tune >> "$OUT/tune.txt" 2>&1
    elapsed "tune" $t0
    grep -E "^(reduce|transpose)" "$OUT/tune.txt" | sort -k2,2 -k1,1 | \
      awk '/^reduce/ { key=$1" "$2; if (!(key in best) || $(NF-2)+0 > best[key]) { best[key]=$(NF-2)+0; line[key]=$0 } }
           END { for (k in line) print "best: " line[k] }'
    grep -E "^transpose" "$OUT/tune.txt" ;;
  devices)
    # Issue 11, for a machine with two GPUs or more: the catalogue on every
    # GPU at once (--devices=all, --json); then whether work on the other
    # GPU moves device 0's medians: reduce_vec4 and transpose_fast on device
    # 0 alone, then while a second kbench sweeps on device 1, then both
    # devices in one --devices=0,1 run, then alone again (the two alone
    # runs say how much the medians move anyway).
    nvidia-smi -L > "$OUT/gpus.txt" 2>&1
    timeout 500 ./kbench --devices=all --calibrate --json="$OUT/all.json" \
      --csv="$OUT/all.csv" > "$OUT/all.txt" 2>&1
    echo "exit $?" >> "$OUT/all.txt"
    elapsed "devices: catalogue, --devices=all" $t0; t0=$(date +%s)
    grep -E "^# device|^# [0-9]+ cases|^exit" "$OUT/all.txt"
    if [ "$(grep -c '^GPU ' "$OUT/gpus.txt")" -lt 2 ]; then
      echo "devices: one GPU here, none to keep busy" | tee -a "$OUT/timing.txt"
      continue
    fi
    pair="--repetitions=5 --param n=64M --param rows=8K --param cols=8K reduce_vec4 transpose_fast"
    ./kbench --device=0 $pair --csv="$OUT/alone1.csv" > "$OUT/alone1.txt" 2>&1
    ./kbench --device=1 --repetitions=1000 --min-time=1 --param n=256M \
      memcpy_d2d reduce_vec4 > /dev/null 2>&1 &
    busy=$!
    sleep 5
    ./kbench --device=0 $pair --csv="$OUT/busy.csv" > "$OUT/busy.txt" 2>&1
    kill $busy; wait $busy 2>/dev/null
    ./kbench --devices=0,1 $pair --csv="$OUT/together.csv" > "$OUT/together.txt" 2>&1
    ./kbench --device=0 $pair --csv="$OUT/alone2.csv" > "$OUT/alone2.txt" 2>&1
    elapsed "devices: alone, busy, together, alone" $t0
    python3 - "$OUT" <<'PY' | tee "$OUT/perturb.txt"
import csv, statistics, sys
runs = ["alone1", "busy", "together", "alone2"]
def medians(run):
    m = {}
    for r in csv.DictReader(open(f"{sys.argv[1]}/{run}.csv")):
        if r["verdict"] == "pass":
            key = (r["variant"] + " " + r["params"], r["device"])
            m.setdefault(key, []).append(float(r["median_s"]) * 1e6)
    return m
m = {run: medians(run) for run in runs}
print(f"{'case':40} {'device':>6}" + "".join(f" {run:>17}" for run in runs))
for key in sorted(set().union(*m.values())):
    cells = "".join(f" {statistics.median(v):9.2f} +-{(max(v) - min(v)) / 2:5.2f}"
                    if (v := m[run].get(key)) else f" {'-':>17}" for run in runs)
    print(f"{key[0]:40} {key[1]:>6}{cells}")
print("# us: the median of the 5 repetitions' medians, +- half their range")
PY
    ;;
  abi11)
    # Issue 12: the catalogue's wall time with the 1.1 staging services
    # (default --jobs, then --jobs=1); the kernels' goals are stage limits.
    for j in "" "--jobs=1"; do
      t1=$(date +%s.%N)
      timeout 240 ./kbench --calibrate $j --json="$OUT/cat-abi11${j:+-j1}.json" \
        > "$OUT/cat-abi11${j:+-j1}.txt" 2>&1
      echo "catalogue --calibrate ${j:-default jobs}: exit $?, $(awk -v a="$t1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s wall" >> "$OUT/timing.txt"
    done
    grep -h "cases in" "$OUT"/cat-abi11*.txt; grep catalogue "$OUT/timing.txt" ;;
  fast)
    # Issue 12's 10-second catalogue: this tarball (new) and the baseline
    # in devbase/ (base, the commit before the staging work), interleaved
    # on one machine: wall times, where they go, and the GPU medians of
    # the two compared (kbench compare; host variants are noise).
    mkdir -p /tmp/base && tar xf "$here"/devbase/kbench-*.tar.gz -C /tmp/base \
      && (cd /tmp/base/kbench-*/ && ./configure && make -j16) > "$OUT/base-build.log" 2>&1 \
      || { tail -n 20 "$OUT/base-build.log"; continue; }
    base=$(echo /tmp/base/kbench-*/kbench)
    t1=$(date +%s.%N); ./kbench --list > /dev/null 2>&1
    echo "kbench --list: $(awk -v a="$t1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }') s wall" >> "$OUT/timing.txt"
    nvidia-smi --query-gpu=persistence_mode --format=csv,noheader \
      | sed 's/^/persistence mode: /' >> "$OUT/timing.txt"
    for c in "" "--calibrate"; do
      t1=$(date +%s.%N); ./kbench $c smem_broadcast > /dev/null 2>&1
      echo "one case ${c:-without --calibrate}: $(awk -v a="$t1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }') s wall" >> "$OUT/timing.txt"
    done
    for run in new1:./kbench base1:$base new2:./kbench; do
      t1=$(date +%s.%N)
      timeout 240 ${run#*:} --calibrate --json="$OUT/fast-${run%%:*}.json" \
        > "$OUT/fast-${run%%:*}.txt" 2>&1
      echo "catalogue ${run%%:*}: exit $?, $(awk -v a="$t1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s wall" >> "$OUT/timing.txt"
    done
    for pair in base1:new1 new1:new2; do
      echo "== ${pair%%:*} -> ${pair#*:}"
      ./kbench compare "$OUT/fast-${pair%%:*}.json" "$OUT/fast-${pair#*:}.json"
    done > "$OUT/fast-compare.txt" 2>&1
    python3 - "$OUT"/fast-new1.json "$OUT"/fast-base1.json "$OUT"/fast-new2.json <<'PY' | tee "$OUT/fast-phases.txt"
import json, sys
for path in sys.argv[1:]:
    b = json.load(open(path))["benchmarks"]
    tot = {k: sum(e.get(k, 0) for e in b) for k in ("case_wall_s", "setup_s", "verify_s", "sampling_s", "teardown_s")}
    host = sum(e["case_wall_s"] for e in b if e.get("backend") == "host")
    print(path.split("/")[-1], " ".join(f"{k} {v:.2f}" for k, v in tot.items()), f"host cases {host:.2f}",
          "not verified:", [e["name"] for e in b if e["verdict"] != "pass"])
PY
    grep -E "^(catalogue|kbench|one|persistence)" "$OUT/timing.txt"; grep -E "^==|^# " "$OUT/fast-compare.txt" ;;
  reset)
    # gpu_reset between two good cases, eight times, with this build and
    # the baseline's: does the case after a reset fail the stream check
    # (seen once with page-locked staging), and how often?
    make -j16 check TESTS= > /dev/null 2>&1
    mkdir -p /tmp/base && tar xf "$here"/devbase/kbench-*.tar.gz -C /tmp/base \
      && (cd /tmp/base/kbench-*/ && ./configure && make -j16 && make -j16 check TESTS=) > "$OUT/base-build.log" 2>&1 \
      || { tail -n 20 "$OUT/base-build.log"; continue; }
    for build in new:. base:$(echo /tmp/base/kbench-*); do
      d=${build#*:}
      for i in 1 2 3 4 5 6 7 8; do
        $d/kbench --min-time=0 --max-noise=5 --timeout=2 --param n=4M \
          --plugin $d/tests/plugins/.libs/gpu_ok.so \
          --plugin $d/tests/plugins/.libs/gpu_reset.so reduce_vec4 2>&1 \
          | grep -E "^reduce_vec4" | sed "s/^/${build%%:*} $i: /"
      done
    done | tee "$OUT/reset.txt" | cut -c1-160 ;;
  limits)
    # Issue 12's kernel goals: reduce_vec4 at the default and at 2^28
    # against CUB, the fastest transpose against a copy.
    for n in 64M 256M; do
      ./kbench --param n=$n reduce_vec4 reduce_vec4_float reduce_cub 2>&1 | grep -E "^ *reduce"
    done > "$OUT/limits.txt"
    for s in 8K 16K; do
      ./kbench --param rows=$s --param cols=$s transpose_fast memcpy_d2d \
        2>&1 | grep -E "^ *(transpose|memcpy)"
    done >> "$OUT/limits.txt"
    cat "$OUT/limits.txt" ;;
  broken)
    # What kbench reports for each broken CUDA plugin between two good
    # cases, and what a hung kernel costs: the same good cases with and
    # without gpu_hang between them (the difference less the 3 s timeout is
    # the kill, the driver's teardown and a fresh worker's start).
    make -j16 check TESTS= > /dev/null 2>&1
    P=tests/plugins/.libs
    for b in none gpu_crash_run gpu_hang gpu_illegal gpu_side_stream gpu_legacy \
             gpu_nonblocking gpu_reset; do
      t0=$(date +%s.%N)
      ./kbench --min-samples=3 --max-samples=5 --min-time=0 --warmup=0 \
        --case-timeout=3 --param n=4M --plugin $P/gpu_ok.so \
        $( [ $b = none ] || echo --plugin $P/$b.so ) reduce_vec4
      echo "$b: exit $?, $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }') s wall"
    done > "$OUT/broken.txt" 2>&1
    grep -E "exit|CRASH|ERROR" "$OUT/broken.txt" ;;
  abcost)
    # What isolation costs: the catalogue from this tarball (new) and from
    # the baseline tarball in devbase/ (base), interleaved in one lease, so
    # that medians and wall times are compared on the same machine.
    mkdir -p /tmp/base && tar xf "$here"/devbase/kbench-*.tar.gz -C /tmp/base \
      && (cd /tmp/base/kbench-*/ && ./configure && make -j16) > "$OUT/base-build.log" 2>&1 \
      || { tail -n 20 "$OUT/base-build.log"; continue; }
    base=$(echo /tmp/base/kbench-*/kbench)
    # GPU variants alone, A and B interleaved twice: the host variants'
    # noise (their criterion hits its timeout at random) would swamp the
    # wall times.  Then the host variants alone, with a 5 s sampling cap.
    cuda=$(./kbench --list | sed -n 's/^\([a-z0-9_]*\) \[cuda\]$/\1/p' | tr '\n' ' ')
    for run in new1:./kbench base1:$base new2:./kbench base2:$base; do
      t0=$(date +%s.%N)
      timeout 240 ${run#*:} --calibrate --csv="$OUT/ab-${run%%:*}.csv" $cuda > "$OUT/ab-${run%%:*}.txt" 2>&1
      echo "ab ${run%%:*} (GPU variants): exit $?, $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s wall" >> "$OUT/timing.txt"
    done
    for run in hbase1:$base hnew1:./kbench hbase2:$base hnew2:./kbench; do
      t0=$(date +%s.%N)
      ${run#*:} --timeout=5 --csv="$OUT/ab-${run%%:*}.csv" copy_cpu reduce_cpu transpose_cpu > /dev/null 2>&1
      echo "ab ${run%%:*} (host variants): exit $?, $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s wall" >> "$OUT/timing.txt"
    done
    for pair in base1:new1 base2:new2 new1:new2 base1:base2 hbase1:hnew1 hbase2:hnew2; do
      echo "== ${pair%%:*} -> ${pair#*:}"
      python3 "$here/bench/compare.py" "$OUT/ab-${pair%%:*}.csv" "$OUT/ab-${pair#*:}.csv" 0.5
    done > "$OUT/ab-compare.txt"
    grep "^ab " "$OUT/timing.txt"; grep -E "^(==|# )" "$OUT/ab-compare.txt"
    # The stream check's margin: how long the device stayed busy past
    # the stream's batch, over every verified CUDA case.
    python3 - "$OUT/ab-new1.csv" <<'PY' | tee "$OUT/busy-after.txt"
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["busy_after_stream_s"]]
v = sorted((float(r["busy_after_stream_s"]) * 1e6, r["variant"], r["params"]) for r in rows)
print(f"busy after stream, {len(v)} cases: min {v[0][0]:.1f} us, median {v[len(v)//2][0]:.1f} us, max {v[-1][0]:.1f} us ({v[-1][1]} {v[-1][2]})")
PY
    ;;
  cold)
    # One cold run: per-stage times are in the CSV's last columns.
    timeout 240 ./kbench --calibrate --csv="$OUT/cold.csv" > "$OUT/cold.txt" 2>&1
    elapsed "catalogue, cold, --calibrate" $t0
    tail -n 4 "$OUT/cold.txt" ;;
  probe)
    # What host memory and copies cost here (bench/host_probe.c).
    cuda=$(dirname "$(dirname "$(command -v nvcc)")")
    cat /sys/kernel/mm/transparent_hugepage/enabled > "$OUT/probe.txt" 2>&1
    gcc -O2 -I"$cuda/include" "$here/bench/host_probe.c" -o host_probe \
      -L"$cuda/lib64" -lcudart && ./host_probe >> "$OUT/probe.txt" 2>&1
    cat "$OUT/probe.txt" ;;
  pprobe)
    # Where a plugin's setup and verify time goes (bench/plugin_probe.cu),
    # with glibc's defaults and with freed memory kept as kbench keeps it.
    nvcc -O3 -Iinclude -Iplugins/stencil -Iplugins/coalesce \
      "$here/bench/plugin_probe.cu" runner/rng.c -o plugin_probe \
      && { ./plugin_probe; ./plugin_probe keep; } > "$OUT/plugin_probe.txt" 2>&1
    cat "$OUT/plugin_probe.txt" ;;
  hostnoise)
    # How much the host variants' medians move between processes, with and
    # without the process pinned to one CPU (taskset).
    lscpu > "$OUT/hostnoise.txt" 2>&1
    for pin in "" "taskset -c 3"; do
      for i in 1 2 3 4; do
        $pin ./kbench --csv="$OUT/h.csv" copy_cpu reduce_cpu transpose_cpu > /dev/null 2>&1
        awk -F, -v p="${pin:-unpinned}" 'NR > 1 { printf "%s %s %s %s\n", p, $1, $10, $8 }' "$OUT/h.csv"
      done
    done >> "$OUT/hostnoise.txt"
    grep -v "^[A-Z]" "$OUT/hostnoise.txt" ;;
  outliers)
    # layout_aos reads 5% slower under ncu whatever its cache control
    # (reduce_atomic's gap is ncu's cache control: see the README of the
    # results).  Does ncu's kernel replay matter?  Application replay runs
    # the process once per pass and saves and restores nothing.
    NCU_EXTRA="--replay-mode application" timeout 200 python3 \
      "$here/bench/ncu_probe.py" ./kbench "$OUT" gpu__time_duration.sum \
      layout_aos layout_soa > "$OUT/outliers.txt" 2>&1
    elapsed "outliers" $t0
    cat "$OUT/outliers.txt" ;;
  hot)
    timeout 200 ./kbench --mode=hot --csv="$OUT/hot.csv" > "$OUT/hot.txt" 2>&1
    elapsed "catalogue, hot" $t0
    tail -n 1 "$OUT/hot.txt" ;;
  why)
    # Issue 18: the catalogue with the audits on (the default) and off,
    # and the baseline in .dev-base/ (the commit before the layout work),
    # interleaved (wall times, flagged cases; kbench compare runs here on
    # the JSON, json-c is not there); the seeds' lessons as counters; the
    # counters against ncu's.
    mkdir -p /tmp/base && tar xf "$here"/.dev-base/kbench-*.tar.gz -C /tmp/base \
      && (cd /tmp/base/kbench-*/ && ./configure --without-json-c && make -j16) \
      > "$OUT/base-build.log" 2>&1 || { tail -n 20 "$OUT/base-build.log"; continue; }
    base=$(echo /tmp/base/kbench-*/kbench)
    elapsed "why: baseline built" $t0
    for run in noaudit1:./kbench new1:./kbench base1:$base noaudit2:./kbench \
               new2:./kbench; do
      opt=; case $run in noaudit*) opt=--no-audit ;; esac
      t1=$(date +%s.%N)
      timeout 200 ${run#*:} --calibrate $opt --json="$OUT/why-${run%%:*}.json" \
        > "$OUT/why-${run%%:*}.txt" 2>&1
      echo "catalogue ${run%%:*}: exit $?, $(awk -v a="$t1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s wall" >> "$OUT/timing.txt"
    done
    grep -hE "bytes audit|stream check|counters:" "$OUT"/why-new*.txt > "$OUT/why-flags.txt"
    echo "audit findings in the catalogue: $(wc -l < "$OUT/why-flags.txt")"
    # DRAM writes of a case's first collection in a process, and later ones.
    ./kbench --metrics=dram --repetitions=3 --format=json --param n=64M \
      reduce_vec4 > "$OUT/first.json" 2> "$OUT/first.err"
    ./kbench --repetitions=3 --format=json --param n=64M reduce_vec4 \
      > "$OUT/first-audit.json" 2>> "$OUT/first.err"
    t0=$(date +%s)
    timeout 200 ./kbench --metrics=seed --json="$OUT/seed.json" \
      --param stride=1,2,4,8,16,32 smem_bank smem_broadcast transpose_smem \
      transpose_smem_pad transpose_smem_swizzle coalesce_stride coalesce_offset \
      align_int3 align_int4 align_struct16 layout_aos layout_soa reduce_gmem \
      reduce_smem reduce_smem_unroll reduce_shfl reduce_vec4 reduce_cub \
      > "$OUT/seed.txt" 2>&1
    echo "seed exit $?" >> "$OUT/seed.txt"
    elapsed "why: the seeds' counters" $t0; t0=$(date +%s)
    timeout 170 python3 "$here/bench/ncu_agree.py" ./kbench "$OUT" \
      > "$OUT/ncu_agree.txt" 2> "$OUT/ncu_agree.err"
    elapsed "why: ncu agreement" $t0
    cat "$OUT/ncu_agree.txt"; grep catalogue "$OUT/timing.txt" ;;
  hopper)
    # Issue 20's goals, one run beside the copies and the old bests (the
    # H100's run, with ncu and tuning: bench/results/2026-11-23-h100-hopper/
    # run.sh), then the reduction sweep 1M..1G against reduce_vec4 and CUB,
    # then the counters that tell the variants apart (one untimed run each).
    timeout 150 ./kbench --calibrate --json="$OUT/goals.json" \
      --param n=64M,256M --zip=rows,cols --param rows=8K,16K \
      --param cols=8K,16K memcpy_d2d memcpy_bulk transpose_fast transpose_tma \
      stencil_smem_overlap stencil_fast > "$OUT/goals.txt" 2>&1
    elapsed "hopper: goals" $t0; t0=$(date +%s)
    timeout 150 ./kbench --calibrate --json="$OUT/reduce.json" \
      --param n=1M:1G:*2 reduce_vec4 reduce_cub reduce_cluster \
      > "$OUT/reduce.txt" 2>&1
    elapsed "hopper: reduction sweep" $t0; t0=$(date +%s)
    timeout 100 ./kbench --min-samples=3 --max-samples=5 --json="$OUT/counters.json" \
      --metrics=dram,smem,occupancy,dram__throughput.avg.pct_of_peak_sustained_elapsed \
      --param rows=8K --param cols=8K memcpy_d2d memcpy_bulk transpose_fast \
      transpose_tma > "$OUT/counters.txt" 2>&1
    timeout 60 ./kbench --min-samples=3 --max-samples=5 --json="$OUT/counters-reduce.json" \
      --metrics=dram,occupancy,launch__grid_size \
      --param n=1M,16M reduce_vec4 reduce_cluster >> "$OUT/counters.txt" 2>&1
    elapsed "hopper: counters" $t0
    grep -E "^(# device|# mode|memcpy|transpose|stencil)" "$OUT/goals.txt"
    grep -E "n=(1M|4M|16M|64M|1G) " "$OUT/reduce.txt" ;;
  hopper_tune)
    # The knobs behind the defaults of the Hopper pass (bench/results/
    # 2026-11-23-h100-hopper2/): blocks an SM for both transposes, the
    # cluster size of reduce_cluster where the tail weighs.
    timeout 150 ./kbench --json="$OUT/tune-transpose.json" --zip=rows,cols \
      --param rows=8K,16K --param cols=8K,16K --param blocks_per_sm=0,2,3,4,5,6 \
      transpose_fast transpose_tma memcpy_d2d > "$OUT/tune-transpose.txt" 2>&1
    timeout 100 ./kbench --json="$OUT/tune-reduce.json" --param n=1M,4M,16M \
      --param cluster=0,1,2,4,8,16 reduce_cluster reduce_vec4 \
      > "$OUT/tune-reduce.txt" 2>&1
    timeout 100 ./kbench --json="$OUT/tune-reduce-large.json" \
      --param n=64M,256M,1G --param cluster=0,2,4,8,16 reduce_cluster \
      > "$OUT/tune-reduce-large.txt" 2>&1
    elapsed "hopper_tune" $t0
    grep -E "^(transpose|memcpy)" "$OUT/tune-transpose.txt" | cut -c1-100
    grep -E "^reduce" "$OUT/tune-reduce-large.txt" | cut -c1-90 ;;
  ncu20)
    # What limits the transposes (ncu, one profiled run of each at 8K x 8K):
    # DRAM throughput and bytes, and where the warps wait (WarpStateStats),
    # for the defaults and for as many blocks an SM as fit.
    M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active,launch__occupancy_limit_shared_mem,launch__occupancy_limit_registers,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
    timeout 200 ncu --clock-control none --target-processes all --nvtx \
      --nvtx-include "regex:^(memcpy_bulk|transpose_fast|transpose_tma)/" \
      --section WarpStateStats \
      --metrics "$M,regex:smsp__average_warps_issue_stalled_.*_per_issue_active.ratio" \
      ./kbench --profile --no-hold --no-audit --param blocks_per_sm=0,4,5 \
      memcpy_bulk transpose_fast transpose_tma > "$OUT/ncu20.txt" 2>&1
    echo "ncu exit $?" >> "$OUT/ncu20.txt"
    elapsed "ncu20" $t0
    grep -E "^  [a-z_0-9]+.*\(|dram__throughput|gpu__time|Stall|ncu exit" "$OUT/ncu20.txt" | head -n 60 ;;
  sanitize)
    # The Hopper variants' mbarrier, DSMEM and bulk-copy code under
    # compute-sanitizer (memcheck and racecheck), at small and odd sizes.
    # No audits: CUPTI and the sanitizer do not share a process.
    q="--no-audit --min-samples=1 --max-samples=1 --min-time=0 --warmup=0 --timeout=120"
    for tool in memcheck racecheck synccheck; do
      timeout 80 compute-sanitizer --tool $tool --target-processes all \
        ./kbench $q --param n=1M,100003 reduce_cluster \
        > "$OUT/sanitize-$tool.txt" 2>&1
      timeout 80 compute-sanitizer --tool $tool --target-processes all \
        ./kbench $q --zip=rows,cols --param rows=256,100,4 --param cols=512,196,4 \
        transpose_tma memcpy_bulk >> "$OUT/sanitize-$tool.txt" 2>&1
      echo "$tool: $(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$OUT/sanitize-$tool.txt" | sort | uniq -c | tr '\n' ' ')"
    done
    elapsed "sanitize" $t0 ;;
  tune20)
    # Issue 20's probe (bench/tune/hopper.cu), all three families.
    nvcc -O3 -arch=sm_90 -I"$here/include" -I"$here/plugins/reduce" \
      -I"$here/plugins/transpose" -o hopper "$here/bench/tune/hopper.cu" \
      > "$OUT/tune20.txt" 2>&1 && timeout 300 ./hopper >> "$OUT/tune20.txt" 2>&1
    elapsed "tune20" $t0 ;;
  check)
    # CHECK_TESTS: some scripts only (make check's TESTS=), after a full run.
    # CHECK_J: make's jobs (default 8).
    if [ -n "${CHECK_TESTS:-}" ]; then
      timeout 420 make -j"${CHECK_J:-8}" check TESTS="$CHECK_TESTS" > "$OUT/check.log" 2>&1
    else
      timeout 420 make -j"${CHECK_J:-8}" check > "$OUT/check.log" 2>&1
    fi
    echo "make check exit $?" >> "$OUT/check.log"
    elapsed "make check" $t0
    cat tests/*/*.log >> "$OUT/check.log"
    grep -E "^(# |FAIL|ERROR)" "$OUT/check.log" | head -n 40 ;;
  floors)
    for m in cold hot graph; do
      ./kbench --mode=$m --param n=4K --min-time=0 reduce_vec4 2>&1 | grep "launch floor"
    done | tee "$OUT/floors.txt" ;;
  report)
    # Issue 26: --format=md on the GPU (a device line, % of the copy peak,
    # counters folded, a flagged claim), and the JSON that kbench report
    # draws afterwards where jinja2 and a browser are (this machine has
    # neither json-c nor, maybe, jinja2): the catalogue three times over,
    # and the lessons with --metrics=seed.
    make -j16 check TESTS= > /dev/null 2>&1
    timeout 300 ./kbench --calibrate --repetitions=3 --format=md \
      --json="$OUT/report-cat.json" > "$OUT/report-cat.md" 2>&1
    echo "exit $?" >> "$OUT/report-cat.md"
    elapsed "report: the catalogue, 3 repetitions" $t0; t0=$(date +%s)
    timeout 200 ./kbench --metrics=seed --format=md --json="$OUT/report-seed.json" \
      --param stride=1,8,32 smem_bank transpose_smem transpose_smem_pad \
      reduce_gmem reduce_vec4 layout_aos layout_soa > "$OUT/report-seed.md" 2>&1
    echo "exit $?" >> "$OUT/report-seed.md"
    timeout 60 ./kbench --format=md --param n=64M \
      --plugin tests/plugins/.libs/gpu_inflated.so > "$OUT/report-flagged.md" 2>&1
    echo "exit $?" >> "$OUT/report-flagged.md"
    elapsed "report: --metrics=seed, a flagged claim" $t0
    tail -n 2 "$OUT/report-cat.md" "$OUT/report-seed.md" "$OUT/report-flagged.md" ;;
  gpucheck)
    timeout 300 make -j4 check TESTS=tests/shell/gpu.sh > "$OUT/check.log" 2>&1
    echo "make check TESTS=tests/shell/gpu.sh exit $?" >> "$OUT/check.log"
    elapsed "make check (gpu.sh)" $t0
    cat tests/shell/gpu.log >> "$OUT/check.log"
    grep -E "^(# |FAIL|ERROR)" "$OUT/check.log" | head -n 20 ;;
  lock)
    # Issue 24, one kbench per GPU: a second kbench on the GPU while a
    # first sweeps with counters waits (says who holds it once), then runs
    # the bytes-x1000 cheat and still flags it (no "counters: no"); one
    # with --lock-timeout=1 gives up (ERROR lock, exit 4).  Then the whole
    # make -j16 check, whose tests' kbench wait for each other.
    make -j16 check TESTS= > /dev/null 2>&1
    P=tests/plugins/.libs
    ./kbench --metrics=seed --repetitions=3 reduce_vec4 reduce_cub \
      transpose_fast smem_bank > "$OUT/lock-holder.txt" 2>&1 &
    holder=$!
    sleep 2
    ./kbench --lock-timeout=1 --param n=64M --plugin $P/gpu_inflated.so \
      > "$OUT/lock-timeout.txt" 2>&1
    echo "exit $? (want 4)" >> "$OUT/lock-timeout.txt"
    t1=$(date +%s.%N)
    ./kbench --param n=64M --plugin $P/gpu_inflated.so \
      > "$OUT/lock-waiter.txt" 2>&1
    echo "exit $?, $(awk -v a="$t1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s wall" >> "$OUT/lock-waiter.txt"
    wait $holder
    echo "holder exit $?" >> "$OUT/lock-holder.txt"
    elapsed "lock: holder, timeout, waiter" $t0; t0=$(date +%s)
    grep -E "in use by|ERROR lock|^exit" "$OUT/lock-timeout.txt"
    grep -E "in use by|gpu_inflated|flagged:|counters: no|^exit" "$OUT/lock-waiter.txt"
    tail -n 2 "$OUT/lock-holder.txt"
    timeout 560 make -j16 check > "$OUT/check16.log" 2>&1
    echo "make -j16 check exit $?" >> "$OUT/check16.log"
    elapsed "lock: make -j16 check" $t0
    grep -E "^(# [A-Z]+:|FAIL|ERROR|make -j16)" "$OUT/check16.log" | head -n 30 ;;
  identical)
    # Issue 24, compare with zero false flags: two back-to-back catalogue
    # runs with --metrics=seed (and a pair with --repetitions=3 of the
    # counted families), and the planted changes, for kbench compare off
    # the device (bench/rename_cases.py puts a changed case under its base
    # name): smem_bank at stride 2 (2 conflict ways), transpose_fast at
    # 9011 columns (+10% DRAM bytes), gpu_ok at twice the work.
    make -j16 check TESTS= > /dev/null 2>&1
    for i in 1 2; do
      timeout 240 ./kbench --metrics=seed --json="$OUT/identical-$i.json" \
        > "$OUT/identical-$i.txt" 2>&1
      timeout 240 ./kbench --metrics=seed --repetitions=3 --json="$OUT/reps-$i.json" \
        reduce_vec4 reduce_cub reduce_shfl transpose_smem_pad smem_bank \
        > /dev/null 2>&1
    done
    elapsed "identical: two seed catalogues, two with 3 repetitions" $t0; t0=$(date +%s)
    ./kbench --metrics=seed --param stride=2 smem_bank --json="$OUT/planted-conflicts.json" > /dev/null 2>&1
    ./kbench --metrics=seed --param rows=8K --param cols=9011 transpose_fast \
      --json="$OUT/planted-dram.json" > /dev/null 2>&1
    for slow in 0 1; do
      KBENCH_TEST_SLOWDOWN=$slow ./kbench --metrics=seed --json="$OUT/planted-slow$slow.json" \
        --param n=64M --plugin tests/plugins/.libs/gpu_ok.so > /dev/null 2>&1
    done
    elapsed "identical: planted changes" $t0
    # kbench compare here (json-c carried): each pair, and each planted
    # change under its base case's name.
    c() { name=$1; shift; ./kbench compare "$@" > "$OUT/compare-$name.txt" 2>&1;
          echo "exit $?" >> "$OUT/compare-$name.txt"; }
    c identical "$OUT/identical-1.json" "$OUT/identical-2.json"
    c reps "$OUT/reps-1.json" "$OUT/reps-2.json"
    python3 "$here/bench/rename_cases.py" "$OUT/planted-conflicts.json" "$OUT/pc.json" \
      "smem_bank/stride:2/reps:256/threads:256=smem_bank/stride:1/reps:256/threads:256"
    c planted-conflicts "$OUT/identical-1.json" "$OUT/pc.json"
    dram=$(python3 -c 'import json,sys; print([e["name"] for e in json.load(open(sys.argv[1]))["benchmarks"]][0])' "$OUT/planted-dram.json")
    python3 "$here/bench/rename_cases.py" "$OUT/planted-dram.json" "$OUT/pd.json" \
      "$dram=$(echo "$dram" | sed 's|cols:9011|cols:8K|')"
    c planted-dram "$OUT/identical-1.json" "$OUT/pd.json"
    c planted-slow "$OUT/planted-slow0.json" "$OUT/planted-slow1.json"
    for f in "$OUT"/compare-*.txt; do echo "== $f"; grep -E "^# (counts|[0-9]+ cases)|SLOWER|faster|changed|^exit" "$f" | head -n 8; done ;;
  catalogue10)
    # The catalogue with the audits on, twice: its time against 10 s.
    for i in 1 2; do
      timeout 120 ./kbench --calibrate > "$OUT/catalogue-$i.txt" 2>&1
    done
    elapsed "catalogue10" $t0
    tail -n 1 "$OUT"/catalogue-*.txt ;;
  gputests)
    # The GPU points of the new tests: tune's fault and hang, the lock,
    # --energy, the audits (make check's own GPU tests).
    timeout 400 make -j4 check TESTS='tests/shell/tune.sh tests/shell/lock.sh tests/shell/energy.sh tests/shell/gpu.sh tests/shell/metrics.sh' \
      > "$OUT/gputests.log" 2>&1
    echo "make check exit $?" >> "$OUT/gputests.log"
    cat tests/shell/tune.log tests/shell/energy.log >> "$OUT/gputests.log"
    elapsed "gputests" $t0
    grep -E "^(# [A-Z]+:|FAIL|ERROR|make check)" "$OUT/gputests.log" | head -n 20 ;;
  tunegpu)
    # Issue 25's searches (bench/tune_gpu.sh): exhaustive caches for the
    # strategies' table, the 816-configuration space, a fault and a hang.
    timeout 580 sh "$here/bench/tune_gpu.sh" "$OUT/tune" > "$OUT/tune.log" 2>&1
    elapsed "tunegpu" $t0
    cat "$OUT/tune/timing.txt" "$OUT/tune/cost.txt" 2>/dev/null ;;
  tunecache)
    # Issue 31: tune's --cache is replaced whole (written anew, fsync'd,
    # renamed) after every configuration.  What that costs on this disk:
    # one exhaustive search of 102 configurations without a cache, then
    # the same with a new one, then a third that reads it (0 measured).
    rm -f "$OUT/tunecache.json"
    for run in none new again; do
      t1=$(date +%s.%N)
      cache=; [ $run != none ] && cache=--cache="$OUT/tunecache.json"
      timeout 200 ./kbench tune --strategy=exhaustive --param threads=32:1024:*2 \
        --param cluster=0:16:+1 $cache reduce_cluster \
        > "$OUT/tunecache-$run.txt" 2>&1
      echo "$run: exit $?, $(awk -v a="$t1" -v b="$(date +%s.%N)" \
        'BEGIN { printf "%.1f", b - a }') s, $(grep -o '([0-9]* measured, [0-9]* from the cache)' \
        "$OUT/tunecache-$run.txt" | head -n 1)" >> "$OUT/tunecache.txt"
    done
    elapsed "tunecache" $t0
    cat "$OUT/tunecache.txt" ;;
  tune_energy)
    # Issue 25: the best for energy and the best for time of one variant.
    for obj in time energy; do
      timeout 120 ./kbench tune --strategy=exhaustive --objective=$obj \
        --param blocks_per_sm=1:8:+1 --json="$OUT/tune-energy-transpose-$obj.json" \
        transpose_fast > "$OUT/tune-energy-transpose-$obj.txt" 2>&1
      timeout 150 ./kbench tune --strategy=exhaustive --objective=$obj \
        --param n=256M --param threads=128:1024:*2 --param unroll=2:16:*2 \
        --json="$OUT/tune-energy-packed-$obj.json" reduce_packed \
        > "$OUT/tune-energy-packed-$obj.txt" 2>&1
    done
    elapsed "tune_energy" $t0
    tail -n 8 "$OUT"/tune-energy-*.txt ;;
  flagship)
    # Issue 27's probes: one reduction family (schedule, loads, tail) timed
    # cold beside CUB from 1M to 1G ints, and transpose_fast's kernel with
    # longer output runs, with its copy-address control.
    for p in flagship transpose_runs; do
      nvcc -O3 -arch=sm_90 -I"$here/bench/tune" -o $p "$here/bench/tune/$p.cu" \
        > "$OUT/$p.txt" 2>&1 && timeout 240 ./$p >> "$OUT/$p.txt" 2>&1
      echo "$p exit $?" >> "$OUT/$p.txt"
    done
    elapsed "flagship probes" $t0
    grep -E "cub|floor" "$OUT/flagship.txt"
    sort -k2,2n -k6,6rn "$OUT/flagship.txt" | awk '/^reduce/ && !/cub/ { k=$2; if (!(k in b)) { b[k]=$0; print "best: " $0 } }'
    grep -E "WRONG|exit" "$OUT/flagship.txt" "$OUT/transpose_runs.txt"
    grep -E "^transpose" "$OUT/transpose_runs.txt" | cut -c1-100 ;;
  cubwhy)
    # What CUB does differently at 256M and 1G (issue 27): DRAM throughput,
    # sectors per request, occupancy and launch shape of every kernel.
    timeout 120 ./kbench --min-samples=3 --max-samples=5 --json="$OUT/cubwhy.json" \
      --metrics=memory,occupancy,dram__throughput.avg.pct_of_peak_sustained_elapsed,launch__grid_size,launch__block_size,gpu__time_duration.sum \
      --param n=1M,16M,256M,1G reduce_cub reduce_cluster reduce_vec4 \
      > "$OUT/cubwhy.txt" 2>&1
    elapsed "cubwhy" $t0
    grep -E "^reduce|dram__throughput|launch__grid|gpu__time|sectors_per|achieved" "$OUT/cubwhy.txt" | head -n 80 ;;
  hostnoise2)
    # Issue 24: why host cases move by half between identical runs.  The
    # loop alone (bench/host_loop.c, scalar as reduce_cpu's) in fresh
    # processes, then kbench's host cases, default, --jobs=1 and pinned.
    cc -O2 -fno-tree-vectorize -std=c11 -pthread "$here/bench/host_loop.c" -o host_loop
    { cat /sys/kernel/mm/transparent_hugepage/enabled; nproc; lscpu | grep -E "MHz|Thread|Core|Socket|NUMA"
      for i in 1 2 3 4 5 6; do ./host_loop 16; done
      for i in 1 2 3; do taskset -c 7 ./host_loop 1; done
      for mode in default jobs1 pinned; do
        for i in 1 2 3 4 5; do
          case $mode in
            default) ./kbench --csv=h.csv copy_cpu reduce_cpu transpose_cpu ;;
            jobs1) ./kbench --jobs=1 --csv=h.csv copy_cpu reduce_cpu transpose_cpu ;;
            pinned) taskset -c 7 ./kbench --csv=h.csv copy_cpu reduce_cpu transpose_cpu ;;
          esac > /dev/null 2>&1
          awk -F, -v m=$mode 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
            NR > 1 { printf "%s %s median %s samples %s\n", m, $c["variant"], $c["median_s"], $c["samples"] }' h.csv
        done
      done
      # The host cases after the GPU cases in one worker, as in the catalogue.
      for i in 1 2 3; do
        ./kbench --csv=h.csv --param n=16M reduce_vec4 reduce_cpu copy_cpu > /dev/null 2>&1
        awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
          NR > 1 { printf "aftergpu %s median %s samples %s\n", $c["variant"], $c["median_s"], $c["samples"] }' h.csv
      done
    } > "$OUT/hostnoise2.txt" 2>&1
    elapsed "hostnoise2" $t0
    cat "$OUT/hostnoise2.txt" ;;
  ncuenv)
    # What a profiling tool leaves in the environment (kbench's detection),
    # and a short catalogue subset under ncu as fidelity.py runs it.
    timeout 60 ncu --target-processes all sh -c 'env | grep -iE "inject|nsight|nv_|ld_preload" | sort' \
      > "$OUT/ncuenv.txt" 2>&1
    timeout 200 ncu --clock-control none --metrics gpu__time_duration.sum \
      --target-processes all ./kbench --no-hold --warmup=0 --min-samples=20 \
      --max-samples=20 --min-time=0 reduce_vec4 transpose_fast memcpy_bulk \
      > "$OUT/ncurun.txt" 2>&1
    echo "ncu exit $?" >> "$OUT/ncurun.txt"
    elapsed "ncuenv" $t0
    cat "$OUT/ncuenv.txt"; grep -E "^(reduce|transpose|memcpy|warning|kbench)|ncu exit|profiling tool" "$OUT/ncurun.txt" | head -n 20 ;;
  sweep27)
    # Issue 27's bar: the reduce family and CUB, n = 1M..1G, one run, JSON.
    timeout 200 ./kbench --calibrate --json="$OUT/reduce-sweep.json" \
      --param n=1M:1G:*4 reduce_packed reduce_cub reduce_cluster reduce_vec4 \
      reduce_smem_unroll > "$OUT/reduce-sweep.txt" 2>&1
    elapsed "sweep27" $t0
    grep -E "^(# mode|reduce_(packed|cub))" "$OUT/reduce-sweep.txt" | cut -c1-100 ;;
  hostthp)
    # Issue 24's host noise, second round: the loop alone with and without
    # transparent huge pages (madvise), and kbench's host cases with glibc's
    # malloc asking for them (GLIBC_TUNABLES=glibc.malloc.hugetlb=1).
    cc -O2 -fno-tree-vectorize -std=c11 -pthread "$here/bench/host_loop.c" -o host_loop
    { for i in 1 2 3; do ./host_loop rounds; ./host_loop fresh; done
      for i in 1 2 3 4 5 6; do ./host_loop 16; ./host_loop 16 huge; done
      for t in "" "glibc.malloc.hugetlb=1"; do
        for i in 1 2 3 4 5; do
          GLIBC_TUNABLES=$t ./kbench --csv=h.csv copy_cpu reduce_cpu transpose_cpu > /dev/null 2>&1
          awk -F, -v m="${t:-plain}" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
            NR > 1 { printf "%s %s median %s samples %s\n", m, $c["variant"], $c["median_s"], $c["samples"] }' h.csv
        done
      done
    } > "$OUT/hostthp.txt" 2>&1
    elapsed "hostthp" $t0
    cat "$OUT/hostthp.txt" ;;
  goals27)
    # Issue 27's transpose goal, three back-to-back runs: transpose_fast
    # and memcpy_d2d at 8K and 16K, and transpose_runs.cu's copy-address
    # control, which shows what the transposed addresses cost.
    for i in 1 2 3; do
      timeout 100 ./kbench --json="$OUT/goals27-$i.json" --zip=rows,cols \
        --param rows=8K,16K --param cols=8K,16K memcpy_d2d transpose_fast \
        transpose_tma > "$OUT/goals27-$i.txt" 2>&1
    done
    elapsed "goals27" $t0
    grep -hE "^(memcpy_d2d|transpose_fast|transpose_tma) " "$OUT"/goals27-*.txt | cut -c1-96 ;;
  energy)
    # Issue 25's energy: bench/energy_check.sh (the counter's resolution,
    # kbench's J/run and W beside nvidia-smi's power), and what --energy
    # costs a case: ten catalogue cases with and without it.
    timeout 200 bash "$here/bench/energy_check.sh" "$OUT/energy" ./kbench \
      > /dev/null 2>&1
    for e in "" --energy; do
      /usr/bin/time -f "%e s wall" ./kbench $e --json="$OUT/energy-cost${e:+-on}.json" \
        reduce_packed reduce_vec4 reduce_cub memcpy_d2d memcpy_bulk \
        transpose_fast stencil_fast smem_bank coalesce_stride layout_soa \
        > "$OUT/energy-cost${e:+-on}.txt" 2>&1
    done
    elapsed "energy" $t0
    tail -n 25 "$OUT/energy/energy_check.log"
    tail -n 3 "$OUT/energy-cost.txt" "$OUT/energy-cost-on.txt" ;;
  examples)
    # Recorded output for the README's first screen: the stream audit on an
    # honest and an unjoined fork/join and on a cheat, the flagship's
    # counters beside CUB's, and a short tune.
    make -j16 check TESTS= > /dev/null 2>&1
    P=tests/plugins/.libs
    { ./kbench --param n=1M --param join=1,0 --plugin $P/gpu_fork_join.so
      ./kbench --param n=4K --plugin $P/gpu_per_thread.so
      ./kbench --metrics=dram__bytes_read.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,launch__grid_size \
        --param n=1G reduce_packed reduce_cub
      ./kbench tune --param blocks_per_sm=1:8:+1 transpose_fast
    } > "$OUT/examples.txt" 2>&1
    elapsed "examples" $t0
    cat "$OUT/examples.txt" | cut -c1-200 ;;
  kerneltime)
    # Issue 33: kernel time (gpu__time_duration of each run's kernels, on
    # a pass of its own after the timed samples) beside event time.  (1)
    # Its cost: the catalogue with kernel time off and on, interleaved
    # twice; the event medians of cases of 20 us or more should move by at
    # most 0.5% (kt-onoff.txt; layout_aos and transpose_naive_row move with
    # the profiler's state, docs/usage.md) and each catalogue with it on
    # should take at most 9.5 s ("# N cases in X s" at the end of
    # kt-on*.txt; kernel_pass_s in the CSV is each case's share).  (2)
    # Small cases: reduce_packed and reduce_cub at n=1M (kt-small.csv;
    # compare two machines' files with bench/compare.py
    # --column=busy_median_s A B 2).  (3) Against ncu: bench/fidelity.py
    # --time=kernel, every case of 20 us or more within 1% (busy for runs
    # of several kernels), the event-minus-kernel gap beside the run's
    # launch floor (kt-fidelity.txt).  (4) below.
    for i in 1 2; do
      timeout 120 ./kbench --no-kernel-time --csv="$OUT/kt-off$i.csv" > "$OUT/kt-off$i.txt" 2>&1
      timeout 120 ./kbench --csv="$OUT/kt-on$i.csv" --json="$OUT/kt-on$i.json" > "$OUT/kt-on$i.txt" 2>&1
    done
    elapsed "kerneltime: four catalogues" $t0; t0=$(date +%s)
    python3 "$here/bench/kerneltime.py" "$OUT"/kt-off1.csv "$OUT"/kt-on1.csv \
      "$OUT"/kt-off2.csv "$OUT"/kt-on2.csv > "$OUT/kt-onoff.txt"
    tail -n 1 "$OUT"/kt-o*.txt; tail -n 1 "$OUT/kt-onoff.txt"
    ./kbench --param n=1M --repetitions=3 --csv="$OUT/kt-small.csv" \
      reduce_packed reduce_cub > "$OUT/kt-small.txt" 2>&1
    cat "$OUT/kt-small.txt"
    # (4) A real slowdown is still one: gpu_ok summing its input once more
    # (an extra kernel a run, KBENCH_TEST_SLOWDOWN=1) must be SLOWER under
    # kbench compare's default --time=kernel, exit 1 (kt-slowdown.txt).
    make -j16 check TESTS= > /dev/null 2>&1
    for slow in 0 1; do
      KBENCH_TEST_SLOWDOWN=$slow ./kbench --json="$OUT/kt-slow$slow.json" \
        --param n=64M --plugin tests/plugins/.libs/gpu_ok.so reduce_vec4 \
        reduce_cub > /dev/null 2>&1
    done
    ./kbench compare "$OUT/kt-slow0.json" "$OUT/kt-slow1.json" > "$OUT/kt-slowdown.txt" 2>&1
    echo "compare exit $?" >> "$OUT/kt-slowdown.txt"
    cat "$OUT/kt-slowdown.txt"
    [ -n "${KT_NO_NCU:-}" ] && continue
    kt_fidelity 360 ;;
  ktfidelity)
    # Part (3) of the kerneltime stage alone, for a call of its own.
    kt_fidelity 540 ;;
  cattime)
    # The catalogue's wall time, this build against the one in devbase/ (a
    # make dist of an earlier commit), three times each, interleaved, with
    # the default settings; each CSV's setup, verify, sampling and
    # kernel-pass seconds summed (cattime.txt).
    build_base || { tail -n 20 "$OUT/base-build.log" 2>/dev/null; continue; }
    for i in 1 2 3; do
      timeout 200 "$base" --csv="$OUT/ct-base$i.csv" > "$OUT/ct-base$i.txt" 2>&1
      timeout 200 ./kbench --csv="$OUT/ct-new$i.csv" > "$OUT/ct-new$i.txt" 2>&1
    done
    for f in "$OUT"/ct-*.csv; do
      awk -F, -v f="$(basename "$f" .csv)" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        { s += $c["setup_s"]; v += $c["verify_s"]; m += $c["sampling_s"]; k += $c["kernel_pass_s"] }
        END { printf "%s: setup %.2f verify %.2f sampling %.2f kernel pass %.2f s; ", f, s, v, m, k }' "$f"
      tail -n 1 "${f%.csv}.txt"
    done > "$OUT/cattime.txt"
    elapsed "cattime" $t0
    cat "$OUT/cattime.txt" ;;
  kt_explore)
    # Issue 33's choice of instrument (bench/results/2026-11-25-kerneltime):
    # the kernel-time pass (range profiler, gpu__time_duration) against
    # --no-kernel-time on the catalogue, interleaved three times; the modes,
    # a forked and joined run, --metrics beside it, --no-audit, a profiler
    # held by another process, ncu attached, and the small cases.
    make -j16 check TESTS= > /dev/null 2>&1
    for i in 1 2 3; do
      timeout 120 ./kbench --no-kernel-time --csv="$OUT/off$i.csv" > "$OUT/off$i.txt" 2>&1
      timeout 120 ./kbench --csv="$OUT/on$i.csv" --json="$OUT/on$i.json" > "$OUT/on$i.txt" 2>&1
    done
    elapsed "kt_explore: six catalogues" $t0; t0=$(date +%s)
    tail -n 1 "$OUT"/off?.txt "$OUT"/on?.txt
    python3 "$here/bench/kerneltime.py" "$OUT"/off1.csv "$OUT"/on1.csv \
      "$OUT"/off2.csv "$OUT"/on2.csv "$OUT"/off3.csv "$OUT"/on3.csv > "$OUT/onoff.txt"
    tail -n 1 "$OUT/onoff.txt"
    P=tests/plugins/.libs
    {
      for m in hot graph; do
        ./kbench --mode=$m --csv="$OUT/$m.csv" --param n=64M,1M reduce_vec4 reduce_cub 2>&1
      done
      ./kbench --csv="$OUT/forkjoin.csv" --param n=64M,1M --param join=1 \
        --plugin $P/gpu_fork_join.so 2>&1
      ./kbench --csv="$OUT/metrics.csv" --metrics=dram__bytes_read.sum \
        --param n=64M reduce_vec4 reduce_cub memcpy_d2d 2>&1
      ./kbench --csv="$OUT/noaudit.csv" --no-audit --param n=64M reduce_vec4 \
        reduce_cub memcpy_d2d 2>&1
      ./kbench --csv="$OUT/small.csv" --param n=1M --repetitions=3 \
        reduce_packed reduce_cub 2>&1
      ./kbench --time=event --format=md --param n=64M reduce_vec4 memcpy_d2d 2>&1
      ./kbench --metrics=dram__bytes_read.sum --repetitions=60 --param n=256M \
        reduce_vec4 > /dev/null 2>&1 &
      holder=$!
      sleep 6
      ./kbench --csv="$OUT/busy.csv" --param n=64M reduce_cub reduce_vec4 2>&1
      wait $holder
      timeout 120 ncu --metrics gpu__time_duration.sum ./kbench --no-hold \
        --param n=1M reduce_cub reduce_vec4 2>&1 | grep -v "^==PROF==" | grep -v "^    "
    } > "$OUT/modes.txt" 2>&1
    elapsed "kt_explore: the rest" $t0
    cut -c1-170 "$OUT/modes.txt" | grep -v "^  *[a-z_]*__\|Section\|---" | tail -n 60 ;;
  kt_controls)
    # Issue 33's controls: what the GPU's profiler, enabled at all, does to
    # the event medians (--no-audit --no-kernel-time has none; the bytes
    # audit and kernel time each bind a config of their own), interleaved
    # twice; --metrics beside kernel time; a profiler held by another
    # process (--no-lock); and layout_aos under ncu on its own.
    for i in 1 2; do
      for v in "--no-audit --no-kernel-time" "--no-audit" "--no-kernel-time" ""; do
        tag=$(echo "x$v" | tr -d ' -')
        timeout 120 ./kbench $v --csv="$OUT/c$i-$tag.csv" > "$OUT/c$i-$tag.txt" 2>&1
      done
    done
    elapsed "kt_controls: eight catalogues" $t0; t0=$(date +%s)
    tail -n 1 "$OUT"/c?-*.txt
    {
      ./kbench --csv="$OUT/metrics.csv" --metrics=dram__bytes_read.sum \
        --param n=64M reduce_vec4 reduce_cub memcpy_d2d reduce_packed 2>&1
      ./kbench --metrics=dram__bytes_read.sum --repetitions=200 --param n=256M \
        reduce_vec4 > /dev/null 2>&1 &
      holder=$!
      sleep 5
      ./kbench --no-lock --csv="$OUT/busy.csv" --param n=64M reduce_cub reduce_vec4 2>&1
      kill $holder; wait $holder 2>/dev/null
      for cache in all none; do
        timeout 100 ncu --clock-control none --cache-control $cache --metrics \
          gpu__time_duration.sum --csv ./kbench --no-hold --warmup=0 \
          --min-samples=10 --max-samples=10 --min-time=0 layout_aos \
          transpose_naive_row 2>&1 | grep -E "step_aos|transpose_write_rows" \
          | awk -F'","' -v c=$cache '{print c, $5, $NF}'
      done
    } > "$OUT/extras.txt" 2>&1
    elapsed "kt_controls: the rest" $t0
    cut -c1-170 "$OUT/extras.txt" | tail -n 60 ;;
  history|history_step|history_drift)
    # Issue 35: kbench history on real noise.  Each run is the catalogue at
    # its defaults plus gpu_ok at n=64M (256 MB: beyond the L2), whose
    # KBENCH_TEST_EXTRA=PCT (tests/plugins/gpu_broken.cuh) sums the first
    # PCT% of its input once more: the same launches in every run, 0 in
    # the A/A runs, so that only the work changes.  history: 20 identical
    # runs (run01..20); history_step: 10 runs at +3% (step3-11..20) and 10
    # at +1.5% (step15-11..20), each series read after run01..10;
    # history_drift: 20 runs at 0.3% more a run (drift01..20: 0, 0.3, ...
    # 5.7%).  The JSON files (gzipped) are judged off the device
    # (kbench history needs ruptures): see bench/results/ for the calls.
    make -j16 check TESTS= > /dev/null 2>&1
    mkdir -p /tmp/hplug "$OUT/history"
    ln -sf "$(pwd)/tests/plugins/.libs/gpu_ok.so" /tmp/hplug/
    export KBENCH_PLUGIN_PATH=/tmp/hplug
    ./kbench --list | sed -n 's/^\([a-z0-9_]*\) \[[a-z]*\]$/\1/p' |
      grep -vx gpu_ok > "$OUT/history/cases.txt"
    echo "gpu_ok n=64M" >> "$OUT/history/cases.txt"
    # hrun LABEL PCT: one run, its JSON gzipped.
    hrun() {
      KBENCH_TEST_EXTRA=$2 timeout 120 ./kbench --cases="$OUT/history/cases.txt" \
        --label="$1" --json="$OUT/history/$1.json" > "$OUT/history/$1.txt" 2>&1
      echo "$1 extra $2%: exit $? $(tail -n 1 "$OUT/history/$1.txt")" >> "$OUT/history/runs.txt"
      gzip -f "$OUT/history/$1.json"
    }
    case $stage in
    history)
      for i in $(seq -w 1 20); do hrun "run$i" 0; done ;;
    history_step)
      for i in $(seq 11 20); do hrun "step3-$i" 3; done
      for i in $(seq 11 20); do hrun "step15-$i" 1.5; done ;;
    history_drift)
      for i in $(seq 0 19); do
        hrun "drift$(printf %02d $((i + 1)))" "$(echo "$i" | awk '{print $1 * 0.3}')"
      done ;;
    esac
    unset KBENCH_PLUGIN_PATH
    elapsed "$stage" $t0
    cat "$OUT/history/runs.txt" ;;
  libs)
    # Issue 34's proofs (ABI 1.2, library code).  examples/libs built with
    # pkg-config against this build staged under /tmp/kbroot; then
    #  - thrust_reduce at 1M and 64M, three repetitions: ok, median and
    #    noise (nvbench's exec_tag::sync on an H100: 144.5 us and 261 us,
    #    10-20% noise), cold and hot;
    #  - tests/plugins/gpu_region.cu, a 256 MiB cudaMemsetAsync then a CUB
    #    sum of 64M ints, without and with the region, against the sum
    #    alone, three repetitions each (region/alone within 2%);
    #  - the cheats: a declared-synchronizing run with an unjoined stream,
    #    the undeclared run, and regions that leave the sum out (before,
    #    after), at a small and a large size: each ERROR, none ok;
    #  - the other examples (thrust_sort over its region, cub_sort,
    #    cublas_sgemm in FLOP/s), and the skeletons of kbench new --sync
    #    and --timer;
    #  - the catalogue's medians: this build against the one in devbase/
    #    (a make dist of main before ABI 1.2) when it is there, run in turn
    #    twice each, with kbench compare; else this build twice.
    make -j16 check TESTS= > /dev/null 2>&1
    P=tests/plugins/.libs
    rm -rf /tmp/kbroot /tmp/libs && make install DESTDIR=/tmp/kbroot > /dev/null 2>&1
    pcdir=$(dirname "$(find /tmp/kbroot -name kbench.pc | head -n 1)")
    prefix=$(PKG_CONFIG_PATH=$pcdir pkg-config --variable=prefix kbench)
    cp -R examples/libs /tmp/libs
    PKG_CONFIG_PATH=$pcdir PKG_CONFIG="pkg-config --define-variable=prefix=/tmp/kbroot$prefix" \
      make -C /tmp/libs -j4 > "$OUT/libs-build.log" 2>&1 || tail -n 30 "$OUT/libs-build.log"
    L=/tmp/libs
    elapsed "libs: builds" $t0; t0=$(date +%s)
    for mode in cold hot; do
      ./kbench --mode=$mode --repetitions=3 --json="$OUT/thrust-reduce-$mode.json" \
        --plugin $L/thrust_reduce.so > "$OUT/thrust-reduce-$mode.txt" 2>&1
    done
    ./kbench --repetitions=3 --json="$OUT/region.json" --param clear=0,256M \
      --param use=none,region --plugin $P/gpu_region.so > "$OUT/region.txt" 2>&1
    python3 - "$OUT"/thrust-reduce-cold.json "$OUT"/thrust-reduce-hot.json \
      "$OUT/region.json" > "$OUT/libs-summary.txt" <<'PY'
import json, statistics, sys
for path in sys.argv[1:3]:
    for e in json.load(open(path))["benchmarks"]:
        print("%-14s %-5s %-8s %-4s median %9.2f us  noise %5.2f%%  host %9.2f us"
              % (e["variant"], e["mode"], e["name"].split("/")[1], e["verdict"],
                 (e["median_s"] or 0) * 1e6, 100 * (e["noise"] or 0),
                 (e["host_median_s"] or 0) * 1e6))
m = {}
for e in json.load(open(sys.argv[3]))["benchmarks"]:
    m.setdefault((e["params"]["clear"], e["params"]["use"]), []).append(
        e["median_s"] if e["verdict"] == "pass" else float("nan"))
for k, v in sorted(m.items()):
    print("gpu_region clear=%-9d use=%-6s medians %s us"
          % (k[0], k[1], " ".join("%.2f" % (x * 1e6) for x in v)))
alone = statistics.median(m[(0, "none")])
# median_s is the event median whatever --time judged: the region's
# time, and the sum's alone, on the same clock.
print("region / alone: %.4f (within 2%%: %s); memset and sum / alone: %.3f"
      % (statistics.median(m[(268435456, "region")]) / alone,
         abs(statistics.median(m[(268435456, "region")]) / alone - 1) < 0.02,
         statistics.median(m[(268435456, "none")]) / alone))
PY
    elapsed "libs: thrust_reduce and the region" $t0; t0=$(date +%s)
    # (A bare name after --plugin is one more plugin to load: the other
    # variant of gpu_sync.so is left out with --exclude.)
    { ./kbench --param n=4K,64M --param side=1 --exclude=gpu_sync_undeclared --plugin $P/gpu_sync.so
      ./kbench --param n=1M,64M --exclude=gpu_sync --plugin $P/gpu_sync.so
      ./kbench --param n=4K,64M --param use=before,after --plugin $P/gpu_region.so
      ./kbench --param n=1M,64M --exclude=gpu_sync_undeclared --plugin $P/gpu_sync.so
    } > "$OUT/cheats.txt" 2>&1
    ./kbench --json="$OUT/libs.json" --plugin $L/thrust_sort.so \
      --plugin $L/cub_sort.so --plugin $L/cublas_sgemm.so > "$OUT/libs.txt" 2>&1
    (cd /tmp && rm -rf nsync ntimer && for k in "nsync --sync" "ntimer --timer"; do
       "$OLDPWD/kbench" new $k > /dev/null &&
       PKG_CONFIG_PATH=$pcdir PKG_CONFIG="pkg-config --define-variable=prefix=/tmp/kbroot$prefix" \
         make -C ${k%% *} > /dev/null 2>&1 &&
       "$OLDPWD/kbench" --plugin ${k%% *}/${k%% *}.so
     done) > "$OUT/new.txt" 2>&1
    elapsed "libs: cheats, examples, skeletons" $t0; t0=$(date +%s)
    build_base
    for i in 1 2; do
      [ -n "$base" ] && timeout 200 "$base" --json="$OUT/cat-base-$i.json" > "$OUT/cat-base-$i.txt" 2>&1
      timeout 200 ./kbench --json="$OUT/cat-new-$i.json" > "$OUT/cat-new-$i.txt" 2>&1
    done
    elapsed "libs: catalogues" $t0
    c() { name=$1; shift; ./kbench compare "$@" > "$OUT/compare-$name.txt" 2>&1;
          echo "exit $?" >> "$OUT/compare-$name.txt"; }
    c new-new "$OUT/cat-new-1.json" "$OUT/cat-new-2.json"
    if [ -n "$base" ]; then
      c base-new-1 "$OUT/cat-base-1.json" "$OUT/cat-new-1.json"
      c base-new-2 "$OUT/cat-base-2.json" "$OUT/cat-new-2.json"
    fi
    cat "$OUT/libs-summary.txt"; grep -E "ERROR|FAIL| ok" "$OUT/cheats.txt" | cut -c1-220
    grep -E "^[a-z_]+ .* (ok|ERROR|FAIL)|timed:" "$OUT/libs.txt" "$OUT/new.txt" | cut -c1-200
    for f in "$OUT"/compare-*.txt; do echo "== $f"; grep -E "^# [0-9]+ cases|^exit" "$f"; done ;;
  fidelity)
    # FIDELITY_VARIANTS: a subset (empty: the catalogue).  The catalogue
    # stage's default-criterion medians are shown beside when present, and
    # CUPTI's kernel timestamps when its library is found.
    extra=
    [ -f "$OUT/cold.csv" ] && extra="--catalogue $OUT/cold.csv"
    cuda=$(dirname "$(dirname "$(command -v nvcc)")")
    cupti=$(find "$cuda"/ -name 'libcupti.so' 2>/dev/null | head -n 1)
    header=$(find "$cuda"/ -name 'cupti.h' 2>/dev/null | head -n 1)
    if [ -n "$cupti" ] && [ -n "$header" ] && cc -std=c11 -shared -fPIC \
         -I"$cuda/include" -I"$(dirname "$header")" \
         "$here/bench/cupti_trace.c" -o libkbtrace.so \
         -L"$(dirname "$cupti")" -Wl,-rpath,"$(dirname "$cupti")" -lcupti; then
      extra="$extra --cupti libkbtrace.so"
    fi
    timeout 420 python3 "$here/bench/fidelity.py" ./kbench "$OUT" $extra \
      ${FIDELITY_VARIANTS:-} > "$OUT/fidelity.txt" 2> "$OUT/fidelity.err"
    elapsed "fidelity" $t0
    cat "$OUT/fidelity.txt" ;;
  field)
    # Issues 40 and 41: the catalogue as a cluster node runs it.  Each run's
    # table, JSON and exit status in field/, and one line each in
    # field/summary.txt (its ERROR and DISTURBED rows, its last line):
    # (1) taskset -c 0, twice; (2) every core busy, twice, and the stream
    # cheats under that load; (3) mpirun -np 2 with Open MPI's default
    # binding, twice, and fleet over each; (4) a stray memory-bound program
    # (bench/stray_copy.cu) on STRAY_GPU (default: the last GPU) during
    # mpirun -np 2, and fleet; (5) --devices=all --calibrate, three times,
    # fleet over each, and a report.  FIELD_CASES: a subset.
    make -j16 check TESTS= > /dev/null 2>&1
    F=$OUT/field
    mkdir -p "$F"
    nvcc -O2 -o stray "$here/bench/stray_copy.cu" > "$F/stray-build.log" 2>&1
    ngpu=$(nvidia-smi -L | wc -l)
    sg=${STRAY_GPU:-$((ngpu - 1))}
    P=tests/plugins/.libs
    cheats="gpu_side_stream gpu_nonblocking gpu_legacy gpu_per_thread gpu_graph gpu_off_copy"
    # A run's table into $F/$1.txt with its exit status; the summary line.
    field_run() {
      name=$1
      shift
      timeout 240 "$@" > "$F/$name.txt" 2>&1
      echo "exit $?" >> "$F/$name.txt"
      printf '%s: %s ERROR, %s DISTURBED; %s; %s\n' "$name" \
        "$(grep -c ' ERROR ' "$F/$name.txt")" \
        "$(grep -c ' DISTURBED' "$F/$name.txt")" \
        "$(grep -E '^# [0-9]+ cases? in' "$F/$name.txt" | tail -n 1)" \
        "$(tail -n 1 "$F/$name.txt")" >> "$F/summary.txt"
    }
    cheat_runs() {
      for cheat in $cheats; do
        $1 ./kbench --param n=4M,64M --plugin "$P/$cheat.so" 2>&1 \
          | grep -E "^$cheat " | sed "s/^/$2: /"
      done >> "$F/cheats.txt"
    }
    for i in 1 2; do
      field_run taskset$i taskset -c 0 ./kbench --json="$F/taskset$i.json" ${FIELD_CASES:-}
    done
    cheat_runs "taskset -c 0" "taskset"
    elapsed "field: taskset -c 0" $t0; t0=$(date +%s)
    busy=
    for j in $(seq "$(nproc)"); do
      sh -c 'while :; do :; done' & busy="$busy $!"
    done
    for i in 1 2; do
      field_run busy$i ./kbench --json="$F/busy$i.json" ${FIELD_CASES:-}
    done
    cheat_runs "" "busy"
    kill $busy
    elapsed "field: every core busy" $t0; t0=$(date +%s)
    mpi="mpirun --allow-run-as-root -np 2"
    for i in 1 2; do
      mkdir -p "$F/mpi$i"
      field_run mpi$i $mpi --report-bindings ./kbench --json="$F/mpi$i/%h-%r.json" ${FIELD_CASES:-}
      { ./kbench fleet "$F"/mpi$i/*.json; echo "fleet exit $?"; } > "$F/fleet-mpi$i.txt" 2>&1
    done
    elapsed "field: mpirun -np 2" $t0; t0=$(date +%s)
    ./stray "$sg" 300 > "$F/stray.txt" 2>&1 &
    spid=$!
    sleep 3
    nvidia-smi > "$F/stray-smi.txt" 2>&1
    mkdir -p "$F/stray"
    field_run stray-mpi $mpi ./kbench --json="$F/stray/%h-%r.json" ${FIELD_CASES:-}
    kill $spid
    wait $spid 2> /dev/null
    { ./kbench fleet "$F"/stray/*.json; echo "fleet exit $?"; } > "$F/fleet-stray.txt" 2>&1
    ./kbench fleet --format=json "$F"/stray/*.json > "$F/fleet-stray.json" 2>&1
    elapsed "field: a stray job on GPU $sg" $t0; t0=$(date +%s)
    if [ "$ngpu" -ge 2 ]; then
      for i in 1 2 3; do
        field_run all$i ./kbench --devices=all --calibrate --json="$F/all$i.json" ${FIELD_CASES:-}
        { ./kbench fleet "$F/all$i.json"; echo "fleet exit $?"; } > "$F/fleet-all$i.txt" 2>&1
      done
      ./kbench report "$F/all1.json" -o "$F/all1.html" > "$F/report.txt" 2>&1
      echo "report exit $?" >> "$F/report.txt"
      elapsed "field: --devices=all x3" $t0
    fi
    cat "$F/summary.txt"
    grep -c "ERROR stream check" "$F/cheats.txt"; grep -vc "ERROR stream check" "$F/cheats.txt"
    tail -n 3 "$F"/fleet-*.txt ;;
  final)
    # The merged build's quick proof: the catalogue with --json (the seal
    # under CUDA and CUPTI, no FLAGGED honest case, the clock fields), and
    # once under taskset -c 0 (zero ERROR).
    grep -E "seccomp|seal" "$OUT/build.log" | head -n 5
    timeout 100 ./kbench --json="$OUT/final.json" > "$OUT/final.txt" 2>&1
    echo "exit $?" >> "$OUT/final.txt"
    timeout 100 taskset -c 0 ./kbench --json="$OUT/final-taskset.json" \
      > "$OUT/final-taskset.txt" 2>&1
    echo "exit $?" >> "$OUT/final-taskset.txt"
    elapsed "final: catalogue, then under taskset -c 0" $t0
    for f in final final-taskset; do
      printf '%s: %s ERROR, %s FLAGGED, %s DISTURBED; %s; %s\n' "$f" \
        "$(grep -c ' ERROR ' "$OUT/$f.txt")" "$(grep -c 'FLAGGED' "$OUT/$f.txt")" \
        "$(grep -c ' DISTURBED' "$OUT/$f.txt")" \
        "$(grep -E '^# [0-9]+ cases? in' "$OUT/$f.txt" | tail -n 1)" "$(tail -n 1 "$OUT/$f.txt")"
    done
    head -n 6 "$OUT/final.txt"; grep -E "ERROR|FLAGGED|warning" "$OUT/final.txt" | head -n 8 ;;
  slurm)
    # Issue 40: the catalogue under a real srun -n 2 --cpu-bind=cores
    # (bench/slurm-node.sh: Slurm from the carried .debs/slurm), its ERROR
    # rows, the ranks' cores and fleet.  FIELD_CASES: a subset.
    KBENCH=$(pwd)/kbench RUN=$OUT/slurm timeout 200 sh "$here/bench/slurm-node.sh" \
      ${FIELD_CASES:-} > "$OUT/slurm.txt" 2>&1
    echo "slurm-node.sh exit $?" >> "$OUT/slurm.txt"
    elapsed "slurm: srun -n 2 --cpu-bind=cores" $t0
    printf 'srun: %s ERROR, %s DISTURBED; %s\n' "$(grep -c ' ERROR ' "$OUT/slurm.txt")" \
      "$(grep -c ' DISTURBED' "$OUT/slurm.txt")" "$(grep -E '^# [0-9]+ cases? in' "$OUT/slurm.txt" | tail -n 1)"
    cat "$OUT"/slurm/binding.txt "$OUT"/slurm/fleet.txt 2>/dev/null | tail -n 8
    tail -n 3 "$OUT/slurm.txt" ;;
  mpi1)
    # Issue 32 on a machine of one GPU.  (1) Two ranks under the real
    # mpirun on the catalogue (MPI1_CASES: a subset): rank 1 finds no
    # device 1 and skips its CUDA cases; it must exit 0 under the
    # launcher, saying so, and rank 0 must finish every case; kbench fleet
    # names rank 1 by its ordinal, flags it for the skipped cases (no
    # model named: no device), and shows no phantom GPU.  (2) Both ranks
    # on GPU 0 (CUDA_VISIBLE_DEVICES=0 for each: queued by the GPU's
    # lock): fleet sees one GPU (the same UUID) and two hosts.  (3)
    # --devices=all, its fleet (one GPU: said, exit 2 unless two hosts)
    # and its report.
    if ! command -v mpirun > /dev/null 2>&1; then
      echo "mpi1: no mpirun on this machine" | tee "$OUT/mpi1.txt"
    else
      mpi="mpirun --allow-run-as-root --oversubscribe -np 2"
      mkdir -p "$OUT/mpi1" "$OUT/mpi1same"
      timeout 300 $mpi ./kbench --json="$OUT/mpi1/%h-%r.json" \
        ${MPI1_CASES:-} > "$OUT/mpi1.txt" 2>&1
      echo "mpirun exit $?" >> "$OUT/mpi1.txt"
      elapsed "mpi1: two ranks, one GPU" $t0; t0=$(date +%s)
      { ./kbench fleet "$OUT"/mpi1/*.json; echo "fleet exit $?"; } \
        > "$OUT/fleet1.txt" 2>&1
      ./kbench fleet --format=json "$OUT"/mpi1/*.json > "$OUT/fleet1.json" 2>&1
      timeout 300 $mpi -x CUDA_VISIBLE_DEVICES=0 ./kbench \
        --json="$OUT/mpi1same/%h-%r.json" ${MPI1_CASES:-} \
        > "$OUT/mpi1same.txt" 2>&1
      echo "mpirun exit $?" >> "$OUT/mpi1same.txt"
      elapsed "mpi1: two ranks on GPU 0" $t0; t0=$(date +%s)
      { ./kbench fleet "$OUT"/mpi1same/*.json; echo "fleet exit $?"; } \
        > "$OUT/fleet1same.txt" 2>&1
      timeout 200 ./kbench --devices=all --json="$OUT/all.json" \
        ${MPI1_CASES:-} > "$OUT/all.txt" 2>&1
      echo "kbench exit $?" >> "$OUT/all.txt"
      { ./kbench fleet "$OUT/all.json"; echo "fleet exit $?"; } \
        > "$OUT/fleetall.txt" 2>&1
      ./kbench report "$OUT/all.json" -o "$OUT/all.html" \
        > "$OUT/report.txt" 2>&1
      echo "report exit $?" >> "$OUT/report.txt"
      elapsed "mpi1: --devices=all, fleet, report" $t0
      grep -E "exit|returned as 0" "$OUT"/mpi1.txt "$OUT"/mpi1same.txt \
        "$OUT"/all.txt "$OUT"/report.txt
      cat "$OUT/fleet1.txt" "$OUT/fleet1same.txt" "$OUT/fleetall.txt" \
        | grep -v "^# a GPU is flagged"
    fi ;;
  clocks)
    # Issue 44, part 2 (at most 4 minutes):
    #  (1) nvidia-smi's clocks before, during and after a --lock-clocks
    #      run (the restore), and after a --lock-clocks run killed with
    #      SIGKILL (the keeper restores);
    #  (2) the catalogue unlocked and locked, twice each, interleaved, and
    #      reduce_cub with 5 repetitions each way: noise and medians
    #      (bench/clocks.py lock), kbench compare unlocked against locked;
    #  (3) the fields of a normal run (bench/clocks.py fields);
    #  (4) the power limit lowered to its minimum with nvidia-smi -pl where
    #      the machine allows it, heavy cases run under it, the limit put
    #      back (also on exit): the affected cases must name the power cap.
    q="--query-gpu=clocks.sm,clocks.mem,clocks.max.sm,clocks.applications.graphics,clocks_event_reasons.active,clocks_event_reasons.applications_clocks_setting,clocks_event_reasons.sw_power_cap,power.draw,power.limit,temperature.gpu --format=csv"
    smi() { { echo "== $1"; nvidia-smi $q; nvidia-smi -q -d CLOCK,PERFORMANCE; } >> "$OUT/clocks-smi.txt" 2>&1; }
    smi "before"
    timeout 60 ./kbench --lock-clocks --json="$OUT/locked-fields.json" \
      --param n=256M reduce_cub reduce_vec4 memcpy_d2d > "$OUT/locked-fields.txt" 2>&1 &
    pid=$!
    sleep 4; smi "during --lock-clocks (idle between cases shows the lock)"
    wait $pid; echo "exit $?" >> "$OUT/locked-fields.txt"
    smi "after --lock-clocks ended"
    ./kbench --lock-clocks --min-time=30 --timeout=30 --max-noise=0 \
      --param n=256M reduce_cub > "$OUT/killed.txt" 2>&1 &
    pid=$!
    sleep 5; smi "during a --lock-clocks run about to be killed"
    kill -KILL $pid; wait $pid; sleep 2
    smi "2 s after SIGKILL of that run (the keeper restored)"
    elapsed "clocks: smi around a locked run and a killed one" $t0; t0=$(date +%s)
    for i in 1 2; do
      timeout 100 ./kbench --json="$OUT/unlocked$i.json" > "$OUT/unlocked$i.txt" 2>&1
      timeout 100 ./kbench --lock-clocks --json="$OUT/locked$i.json" > "$OUT/locked$i.txt" 2>&1
    done
    ./kbench --repetitions=5 --json="$OUT/cub-unlocked.json" --param n=64M,256M reduce_cub > /dev/null 2>&1
    ./kbench --lock-clocks --repetitions=5 --json="$OUT/cub-locked.json" --param n=64M,256M reduce_cub > /dev/null 2>&1
    elapsed "clocks: the catalogue and reduce_cub, unlocked and locked" $t0; t0=$(date +%s)
    python3 "$here/bench/clocks.py" lock "$OUT"/unlocked?.json -- "$OUT"/locked?.json > "$OUT/lock-catalogue.txt" 2>&1
    python3 "$here/bench/clocks.py" lock "$OUT"/cub-unlocked.json -- "$OUT"/cub-locked.json > "$OUT/lock-cub.txt" 2>&1
    ./kbench compare "$OUT/unlocked1.json" "$OUT/locked1.json" > "$OUT/compare-lock.txt" 2>&1
    python3 "$here/bench/clocks.py" fields "$OUT/unlocked1.json" > "$OUT/fields-normal.txt" 2>&1
    python3 "$here/bench/clocks.py" fields "$OUT/locked1.json" > "$OUT/fields-locked.txt" 2>&1
    # (4) The power limit: its minimum, where nvidia-smi may set it.
    pl_now=$(nvidia-smi --query-gpu=power.limit --format=csv,noheader,nounits -i 0 | head -n 1)
    pl_min=$(nvidia-smi --query-gpu=power.min_limit --format=csv,noheader,nounits -i 0 | head -n 1)
    { echo "power limit now $pl_now W, minimum $pl_min W"; nvidia-smi -q -d POWER; } > "$OUT/powercap.txt" 2>&1
    if nvidia-smi -i 0 -pl "$pl_min" >> "$OUT/powercap.txt" 2>&1; then
      trap 'nvidia-smi -i 0 -pl "$pl_now" > /dev/null 2>&1; tar czf "$FINAL/results.tar.gz" -C "$OUT" .' EXIT
      timeout 90 ./kbench --json="$OUT/powercap.json" --param n=1G reduce_cub \
        reduce_vec4 memcpy_d2d stencil_fast > "$OUT/powercap-run.txt" 2>&1
      nvidia-smi -i 0 -pl "$pl_now" >> "$OUT/powercap.txt" 2>&1
      trap 'tar czf "$FINAL/results.tar.gz" -C "$OUT" .' EXIT
      python3 "$here/bench/clocks.py" fields "$OUT/powercap.json" >> "$OUT/powercap.txt" 2>&1
      ./kbench compare "$OUT/unlocked1.json" "$OUT/powercap.json" >> "$OUT/powercap.txt" 2>&1
    else
      echo "nvidia-smi -pl refused: the machine does not allow it" >> "$OUT/powercap.txt"
    fi
    nvidia-smi --query-gpu=power.limit --format=csv >> "$OUT/powercap.txt" 2>&1
    elapsed "clocks: analysis and the power cap" $t0
    grep -E "^# |--lock-clocks|clocks:|exit" "$OUT"/locked-fields.txt "$OUT"/unlocked1.txt \
      "$OUT"/locked1.txt | head -n 20
    tail -n 2 "$OUT/lock-catalogue.txt" "$OUT/lock-cub.txt"
    grep -E "^# [0-9]+ cases" "$OUT/compare-lock.txt"
    grep -E "^== |clocks.sm|^[0-9]+ MHz|Applications Clocks Setting|SW Power Cap" "$OUT/clocks-smi.txt" | head -n 40
    grep -E "refused|clocks:|under|FLAGGED|regression" "$OUT/powercap.txt" "$OUT/powercap-run.txt" 2>/dev/null | head -n 20 ;;
  esac
done
cat "$OUT/timing.txt"
