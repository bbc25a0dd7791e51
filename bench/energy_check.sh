#!/bin/bash
# The GPU check of kbench --energy (issue 25), in under 3 minutes:
#  1. how often NVML's energy counter moves, idle and under load, and the
#     spread of power read over consecutive windows of 0.2-3 s, with ends
#     at arbitrary times and with ends on the counter's updates (as kbench
#     places them): how long a window must be;
#  2. the catalogue's copy (memcpy_d2d) and a reduction (reduce_vec4) at
#     64M and 1G elements with --energy --json, nvidia-smi sampling power
#     every 50 ms meanwhile: kbench's W and J/run beside nvidia-smi's mean
#     power over the same windows (their end is the case's table row, which
#     kbench prints as the case ends, less its teardown and bookkeeping).
# Usage, from a built tree on a GPU machine (python3 with pynvml):
#   bash bench/energy_check.sh OUTDIR [KBENCH]
# Everything goes under OUTDIR; the summary is OUTDIR/energy_check.log.
set -u
out=${1:?usage: bash bench/energy_check.sh OUTDIR [KBENCH]}
kb=${2:-./kbench}
mkdir -p "$out" || exit 1
t_start=$(date +%s)
exec > >(tee "$out/energy_check.log") 2>&1
left() { echo $(( 175 - ($(date +%s) - t_start) )); }
echo "== energy_check.sh $(date -u +%FT%TZ) on $(hostname); $("$kb" --version | head -n 1)"
nvidia-smi --query-gpu=name,driver_version,power.limit,enforced.power.limit,clocks.sm,clocks.mem,clocks.max.sm,temperature.gpu \
  --format=csv 2>&1 | tee "$out/device.csv"

# --- 1. the counter ------------------------------------------------------
# The load is kbench's own energy batch: 25 s of memcpy_d2d at 16K x 16K
# (1 GiB a side), back to back; the counter is read meanwhile, as fast as
# NVML answers.
echo "== 1. the energy counter, idle then under load"
timeout 60 python3 - "$out" "$kb" --energy --energy-time=25 --no-audit \
  --min-samples=3 --max-samples=3 --min-time=0 --warmup=0 --param rows=16K \
  --param cols=16K --json="$out/load.json" memcpy_d2d <<'PY'
import json, statistics, subprocess, sys, time
import pynvml

out, cmd = sys.argv[1], sys.argv[2:]
pynvml.nvmlInit()
h = pynvml.nvmlDeviceGetHandleByIndex(0)

def trace(seconds, power=False):
    """(time, counter) at every change of the counter, polls, and power
    samples from nvmlDeviceGetPowerUsage now and then."""
    t0 = time.perf_counter(); pts = []; last = None; polls = 0; pw = []
    while True:
        t = time.perf_counter()
        if t - t0 >= seconds:
            break
        e = pynvml.nvmlDeviceGetTotalEnergyConsumption(h); polls += 1
        if e != last:
            pts.append((t, e)); last = e
        if power and polls % 100 == 0:
            pw.append(pynvml.nvmlDeviceGetPowerUsage(h) / 1000)
    return pts, polls, pw

def gaps_text(pts):
    g = sorted(b[0] - a[0] for a, b in zip(pts[1:], pts[2:]))  # the first is partial
    if not g:
        return "no updates", []
    q = lambda f: g[min(len(g) - 1, int(f * len(g)))] * 1e3
    return (f"{len(g)} gaps: median {statistics.median(g)*1e3:.1f} ms, "
            f"p10 {q(0.1):.1f}, p90 {q(0.9):.1f}, min {g[0]*1e3:.1f}, "
            f"max {g[-1]*1e3:.1f}"), g

def value_at(pts, x):
    """What a read at time x returns: the last update at or before x."""
    v = None
    for t, e in pts:
        if t > x:
            break
        v = e
    return v

def windows(pts, length, aligned):
    """Watts of consecutive windows of at least `length` s: ends on the
    counter's updates (aligned), or at fixed times (unaligned)."""
    ws = []
    if aligned:
        i = 1
        while i < len(pts):
            j = next((k for k in range(i + 1, len(pts))
                      if pts[k][0] - pts[i][0] >= length), None)
            if j is None:
                break
            ws.append((pts[j][1] - pts[i][1]) / 1e3 / (pts[j][0] - pts[i][0]))
            i = j
    else:
        x = pts[1][0] + 0.0371   # an arbitrary phase against the updates
        while x + length <= pts[-1][0]:
            a, b = value_at(pts, x), value_at(pts, x + length)
            ws.append((b - a) / 1e3 / length)
            x += length
    return ws

