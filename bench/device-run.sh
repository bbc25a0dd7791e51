#!/bin/sh
# Device calls for measurements that bench/accept.sh does not make:
# build kbench from the dist tarball, then run the named stages.
# bench/accept.sh is the one command that proves a commit on a GPU (the
# build, the catalogue sealed and not, a base commit, the hidden GPU, the
# forger, a stray, the cheats, taskset, several GPUs, mpirun and fleet,
# srun, one case's number, ncu and compute-sanitizer on the reductions,
# make check): its stages were removed from here.  What remains measures
# rather than proves, and each has no other home:
#   fidelity     the catalogue against Nsight Compute (bench/fidelity.py),
#                and CUPTI's kernel timestamps through bench/cupti_trace.c
#   ktfidelity   kernel time against ncu (bench/fidelity.py --time=kernel)
#   sanitize     the Hopper variants (mbarrier, DSMEM, bulk copies) under
#                memcheck, racecheck and synccheck at odd sizes
#   energy       --energy against nvidia-smi (bench/energy_check.sh), and
#                what it costs a case
#   clocks       --lock-clocks, the keeper's restore after SIGKILL, NVML's
#                reasons and a lowered power limit (bench/clocks.py)
#   tunegpu      kbench tune's searches (bench/tune_gpu.sh)
#   tunecache    what replacing tune's --cache whole costs on the disk
#                (docs/tuning.md: not measured yet)
#   history, history_step, history_drift
#                the runs kbench history's thresholds come from
#                (bench/history_judge.sh judges them off the device)
# Results are written to a scratch folder and packed into
# $OUT/results.tar.gz at the end (the device tool returns at most 8 files).
# Run from the repository root, tarball beside it:
#   sh bench/device-run.sh fidelity clocks
# REUSE=1 keeps the build a call before left on a warm machine.  The
# stages of the earlier records (bench/results/) are in this file's git
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
  fidelity)
    # FIDELITY_VARIANTS: a subset (empty: the catalogue).  CUPTI's kernel
    # timestamps are shown beside when its library is found.
    extra=
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
  ktfidelity)
    # Part (3) of the kerneltime stage alone, for a call of its own.
    kt_fidelity 540 ;;
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
  *)
    echo "device-run.sh: no stage $stage (see the header)" >&2 ;;
  esac
done
cat "$OUT/timing.txt"
