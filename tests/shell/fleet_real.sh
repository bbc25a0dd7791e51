#!/bin/sh
# kbench fleet on real recordings (tests/fleet/, made by make-fixtures.py):
# two one-GPU catalogue runs on different models (an H100 and an H200,
# 63 CUDA entries with a UUID and 3 host entries with an ordinal and no
# UUID), and the two-GPU shape built from two runs on one H100: a
# --devices=all file, two rank files, and copies with GPU 1 slowed,
# missing a case, failing one, and rank 1 beside a stray job on GPU 1.
# Before issue 32 the host entries made a phantom GPU of each file ("3 of
# 3 GPUs flagged", "4 of 4") and the H100 was slow for not being an H200.
. "$top_srcdir/tests/shell/lib.sh"
fx="$top_srcdir/tests/fleet"
for f in h100 h200 two-gpu rank-0 rank-1 rank-1-nodevice two-gpu-slow \
    two-gpu-capped two-gpu-missing two-gpu-failed rank-1-disturbed; do
  gzip -dc "$fx/$f.json.gz" > "$tmpdir/$f.json" || exit 1
done
cd "$tmpdir" || exit 1
fleet() { "$KBENCH" fleet "$@"; }
end_without_json_c "fleet on recordings" fleet h100.json h200.json

# An H100 file and an H200 file: two GPUs, two model groups, the host
# cases apart, nothing flagged.
check "H100 + H200: 2 GPUs in 2 model groups and 1 host" 0 \
  "^# kbench fleet: 2 GPUs in 2 model groups, 1 host, 2 files, 66 cases$" \
  fleet h100.json h200.json
check "... no phantom GPU: 0 of 2 flagged, exit 0" 0 \
  "^# 0 of 2 GPUs flagged, 0 of 1 host \(2 files, 66 cases\)$" \
  fleet h100.json h200.json
check "... each GPU named by host, rank, ordinal and UUID prefix" 0 \
  "^vm r0 d0 GPU-0634182d +NVIDIA H100 80GB HBM3 +1 +63 +0 +0 +0 +0 .* ok$" \
  fleet h100.json h200.json
check "... the H200 in its own group" 0 \
  "^vm r0 d0 GPU-6c9f819b +NVIDIA H200 +2 +63 .* ok$" fleet h100.json h200.json
check "... the host cases on the host, never a GPU" 0 \
  "^vm r0 host +host +host +3 +0 +0 +0 +0 " fleet h100.json h200.json
check "... a group of one says it has nothing to be timed against" 0 \
  "^# group 1: NVIDIA H100 80GB HBM3, 79.2 GiB: 1 GPU \(no other GPU" \
  fleet h100.json h200.json

# The --devices=all file: two GPUs of one model, the host's cases apart.
check "--devices=all file: 0 of 2 GPUs flagged, exit 0" 0 \
  "^# 0 of 2 GPUs flagged, 0 of 1 host \(1 file, 66 cases\)$" fleet two-gpu.json
check "... 2 GPUs in 1 model group" 0 \
  "^# kbench fleet: 2 GPUs in 1 model group, 1 host, 1 file, 66 cases$" \
  fleet two-gpu.json
check "... GPU 1 named by its ordinal and UUID prefix, ok" 0 \
  "^vm r0 d1 GPU-5e1f0a2c +NVIDIA H100 80GB HBM3 +1 +63 +0 +0 +0 +0 +0 +1\.00[0-9] .* ok$" \
  fleet two-gpu.json
check "... one line per GPU: no case list without --verbose" 0 \
  "^$" sh -c '! "$1" fleet two-gpu.json 2> /dev/null | grep -q "^align_int3"' _ "$KBENCH"
check "kbench compare refuses the --devices=all file: two GPUs share names" 2 \
  "two-gpu\.json: results of several devices \(device_ordinal 0 and 1\)" \
  "$KBENCH" compare two-gpu.json two-gpu.json
check "two rank files: 0 of 2 GPUs flagged, 2 hosts, exit 0" 0 \
  "^# 0 of 2 GPUs flagged, 0 of 2 hosts \(2 files, 66 cases\)$" \
  fleet rank-0.json rank-1.json
