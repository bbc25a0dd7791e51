#!/bin/sh
# Kernel time in the result files' readers: kbench compare and kbench fleet
# judge kernel times (busy_samples_s) by default and event times under
# --time=event; a file without kernel times is judged by event time, said
# once; a case one file lacks them for says so on its row.  The run's
# --time and --no-kernel-time on the command line.  Constructed files: a
# case whose kernel got 5% slower while its event median stayed (k), one
# whose launch overhead grew by 6% of its event time while its kernel stayed
# (launch: a host that launches slower), and one whose kernel times are in
# the new file only (new).
. "$top_srcdir/tests/shell/lib.sh"

check "--time=bogus: usage error 2" 2 "invalid --time 'bogus': expected kernel or event" \
  "$KBENCH" --time=bogus --list
check "--no-kernel-time is an option of the run" 0 "" "$KBENCH" --no-kernel-time --list
check "--rest-profiler is an option of the run, in --help" 0 \
  "--rest-profiler     disable CUPTI's range profiler" "$KBENCH" --help
check "--rest-profiler: a host case runs as without it" 0 "^copy_cpu .* ok" \
  "$KBENCH" --rest-profiler --min-samples=3 --max-samples=5 --min-time=0 \
  --warmup=0 --param n=64K copy_cpu

end_without_json_c "compare and fleet" "$KBENCH" compare x.json y.json

# times FIRST STEP: ten values from FIRST seconds up, STEP apart, as JSON.
series() {
  awk -v a="$1" -v s="$2" 'BEGIN { printf "["; for (i = 0; i < 10; i++)
    printf "%s%.9g", i ? ", " : "", a + i * s; printf "]" }'
}
# entry NAME EVENT_FIRST KERNEL_FIRST (or -): one CUDA entry.
entry_of() {
  k=
  [ "$3" != - ] && k=", \"time\": \"kernel\", \"busy_samples_s\": $(series "$3" 1e-8), \"busy_median_s\": $3"
  printf '{"name": "%s", "backend": "cuda", "verdict": "pass", "samples_s": %s%s}' \
    "$1" "$(series "$2" 1e-8)" "$k"
}
results_file() {
  printf '{"benchmarks": [%s, %s, %s], "context": {"host_name": "%s", "kbench": {"version": "0.1.0", "mode": "cold", "rank": %s}}}\n' \
    "$2" "$3" "$4" "$5" "$6" > "$1"
}
results_file "$tmpdir/base.json" "$(entry_of k/n:1 100e-6 98e-6)" \
  "$(entry_of launch/n:1 100e-6 98e-6)" "$(entry_of new/n:1 100e-6 -)" node0 0
results_file "$tmpdir/new.json" "$(entry_of k/n:1 100e-6 102.9e-6)" \
  "$(entry_of launch/n:1 106e-6 98e-6)" "$(entry_of new/n:1 100e-6 98e-6)" node1 0
results_file "$tmpdir/old.json" "$(entry_of k/n:1 100e-6 -)" \
  "$(entry_of launch/n:1 106e-6 -)" "$(entry_of new/n:1 100e-6 -)" node1 0
cmp() { "$KBENCH" compare "$@"; }

check "compare: kernel times by default: the slower kernel is a regression" 1 \
  "^k/n:1 .* 98.05 us .*102.94 us .*SLOWER" cmp "$tmpdir/base.json" "$tmpdir/new.json"
check "... a longer launch overhead alone is not" 1 \
  "^launch/n:1 .* same$" cmp "$tmpdir/base.json" "$tmpdir/new.json"
check "... a case base has no kernel times of: event times, and why" 1 \
  "^new/n:1 .* same  event time: no kernel time in base$" \
  cmp "$tmpdir/base.json" "$tmpdir/new.json"
check "--time=event: the longer launch is SLOWER, the kernel not" 1 \
  "^launch/n:1 .* SLOWER" cmp --time=event "$tmpdir/base.json" "$tmpdir/new.json"
check "--time=event: ... and k is the same" 1 "^k/n:1 .* same" \
  cmp --time=event "$tmpdir/base.json" "$tmpdir/new.json"
check "a file with no kernel times: said once, event times compared" 1 \
  "# note: event times compared: new has no kernel times" \
  cmp "$tmpdir/base.json" "$tmpdir/old.json"
check "... and no row repeats it" 1 "^launch/n:1 .* SLOWER$" \
  cmp "$tmpdir/base.json" "$tmpdir/old.json"
check "compare --time=soon: 2" 2 "invalid --time 'soon': expected kernel or event" \
  cmp --time=soon "$tmpdir/base.json" "$tmpdir/new.json"

if command -v python3 > /dev/null 2>&1; then
  cmp --json "$tmpdir/base.json" "$tmpdir/new.json" > "$tmpdir/cmp.json"
  assert "compare's JSON: the time asked, and each case's time judged" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
c = {r["name"]: r for r in d["cases"]}
assert d["time"] == "kernel" and d["time_note"] is None
assert c["k/n:1"]["time"] == "kernel" and c["k/n:1"]["status"] == "slower"
assert c["new/n:1"]["time"] == "event" and "no kernel time in base" in c["new/n:1"]["note"]
assert c["k/n:1"]["base_samples"] == 10' "$tmpdir/cmp.json"
else
  skip "compare's JSON" "no python3"
fi

# fleet: two GPUs (two hosts); the second launches slower (launch), and
# its kernel of k is slower.
fleet() { "$KBENCH" fleet "$@"; }
check "fleet: kernel times: the slower kernel flags node1" 1 \
  "^node1 .* k/n:1" fleet "$tmpdir/base.json" "$tmpdir/new.json"
check "fleet --time=event: the slower launch is what node1 is flagged for" 1 \
  "^node1 .* launch/n:1" fleet --time=event "$tmpdir/base.json" "$tmpdir/new.json"
check "fleet: the criterion names the time and the event fallback" 1 \
  "kernel time ran more than 2% slower .*event times for 1 CUDA case" \
  fleet "$tmpdir/base.json" "$tmpdir/new.json"
check "fleet --time=later: 2" 2 "invalid --time 'later'" \
  fleet --time=later "$tmpdir/base.json" "$tmpdir/new.json"
done_testing
