#!/bin/sh
# --json and --format=json: strict JSON (Python's parser with NaN and
# Infinity refused) that carries Google Benchmark's required fields on every
# entry, passed, failed, crashed or skipped, and stays valid when kbench is
# killed mid-run.
. "$top_srcdir/tests/shell/lib.sh"
if ! command -v python3 >/dev/null 2>&1; then
  echo "1..0 # SKIP python3 is needed to parse the JSON strictly"
  exit 0
fi
P=$TEST_PLUGINS
H=$top_builddir/plugins/host/.libs
fast="--min-time=0 --max-noise=5 --timeout=2"

check "a passed, a wrong, a crashed and a skipped case: exit 1" 1 "CRASH" \
  "$KBENCH" $fast --param n=1000 --json="$tmpdir/r.json" \
  --plugin "$H/reduce_cpu.so" --plugin "$P/wrong_sum.so" \
  --plugin "$P/crash_run.so" --plugin "$P/unsupported.so"
assert "strict JSON with the required fields on every entry" \
  validate "$tmpdir/r.json" 'len(b) == 4'
assert "results format 2: the time judged under time_*, its clock under time" \
  validate "$tmpdir/r.json" 'd["context"]["kbench"]["results_format"] == 2' \
  'all(k in e for e in b for k in ("time", "time_median_s", "time_min_s", "event_median_s", "kernel_median_s"))' \
  'not any(k in e for e in b for k in ("median_s", "busy_median_s"))'
assert "a passed case: its median in ns, bytes per second, its samples" \
  validate "$tmpdir/r.json" 'b[0]["name"] == "reduce_cpu/n:1000"' \
  'b[0]["verdict"] == "pass" and b[0]["real_time"] > 0' \
  'abs(b[0]["real_time"] - 1e9 * b[0]["time_median_s"]) < 1e-6 * b[0]["real_time"]' \
  'b[0]["time"] == "event" and b[0]["time_median_s"] == b[0]["event_median_s"]' \
  'b[0]["bytes_per_second"] > 0 and len(b[0]["samples_s"]) == b[0]["iterations"]' \
  '"error_occurred" not in b[0] and b[0]["params"] == {"n": 1000}'
assert "a wrong case: error_occurred with the first mismatch" \
  validate "$tmpdir/r.json" 'b[1]["verdict"] == "wrong"' \
  'b[1]["error_occurred"] is True and "expected" in b[1]["error_message"]' \
  'b[1]["real_time"] == 0 and b[1]["time_median_s"] is None' \
  'b[1]["event_median_s"] is None'
assert "a crashed case: error_occurred, stage and cause" \
  validate "$tmpdir/r.json" 'b[2]["verdict"] == "crash"' \
  'b[2]["error_message"] == "crashed: SIGSEGV in run" and b[2]["stage"] == "run"' \
  '"about to crash" in b[2]["output"]'
assert "a skipped case: skipped with its message" \
  validate "$tmpdir/r.json" 'b[3]["verdict"] == "skip" and b[3]["skipped"] is True' \
  '"on purpose" in b[3]["skip_message"] and "error_occurred" not in b[3]'

check "--format=json prints the document instead of the table" 0 \
  '^\{"benchmarks": \[$' "$KBENCH" $fast --format=json --param n=10 reduce_cpu
"$KBENCH" $fast --format=json --repetitions=3 --param n=10,20 reduce_cpu \
  > "$tmpdir/out.json" 2> "$tmpdir/err.txt"
assert "--format=json --repetitions=3: six entries, indexed 0 to 2" \
  validate "$tmpdir/out.json" 'len(b) == 6' \
  '[e["repetition_index"] for e in b] == [0, 1, 2, 0, 1, 2]' \
  'all(e["repetitions"] == 3 for e in b)' 'b[3]["name"] == "reduce_cpu/n:20"'
# cpu_time is the worker's CPU time per run over the samples, as Google
# Benchmark's tools read it: a run that sleeps 2 ms uses a small part of
# its real time; one that sums numbers uses about all of it (wide bounds:
# a loaded machine shares its CPUs).
"$KBENCH" $fast --format=json --param us=2000 --plugin "$P/nap.so" \
  --param n=1M nap reduce_cpu > "$tmpdir/cpu.json" 2> /dev/null
