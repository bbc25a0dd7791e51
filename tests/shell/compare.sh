#!/bin/sh
# kbench compare on the constructed results in tests/compare/ (written by
# tests/compare/make-fixtures.py): what is flagged, what is only listed,
# the exit status, the device warning, and the three output formats.
. "$top_srcdir/tests/shell/lib.sh"
fx="$top_srcdir/tests/compare"
cmp() { "$KBENCH" compare "$@"; }

check "--help exits 0 and documents the exit status" 0 \
  "2  usage error, or a file that cannot be read" cmp --help
check_help "$top_srcdir/runner/commands/compare/compare.c" "$KBENCH" compare
check "one file: usage error 2" 2 "expected two files" cmp "$fx/base.json"
check "three files: usage error 2" 2 "expected two files.*got 3" \
  cmp "$fx/base.json" "$fx/base.json" "$fx/base.json"
check "unknown option: 2" 2 "unknown option '--frobnicate'" \
  cmp --frobnicate "$fx/base.json" "$fx/base.json"
check "an option with a slip: the nearest offered" 2 \
  "^kbench compare: unknown option '--treshold=3'; did you mean --threshold\?$" \
  cmp --treshold=3 "$fx/base.json" "$fx/base.json"
check "--alpha above 1: 2" 2 "invalid --alpha '2'" \
  cmp --alpha=2 "$fx/base.json" "$fx/base.json"
check "--alpha 0: 2" 2 "invalid --alpha '0'" \
  cmp --alpha=0 "$fx/base.json" "$fx/base.json"
check "--threshold not a number: 2" 2 "invalid --threshold 'lots': expected a percentage" \
  cmp --threshold=lots "$fx/base.json" "$fx/base.json"
check "negative --host-threshold: 2" 2 "invalid --host-threshold '-1'" \
  cmp --host-threshold=-1 "$fx/base.json" "$fx/base.json"
check "--format=xml: 2" 2 "expected table, markdown \\(md\\) or json" \
  cmp --format=xml "$fx/base.json" "$fx/base.json"
check "--threshold without a value: 2" 2 "needs a value" \
  cmp "$fx/base.json" "$fx/base.json" --threshold
check "negative --energy-threshold: 2" 2 "invalid --energy-threshold '-5'" \
  cmp --energy-threshold=-5 "$fx/base.json" "$fx/base.json"

end_without_json_c "comparisons" cmp "$fx/base.json" "$fx/base.json"

# Unreadable input.
printf 'not json\n' > "$tmpdir/text.json"
: > "$tmpdir/empty.json"
printf '{"context": {}}\n' > "$tmpdir/none.json"
printf '{"benchmarks": {"name": "x"}}\n' > "$tmpdir/object.json"
printf '{"benchmarks": [{"real_time": 1}]}\n' > "$tmpdir/noname.json"
printf '{"benchmarks": []} {}\n' > "$tmpdir/two.json"
printf '{"benchmarks": [{"name": "a",\n' > "$tmpdir/cut.json"
printf '{"benchmarks": []}\n' > "$tmpdir/nothing-run.json"
printf '{"benchmarks": [{"name": "a", "run_type": "aggregate", "real_time": 1}]}\n' > "$tmpdir/aggregates.json"
printf '{"benchmarks": [{"name": "a", "real_time": "fast"}]}\n' > "$tmpdir/fast.json"
printf '{"benchmarks": [{"name": "a", "verdict": "pass", "median_s": null}]}\n' > "$tmpdir/notime.json"
printf '{"benchmarks": [{"name": "a", "verdict": "skip", "message": "no GPU"}, {"name": "b", "verdict": "pass", "median_s": 1e-3}]}\n' > "$tmpdir/skip-and-pass.json"
printf '{"benchmarks": [{"name": "b", "verdict": "pass", "median_s": 1e-3}]}\n' > "$tmpdir/pass-only.json"
check "missing file: 2, says why" 2 "cannot open .*nothing\.json: No such file" \
  cmp "$fx/base.json" "$tmpdir/nothing.json"
check "a text that is not JSON: 2" 2 "text\\.json: not a kbench or Google Benchmark results file: found text that is not JSON" \
  cmp "$tmpdir/text.json" "$fx/base.json"
check "an empty file: 2" 2 "empty\\.json: not a kbench or Google Benchmark results file: found JSON that ends early" \
  cmp "$fx/base.json" "$tmpdir/empty.json"
check "a file cut short: 2" 2 "cut\\.json: not a kbench or Google Benchmark results file: found JSON that ends early" \
  cmp "$fx/base.json" "$tmpdir/cut.json"
check "text after the JSON value: 2" 2 "two\\.json: not a kbench or Google Benchmark results file: found JSON with more text after it" \
  cmp "$fx/base.json" "$tmpdir/two.json"
check "no benchmarks array: 2" 2 "none\\.json: not a kbench or Google Benchmark results file: found JSON with no \"benchmarks\" list" \
  cmp "$fx/base.json" "$tmpdir/none.json"
check "benchmarks not an array: 2" 2 "object\\.json: not a kbench or Google Benchmark results file: found JSON with no \"benchmarks\" list" \
  cmp "$fx/base.json" "$tmpdir/object.json"
check "an entry without a name: 2" 2 "noname\\.json: not a kbench or Google Benchmark results file: found benchmarks\\[0\\] with no name" \
  cmp "$fx/base.json" "$tmpdir/noname.json"
check "an empty benchmarks list (a job that died): 2" 2 "nothing-run\\.json: not a kbench or Google Benchmark results file: found an empty \"benchmarks\" list$" \
  cmp "$fx/base.json" "$tmpdir/nothing-run.json"
check "aggregates only: 2" 2 "aggregates\\.json: not a kbench or Google Benchmark results file: found a \"benchmarks\" list of aggregates only$" \
  cmp "$fx/base.json" "$tmpdir/aggregates.json"
