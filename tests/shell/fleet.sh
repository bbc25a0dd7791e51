#!/bin/sh
# Ranks under a simulated Slurm job (SLURM_PROCID, SLURM_LOCALID and
# SLURM_NTASKS set by hand), each writing --json=DIR/%h-%r.json, and
# kbench fleet over their files: a healthy pair, a rank made slow by
# tests/plugins/nap.c (KBENCH_TEST_SLOWDOWN: a run that sleeps 30 times as
# long), a rank whose case fails, and constructed files for what a run
# cannot show here (several GPUs in one file, a rank with no case).
. "$top_srcdir/tests/shell/lib.sh"
fleet() { "$KBENCH" fleet "$@"; }
host=$(uname -n | cut -d. -f1)
runs="$tmpdir/runs"
mkdir -p "$runs"
# Two cases of a variant that sleeps 1 or 2 ms a run: their medians move
# by 2% at most from one run to the next, even on a loaded 2-core VM,
# where a sum's read 1.7-2x apart between two ranks (tests/plugins/nap.c).
plugins="--param us=1000,2000 --plugin $TEST_PLUGINS/nap.so"
# rank R DIR [VAR=VALUE | OPTION]...: rank R of a job of two, its
# environment and kbench options added.
rank() {
  r=$1 dir=$2 vars= opts=
  shift 2
  for a; do
    case $a in -*) opts="$opts $a" ;; *) vars="$vars $a" ;; esac
  done
  env SLURM_PROCID="$r" SLURM_LOCALID="$r" SLURM_NTASKS=2 $vars \
    "$KBENCH" $plugins --json="$dir/%h-%r.json" $opts
}

# The subcommand's command line.
check "--help exits 0 and documents the exit status" 0 \
  "fewer than 2 GPUs and fewer than 2 hosts, or a report that cannot" fleet --help
check_help "$top_srcdir/runner/commands/fleet/fleet.c" "$KBENCH" fleet
check "no file: usage error 2" 2 "expected results files" fleet
check "unknown option: 2" 2 "unknown option '--frobnicate'" fleet --frobnicate x.json
check "--tolerance not a number: 2" 2 "invalid --tolerance 'lots': expected a percentage" \
  fleet --tolerance=lots x.json
check "negative --host-tolerance: 2" 2 "invalid --host-tolerance '-5'" \
  fleet --host-tolerance=-5 x.json
check "--format=xml: 2" 2 "expected table, markdown \\(md\\) or json" fleet --format=xml x.json
check "--json without a value: 2" 2 "needs a value" fleet x.json --json

# Launcher variables that are not ranks, and file names kbench cannot fill.
check "SLURM_PROCID=abc: usage error 2, says which variable" 2 \
  "SLURM_PROCID='abc' is not a rank" \
  env SLURM_PROCID=abc "$KBENCH" $plugins
check "a rank past SLURM_NTASKS: 2" 2 "slurm rank 2 is not below the job's size 2" \
  env SLURM_PROCID=2 SLURM_NTASKS=2 "$KBENCH" $plugins
check "an unknown % in --json: 2, before anything runs" 2 \
  "--json '$tmpdir/%q.json': unknown %q" "$KBENCH" $plugins --json="$tmpdir/%q.json"
assert "... and nothing is written" test ! -e "$tmpdir/%q.json"
check "a name without %r under a job of two: warned" 0 \
  "warning: --csv=$tmpdir/all.csv has no %r: the 2 ranks of this job" \
  env SLURM_PROCID=0 SLURM_NTASKS=2 "$KBENCH" $plugins --csv="$tmpdir/all.csv"

# No launcher: as before, and %r is 0.
check "without a launcher: rank 0 prints, %r is 0" 0 "nap +us=1000 .* ok" \
  "$KBENCH" $plugins --json="$tmpdir/alone-%r.json"
assert "... the file is $tmpdir/alone-0.json" test -s "$tmpdir/alone-0.json"
assert "... its context: no launcher, rank 0 of 1" grep -q \
  '"launcher": null, "rank": 0, "local_rank": 0, "world_size": 1' \
  "$tmpdir/alone-0.json"