assert "cpu_time: the CPU time per run, not the real time (nap: under a quarter of it; reduce_cpu: 0.3 to 3 times it)" \
  validate "$tmpdir/cpu.json" 'len(b) == 2 and all(e["verdict"] == "pass" for e in b)' \
  '0 < b[0]["cpu_time"] < 0.25 * b[0]["real_time"]' \
  '0.3 * b[1]["real_time"] < b[1]["cpu_time"] < 3 * b[1]["real_time"]'
"$KBENCH" --profile --format=json --param n=10,20 reduce_cpu copy_cpu \
  > "$tmpdir/profile.json" 2>&1
assert "--profile: every case once, verified, one sample" \
  validate "$tmpdir/profile.json" 'len(b) == 4' \
  'all(e["verdict"] == "pass" and e["iterations"] == 1 for e in b)'
"$KBENCH" $fast -j 3 --format=json --param n=10 reduce_cpu > "$tmpdir/j.json"
assert "the context records --jobs and both sampling timeouts" \
  validate "$tmpdir/j.json" 'd["context"]["kbench"]["jobs"] == 3' \
  'd["context"]["kbench"]["criterion"]["timeout_s"] == 2' \
  'd["context"]["kbench"]["criterion"]["host_timeout_s"] == 2'
assert "no --label: the context's label is null" \
  validate "$tmpdir/j.json" 'd["context"]["kbench"]["label"] is None'
env KBENCH_LABEL=nightly "$KBENCH" $fast --format=json --param n=10 reduce_cpu \
  > "$tmpdir/env.json"
env KBENCH_LABEL=nightly "$KBENCH" $fast --format=json --label='a1b2 "c"' \
  --param n=10 reduce_cpu > "$tmpdir/label.json"
assert "KBENCH_LABEL names the run in the context" \
  validate "$tmpdir/env.json" 'd["context"]["kbench"]["label"] == "nightly"'
assert "--label overrides KBENCH_LABEL, its quotes escaped" \
  validate "$tmpdir/label.json" 'd["context"]["kbench"]["label"] == '"'"'a1b2 "c"'"'"
check "an empty --label: usage error" 2 "invalid --label '': expected text" \
  "$KBENCH" --label= reduce_cpu
check "a KBENCH_LABEL over 200 bytes: usage error" 2 "invalid KBENCH_LABEL" \
  env KBENCH_LABEL="$(printf '%0201d' 0)" "$KBENCH" reduce_cpu
check "bad --format: usage error" 2 "expected table, tap, json, md or csv" \
  "$KBENCH" --format=xml reduce_cpu
check "bad --repetitions: usage error" 2 "invalid --repetitions" \
  "$KBENCH" --repetitions=0 reduce_cpu

# Killed mid-run, the file still parses and holds every finished case
# (test_results_json kills a writer at random moments).  Twelve cases of
# 0.3 s or more, killed once two are in: a loaded machine may be slow to
# start the run, or to see the second case, but not by ten cases.
"$KBENCH" --min-time=0.3 --max-noise=5 --json="$tmpdir/k.json" \
  --param n=1M,1000001,1000002,1000003,1000004,1000005,1000006,1000007,1000008,1000009,1000010,1000011 \
  reduce_cpu > /dev/null 2>&1 &
pid=$!
i=0
until [ $i -ge 1200 ] || python3 -c 'import json, sys; sys.exit(len(json.load(open(sys.argv[1]))["benchmarks"]) < 2)' "$tmpdir/k.json" 2>/dev/null; do
  sleep 0.1
  i=$((i + 1))
done
kill -9 $pid
wait $pid 2>/dev/null
assert "kill -9 mid-run: the JSON is valid and holds the finished cases" \
  validate "$tmpdir/k.json" '2 <= len(b) < 12' \
  'all(e["verdict"] == "pass" for e in b)'
done_testing