check "... rank 1's GPU is vm r1 d1" 0 "^vm r1 d1 GPU-5e1f0a2c .* ok$" \
  fleet rank-0.json rank-1.json

# Rank 1 on a machine of one GPU (mpirun -np 2): no device 1, its CUDA
# cases skipped.  It is reported as such, by its ordinal, never as a
# phantom beside a real GPU, and its host cases are its host's.
check "a rank without a GPU: flagged for its skipped cases, said why" 1 \
  "^vm r1 d1 +\? +2 +63 +0 +0 +63 +0 .* FLAGGED \(63 skipped\) \(no model named: no device\)$" \
  fleet rank-0.json rank-1-nodevice.json
check "... rank 0's GPU ok, 2 hosts ok" 1 \
  "^# 1 of 2 GPUs flagged, 0 of 2 hosts \(2 files, 66 cases\);" \
  fleet rank-0.json rank-1-nodevice.json
check "... its group says it is held against every GPU" 1 \
  "^# group 2: unknown model: 1 GPU \(no device named: held against every GPU" \
  fleet rank-0.json rank-1-nodevice.json

# GPU 1 slowed by 20% on a third of its CUDA cases: flagged alone.
check "slowed copy: GPU 1 alone flagged, exit 1" 1 \
  "^# 1 of 2 GPUs flagged, 0 of 1 host" fleet two-gpu-slow.json
check "... GPU 1: 21 slow, worst 1.20x" 1 \
  "^vm r0 d1 GPU-5e1f0a2c +NVIDIA H100 80GB HBM3 +1 +63 +21 +0 +0 +0 +0 +1\.20[0-9] .* FLAGGED \(21 slow\)$" \
  fleet two-gpu-slow.json
check "... GPU 0 is not flagged (the faster of two is the reference)" 1 \
  "^vm r0 d0 GPU-0634182d .* 0 +0 +0 +0 +1\.00[0-9] .* ok$" fleet two-gpu-slow.json
check "... --verbose: each slow case, named with the GPU" 1 \
  "^# flagged: vm r0 d1 GPU-5e1f0a2c: align_int3/n:16M/threads:256: 1\.2[0-9]* x its group's reference \(over 1\.020\)$" \
  fleet --verbose two-gpu-slow.json
check "... --verbose: 21 flagged lines, all GPU 1's" 0 "^21$" \
  sh -c '"$1" fleet --verbose two-gpu-slow.json | grep -c "^# flagged: vm r0 d1 GPU-5e1f0a2c: "' _ "$KBENCH"
check "... markdown: GPU 1 in bold with its counts" 1 \
  "^\| vm r0 d1 GPU-5e1f0a2c \| NVIDIA H100 80GB HBM3 \| 1 \| 63 \| 21 \| 0 \| 0 \| 0 \| 0 \| 1\.20[0-9] \| .* \*\*FLAGGED \(21 slow\)\*\* \|$" \
  fleet --format=markdown two-gpu-slow.json
check "... --tolerance=25 lets it pass" 0 "^# 0 of 2 GPUs flagged" \
  fleet --tolerance=25 two-gpu-slow.json

# The same, with NVML's clock-event reasons: GPU 1's slow cases ran
# under a power cap, which its verdict says; GPU 0, idle between samples
# only, says nothing.
check "a GPU whose slow cases ran under a power cap: its verdict says so" 1 \
  "^vm r0 d1 GPU-5e1f0a2c .* 63 +21 +0 +0 +0 +0 +1\.20[0-9] .* FLAGGED \(21 slow; the slow all under a power cap\)$" \
  fleet two-gpu-capped.json
check "... GPU 0, idle between samples only: ok" 1 \
  "^vm r0 d0 GPU-0634182d .* 0 +0 +0 +0 +1\.00[0-9] .* ok$" \
  fleet two-gpu-capped.json
check "... --verbose: each slow case with its limit" 1 \
  "^# flagged: vm r0 d1 GPU-5e1f0a2c: align_int3/n:16M/threads:256: 1\.2[0-9]* x its group's reference \(over 1\.020\); its samples ran under a power cap$" \
  fleet --verbose two-gpu-capped.json