res = {}
pts, polls, _ = trace(2.0)
text, g = gaps_text(pts)
idle_w = (pts[-1][1] - pts[1][1]) / 1e3 / (pts[-1][0] - pts[1][0]) if len(pts) > 2 else 0
print(f"idle: {polls} polls in 2 s ({2e6/polls:.1f} us a poll), {text}; {idle_w:.1f} W")
res["idle"] = {"polls": polls, "gaps_ms": [x * 1e3 for x in g], "watts": idle_w}

log = open(f"{out}/load.txt", "w")
p = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
# Wait for the load: power well above idle over 0.3 s.
t0 = time.time()
while time.time() - t0 < 20 and p.poll() is None:
    e0 = pynvml.nvmlDeviceGetTotalEnergyConsumption(h); time.sleep(0.3)
    w = (pynvml.nvmlDeviceGetTotalEnergyConsumption(h) - e0) / 1e3 / 0.3
    if w > idle_w + 100:
        break
time.sleep(1.0)
loaded_after = time.time() - t0
pts, polls, pw = trace(18.0, power=True)
try:
    p.wait(timeout=30)
except subprocess.TimeoutExpired:
    p.kill()
text, g = gaps_text(pts)
load_w = (pts[-1][1] - pts[1][1]) / 1e3 / (pts[-1][0] - pts[1][0]) if len(pts) > 2 else 0
print(f"load (from {loaded_after:.1f} s): {polls} polls in 18 s ({18e6/max(polls,1):.1f} us a poll), {text}")
print(f"load: {load_w:.1f} W from the counter over 18 s; nvmlDeviceGetPowerUsage "
      f"median {statistics.median(pw) if pw else 0:.1f} W ({len(pw)} reads)")
res["load"] = {"polls": polls, "gaps_ms": [x * 1e3 for x in g], "watts": load_w,
               "power_usage_w": pw, "trace": pts}
print("window-to-window spread of watts under steady load (stdev / mean):")
print(f"{'window':>8} {'ends':>10} {'n':>4} {'mean W':>9} {'spread':>8} {'min W':>8} {'max W':>8}")
res["windows"] = []
for length in (0.2, 0.5, 1.0, 2.0, 3.0):
    for aligned in (False, True):
        ws = windows(pts, length, aligned) if len(pts) > 3 else []
        if len(ws) < 2:
            print(f"{length:8.1f} {'updates' if aligned else 'any time':>10} {len(ws):4d}  too few")
            continue
        m = statistics.mean(ws); sp = statistics.stdev(ws) / m
        print(f"{length:8.1f} {'updates' if aligned else 'any time':>10} {len(ws):4d} "
              f"{m:9.1f} {100*sp:7.2f}% {min(ws):8.1f} {max(ws):8.1f}")
        res["windows"].append({"length_s": length, "aligned": aligned,
                               "watts": ws, "spread": sp})
try:
    e = json.load(open(f"{out}/load.json"))["benchmarks"][0]
    print(f"kbench's own 25 s batch: {e['power_w']:.1f} W, spread of its "
          f"{len(e['energy_windows_j'])} windows {100*e['energy_spread']:.2f}%")
except Exception as x:
    print(f"kbench's own batch: no energy ({x})")
json.dump(res, open(f"{out}/counter.json", "w"))
PY
echo "counter experiment rc=$?; $(left) s left"

# --- 2. kbench against nvidia-smi ---------------------------------------
# Each case alone, so that its row marks its end; --no-audit keeps the
# bytes audit's collection out of the time between the batch and the row.
echo "== 2. kbench --energy against nvidia-smi's power.draw"
fields=timestamp,power.draw,power.draw.instant
nvidia-smi --query-gpu=$fields --format=csv,noheader,nounits > /dev/null 2>&1 \
  || fields=timestamp,power.draw