check "a time that is not a number: 2" 2 "fast\\.json: not a kbench or Google Benchmark results file: found benchmarks\\[0\\] \\(\"a\"\\) that passed with no numeric time \\(samples_s, median_s or real_time\\)$" \
  cmp "$fx/base.json" "$tmpdir/fast.json"
check "a passed entry with a null median and no samples: 2" 2 "notime\\.json: .* found benchmarks\\[0\\] \\(\"a\"\\) that passed with no numeric time" \
  cmp "$tmpdir/notime.json" "$fx/base.json"

# Identical runs.
check "identical runs: exit 0, no regression" 0 \
  "^# 9 cases: 0 regressions \(0 slower, 0 failed in new\), 0 faster, 6 same, 2 not judged \(too few samples\)" \
  cmp "$fx/base.json" "$fx/base.json"
cmp "$fx/base.json" "$fx/base.json" > "$tmpdir/same.txt" 2>&1
assert "identical runs: no row flagged SLOWER or faster" \
  sh -c '! grep -Eq "  (SLOWER|faster)( |$)" "$1"' _ "$tmpdir/same.txt"
check "identical samples: p = 1" 0 \
  "^reduce_vec4/n:64M/threads:256/offset:0 +89\.04 us +89\.04 us +\+0\.00% +1\.0000 +40/40 +same" \
  cmp "$fx/base.json" "$fx/base.json"
check "repetitions are pooled: 3 x 12 samples" 0 \
  "^reduce_gmem/n:64M/threads:128 .* 36/36 +same" \
  cmp "$fx/base.json" "$fx/base.json"
check "a case skipped in both is listed, not compared" 0 \
  "^reduce_cub/n:64M .* SKIP in both +setup: no CUDA device" \
  cmp "$fx/base.json" "$fx/base.json"

# Run-to-run drift as measured on the H100: significant, below threshold.
check "drift of 0.3-0.4% (GPU) and 19% (host): exit 0" 0 \
  "0 regressions \(0 slower, 0 failed in new\), 0 faster, 6 same, 2 not judged \(too few samples\)" \
  cmp "$fx/base.json" "$fx/noise.json"
check "drift: a GPU case moved 0.4% with p < 0.0001 stays 'same'" 0 \
  "^reduce_gmem/n:64M/threads:128 .* \+0\.43% +<0\.0001 +36/36 +same" \
  cmp "$fx/base.json" "$fx/noise.json"
check "drift: the host case, one burst a side, is listed, not judged" 0 \
  "^copy_cpu/n:16M .* \+18\.82% +- +10/10 +not judged +a host case is judged on its repetitions \(1 in base, 1 in new\)" \
  cmp "$fx/base.json" "$fx/noise.json"
check "even under a lower --host-threshold" 0 "^copy_cpu/n:16M .* not judged" \
  cmp --host-threshold=10 "$fx/base.json" "$fx/noise.json"
# Host cases on their repetitions (host-*.json): each repetition at its own
# level of the host's drift, 0.8-1.25x.
check "a run of host cases only: its header says mode host, not the context's cold" 1 \
  "^# base: .*host-base\\.json \\(kbench 0\\.1\\.0, mode host, " \
  cmp "$fx/host-base.json" "$fx/host-new.json"
check "... a run with CUDA cases keeps its mode" 0 \
  "^# base: .*/base\\.json \\(kbench 0\\.1\\.0, mode cold, " \
  cmp "$fx/base.json" "$fx/base.json"
check "host, 5 repetitions a side: twice as slow is flagged" 1 \
  "^reduce_cpu/n:16M .* \+98\.12% +0\.0079 +150/150 +SLOWER" \
  cmp "$fx/host-base.json" "$fx/host-new.json"
check "host, 5 repetitions a side: the drift alone is not" 1 \
  "^copy_cpu/n:16M .* same$" cmp "$fx/host-base.json" "$fx/host-new.json"
check "host, one repetition a side: not judged, even at 2x" 1 \
  "^transpose_cpu/.* \+106\.09% .* not judged +a host case is judged on its repetitions" \
  cmp "$fx/host-base.json" "$fx/host-new.json"
check "host: the U test is on the 5 medians a side, not the 150 samples" 1 \
  "^copy_cpu/n:16M .* -5\.35% +0\.8413 +150/150 +same" \
  cmp "$fx/host-base.json" "$fx/host-new.json"

# One case 10% slower, one 10% faster, cases in one file only.
check "a case 10% slower: flagged, exit 1" 1 \
  "^reduce_vec4/n:64M/threads:256/offset:0 +89\.04 us +97\.84 us +\+9\.88% +<0\.0001 +40/40 +SLOWER" \
  cmp "$fx/base.json" "$fx/slower.json"
check "the regression is named under the table" 1 \
  "^# regression: reduce_vec4/n:64M/threads:256/offset:0 \(\+9\.88%\)" \
  cmp "$fx/base.json" "$fx/slower.json"
check "a case 10% faster: listed as faster" 1 \
  "^transpose_fast/rows:8K/cols:8K .* -10\.06% .* faster" \
  cmp "$fx/base.json" "$fx/slower.json"
check "a case passed in base, missing from new: a regression" 1 \
  "^gone_variant/n:1K .* 20/- +MISSING in new$" cmp "$fx/base.json" "$fx/slower.json"
check "... named under the table" 1 "^# regression: gone_variant/n:1K \(MISSING in new\)$" \
  cmp "$fx/base.json" "$fx/slower.json"
check "... --allow-missing (a subset on purpose): listed only in base" 1 \
  "^gone_variant/n:1K .* 20/- +only in base$" \
  cmp --allow-missing "$fx/base.json" "$fx/slower.json"
check "... a case skipped in base and missing from new is no regression" 0 \
  "^# 2 cases: 0 regressions .*, 1 only in base$" \
  cmp "$tmpdir/skip-and-pass.json" "$tmpdir/pass-only.json"
check "a case only in new is listed" 1 "^new_variant/n:1K .* -/20 +only in new" \
  cmp "$fx/base.json" "$fx/slower.json"