check "... JSON: the GPU's count of slow cases under a limit, and which" 1 \
  "^\[21, 'a power cap'\]$" sh -c '"$1" fleet --format=json two-gpu-capped.json | python3 -c "
import json, sys
g = [g for g in json.load(sys.stdin)[\"gpus\"] if g[\"label\"].startswith(\"vm r0 d1\")][0]
print([g[\"slow_under_clock_limits\"], g[\"slow_clock_limits\"]])"; exit 1' _ "$KBENCH"
check "... without the reasons, the verdict as before" 1 \
  "FLAGGED \(21 slow\)$" fleet two-gpu-slow.json

# --baseline FILE: a known-good run is the reference of its model's
# group, so that even one GPU is judged, and never against another model.
check "--baseline: GPU 1 slowed is flagged against the baseline" 1 \
  "^vm r0 d1 GPU-5e1f0a2c .* 63 +21 +0 +0 +0 +0 +1\.20[0-9] .* FLAGGED \(21 slow\)$" \
  fleet --baseline h100.json two-gpu-slow.json
check "... GPU 0 (the baseline's own run) reads 1.000" 1 \
  "^vm r0 d0 GPU-0634182d .* 63 +0 +0 +0 +0 +0 +1\.000 .* ok$" \
  fleet --baseline h100.json two-gpu-slow.json
check "... and the reason names the baseline" 1 \
  "^# flagged: vm r0 d1 GPU-5e1f0a2c: align_int3/n:16M/threads:256: 1\.2[0-9]* x the baseline \(over 1\.020\)$" \
  fleet --verbose --baseline h100.json two-gpu-slow.json
check "--baseline: one GPU is a fleet, judged against it" 0 \
  "^# group 1: NVIDIA H100 80GB HBM3, 79\.2 GiB: 1 GPU \(timed against the baseline in 63 cases\)$" \
  fleet --baseline h100.json rank-1.json
check "... 0 of 1 GPU flagged, exit 0" 0 "^# 0 of 1 GPU flagged, 0 of 1 host" \
  fleet --baseline h100.json rank-1.json
check "--baseline of another model: the H100 is not timed against an H200" 0 \
  "^# group 1: NVIDIA H100 80GB HBM3, 79\.2 GiB: 1 GPU \(no other GPU of its model" \
  fleet --baseline h200.json h100.json
check "--baseline that cannot be read: exit 2" 2 "cannot open nope\.json" \
  fleet --baseline nope.json h100.json h200.json

# A GPU missing a case, or failing one.
check "GPU 1 missing a case: flagged for it, exit 1" 1 \
  "^vm r0 d1 GPU-5e1f0a2c .* 62 +0 +0 +0 +1 .* FLAGGED \(1 missing\)$" \
  fleet two-gpu-missing.json
check "... named with --verbose" 1 \
  "^# flagged: vm r0 d1 GPU-5e1f0a2c: reduce_shfl/n:64M/threads:256: missing from its files$" \
  fleet --verbose two-gpu-missing.json
check "GPU 1 failing a case: flagged for it, exit 1" 1 \
  "^vm r0 d1 GPU-5e1f0a2c .* 63 +0 +1 +0 +0 .* FLAGGED \(1 failed\)$" \
  fleet two-gpu-failed.json
check "... with its message" 1 \
  "^# flagged: vm r0 d1 GPU-5e1f0a2c: transpose_smem/rows:8K/cols:8K: FAIL verify: out\[17\] = 3\.5, expected 3\.25$" \
  fleet --verbose two-gpu-failed.json
check "... GPU 0 still ok" 1 "^vm r0 d0 GPU-0634182d .* ok$" fleet two-gpu-failed.json

# A stray job on GPU 1 (pid 4242, stray_copy): 40 of its cases disturbed,
# as issue 41 saw under mpirun -np 2.  GPU 1 is flagged alone, with the
# cause; its disturbed cases are no one's failures and no part of a
# reference, so GPU 0 is judged by its own times and stays ok.
check "stray job on GPU 1: 1 of 2 GPUs flagged, exit 1" 1 \
  "^# 1 of 2 GPUs flagged, 0 of 2 hosts \(2 files, 66 cases\)" \
  fleet rank-0.json rank-1-disturbed.json
check "... GPU 1: 40 disturbed, 0 failed, named with the cause" 1 \
  "^vm r1 d1 GPU-5e1f0a2c +NVIDIA H100 80GB HBM3 +1 +63 +0 +0 +0 +0 +40 .* FLAGGED \(disturbed by another process: pid 4242 \(stray_copy\), 40 cases\)$" \
  fleet rank-0.json rank-1-disturbed.json
check "... GPU 0 is not flagged" 1 \
  "^vm r0 d0 GPU-0634182d .* 63 +0 +0 +0 +0 +0 +1\.00[0-9] .* ok$" \
  fleet rank-0.json rank-1-disturbed.json
check "... --verbose: a disturbed case with its message" 1 \
  "^# flagged: vm r1 d1 GPU-5e1f0a2c: align_int3/n:16M/threads:256: DISTURBED run: another process used the GPU during the case: pid 4242 \(stray_copy\)" \
  fleet --verbose rank-0.json rank-1-disturbed.json
check "... --verbose: 40 flagged lines, all GPU 1's" 0 "^40$" \
  sh -c '"$1" fleet --verbose rank-0.json rank-1-disturbed.json | grep -c "^# flagged: "' _ "$KBENCH"
check "... markdown: GPU 1 in bold, 40 disturbed" 1 \
  "^\| vm r1 d1 GPU-5e1f0a2c \| NVIDIA H100 80GB HBM3 \| 1 \| 63 \| 0 \| 0 \| 0 \| 0 \| 40 \| .* \*\*FLAGGED \(disturbed by another process: pid 4242 \(stray_copy\), 40 cases\)\*\* \|$" \
  fleet --format=markdown rank-0.json rank-1-disturbed.json

# JSON: the groups, the host apart, each result's reference.
if command -v python3 >/dev/null 2>&1; then
  check "fleet JSON of the slowed copy: GPU 1 alone, references the faster" 1 "^ok$" sh -c '
"$1" fleet --format=json two-gpu-slow.json > slow.json; rc=$?
python3 - slow.json <<PY || exit 3
import json, sys
d = json.load(open(sys.argv[1]))
s = d["summary"]
assert s["gpus"] == 2 and s["flagged"] == 1 and s["model_groups"] == 1 and s["hosts"] == 1, s
g = [g for g in d["gpus"] if g["kind"] == "gpu"]
assert [x["flagged"] for x in g] == [False, True] and g[1]["slow"] == 21
assert g[1]["device"]["uuid"].startswith("GPU-5e1f0a2c")
for c in d["cases"]:
    r = [x for x in c["results"] if x["median_s"] is not None and d["gpus"][x["gpu"]]["kind"] == "gpu"]
    if len(r) == 2:
        assert abs(c["results"][r[0]["gpu"]]["reference_s"] - min(x["median_s"] for x in r)) < 1e-12
print("ok")
PY
exit $rc' _ "$KBENCH"
  check "fleet JSON of the stray job: GPU 1 disturbed by pid 4242, GPU 0 clean" 1 "^ok$" sh -c '
"$1" fleet --format=json rank-0.json rank-1-disturbed.json > stray.json; rc=$?
python3 - stray.json <<PY || exit 3
import json, sys
d = json.load(open(sys.argv[1]))
assert d["summary"]["flagged"] == 1, d["summary"]
g = [g for g in d["gpus"] if g["kind"] == "gpu"]
assert [x["flagged"] for x in g] == [False, True], g
assert g[1]["disturbed"] == 40 and g[1]["failed"] == 0, g[1]
assert g[1]["disturbed_by"] == "pid 4242 (stray_copy)", g[1]
assert g[0]["disturbed"] == 0 and g[0]["disturbed_by"] is None, g[0]
flags = [r["flag"] for c in d["cases"] for r in c["results"] if r["flag"]]
assert flags == ["disturbed"] * 40, flags
print("ok")
PY
exit $rc' _ "$KBENCH"
fi
done_testing