run_case() {   # TAG SECONDS ARG...
  tag=$1 secs=$2
  shift 2
  if [ "$(left)" -lt $((25 + 3 * ${secs%.*})) ]; then
    echo "$tag: skipped, $(left) s left"
    return
  fi
  nvidia-smi --query-gpu=$fields --format=csv,noheader,nounits -lms 50 \
    > "$out/smi-$tag.csv" 2>&1 &
  smi=$!
  sleep 0.3
  timeout $(( $(left) - 5 )) "$kb" --energy --energy-time="$secs" --no-audit --timeout=5 \
    --json="$out/$tag.json" "$@" 2> "$out/$tag.err" |
    python3 -u -c 'import sys, time
for line in sys.stdin: print(f"{time.time():.3f} {line}", end="", flush=True)' \
    > "$out/$tag.txt"
  sleep 0.3
  kill $smi 2> /dev/null
  wait $smi 2> /dev/null
}
for secs in 1 3; do
  run_case copy64M-$secs $secs --param rows=8K --param cols=8K memcpy_d2d
  run_case reduce64M-$secs $secs --param n=64M reduce_vec4
  run_case copy1G-$secs $secs --param rows=32K --param cols=32K memcpy_d2d
  run_case reduce1G-$secs $secs --param n=1G reduce_vec4
done
PYTHONPATH=$(dirname "$0") python3 - "$out" "$fields" <<'PY'
import glob, json, os, statistics, sys, time
import result_times
out, fields = sys.argv[1], sys.argv[2].split(",")

def smi_samples(path):
    rows = []
    for line in open(path):
        cells = [c.strip() for c in line.split(",")]
        if len(cells) != len(fields):
            continue
        try:
            stamp, ms = cells[0].rsplit(".", 1)
            t = time.mktime(time.strptime(stamp, "%Y/%m/%d %H:%M:%S")) + int(ms) / 1e3
            rows.append((t, *(float(c) if c not in ("[N/A]", "N/A") else float("nan") for c in cells[1:])))
        except ValueError:
            continue
    return rows

print(f"{'case':<16} {'window':>7} {'J/run':>10} {'kbench W':>9} {'spread':>7} "
      f"{'smi W':>8} {'smi inst W':>10} {'n':>4} {'kbench/smi':>10}")
for path in sorted(glob.glob(f"{out}/*-[13].json")):
    tag = os.path.basename(path)[:-5]
    try:
        e = json.load(open(path))["benchmarks"][0]
        # The case's row: its time stamp, then the variant's name.
        row = [l.split() for l in open(f"{out}/{tag}.txt")]
        t_row = next(float(r[0]) for r in row if len(r) > 1 and r[1] == e["variant"])
    except Exception as x:
        print(f"{tag:<16} no result ({x})")
        continue
    if not e.get("energy_j_per_run"):
        print(f"{tag:<16} {e['verdict']}: no energy: {e.get('energy_note')}")
        continue
    other = e["case_wall_s"] - e["setup_s"] - e["verify_s"] - e["sampling_s"] - e["teardown_s"]
    end = t_row - e["teardown_s"] - max(other, 0)
    start = end - e["energy_window_s"]
    trim = 0.1 if e["energy_window_s"] < 2 else 0.2
    s = [r for r in smi_samples(f"{out}/smi-{tag}.csv") if start + trim <= r[0] <= end - trim]
    draw = statistics.mean(r[1] for r in s) if s else float("nan")
    inst = statistics.mean(r[2] for r in s) if s and len(s[0]) > 2 else float("nan")
    print(f"{tag:<16} {e['energy_window_s']:6.2f}s {e['energy_j_per_run']:10.4g} "
          f"{e['power_w']:9.1f} {100*e['energy_spread']:6.2f}% {draw:8.1f} {inst:10.1f} "
          f"{len(s):4d} {e['power_w']/draw if s else float('nan'):10.3f}")
    print(f"{'':<16} {e['energy_runs']:.0f} runs, {e.get('gbps_per_watt') or 0:.3g} GB/s per W, "
          f"SM {e['energy_sm_clock_mhz']} MHz, memory {e['energy_mem_clock_mhz']} MHz, "
          f"limit {e['power_limit_w']} W, median time {result_times.headline(e)*1e6:.1f} us ({e['mode']})")
PY
echo "== done in $(( $(date +%s) - t_start )) s"