check "3 samples a side, 48% slower: not significant, and says why" 1 \
  "^reduce_few/n:1K .* \+48\.00% +- +3/3 +not judged +3 samples in base, 3 in new: fewer than 5 on a side cannot be significant" \
  cmp "$fx/base.json" "$fx/slower.json"
check "a case skipped in base is listed" 1 "^reduce_cub/n:64M .* SKIP in base" \
  cmp "$fx/base.json" "$fx/slower.json"
# The GPU's clocks held back (NVML's clock-event reasons, capped.json):
# the slower case says its samples ran under a power cap, and so does the
# summary; a case idle between samples only says nothing.
check "a slower case whose samples ran under a power cap says so" 1 \
  "^reduce_vec4/n:64M/threads:256/offset:0 .* SLOWER  new's samples ran under a power cap \(NVML\)$" \
  cmp "$fx/base.json" "$fx/capped.json"
check "...and the summary: the slower under a power cap in new" 1 \
  "^# 10 cases: 2 regressions .*; the slower: under a power cap in new$" \
  cmp "$fx/base.json" "$fx/capped.json"
check "...idle between samples is no slowdown: the faster case says nothing" 1 \
  "^transpose_fast/rows:8K/cols:8K .* faster$" \
  cmp "$fx/base.json" "$fx/capped.json"
check "...and without clock events the summary as before, the missing case a regression" 1 \
  "^# 10 cases: 2 regressions \(1 slower, 0 failed in new, 1 missing in new\), 1 faster, 3 same, 2 not judged \(too few samples\), 1 not compared \(not passed\), 1 only in new$" \
  cmp "$fx/base.json" "$fx/slower.json"
check "...--allow-missing: counted only in base" 1 \
  "^# 10 cases: 1 regression \(1 slower, 0 failed in new\), 1 faster, 3 same, 2 not judged \(too few samples\), 1 not compared \(not passed\), 1 only in base, 1 only in new$" \
  cmp --allow-missing "$fx/base.json" "$fx/slower.json"
if command -v python3 >/dev/null 2>&1; then
  check "JSON: the slower under a limit counted and named, each side's reasons" 1 "^ok$" sh -c '
