#!/bin/sh
# Device calls: build kbench from the dist tarball, then run the named
# stages.  Results are written to a scratch folder and packed into
# $OUT/results.tar.gz at the end (the device tool returns at most 8 files).
# Run from the repository root, tarball beside it:
#   sh bench/device-run.sh catalogue check    (see the stages below)
set -u
: "${OUT:?set OUT to the folder the results tarball goes to}"
FINAL=$OUT
OUT=$(mktemp -d)
trap 'tar czf "$FINAL/results.tar.gz" -C "$OUT" .' EXIT
here=$(pwd)
tar xf kbench-*.tar.gz && cd kbench-*/ || exit 1
{
  date -u; nvidia-smi; nvcc --version
  nvidia-smi --query-gpu=clocks.sm,clocks.mem,clocks.max.sm,power.draw,temperature.gpu --format=csv
} > "$OUT/device.txt" 2>&1
if ! { ./configure && make -j16; } > "$OUT/build.log" 2>&1; then
  tail -n 60 "$OUT/build.log"
  exit 1
fi
elapsed() { echo "$1: $(( $(date +%s) - $2 )) s" >> "$OUT/timing.txt"; }
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
    tail -n 1 "$OUT/repeat.txt" ;;
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
  outliers)
    # Why reduce_atomic and layout_aos read faster in kbench than in ncu:
    # kbench in three ways, then ncu's clocks and traffic under both of its
    # cache controls, each beside a control variant that agrees.
    v="reduce_atomic reduce_smem_dyn layout_aos layout_soa"
    for how in "" "--mode=hot" "--no-hold"; do
      echo "## kbench $how"
      timeout 100 ./kbench $how $v 2>&1
    done > "$OUT/outliers.txt"
    timeout 150 python3 "$here/bench/ncu_probe.py" ./kbench "$OUT" \
      gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,lts__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second \
      $v >> "$OUT/outliers.txt" 2>&1
    timeout 150 python3 "$here/bench/ncu_probe.py" ./kbench "$OUT" \
      dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_atom.sum,lts__t_sectors_op_red.sum,lts__t_sectors_op_write.sum \
      $v >> "$OUT/outliers.txt" 2>&1
    elapsed "outliers" $t0
    grep -v "^#" "$OUT/outliers.txt" | tail -n 60 ;;
  hot)
    timeout 200 ./kbench --mode=hot --csv="$OUT/hot.csv" > "$OUT/hot.txt" 2>&1
    elapsed "catalogue, hot" $t0 ;;
  check)
    timeout 300 make -j4 check > "$OUT/check.log" 2>&1
    echo "make check exit $?" >> "$OUT/check.log"
    elapsed "make check" $t0
    cat tests/*.log >> "$OUT/check.log"
    grep -E "^(# |FAIL|ERROR)" "$OUT/check.log" | head -n 40 ;;
  floors)
    for m in cold hot graph; do
      ./kbench --mode=$m --param n=4K --min-time=0 reduce_vec4 2>&1 | grep "launch floor"
    done | tee "$OUT/floors.txt" ;;
  gpucheck)
    timeout 300 make -j4 check TESTS=tests/gpu.sh > "$OUT/check.log" 2>&1
    echo "make check TESTS=tests/gpu.sh exit $?" >> "$OUT/check.log"
    elapsed "make check (gpu.sh)" $t0
    cat tests/gpu.log >> "$OUT/check.log"
    grep -E "^(# |FAIL|ERROR)" "$OUT/check.log" | head -n 20 ;;
  fidelity|fidelity-none)
    # FIDELITY_VARIANTS: a subset to fit a device call (empty: all).
    # fidelity-none runs ncu with --cache-control none instead of all.
    cache=all
    [ "$stage" = fidelity-none ] && cache=none
    f=fidelity-$cache
    NCU_CACHE=$cache timeout 330 python3 "$here/bench/fidelity.py" ./kbench "$OUT" \
      ${FIDELITY_VARIANTS:-} > "$OUT/$f.txt" 2> "$OUT/$f.err"
    elapsed "fidelity ($f)" $t0
    cat "$OUT/$f.txt" ;;
  esac
done
cat "$OUT/timing.txt"