# A healthy job of two ranks.
check "rank 0 prints the table" 0 "^nap +us=1000 .* ok" rank 0 "$runs"
check "rank 1 prints nothing, exits 0" 0 "^$" rank 1 "$runs"
assert "each rank wrote DIR/$host-RANK.json" \
  test -s "$runs/$host-0.json" -a -s "$runs/$host-1.json"
assert "rank 1's context: slurm, rank 1, local rank 1, 2 ranks" grep -q \
  '"launcher": "slurm", "rank": 1, "local_rank": 1, "world_size": 2' \
  "$runs/$host-1.json"
check "--all-ranks: rank 1 prints its table too" 0 "^nap +us=1000 .* ok" \
  rank 1 "$tmpdir" --all-ranks
# A slow rank: each run of its us=1000 case sleeps 30 times as long.
slow="$tmpdir/slow"
mkdir -p "$slow"
cp "$runs/$host-0.json" "$slow/"
check "a slow rank still verifies and exits 0" 0 "^$" \
  rank 1 "$slow" KBENCH_TEST_SLOWDOWN=30@1000
# A rank whose case fails: it exits with its real status.
bad="$tmpdir/bad"
mkdir -p "$bad"
cp "$runs/$host-0.json" "$bad/"
# A rank whose case fails exits 0 under a launcher, saying so, so that
# the launcher does not end the other ranks; --exit-status returns 1.
check "a failing rank exits 0 under the launcher, and says why" 0 \
  "^kbench: rank 1: exit status 1, returned as 0 under slurm so that the launcher does not end the other ranks" \
  rank 1 "$bad" KBENCH_TEST_WRONG=1000
check "... --exit-status: it exits 1 (verification failed), printing nothing" 1 "^$" \
  rank 1 "$tmpdir" KBENCH_TEST_WRONG=1000 --exit-status
check "... without a launcher, a failure exits 1 as ever" 1 "nap +us=1000 .* FAIL" \
  env KBENCH_TEST_WRONG=1000 "$KBENCH" $plugins

end_without_json_c "fleet reports" fleet "$runs/$host-0.json" "$runs/$host-1.json"

# Host plugins only: each rank's cases are its host's, judged against the
# other hosts' (no GPU here), at the default host tolerance (50%): the
# healthy ranks' naps read within 2% of each other, the slow rank's 30x.
check "fleet: two healthy ranks, two hosts, exit 0" 0 \
  "^# 0 of 2 hosts flagged \(no GPU\) \(2 files, 2 cases\)" \
  fleet "$runs/$host-0.json" "$runs/$host-1.json"
check "fleet: one line per host and rank" 0 \
  "^$host r1 host +host +host +2 +0 +0 +0 +0 +0 +[0-9.]+ +nap/us:[0-9]+ +ok$" \
  fleet "$runs/$host-0.json" "$runs/$host-1.json"
check "fleet --verbose: a row per case with both" 0 "^nap/us:1000 +host +2 " \
  fleet --verbose "$runs/$host-0.json" "$runs/$host-1.json"
check "fleet: the same file twice is the same rank, pooled" 0 \
  "^# 0 of 2 hosts flagged \(no GPU\) \(3 files, 2 cases\)" \
  fleet "$runs/$host-0.json" "$runs/$host-0.json" "$runs/$host-1.json"