"$1" compare --format=json "$2/base.json" "$2/capped.json" | python3 -c "
import json, sys
d = json.load(sys.stdin)
s = d[\"summary\"]
assert s[\"slower_under_clock_limits\"] == 1, s
assert s[\"slower_clock_limits\"] == \"a power cap\", s
r = [c for c in d[\"cases\"] if c[\"name\"].startswith(\"reduce_vec4\")]
assert r[0][\"new_clock_events\"] == \"gpu_idle,sw_power_cap\", r
assert r[0][\"base_clock_events\"] is None, r
print(\"ok\")"; exit 1' _ "$KBENCH" "$fx"
fi
check "--threshold=15: the 10% slowdown is below it, exit 0" 0 \
  "0 regressions" cmp --allow-missing --threshold=15 "$fx/base.json" "$fx/slower.json"
check "--alpha=1e-20: the 10% slowdown is not significant enough, exit 0" 0 \
  "0 regressions" cmp --allow-missing --alpha=1e-20 "$fx/base.json" "$fx/slower.json"

# Passed in base, failed in new.
check "pass -> crash: a regression, exit 1" 1 \
  "^stencil_gmem/n:64M/threads:256 .* 40/- +CRASH in new +crashed: SIGSEGV in run" \
  cmp "$fx/base.json" "$fx/crash.json"
check "pass -> wrong: FAIL in new" 1 \
  "^reduce_gmem/n:64M/threads:128 .* FAIL in new +verify: element 17" \
  cmp "$fx/base.json" "$fx/crash.json"
check "both counted" 1 "2 regressions \(0 slower, 2 failed in new\)" \
  cmp "$fx/base.json" "$fx/crash.json"
check "crash -> pass: listed, exit 0" 0 \
  "^stencil_gmem/n:64M/threads:256 .* CRASH in base" \
  cmp "$fx/crash.json" "$fx/base.json"

# Disturbed by another process (pid 4242, stray_copy) in one run: its
# samples, 30% slower, are not the case's; not a regression, counted apart.
check "pass -> disturbed: not a regression, exit 0" 0 \
  "^# 9 cases: 0 regressions \(0 slower, 0 failed in new\), 0 faster, 4 same, 2 not judged \(too few samples\), 1 not compared \(not passed\), 2 disturbed, not compared \(by another process: pid 4242 \(stray_copy\)\)$" \
  cmp "$fx/base.json" "$fx/disturbed.json"
check "... its row: DISTURBED in new, no times, the message" 0 \
  "^reduce_vec4/n:64M/threads:256/offset:0 +89\.04 us +- +- +- +40/- +DISTURBED in new +run: another process used the GPU during the case: pid 4242 \(stray_copy\)" \
  cmp "$fx/base.json" "$fx/disturbed.json"
cmp "$fx/base.json" "$fx/disturbed.json" > "$tmpdir/disturbed.txt" 2>&1
assert "... no '# regression:' line" \
  sh -c '! grep -q "^# regression" "$1"' _ "$tmpdir/disturbed.txt"
check "disturbed -> pass: DISTURBED in base, exit 0" 0 \
  "^transpose_fast/rows:8K/cols:8K .* -/40 +DISTURBED in base " \
  cmp "$fx/disturbed.json" "$fx/base.json"
check "disturbed in both" 0 "^reduce_vec4/n:64M/threads:256/offset:0 .* DISTURBED in both " \
  cmp "$fx/disturbed.json" "$fx/disturbed.json"
check "markdown: the summary names the process" 0 \
  "^2 disturbed, not compared \(by another process: pid 4242 \(stray_copy\)\)$|, 2 disturbed, not compared \(by another process: pid 4242 \(stray_copy\)\)$" \
  cmp --format=md "$fx/base.json" "$fx/disturbed.json"
if command -v python3 >/dev/null 2>&1; then
  check "JSON: status disturbed, no regression, the summary's count and cause" 0 "^ok$" sh -c '
"$1" compare --format=json "$2/base.json" "$2/disturbed.json" | python3 -c "
import json, sys
d = json.load(sys.stdin)
s = d[\"summary\"]
assert s[\"disturbed\"] == 2 and s[\"regressions\"] == 0, s
assert s[\"disturbed_by\"] == \"pid 4242 (stray_copy)\", s
r = [c for c in d[\"cases\"] if c[\"status\"] == \"disturbed\"]
assert [c[\"new_verdict\"] for c in r] == [\"disturbed\"] * 2, r
assert not any(c[\"regression\"] for c in r), r
print(\"ok\")"' _ "$KBENCH" "$fx"
fi

# Devices.
stderr_of() { "$KBENCH" compare "$@" 2>&1 >/dev/null; }
stdout_of() { "$KBENCH" compare "$@" 2>/dev/null; }
check "another device: warning on stderr, names both" 0 \
  "WARNING: different devices: base ran on NVIDIA H100 80GB HBM3 \(GPU-5c1e.*\), new on NVIDIA A100-SXM4-80GB" \
  stderr_of "$fx/base.json" "$fx/otherdev.json"
check "another device: warning in the table's header" 0 \
  "^# WARNING: different devices" stdout_of "$fx/base.json" "$fx/otherdev.json"
check "no device in new: warning" 0 "WARNING: different devices: .* new on no device" \
  stderr_of "$fx/base.json" "$fx/nodevice.json"
check "no device in base: warning" 0 "base ran on no device, new on NVIDIA H100" \
  stderr_of "$fx/nodevice.json" "$fx/base.json"
assert "the same device: no warning, only the one line of the fixtures' format 1" \
  test "$(stderr_of "$fx/base.json" "$fx/noise.json")" = "kbench compare: note: $fx/base.json and 1 more are results format 1, read as format 2 (docs/results.md: time fields)"

# The fixtures are format 1 (median_s, busy_*_s): the same files under
# format 2's keys compare alike, with nothing on stderr.
to_format2() {
  python3 - "$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["context"]["kbench"]["results_format"] = 2
keys = {"median_s": "event_median_s", "mean_s": "event_mean_s",
        "min_s": "event_min_s", "max_s": "event_max_s",
        "stdev_s": "event_stdev_s", "noise": "event_noise",
        "busy_median_s": "kernel_median_s", "busy_mean_s": "kernel_mean_s",
        "busy_min_s": "kernel_min_s", "busy_max_s": "kernel_max_s",
        "busy_stdev_s": "kernel_stdev_s", "busy_noise": "kernel_noise"}
span = {"kernel_median_s", "kernel_mean_s", "kernel_min_s", "kernel_max_s",
        "kernel_stdev_s", "kernel_noise"}
d["benchmarks"] = [{keys.get(k, k): v for k, v in e.items() if k not in span}
                   for e in d["benchmarks"]]
for e in d["benchmarks"]:   # the judged clock's, as format 2 writes them
    clock = "kernel" if e.get("time") == "kernel" else "event"
    for s in ("median_s", "mean_s", "min_s", "max_s", "stdev_s", "noise"):
        e["time_" + s] = e.get(clock + "_" + s)
json.dump(d, open(sys.argv[2], "w"))
PY
}
# with_kernel IN OUT: IN as format 1 wrote a case of three kernels a run,
# kernel time (busy_median_s) beside the event median, the span null.
with_kernel() {
  python3 - "$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for e in d["benchmarks"]:
    if e.get("verdict") == "pass" and isinstance(e.get("median_s"), float):
        e.update(time="kernel", busy_median_s=e["median_s"] * 0.9,
                 kernel_median_s=None, kernels_per_run=3, kernel_samples=1)
json.dump(d, open(sys.argv[2], "w"))
PY
}
with_kernel "$fx/base.json" "$tmpdir/base1.json"
with_kernel "$fx/slower.json" "$tmpdir/slower1.json"
to_format2 "$tmpdir/base1.json" "$tmpdir/base2.json"
to_format2 "$tmpdir/slower1.json" "$tmpdir/slower2.json"
"$KBENCH" compare --format=json "$tmpdir/base1.json" "$tmpdir/slower1.json" \
  > "$tmpdir/cmp1.json" 2>/dev/null
"$KBENCH" compare --format=json "$tmpdir/base2.json" "$tmpdir/slower2.json" \
  > "$tmpdir/cmp2.json" 2> "$tmpdir/cmp2.err"
assert "format 1 read back: its times mapped, the same verdicts as format 2's" \
  python3 - "$tmpdir/cmp1.json" "$tmpdir/cmp2.json" "$tmpdir/cmp2.err" <<'PY'
import json, sys
one, two = (json.load(open(p)) for p in sys.argv[1:3])
assert one["cases"] == two["cases"], (one["cases"], two["cases"])
assert one["summary"] == two["summary"]
kernel = [r for r in one["cases"] if r.get("time") == "kernel"]
assert kernel and all(r["base_median_s"] > 0 for r in kernel), one["cases"]
assert open(sys.argv[3]).read() == ""
PY

# --upgrade=FILE rewrites a format 1 file as format 2 in place: the same
# comparison, nothing on stderr; its keys format 2's, time_* the judged
# clock's, format 1's span (kernel_*_s, null) gone.
cp "$tmpdir/base1.json" "$tmpdir/base1-up.json"
cp "$tmpdir/slower1.json" "$tmpdir/slower1-up.json"
check "--upgrade: a format 1 file rewritten, exit 0, said in one line" 0 \
  "^kbench compare: .*/base1-up\.json: results format 1 rewritten as format 2 \([0-9]+ entries\)$" \
  "$KBENCH" compare --upgrade="$tmpdir/base1-up.json"
"$KBENCH" compare --upgrade="$tmpdir/slower1-up.json" > /dev/null
"$KBENCH" compare --format=json "$tmpdir/base1-up.json" \
  "$tmpdir/slower1-up.json" > "$tmpdir/cmp-up.json" 2> "$tmpdir/cmp-up.err"
assert "...compared as format 1 was, with no note; its keys format 2's" \
  python3 - "$tmpdir/cmp1.json" "$tmpdir/cmp-up.json" "$tmpdir/cmp-up.err" \
  "$tmpdir/base1.json" "$tmpdir/base1-up.json" <<'PY'
import json, sys
one, up = (json.load(open(p)) for p in sys.argv[1:3])
assert one["cases"] == up["cases"] and one["summary"] == up["summary"]
assert open(sys.argv[3]).read() == ""
old, new = (json.load(open(p)) for p in sys.argv[4:6])
assert new["context"]["kbench"]["results_format"] == 2
for a, b in zip(old["benchmarks"], new["benchmarks"]):
    assert not {"median_s", "busy_median_s", "noise"} & set(b), b
    assert b.get("event_median_s") == a.get("median_s")
    assert b.get("kernel_median_s") == a.get("busy_median_s")
    judged = a.get("busy_median_s" if a.get("time") == "kernel" else "median_s")
    assert b["time"] == a.get("time", "event") and b["time_median_s"] == judged
    assert list(b)[:list(b).index("time")] == list(a)[:list(b).index("time")]
PY
cp "$tmpdir/base1-up.json" "$tmpdir/base1-again.json"
check "--upgrade of a current file: exit 0, left as it is" 0 \
  "base1-again\.json is results format 2 already: left as it is$" \
  "$KBENCH" compare --upgrade="$tmpdir/base1-again.json"
assert "...byte for byte" cmp "$tmpdir/base1-up.json" "$tmpdir/base1-again.json"
cp "$fx/gbench-base.json" "$tmpdir/gb.json"
check "--upgrade of Google Benchmark's file: exit 2, its keys need none" 2 \
  "gb\.json: not a kbench results file \(no context\.kbench\): Google Benchmark's keys need no upgrade$" \
  "$KBENCH" compare --upgrade="$tmpdir/gb.json"
assert "...and it is left as it was" cmp "$fx/gbench-base.json" "$tmpdir/gb.json"
check "--upgrade with files to compare: exit 2" 2 \
  "--upgrade rewrites one file and compares none; got 2 more" \
  "$KBENCH" compare --upgrade="$tmpdir/gb.json" "$fx/base.json" "$fx/slower.json"

# Plain Google Benchmark output: repetitions as samples, aggregates ignored.
check "Google Benchmark JSON: 9 repetitions pooled, 20% slower flagged" 1 \
  "^BM_slow/1024 .* 9/9 +SLOWER" cmp "$fx/gbench-base.json" "$fx/gbench-new.json"
check "Google Benchmark JSON: aggregates are not cases" 1 "^# 2 cases" \
  cmp "$fx/gbench-base.json" "$fx/gbench-new.json"

# Markdown.
check "markdown: a table with its header row" 1 \
  "^\| case \| base \| new \| change \| p \| samples \| result \| note \|" \
  cmp --format=markdown "$fx/base.json" "$fx/slower.json"
check "markdown: the regression in bold" 1 \
  "^\| \`reduce_vec4/n:64M/threads:256/offset:0\` \| 89\.04 us \| 97\.84 us \| \+9\.88% \| <0\.0001 \| 40/40 \| \*\*SLOWER\*\* \|" \
  cmp --format=markdown "$fx/base.json" "$fx/slower.json"
check "--format=md is markdown" 1 \
  "^\| :--- \| ---: \| ---: \| ---: \| ---: \| ---: \| :--- \| :--- \|$" \
  cmp --format=md "$fx/base.json" "$fx/slower.json"
check "markdown: the device warning" 0 "^> \*\*Warning:\*\* different devices" \
  cmp --format=markdown "$fx/base.json" "$fx/otherdev.json"

# Counts (kbench --metrics): listed when they change, never a verdict.
cb=$fx/counters-base.json cn=$fx/counters-new.json
check "counts that changed: timings alike, exit 0, all same" 0 \
  "^# 5 cases: 0 regressions \(0 slower, 0 failed in new\), 0 faster, 5 same" \
  cmp "$cb" "$cn"
check "counts: how many cases had them on both sides, how many changed" 0 \
  "^# counters: 3 of 4 cases with counts on both sides changed$" \
  cmp "$cb" "$cn"
check "counts: the header says the rule, with the tolerance" 0 \
  "^# counts: a count changed when it moved by more than 2% of the case's scale: bytes of its DRAM traffic or claimed bytes \(and by more than 64 KiB\), bank conflicts of the shared wavefronts or requests \(or, with neither, the ways by 2%\), other counts of themselves; with 3 or more repetitions a side, also by more than each side's range$" \
  cmp "$cb" "$cn"
check "a changed DRAM count, a line under the table" 0 \
  "^# counter: layout_aos/n:16M/threads:256: dram__bytes_read\.sum 403\.7M -> 268\.4M byte \(-33\.50%\)" \
  cmp "$cb" "$cn"
check "repetitions' counts pooled to their median" 0 \
  "^# counter: transpose_smem/rows:8K/cols:8K: l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld\.sum 65\.94M -> 219\.8K" \
  cmp "$cb" "$cn"
check "kernels launched is a count" 0 \
  "^# counter: reduce_two/n:64M: kernels_launched 1 -> 2 kernel" \
  cmp "$cb" "$cn"
cmp "$cb" "$cn" > "$tmpdir/counts.txt" 2>&1
assert "counts within the tolerance, ratios and 11 KB of DRAM writes are not listed" \
  sh -c '! grep -Eq "^# counter: .*(reduce_vec4|copy_plain|\.pct|sectors_pipe)" "$1"' _ "$tmpdir/counts.txt"
check "--counter-tolerance=40: only the bank conflicts and kernels" 0 \
  "^# counters: 2 of 4 cases" cmp --counter-tolerance=40 "$cb" "$cn"
check "--counter-tolerance=0: DRAM writes 176 KiB apart count" 0 \
  "^# counter: layout_aos/n:16M/threads:256: dram__bytes_write\.sum 383M -> 383\.2M byte \(\+0\.05%\)" \
  cmp --counter-tolerance=0 "$cb" "$cn"
cmp --counter-tolerance=0 "$cb" "$cn" > "$tmpdir/counts0.txt" 2>&1
assert "--counter-tolerance=0: DRAM bytes 21 KB apart still do not" \
  sh -c '! grep -q "^# counter: reduce_vec4" "$1"' _ "$tmpdir/counts0.txt"
check "the same file: no count changed" 0 \
  "^# counters: 0 of 5 cases with counts on both sides changed" cmp "$cb" "$cb"
cmp "$fx/base.json" "$fx/slower.json" > "$tmpdir/nocounts.txt" 2>&1
assert "files without counts: no counters line, no rule in the header" \
  sh -c '! grep -q "^# count" "$1"' _ "$tmpdir/nocounts.txt"
check "markdown: the changed counts as a list" 0 \
  "^- \`layout_aos/n:16M/threads:256\`: dram__bytes_read\.sum 403\.7M -> 268\.4M" \
  cmp --format=markdown "$cb" "$cn"
check "markdown: the counts' rule under the table" 0 \
  "^Counts: a count changed when it moved by more than 2% of the case's scale" \
  cmp --format=markdown "$cb" "$cn"

# Counts judged at the case's scale (kbench --metrics=seed
# --repetitions=3): two identical runs with the noise seen on the H100
# compare clean; conflicts at 2 ways and 10% more DRAM bytes do not.
s1=$fx/seed-1.json s2=$fx/seed-2.json
check "identical runs with noisy counts: exit 0, no count changed" 0 \
  "^# counters: 0 of 7 cases with counts on both sides changed$" cmp "$s1" "$s2"
cmp "$s1" "$s2" > "$tmpdir/seed.txt" 2>&1
assert "... no '# counter:' line: writes 22 K -> 184 K, conflicts 73 -> 88 are noise" \
  sh -c '! grep -q "^# counter:" "$1"' _ "$tmpdir/seed.txt"
check "the same noise judged against itself (--counter-tolerance=0) is flagged: the rule is what holds" 0 \
  "^# counter: reduce_shfl/n:64M/threads:256: dram_write_bytes 22\.02K -> 184\.3K byte \(\+737\.21%\)" \
  cmp --counter-tolerance=0 "$s1" "$s2"
check "bank conflicts at 2 ways: the ways flagged" 0 \
  "^# counter: smem_bank/stride:1/reps:256/threads:256: kb__shared_ld_ways\.ratio 1 -> 2 wavefront/request \(\+100\.00%\)" \
  cmp "$s1" "$fx/seed-conflicts.json"
check "bank conflicts at 2 ways: the conflicts flagged" 0 \
  "^# counter: smem_bank/stride:1/reps:256/threads:256: l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld\.sum 0 -> 69\.21M l1data_bank_conflict \(new\)" \
  cmp "$s1" "$fx/seed-conflicts.json"
check "bank conflicts at 2 ways: that case only" 0 \
  "^# counters: 1 of 7 cases with counts on both sides changed$" \
  cmp "$s1" "$fx/seed-conflicts.json"
check "DRAM bytes +10%: flagged" 0 \
  "^# counter: reduce_shfl/n:64M/threads:256: dram_read_bytes 268\.4M -> 295\.3M byte \(\+10\.00%\)" \
  cmp "$s1" "$fx/seed-dram.json"
check "DRAM bytes +10%: that case only" 0 \
  "^# counters: 1 of 7 cases with counts on both sides changed$" \
  cmp "$s1" "$fx/seed-dram.json"
check "an 8% move past both sides' repetitions: flagged" 0 \
  "^# counter: layout_aos/n:16M/threads:256: lts__t_sectors_op_read\.sum 12\.62M -> 13\.63M sector \(\+8\.01%\)" \
  cmp "$s1" "$fx/seed-spread.json"
cmp "$s1" "$fx/seed-spread.json" > "$tmpdir/spread.txt" 2>&1
assert "an 8% move within one side's repetitions: not flagged" \
  sh -c '! grep -q "^# counter: memcpy_d2d" "$1"' _ "$tmpdir/spread.txt"

# Claims the bytes audit flagged and cases it could not audit.
sa=$fx/seed-audit.json
check "a flagged claim in new: marked on its row, exit 0" 0 \
  "^memcpy_d2d/rows:8K/cols:8K .* same  FLAGGED in new$" cmp "$s1" "$sa"
check "an unaudited case in new: marked on its row" 0 \
  "^reduce_shfl/n:64M/threads:256 .* same  unaudited in new$" cmp "$s1" "$sa"
check "the summary counts them" 0 \
  "^# 7 cases: 0 regressions .*, 7 same; 1 claim flagged in new; 1 unaudited in new$" \
  cmp "$s1" "$sa"
check "under the table: the flagged case with the audit's words" 0 \
  "^# flagged in new: memcpy_d2d/rows:8K/cols:8K: claims 1\.9x the 514\.0 MB DRAM moved$" \
  cmp "$s1" "$sa"
check "under the table: the unaudited case with its note" 0 \
  "^# unaudited in new: reduce_shfl/n:64M/threads:256: bytes audit: the profiler is held by another process" \
  cmp "$s1" "$sa"
check "--fail-on-flagged: exit 1" 1 "FLAGGED in new" \
  cmp --fail-on-flagged "$s1" "$sa"
check "--fail-on-unaudited: exit 1" 1 "unaudited in new" \
  cmp --fail-on-unaudited "$s1" "$sa"
check "--fail-on-flagged on clean runs: exit 0" 0 "7 same$" \
  cmp --fail-on-flagged --fail-on-unaudited "$s1" "$s2"
check "flagged in base only: marked, not counted, no gate" 0 \
  "^memcpy_d2d/rows:8K/cols:8K .* same  FLAGGED in base$" \
  cmp --fail-on-flagged "$sa" "$s2"
check "markdown: the marker in the note, the list under the table" 0 \
  "^- flagged in new: \`memcpy_d2d/rows:8K/cols:8K\`: claims 1\.9x" \
  cmp --format=markdown "$s1" "$sa"

# Energy (kbench --energy): the windows are U test samples, past the
# threshold; listed when they change, never a verdict.
eb=$fx/energy-base.json en=$fx/energy-new.json
check "energy that changed: timings alike, exit 0, all same" 0 \
  "^# 7 cases: 0 regressions \(0 slower, 0 failed in new\), 0 faster, 7 same" \
  cmp "$eb" "$en"
check "energy: how many cases had it on both sides, how many changed" 0 \
  "^# energy: 3 of 6 cases with energy on both sides changed \(U test on the windows p < 0\.01 and more than 5%\)" \
  cmp "$eb" "$en"
check "more energy, a line under the table" 0 \
  "^# energy: memcpy_d2d/rows:8K/cols:8K: 0\.04507 J -> 0\.04958 J per run \(\+10\.02%, p 0\.0079; 375 W -> 414 W\): more" \
  cmp "$eb" "$en"
check "less energy too" 0 \
  "^# energy: reduce_vec4/n:64M/threads:256/offset:0: .* \(-11\.31%, p 0\.0079; 191 W -> 170 W\): less" \
  cmp "$eb" "$en"
check "repetitions without windows: one value each, pooled" 0 \
  "^# energy: reduce_gmem/n:64M/threads:128: .* \(\+8\.19%, p 0\.0079; 500 W -> 541 W\): more" \
  cmp "$eb" "$en"
cmp "$eb" "$en" > "$tmpdir/energy.txt" 2>&1
assert "under the threshold, overlapping windows, 3 windows, one side: not listed" \
  sh -c '! grep -Eq "^# energy: (transpose_fast|reduce_cub|reduce_few|stencil)" "$1"' _ "$tmpdir/energy.txt"
check "--energy-threshold=1: the 2% change counts" 0 \
  "^# energy: 4 of 6 cases" cmp --energy-threshold=1 "$eb" "$en"
check "--energy-threshold=15: none does" 0 \
  "^# energy: 0 of 6 cases" cmp --energy-threshold=15 "$eb" "$en"
assert "files without energy: no energy line" \
  sh -c '! grep -q "^# energy" "$1"' _ "$tmpdir/nocounts.txt"
check "markdown: the changed energy as a list" 0 \
  "^- \`memcpy_d2d/rows:8K/cols:8K\`: 0\.04507 J -> 0\.04958 J per run" \
  cmp --format=markdown "$eb" "$en"

# JSON, read by a strict parser.
if command -v python3 >/dev/null 2>&1; then
  strict='import json, sys
def nan(c): raise ValueError("not strict JSON: " + c)
d = json.load(sys.stdin, parse_constant=nan)
case = {c["name"]: c for c in d["cases"]}
exec(sys.argv[1])
print("ok")'
  json_check() {
    desc=$1 want=$2 code=$3
    shift 3
    check "$desc" "$want" "^ok$" sh -c '"$1" compare --format=json "$2" "$3" 2>/dev/null \
      | python3 -c "$4" "$5"; exit $(( $? ? 99 : 0 ))' _ "$KBENCH" "$@" "$strict" "$code"
  }
  json_check "JSON: strict, a regression and its fields" 0 \
    'r = case["reduce_vec4/n:64M/threads:256/offset:0"]
assert r["status"] == "slower" and r["regression"] and r["significant"]
assert r["base_samples"] == 40 and r["test"] == "normal" and r["p_value"] < 1e-4
assert abs(r["change_pct"] - 9.8832) < 1e-3 and r["base_median_s"] == 8.904e-05
assert d["summary"]["regressions"] == 2 and not d["device_mismatch"]
assert d["summary"]["missing_in_new"] == 1 and d["summary"]["only_in_base"] == 0
f = case["transpose_fast/rows:8K/cols:8K"]
assert f["status"] == "faster" and f["significant"] and not f["regression"]' \
    "$fx/base.json" "$fx/slower.json"
  json_check "JSON: cases in one file have null medians, not NaN" 0 \
    'g, n = case["gone_variant/n:1K"], case["new_variant/n:1K"]
assert g["status"] == "only_in_base" and g["new_median_s"] is None and g["regression"]
assert g["change_pct"] is None and g["p_value"] is None and g["new_verdict"] is None
assert n["status"] == "only_in_new" and n["base_median_s"] is None
assert case["reduce_cub/n:64M"]["base_verdict"] == "skip"
f = case["reduce_few/n:1K"]
assert f["status"] == "not_judged" and f["p_value"] is None, f' \
    "$fx/base.json" "$fx/slower.json"
  json_check "JSON: pass -> crash" 0 \
    'c = case["stencil_gmem/n:64M/threads:256"]
assert c["status"] == "failed_in_new" and c["regression"] and c["new_verdict"] == "crash"
assert d["summary"]["failed_in_new"] == 2' "$fx/base.json" "$fx/crash.json"
  json_check "JSON: device mismatch" 0 \
    'assert d["device_mismatch"] and d["warnings"][0].startswith("different devices")
assert d["new"]["device"]["name"] == "NVIDIA A100-SXM4-80GB"' \
    "$fx/base.json" "$fx/otherdev.json"
  json_check "JSON: counts of both sides, whether each changed" 0 \
    'a = {x["name"]: x for x in case["layout_aos/n:16M/threads:256"]["counters"]}
assert a["dram__bytes_read.sum"]["changed"] and a["dram__bytes_read.sum"]["new"] == 268435456
assert abs(a["dram__bytes_read.sum"]["change_pct"] + 33.4993) < 1e-3
assert a["dram_read_bytes"]["unit"] == "byte" and not a["dram_read_bytes"]["changed"]
assert not any(n.endswith(".pct") for n in a)
v = {x["name"]: x for x in case["reduce_vec4/n:64M/threads:256/offset:0"]["counters"]}
assert not v["dram__bytes_write.sum"]["changed"] and v["dram__bytes_write.sum"]["base"] == 63232
assert case["copy_plain/n:64M"]["counters"] is None
assert case["reduce_two/n:64M"]["status"] == "same"
assert d["counter_tolerance_pct"] == 2 and d["counter_rule"].startswith("a count changed when")
assert d["summary"]["cases_with_counters"] == 4 and d["summary"]["counters_changed"] == 3' \
    "$fx/counters-base.json" "$fx/counters-new.json"
  json_check "JSON: each count says what it was judged against" 0 \
    'c = {x["name"]: x for x in case["reduce_shfl/n:64M/threads:256"]["counters"]}
w = c["dram_write_bytes"]
assert not w["changed"] and w["judged_against"] == "the case\x27s DRAM traffic or claimed bytes"
assert w["scale"] == 268441600 + 184320 and w["by_spread"]
k = c["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"]
assert not k["changed"] and k["judged_against"] == "the conflict ways"
assert d["summary"]["counters_changed"] == 0' "$fx/seed-1.json" "$fx/seed-2.json"
  json_check "JSON: flagged and unaudited cases, in the rows and the summary" 0 \
    'm, r = case["memcpy_d2d/rows:8K/cols:8K"], case["reduce_shfl/n:64M/threads:256"]
assert m["new_claim_flagged"] and not m["base_claim_flagged"] and not m["new_unaudited"]
assert m["new_audit_note"] == "claims 1.9x the 514.0 MB DRAM moved"
assert r["new_unaudited"] and r["new_audit_note"].startswith("bytes audit: the profiler")
assert case["layout_aos/n:16M/threads:256"]["new_audit_note"] is None
assert d["summary"]["flagged_in_new"] == 1 and d["summary"]["unaudited_in_new"] == 1' \
    "$fx/seed-1.json" "$fx/seed-audit.json"
  json_check "JSON: files without counts have null counters" 0 \
    'assert all(c["counters"] is None for c in d["cases"])
assert d["summary"]["counters_changed"] == 0' "$fx/base.json" "$fx/slower.json"
  json_check "JSON: energy of both sides, its test and whether it changed" 0 \
    'm = case["memcpy_d2d/rows:8K/cols:8K"]["energy"]
assert m["status"] == "more" and m["significant"] and m["test"] == "exact"
assert m["base_windows"] == 5 and m["new_windows"] == 5 and m["p_value"] < 0.01
assert abs(m["change_pct"] - 10.0181) < 1e-3 and m["base_j_per_run"] == 0.045068725
assert m["base_power_w"] == 375.2 and m["new_power_w"] == 414.2
c = case["reduce_cub/n:64M"]["energy"]
assert c["status"] == "same" and not c["significant"] and "not significant" in c["note"]
assert "fewer than 5" in case["reduce_few/n:1K"]["energy"]["note"]
assert case["stencil_gmem/n:64M/threads:256"]["energy"] is None
assert not case["memcpy_d2d/rows:8K/cols:8K"]["regression"]
assert d["energy_threshold_pct"] == 5
assert d["summary"]["cases_with_energy"] == 6 and d["summary"]["energy_changed"] == 3' \
    "$eb" "$en"
  json_check "JSON: files without energy have null energy" 0 \
    'assert all(c["energy"] is None for c in d["cases"])
assert d["summary"]["cases_with_energy"] == 0' "$fx/base.json" "$fx/slower.json"
  json_check "JSON: no device is null" 0 'assert d["new"]["device"] is None' \
    "$fx/base.json" "$fx/nodevice.json"
  check "--format=json exits 1 on a regression too" 1 '"regressions": 2' \
    cmp --format=json "$fx/base.json" "$fx/slower.json"
  # --json=FILE, as for a run and kbench fleet: the table on stdout, the
  # JSON report in FILE.
  check "--json=FILE: the table on stdout, exit 1 on a regression" 1 \
    "reduce_vec4/n:64M.*SLOWER" \
    cmp --json="$tmpdir/cmp.json" "$fx/base.json" "$fx/slower.json"
  cmp --format=json "$fx/base.json" "$fx/slower.json" > "$tmpdir/cmp-out.json"
  assert "...and FILE holds what --format=json prints" \
    diff "$tmpdir/cmp-out.json" "$tmpdir/cmp.json"
  check "--json=FILE in a folder that does not exist: exit 2" 2 \
    "kbench compare: cannot create .*nowhere" \
    cmp --json="$tmpdir/nowhere/x.json" "$fx/base.json" "$fx/slower.json"
  check "--json FILE (no =): exit 2, says to write --json=FILE" 2 \
    "got 3 \(--json takes its file as --json=FILE\)" \
    cmp --json "$tmpdir/cmp2.json" "$fx/base.json" "$fx/slower.json"
  # The old spelling, for one release: JSON on stdout, and a warning.
  check "bare --json still prints JSON on stdout" 1 '"regressions": 2' \
    sh -c '"$1" compare --json "$2" "$3" 2>/dev/null' _ "$KBENCH" \
    "$fx/base.json" "$fx/slower.json"
  check "...with a warning on stderr naming --format=json" 1 \
    "warning: --json without a file is deprecated: use --format=json" \
    sh -c '"$1" compare --json "$2" "$3" >/dev/null' _ "$KBENCH" \
    "$fx/base.json" "$fx/slower.json"
else
  tap_n=$((tap_n + 1))
  echo "ok $tap_n # SKIP no python3 to check the JSON with a strict parser"
fi
done_testing
