#!/bin/sh
# kbench tune on a GPU (issue 25): exhaustive searches of the catalogue's
# tunable variants and of a larger space, each one's --json a cache from
# which bench/tune_strategies.py (on a machine with json-c) rates the other
# strategies without measuring again; what a configuration costs; a space
# with a GPU fault and a hang.  Run from a built tree:
#   sh bench/tune_gpu.sh OUTDIR
# then, where json-c is, for each OUTDIR/NAME.json and the arguments in
# OUTDIR/NAME.args:
#   bench/tune_strategies.py OUTDIR/NAME.json -- $(cat OUTDIR/NAME.args)
set -u
out=${1:?usage: tune_gpu.sh OUTDIR}
mkdir -p "$out"
k=${KBENCH:-./kbench}

# search NAME ARGS...: an exhaustive search, timed; its arguments kept.
search() {
  name=$1
  shift
  printf '%s\n' "$*" > "$out/$name.args"
  t0=$(date +%s.%N)
  timeout 540 "$k" tune --strategy=exhaustive --json="$out/$name.json" "$@" \
    > "$out/$name.txt" 2>&1
  rc=$?
  echo "$name: exit $rc, $(awk -v a="$t0" -v b="$(date +%s.%N)" \
    'BEGIN { printf "%.1f", b - a }') s" | tee -a "$out/timing.txt"
}

# The catalogue's tunable parameters, at their default problem sizes.
search reduce_vec4 --param threads=32:1024:*2 --param offset=0:3:+1 \
  reduce_vec4                                                     # 24
search transpose_fast --param blocks_per_sm=0:32:+1 transpose_fast # 33
search transpose_tma --param blocks_per_sm=0:32:+1 transpose_tma   # 33
search reduce_cluster --param threads=32:1024:*2 --param cluster=0:16:+1 \
  reduce_cluster                                                  # 102
search coalesce_offset --param threads=32:1024:*2 --param offset=0:32:+1 \
  coalesce_offset                                                 # 198
search coalesce_stride --param threads=32:1024:*2 --param stride=1:32:+1 \
  coalesce_stride                                                 # 192
# The larger space: 2 sizes x 6 block sizes x 17 cluster sizes x 4
# alignments = 816 configurations, for bandwidth (comparable across sizes).
search reduce_cluster_816 --objective=bandwidth --param n=64M,256M \
  --param threads=32:1024:*2 --param cluster=0:16:+1 --param offset=0:3:+1 \
  reduce_cluster
# A fault and a hang on the GPU: the search goes on, both recorded.
search gpu_tune_trap --plugin tests/plugins/.libs/gpu_tune_trap.so \
  --param n=16M --param x=0:9:+1 --case-timeout=10

# What a configuration costs: the run's wall time against the cases' own,
# and where a case's time goes.
python3 - "$out" <<'PY' | tee "$out/cost.txt"
import json, os, statistics as st, sys
out = sys.argv[1]
walls = {}
for line in open(os.path.join(out, "timing.txt")):
    name, rest = line.split(": ", 1)
    walls[name] = float(rest.split(", ")[1].split()[0])
print("| search | configurations | wall s | per configuration ms | case ms "
      "(median) | setup | verify | sampling | teardown | outside the cases "
      "ms per configuration |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for name, wall in walls.items():
    try:
        b = json.load(open(os.path.join(out, name + ".json")))["benchmarks"]
    except (OSError, ValueError, KeyError):
        continue
    if not b:
        continue
    med = lambda k: 1e3 * st.median(e.get(k) or 0 for e in b)
    outside = (wall - sum(e.get("case_wall_s") or 0 for e in b)) / len(b)
    print(f"| {name} | {len(b)} | {wall:.1f} | {1e3 * wall / len(b):.0f} | "
          f"{med('case_wall_s'):.1f} | {med('setup_s'):.1f} | "
          f"{med('verify_s'):.1f} | {med('sampling_s'):.1f} | "
          f"{med('teardown_s'):.1f} | {1e3 * outside:.0f} |")
PY