# The slow rank (below).
check "fleet: the slow rank is flagged, exit 1" 1 \
  "^$host r1 host +host +host +2 +1 +0 +0 +0 +0 +[0-9.]+ +nap/us:1000 +FLAGGED \(1 slow\)$" \
  fleet "$slow"/*.json
check "fleet: ... the healthy one is not" 1 "^$host r0 host .* ok$" fleet "$slow"/*.json
check "fleet: ... and the reason is named with --verbose" 1 \
  "^# flagged: $host r1 host: nap/us:1000: [0-9.]+ x its group's reference \(over 1\.500\)" \
  fleet --verbose "$slow"/*.json
check "fleet: ... 1 of 2 hosts flagged" 1 "^# 1 of 2 hosts flagged" fleet "$slow"/*.json
check "fleet: a --host-tolerance above the slowdown lets it pass" 0 \
  "^# 0 of 2 hosts flagged" fleet --host-tolerance=10000 "$slow"/*.json
check "fleet: markdown, the flagged host in bold" 1 \
  "^\| $host r1 host \| host \| host \| 2 \| 1 \| 0 \| 0 \| 0 \| 0 \| [0-9.]+ \| \`nap/us:1000\` \| \*\*FLAGGED \(1 slow\)\*\* \|$" \
  fleet --format=markdown "$slow"/*.json
check "fleet --json=FILE: the table still on stdout" 1 "^# 1 of 2 hosts flagged" \
  fleet --json="$tmpdir/fleet.json" "$slow"/*.json
assert "... and the JSON report in FILE" grep -q '"hosts_flagged": 1' "$tmpdir/fleet.json"
if command -v python3 >/dev/null 2>&1; then
  check "fleet JSON: strict, the slow host's fields" 0 "^ok$" python3 -c '
import json, sys
def nan(c): raise ValueError("not strict JSON: " + c)
d = json.load(open(sys.argv[1]), parse_constant=nan)
g = d["gpus"][1]
assert g["rank"] == 1 and g["flagged"] and g["slow"] == 1 and g["kind"] == "host"
assert g["device"] is None and g["label"].endswith(" r1 host")
assert g["worst_case"] == "nap/us:1000" and g["worst_ratio"] > 1.5
c = [c for c in d["cases"] if c["name"] == "nap/us:1000"][0]
assert c["tolerance_pct"] == 50 and c["slowest_gpu"] == 1
assert c["results"][1]["flag"] == "slow" and c["results"][0]["flag"] is None
assert c["results"][1]["reference_s"] == c["results"][0]["median_s"]
assert d["summary"] == {"files": 2, "gpus": 0, "flagged": 0, "excused": 0, "model_groups": 0,
                        "hosts": 2, "hosts_flagged": 1, "cases": 2}, d["summary"]
print("ok")' "$tmpdir/fleet.json"

  # The default host tolerance (50%) on constructed ranks: rank 0's file
  # as rank 1, nap/us:1000's times scaled by 1.6 (flagged) and 1.4 (not).
  scaled() {
    python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
d["context"]["kbench"]["rank"] = 1
k = float(sys.argv[3])
for e in d["benchmarks"]:
    if e["name"] == "nap/us:1000":
        for f, v in e.items():
            if f.endswith("_s") and f != "case_wall_s" and isinstance(v, (int, float)):
                e[f] = v * k
        e["samples_s"] = [t * k for t in e["samples_s"]]
json.dump(d, open(sys.argv[2], "w"))' "$runs/$host-0.json" "$2" "$1"
  }
  mkdir -p "$tmpdir/x1.6" "$tmpdir/x1.4"
  scaled 1.6 "$tmpdir/x1.6/$host-1.json"
  scaled 1.4 "$tmpdir/x1.4/$host-1.json"
  check "default host tolerance: a rank 1.6x slower is flagged" 1 \
    "^# flagged: $host r1 host: nap/us:1000: 1\.600 x its group's reference \(over 1\.500\)" \
    fleet --verbose "$runs/$host-0.json" "$tmpdir/x1.6/$host-1.json"
  check "... one 1.4x slower is not" 0 "^# 0 of 2 hosts flagged" \
    fleet "$runs/$host-0.json" "$tmpdir/x1.4/$host-1.json"
fi

# The rank whose case failed.
check "fleet: the failed case is flagged, exit 1" 1 \
  "^$host r1 host .* FLAGGED \(1 failed\)$" fleet "$bad"/*.json
check "fleet: ... with its message" 1 \
  "^# flagged: $host r1 host: nap/us:1000: FAIL first run: slept = 1001, expected 1000" \
  fleet --verbose "$bad"/*.json

# Files a run here cannot make: a rank with no case, GPUs of one file.
ctx() {  # ctx HOST RANK DEVICE-JSON
  printf '"context": {"host_name": "%s", "kbench": {"rank": %s, "device": %s}}' "$1" "$2" "$3"
}
entry() {  # entry NAME MEDIAN [EXTRA-KEYS]
  printf '{"name": "%s", "backend": "cuda", "verdict": "pass", "samples_s": [%s, %s, %s]%s}' \
    "$1" "$2" "$2" "$2" "${3:-}"
}
h100='{"ordinal": 0, "name": "NVIDIA H100", "uuid": "GPU-aaaa"}'
h100b='{"ordinal": 0, "name": "NVIDIA H100", "uuid": "GPU-bbbb"}'
printf '{"benchmarks": [%s, %s], %s}\n' "$(entry a/n:1 1e-3)" "$(entry b/n:1 2e-3)" \
  "$(ctx n1 0 "$h100")" > "$tmpdir/n1.json"
printf '{"benchmarks": [], %s}\n' "$(ctx n2 1 "$h100b")" > "$tmpdir/n2-dead.json"
check "a rank with no case: a bad results file, as kbench compare says, exit 2" 2 \
  "^kbench fleet: .*n2-dead\\.json: not a kbench or Google Benchmark results file: found an empty \"benchmarks\" list$" \
  fleet "$tmpdir/n1.json" "$tmpdir/n2-dead.json"
printf '{"benchmarks": [{"name": "a/n:1", "real_time": "fast"}], %s}\n' "$(ctx n2 1 "$h100b")" > "$tmpdir/n2-fast.json"
check "a rank whose time is not a number: exit 2" 2 \
  "n2-fast\\.json: not a kbench or Google Benchmark results file: found benchmarks\\[0\\] \\(\"a/n:1\"\\) that passed with no numeric time" \
  fleet "$tmpdir/n1.json" "$tmpdir/n2-fast.json"
dev() { printf ', "device_ordinal": %s, "device_name": "NVIDIA H100", "device_uuid": "GPU-%s"' "$1" "$2"; }
printf '{"benchmarks": [%s, %s, %s, %s], %s}\n' \
  "$(entry a/n:1 1e-3 "$(dev 0 d0)")" "$(entry a/n:1 1.1e-3 "$(dev 1 d1)")" \
  "$(entry b/n:1 2e-3 "$(dev 0 d0)")" "$(entry b/n:1 2e-3 "$(dev 1 d1)")" \
  "$(ctx n3 0 null)" > "$tmpdir/two-gpus.json"
check "entries' own devices: two GPUs in one file" 1 "^# 1 of 2 GPUs flagged \(1 file, 2 cases\)" \
  fleet "$tmpdir/two-gpus.json"
check "... the 10% slower one flagged: 1.100 x the faster, not 1.048 x the mean" 1 \
  "^n3 r0 d1 GPU-d1 +NVIDIA H100 +1 +2 +1 +0 +0 +0 +0 +1\.100 +a/n:1 +FLAGGED \(1 slow\)$" \
  fleet "$tmpdir/two-gpus.json"
check "... the faster one is not flagged" 1 "^n3 r0 d0 GPU-d0 .* 1\.000 .* ok$" \
  fleet "$tmpdir/two-gpus.json"
check "... and not by --tolerance=11" 0 "^n3 r0 d1 GPU-d1 .* 1\.100 +a/n:1 +ok$" \
  fleet --tolerance=11 "$tmpdir/two-gpus.json"
# Like against like: an H200 beside the H100s is in a group of its own.
h200='{"ordinal": 0, "name": "NVIDIA H200", "uuid": "GPU-cccc", "global_mem_bytes": 150109880320}'
printf '{"benchmarks": [%s, %s], %s}\n' "$(entry a/n:1 0.7e-3)" "$(entry b/n:1 1.4e-3)" \
  "$(ctx n4 0 "$h200")" > "$tmpdir/h200.json"
check "an H200 among H100s: 2 model groups, the H100s not slow" 0 \
  "^# 0 of 3 GPUs flagged \(2 files, 2 cases\)" \
  fleet --tolerance=11 "$tmpdir/two-gpus.json" "$tmpdir/h200.json"
check "... the groups are named with their memory" 0 \
  "^# group 2: NVIDIA H200, 139\.8 GiB: 1 GPU" \
  fleet --tolerance=11 "$tmpdir/two-gpus.json" "$tmpdir/h200.json"

# Skips.  A case every GPU skips (a Hopper variant on older GPUs) is no
# GPU's fault; a GPU whose every case skipped ran nothing, and where no
# GPU ran anything (ranks without a device) fleet says so, not "0 flagged".
skip_entry() {  # skip_entry NAME [EXTRA-KEYS]
  printf '{"name": "%s", "backend": "cuda", "verdict": "skip", "message": "%s"%s}' \
    "$1" "${skip_why:-no CUDA device: no NVIDIA driver}" "${2:-}"
}
printf '{"benchmarks": [%s, %s, %s, %s], %s}\n' \
  "$(entry a/n:1 1e-3 "$(dev 0 s0)")" "$(entry a/n:1 1e-3 "$(dev 1 s1)")" \
  "$(skip_why="needs sm_90" skip_entry bulk/n:1 "$(dev 0 s0)")" \
  "$(skip_why="needs sm_90" skip_entry bulk/n:1 "$(dev 1 s1)")" \
  "$(ctx n7 0 null)" > "$tmpdir/hopper.json"
check "a case both GPUs skip, each having run another: no GPU flagged" 0 \
  "^# 0 of 2 GPUs flagged \(1 file, 2 cases\)" fleet "$tmpdir/hopper.json"
for r in 0 1 2 3; do
  printf '{"benchmarks": [%s, %s], %s}\n' "$(skip_entry a/n:1)" \
    "$(skip_entry b/n:1)" "$(ctx n8 "$r" null)" > "$tmpdir/dead-$r.json"
done
check "four ranks whose every case skipped: all four flagged, exit 1" 1 \
  "^# 4 of 4 GPUs flagged \(4 files, 2 cases\)" fleet "$tmpdir"/dead-*.json
check "... each for its skips" 1 \
  "^n8 r3 d- .* FLAGGED \(2 skipped\) \(no model named: no device\)$" \
  fleet "$tmpdir"/dead-*.json
check "... said why: its GPU ran none of its cases, and the skip's reason" 1 \
  "^# flagged: n8 r0 d-: a/n:1: SKIP on a GPU that ran none of its cases: no CUDA device: no NVIDIA driver$" \
  fleet --verbose "$tmpdir"/dead-*.json

# One kernel's placement is not a slow GPU (fleet_judge.c): four GPUs of
# one node, twelve cases; node4 FILE SLOW... writes them, case c on GPU g
# at 1 ms times the factor "c:g:factor" gives (1 otherwise).
node4() {
  out=$1
  shift
  entries=
  for c in a b c d e f g h i j k l; do
    for g in 0 1 2 3; do
      m=1e-3
      for s; do
        case $s in "$c:$g:"*) m=$(awk -v f="${s##*:}" 'BEGIN { printf "%.6g", 1e-3 * f }') ;; esac
      done
      entries="$entries${entries:+, }$(entry "$c/n:1" "$m" "$(dev "$g" "n$g")")"
    done
  done
  printf '{"benchmarks": [%s], %s}\n' "$entries" "$(ctx n5 0 null)" > "$out"
}
node4 "$tmpdir/split.json" a:2:1.09 a:3:1.09 b:2:1.09 b:3:1.09
check "a two-and-two split on one kernel and its twin: no GPU flagged" 0 \
  "^# 0 of 4 GPUs flagged \(1 file, 12 cases\)" fleet "$tmpdir/split.json"
check "... said, case by case, as a placement split" 0 \
  "^# not flagged: a/n:1: 2 GPUs up to 1\.043x the reference, a side of its own on this case and slow on no other" \
  fleet "$tmpdir/split.json"
node4 "$tmpdir/slow-rank.json" a:3:1.1 b:3:1.1 c:3:1.1
check "a slow rank among four is flagged" 1 \
  "^n5 r0 d3 GPU-n3 .* FLAGGED \(3 slow\)$" fleet "$tmpdir/slow-rank.json"
node4 "$tmpdir/split-slow.json" a:2:1.09 a:3:1.09 e:3:1.1
check "the slow side of a split that is slow elsewhere too is flagged" 1 \
  "^n5 r0 d3 GPU-n3 .* FLAGGED \(2 slow\)$" fleet "$tmpdir/split-slow.json"
check "... its partner, slow on the split alone, is not" 1 \
  "^n5 r0 d2 GPU-n2 .* ok$" fleet "$tmpdir/split-slow.json"
node4 "$tmpdir/two-slow.json" a:2:1.1 a:3:1.1 b:2:1.1 b:3:1.1 c:2:1.1 c:3:1.1 \
  d:2:1.1 d:3:1.1
check "two slow GPUs, split from two others on many cases, are flagged" 1 \
  "^# 2 of 4 GPUs flagged" fleet "$tmpdir/two-slow.json"
# A GPU that saw the case move 9% between two allocations of its own.
printf '{"benchmarks": [%s, %s, %s, %s], %s}\n' \
  "$(entry a/n:1 1e-3 "$(dev 0 p0), \"placement_median_s\": 1.09e-3")" \
  "$(entry a/n:1 1.09e-3 "$(dev 1 p1)")" \
  "$(entry b/n:1 2e-3 "$(dev 0 p0)")" "$(entry b/n:1 2e-3 "$(dev 1 p1)")" \
  "$(ctx n6 0 null)" > "$tmpdir/placed.json"
check "a GPU 9% slower on a case that moved 9% between allocations: not flagged" 0 \
  "^# not flagged: a/n:1: 1 GPU up to 1\.090x the reference, within the 9\.0% it moved between two allocations on one GPU$" \
  fleet "$tmpdir/placed.json"
printf '{"benchmarks": [%s, %s, %s, %s], %s}\n' \
  "$(entry a/n:1 1e-3 "$(dev 0 p0), \"placement_median_s\": 1.005e-3")" \
  "$(entry a/n:1 1.09e-3 "$(dev 1 p1)")" \
  "$(entry b/n:1 2e-3 "$(dev 0 p0)")" "$(entry b/n:1 2e-3 "$(dev 1 p1)")" \
  "$(ctx n6 0 null)" > "$tmpdir/placed-less.json"
check "... one that moved 0.5%: flagged" 1 "^# 1 of 2 GPUs flagged" \
  fleet "$tmpdir/placed-less.json"

# Fewer than two GPUs, and files that are not results.
check "one host: said, exit 2" 2 "0 GPUs and 1 host in 1 file: a fleet needs at least 2" \
  fleet "$runs/$host-0.json"
check "one host in two files (the same file): exit 2" 2 "1 host in 2 files" \
  fleet "$runs/$host-0.json" "$runs/$host-0.json"
check "... and writes no report" 2 "^kbench fleet: 0 GPUs and 1 host" \
  fleet --json="$tmpdir/none.json" "$runs/$host-0.json"
assert "... nor the --json file" test ! -e "$tmpdir/none.json"
printf 'garbage\n' > "$tmpdir/garbage.json"
printf '{"context": {}}\n' > "$tmpdir/nolist.json"
check "a missing file: 2, names it" 2 "cannot open .*nothing\.json: No such file" \
  fleet "$runs/$host-0.json" "$tmpdir/nothing.json"
check "a file that is not JSON: 2" 2 "garbage\\.json: not a kbench or Google Benchmark results file: found text that is not JSON" \
  fleet "$runs/$host-0.json" "$tmpdir/garbage.json"
check "JSON without benchmarks: 2" 2 "nolist\\.json: not a kbench or Google Benchmark results file: found JSON with no \"benchmarks\" list" \
  fleet "$tmpdir/nolist.json" "$runs/$host-0.json"
check "bad input writes no --json file" 2 "not JSON" \
  fleet --json="$tmpdir/out.json" "$runs/$host-0.json" "$tmpdir/garbage.json"
assert "... none, and no temporary file either" \
  sh -c '! ls "$1"/out.json* >/dev/null 2>&1' _ "$tmpdir"
check "--json into a missing directory: 2" 2 "cannot create $tmpdir/no/such/dir/f\.json" \
  fleet --json="$tmpdir/no/such/dir/f.json" "$runs"/*.json
done_testing
