#!/bin/bash
# Build bench/cupti_check.cu with kbench's CUPTI glue (nvcc/g++/gcc directly, no configure), run the
# glue's unit tests and the check, then ncu --metrics on the same kernels; compare. Logs go to $OUT.
#   bash bench/cupti_check.sh          (from a source tree; needs nvcc, ncu, python3, root for counters)
set -u
src=$(cd "$(dirname "$0")/.." && pwd)
OUT=${OUT:-/tmp/cupti_check_out}
mkdir -p "$OUT"
exec > >(tee "$OUT/cupti_check.log") 2>&1
echo "== cupti_check.sh $(date -u +%FT%TZ) on $(hostname), uid $(id -u), source ${KB_COMMIT:-unknown commit}"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv 2>&1 | head -2
grep -i profiling /proc/driver/nvidia/params 2>/dev/null
CUDA=${CUDA_HOME:-/usr/local/cuda}
NVCC=$CUDA/bin/nvcc
NCU=$(command -v ncu || echo "$CUDA/bin/ncu")
libdir=$(cd "$CUDA/targets/x86_64-linux/lib" && pwd -P)
"$NVCC" --version | tail -1
"$NCU" --version | tail -1
b=$(mktemp -d /tmp/cupti_check.XXXXXX)
s=$(date +%s%N)
set -e
for part in cupti cupti_profiler cupti_activity cupti_errors; do
  g++ -std=c++17 -O2 -Wall -Wextra -fPIC -I"$src/runner" -I"$CUDA/include" -c "$src/runner/gpu/$part.cpp" -o "$b/$part.o"
done
ld -r "$b"/cupti*.o -o "$b/glue.o" && mv "$b/glue.o" "$b/cupti.o.all"
gcc -std=c11 -O2 -Wall -Wextra -D_POSIX_C_SOURCE=200809L -I"$src/runner" -c "$src/runner/model/metrics.c" -o "$b/metrics.o"
"$NVCC" -O2 -arch=sm_90 -std=c++17 -I"$src/runner" "$src/bench/cupti_check.cu" "$b/cupti.o.all" "$b/metrics.o" \
  -o "$b/cupti_check" -L"$libdir" -lcupti -Xlinker -rpath="$libdir"
for t in test_metrics test_cupti_host; do
  gcc -std=c11 -O2 -Wall -Wextra -D_POSIX_C_SOURCE=200809L -I"$src/runner" "$src/tests/unit/$t.c" "$b/metrics.o" \
    "$b/cupti.o.all" -o "$b/$t" -L"$libdir" -L"$CUDA/lib64" -lcupti -lcudart -lstdc++ -lm -Wl,-rpath,"$libdir"
done
set +e
echo "built in $(( ($(date +%s%N) - s) / 1000000 )) ms"
for t in test_metrics test_cupti_host; do
  "$b/$t" > "$OUT/$t.tap"; echo "unit $t: rc=$? $(grep -c '^ok' "$OUT/$t.tap") ok, $(grep -c '^not ok' "$OUT/$t.tap") not ok"
  grep '^not ok' "$OUT/$t.tap"
done

echo "== cupti_check"
(cd "$b" && OURS_CSV="$OUT/ours.csv" timeout 240 ./cupti_check)
rc=$?
echo "== cupti_check rc=$rc"

metrics=$(python3 -c "
import csv; seen=[]
for r in csv.DictReader(open('$OUT/ours.csv')):
    if r['metric'] not in seen: seen.append(r['metric'])
print(','.join(seen))")
echo "== ncu --metrics $metrics --cache-control all --clock-control none"
s=$(date +%s%N)
timeout 240 "$NCU" --metrics "$metrics" --csv --print-units base --cache-control all --clock-control none \
  "$b/cupti_check" --ncu-target > "$OUT/ncu.csv" 2> "$OUT/ncu.err"
echo "ncu rc=$? in $(( ($(date +%s%N) - s) / 1000000 )) ms"; tail -3 "$OUT/ncu.err"
python3 - "$OUT/ours.csv" "$OUT/ncu.csv" <<'PY'
import csv, sys
targets = ["read256", "copy256", "bank_stride_1", "bank_stride_2", "bank_stride_32", "transpose_nopad", "transpose_pad33"]
ours = {(r["target"], r["metric"]): float(r["value"]) for r in csv.DictReader(open(sys.argv[1]))}
lines = open(sys.argv[2]).read().splitlines()
start = next((i for i, l in enumerate(lines) if l.startswith('"ID"')), None)
if start is None:
    print("!! no CSV header in ncu output"); sys.exit(1)
rows = list(csv.DictReader(lines[start:]))
ids = []
for r in rows:
    if "k_fill" in r["Kernel Name"]: continue
    if r["ID"] not in ids: ids.append(r["ID"])
theirs = {}
for r in rows:
    if r["ID"] not in ids: continue
    t = targets[ids.index(r["ID"])] if ids.index(r["ID"]) < len(targets) else "?"
    v = r["Metric Value"].replace(",", "")
    try: theirs[(t, r["Metric Name"])] = float(v)
    except ValueError: pass
print("%-16s %-70s %18s %18s %9s  %s" % ("kernel", "metric", "kbench", "ncu", "diff %", "verdict"))
worst, n = 0.0, 0
for (t, m), v in ours.items():
    if (t, m) not in theirs:
        print("%-16s %-70s %18.2f %18s" % (t, m, v, "missing")); continue
    w = theirs[(t, m)]
    d = 100.0 * (v - w) / w if w else (0.0 if v == 0 else float("inf"))
    count = m.endswith(".sum")
    small = count and m.startswith("dram__") and max(v, w) < 1e6
    verdict = "n/a (< 1 MB)" if small else ("ok" if abs(d) <= 1 else "DIFF") if count else "ratio"
    if count and not small: worst, n = max(worst, abs(d)), n + 1
    print("%-16s %-70s %18.2f %18.2f %9.3f  %s" % (t, m, v, w, d, verdict))
print("counts compared: %d, worst |diff| %.3f%% (want <= 1%%)" % (n, worst))
PY
rm -rf "$b"
exit $rc
