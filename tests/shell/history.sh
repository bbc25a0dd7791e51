#!/bin/sh
# kbench history: the runner hands the arguments to the script (a fake
# interpreter, always run); then, with a Python that has ruptures (skipped
# without): real host runs with a planted 10x step (tests/plugins/nap.c,
# KBENCH_TEST_SLOWDOWN=10@1000: the case of us=1000 sleeps ten times as
# long, us=2000 unchanged) found at run 7 of 12 and only there, 6
# identical runs with none, the step in the last run failing CI; series
# made noisy or stepped from real files with a seeded generator (host and
# GPU cases, each against its own threshold);
# the date order, the outputs (markdown, JSON, the page, in headless
# Chromium when there is one) and bad input.
. "$top_srcdir/tests/shell/lib.sh"
O=$tmpdir/out
mkdir "$O"

cat > "$tmpdir/fake" <<EOF
#!/bin/sh
case "\$1 \$2" in "-c import"*) exit 0 ;; esac
printf '%s\n' "\$@" > "$tmpdir/fake.args"
exit 7
EOF
chmod +x "$tmpdir/fake"
check "KBENCH_PYTHON runs the script; its status is kbench's" 7 "" \
  env KBENCH_PYTHON="$tmpdir/fake" "$KBENCH" history --recent=2 "a b.json" c.json
assert "the script from the source tree, the arguments unchanged" \
  test "$(cat "$tmpdir/fake.args")" = "$top_srcdir/scripts/kbench-history
--recent=2
a b.json
c.json"

end_without_python history "the histories"

# The cost kbench history gives ruptures' PELT (running sums, for speed)
# finds what ruptures' own l2 cost finds, on 300 random series.
for py in ${KBENCH_PYTHON:-} python3 /usr/bin/python3; do
  "$py" -c "import matplotlib, jinja2, scipy, ruptures" > /dev/null 2>&1 && break
done
assert "PELT with kbench history's cost agrees with ruptures' l2 on 300 series" \
  "$py" - "$top_srcdir/scripts/kbench-history" <<'PY'
import importlib.machinery, importlib.util, sys
import numpy as np, ruptures
loader = importlib.machinery.SourceFileLoader("h", sys.argv[1])
spec = importlib.util.spec_from_loader("h", loader)
h = importlib.util.module_from_spec(spec)
loader.exec_module(h)
rng = np.random.default_rng(3)
for k in range(300):
    n = int(rng.integers(3, 60))
    y = np.log(1e-5) + rng.normal(0, 0.01, n) \
        + np.where(np.arange(n) >= n // 2, rng.choice([0, 0.02, 0.1]), 0)
    pen = float(rng.choice([1e-5, 1e-4, 1e-3]))
    ours = h.pelt(y, pen)
    theirs = ruptures.Pelt(model="l2", min_size=1, jump=1).fit(y).predict(pen=pen)[:-1]
    assert ours == theirs, (k, ours, theirs)
PY

# runs FIRST LAST SLOWDOWN: host runs FIRST..LAST, labelled runNN.  The
# plugin sleeps: a loaded machine delays its wake-ups, but its medians
# stay within 2% of each other (1.059-1.074 ms for us=1000 over 8 runs
# beside 4 busy loops on this 2-core VM), where a sum of the same length
# read 60% apart from one run to the next under make -j2 check.  So the
# real runs are judged at the default thresholds.
runs() {
  i=$1
  while [ "$i" -le "$2" ]; do
    n=$(printf %02d "$i")
    env KBENCH_TEST_SLOWDOWN="$3@1000" "$KBENCH" --min-time=0.02 \
      --param us=1000,2000 --plugin "$TEST_PLUGINS/nap.so" \
      --label="run$n" --json="$tmpdir/run$n.json" > /dev/null 2>&1
    i=$((i + 1))
  done
}
runs 1 6 1
runs 7 12 10
files() { for i in $(seq "$1" "$2"); do printf '%s ' "$tmpdir/run$(printf %02d "$i").json"; done; }
real="--order=given"

# A history's changes as "CASE BEFORE AFTER SIGN", one a line (--json).
changes() {
  python3 -c 'import json, sys
for c in json.load(open(sys.argv[1]))["changes"]:
    print(c["case"], c["before_label"], c["after_label"], "+" if c["change_pct"] > 0 else "-")' "$1"
}

# shellcheck disable=SC2046,SC2086
check "12 runs, 10x the work from run 7: exit 0 (the step is not the last run)" \
  0 "^nap/us:1000 +host \(CPU\) +run06 -> run07 .* \+[0-9.]+% .* 6\|6 +slower$" \
  "$KBENCH" history $real --json="$O/step.json" $(files 1 12)
assert "one change, nap/us:1000's at run 7, slower; none at us=2000" \
  test "$(changes "$O/step.json")" = "nap/us:1000 run06 run07 +"
assert "its size is about 10x (+500% to +1500%), p < 0.01" python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))["changes"][0]
assert 500 < c["change_pct"] < 1500 and c["p_value"] < 0.01, c' "$O/step.json"
# shellcheck disable=SC2046,SC2086
check "--recent=6: the step is at one of the last 6 runs: exit 1" 1 \
  "REGRESSION$" "$KBENCH" history $real --recent=6 $(files 1 12)
# shellcheck disable=SC2046,SC2086
check "the step in the last run alone (runs 1-7): exit 1, the last commit to blame" \
  1 "^# 1 change in 2 series: 1 to slower, 0 to faster; 1 regression starts at the last 1 run: exit 1$" \
  "$KBENCH" history $real $(files 1 7)
# shellcheck disable=SC2046,SC2086
check "6 identical runs: no change, exit 0" 0 "^# 0 changes in 2 series" \
  "$KBENCH" history $real $(files 1 6)
# shellcheck disable=SC2046,SC2086
check "the slow runs alone (7-12): no change either" 0 "^# 0 changes in 2 series" \
  "$KBENCH" history $real $(files 7 12)

# Synthetic series from real files, by a seeded generator: each run a copy
# of a file with every sample of a case scaled by one factor.
#   make_series SRC OUT N NOISE [CASE STEP AT]: N copies OUT01..; each
#   case's samples times exp(normal(0, NOISE)); CASE's times STEP from
#   copy AT on; each labelled sNN, dated a minute apart.
make_series() {
  python3 - "$@" <<'PY'
import copy, json, math, random, sys
src, out, n, sd = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
case, step, at = (sys.argv[5], float(sys.argv[6]), int(sys.argv[7])) \
    if len(sys.argv) > 5 else (None, 1, 0)
doc = json.load(open(src))
rng = random.Random(7)
for i in range(1, n + 1):
    d = copy.deepcopy(doc)
    d["context"]["date"] = f"2026-11-24T10:{i:02d}:00+00:00"
    d["context"].setdefault("kbench", {})["label"] = f"s{i:02d}"
    factors = {}
    for e in d["benchmarks"]:
        f = factors.setdefault(e["name"], math.exp(rng.gauss(0, sd)))
        if e["name"] == case and i >= at:
            f *= step
        for k in ("median_s", "min_s", "max_s", "real_time", "cpu_time"):
            if isinstance(e.get(k), (int, float)):
                e[k] *= f
        e["samples_s"] = [s * f for s in e.get("samples_s") or []]
    json.dump(d, open(f"{out}{i:02d}.json", "w"))
PY
}
make_series "$tmpdir/run01.json" "$tmpdir/noisy" 12 0.08
check "host noise of 8% a run: no change at the 30% host threshold" 0 \
  "^# 0 changes in 2 series" "$KBENCH" history "$tmpdir"/noisy*.json
make_series "$tmpdir/run01.json" "$tmpdir/hstep" 12 0.08 nap/us:2000 3 7
check "the same noise with a 3x step at s07: found there" 0 \
  "^nap/us:2000 +host \(CPU\) +s06 -> s07 .* slower$" \
  "$KBENCH" history --json="$O/hstep.json" "$tmpdir"/hstep*.json
assert "and only there" test "$(changes "$O/hstep.json")" = "nap/us:2000 s06 s07 +"
make_series "$tmpdir/run01.json" "$tmpdir/hsmall" 12 0.08 nap/us:2000 1.2 7
check "a 20% step in that noise: below the host threshold, no change" 0 \
  "^# 0 changes" "$KBENCH" history "$tmpdir"/hsmall*.json

# GPU cases (the H100 catalogue of tests/plot/): 0.2% noise a run, as
# back-to-back H100 runs differ; a 3% step in one case from run 11 of 20.
cat_json=$top_srcdir/tests/plot/catalogue.json
make_series "$cat_json" "$tmpdir/gpu" 20 0.002
check "20 GPU runs with 0.2% noise: no change in any case, exit 0" 0 \
  "^# 0 changes in [0-9]+ series" "$KBENCH" history "$tmpdir"/gpu*.json
make_series "$cat_json" "$tmpdir/gstep" 20 0.002 reduce_vec4/n:64M/threads:256/offset:0 1.03 11
check "a 3% step at run 11 of 20: found, not at the last run: exit 0" 0 \
  "^reduce_vec4/n:64M/threads:256/offset:0 +NVIDIA H100 80GB HBM3 +s10 -> s11 .* \+(2\.9|3\.0|3\.1)[0-9]% " \
  "$KBENCH" history --json="$O/gstep.json" -o "$O/gstep.html" "$tmpdir"/gstep*.json
assert "exactly one change, that case's" test "$(changes "$O/gstep.json")" = \
  "reduce_vec4/n:64M/threads:256/offset:0 s10 s11 +"
check "--threshold=5: the 3% step no longer counts" 0 "^# 0 changes" \
  "$KBENCH" history --threshold=5 "$tmpdir"/gstep*.json
# shellcheck disable=SC2046
check "--recent=10 makes it a regression of the recent runs: exit 1" 1 \
  "REGRESSION$" "$KBENCH" history --recent=10 "$tmpdir"/gstep*.json

# The step's runs under a power cap (NVML's clock-event reasons, as
# kbench writes them: clock_limits): the change says so, and the verdict
# of the recent runs counts it.
for f in "$tmpdir"/gstep*.json; do
  cp "$f" "$tmpdir/gcap${f##*/gstep}"
done
for f in "$tmpdir"/gcap1[1-9].json "$tmpdir"/gcap20.json; do
  python3 - "$f" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for e in d["benchmarks"]:
    if e["name"] == "reduce_vec4/n:64M/threads:256/offset:0":
        e.update(clock_event_mask=5, clock_events="gpu_idle,sw_power_cap",
                 clock_limits="a power cap")
json.dump(d, open(sys.argv[1], "w"))
PY
done
check "a step whose later runs ran under a power cap: the change says so" 1 \
  "^reduce_vec4/n:64M/threads:256/offset:0 .* s10 -> s11 .* REGRESSION, under a power cap after$" \
  "$KBENCH" history --recent=10 --json="$O/gcap.json" "$tmpdir"/gcap*.json
check "... and so does the verdict" 1 \
  "1 regression starts at the last 10 runs \(under a power cap, NVML\): exit 1$" \
  "$KBENCH" history --recent=10 "$tmpdir"/gcap*.json
assert "... JSON: the limits before and after the change" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
c = d["changes"][0]
assert c["clock_limits_before"] is None and c["clock_limits_after"] == "a power cap", c
assert d["summary"]["recent_regressions_under_clock_limits"] == 1, d["summary"]' "$O/gcap.json"

# Another process on the GPU in s15 (pid 4242, stray_copy): reduce_vec4's
# samples there 50% slower, the case disturbed.  Its point is missing
# from its series (no change, no outlier) and a note says why.
make_series "$cat_json" "$tmpdir/stray" 20 0.002
python3 - "$tmpdir/stray15.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for e in d["benchmarks"]:
    if e["name"] == "reduce_vec4/n:64M/threads:256/offset:0":
        e["samples_s"] = [x * 1.5 for x in e["samples_s"]]
        e.update(verdict="disturbed", stage="run", median_s=None,
                 message="another process used the GPU during the case: "
                 "pid 4242 (stray_copy), SM 45%, memory 30% (NVML)")
json.dump(d, open(sys.argv[1], "w"))
PY
check "a run disturbed by another process: no change, exit 0" 0 \
  "^# 0 changes in [0-9]+ series" \
  "$KBENCH" history --json="$O/stray.json" "$tmpdir"/stray*.json
check "... the note: disturbed, by what, in which run, left out" 0 \
  "^# note: reduce_vec4/n:64M/threads:256/offset:0 on NVIDIA H100 80GB HBM3: disturbed by another process \(pid 4242 \(stray_copy\)\) in s15 \(missing from its series: those times are not the case's\)$" \
  "$KBENCH" history "$tmpdir"/stray*.json
"$KBENCH" history "$tmpdir"/stray*.json > "$tmpdir/stray.txt" 2>&1
assert "... not said to have failed" \
  sh -c '! grep -q "not passed" "$1"' _ "$tmpdir/stray.txt"
assert "... its series has 19 points, s15 not among them; counted in the summary" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
s = [s for s in d["series"] if s["case"] == "reduce_vec4/n:64M/threads:256/offset:0"][0]
assert len(s["points"]) == 19 and "s15" not in [p["label"] for p in s["points"]], s["points"]
assert s["outliers"] == [] and d["summary"]["disturbed_points"] == 1, d["summary"]' "$O/stray.json"

# The order: by the context's date, whatever the order given.
# shellcheck disable=SC2046
check "files given backwards are ordered by date" 0 "^reduce_vec4/n:64M/threads:256/offset:0 .* s10 -> s11 " \
  "$KBENCH" history $(ls -r "$tmpdir"/gstep*.json)
# shellcheck disable=SC2046
check "--order=given backwards: the step is a speed-up, s11 -> s10" 0 \
  "s11 -> s10 .* -2\.[0-9]+% .* faster$" \
  "$KBENCH" history --order=given $(ls -r "$tmpdir"/gstep*.json)

# The outputs.
check "--format=md: a markdown table" 0 \
  "^\| \`reduce_vec4/n:64M/threads:256/offset:0\` \| NVIDIA H100 80GB HBM3 \| \`s10\` → \`s11\` \|" \
  "$KBENCH" history --format=md "$tmpdir"/gstep*.json
assert "--json: the runs in order, every series with its points, the settings" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert [r["label"] for r in d["runs"]] == ["s%02d" % i for i in range(1, 21)]
assert all(len(s["points"]) == 20 for s in d["series"]), "points"
assert d["settings"]["threshold_pct"] == 1 and d["settings"]["host_threshold_pct"] == 30
assert d["summary"]["changes"] == 1 and d["summary"]["exit_status"] == 0
c = d["changes"][0]
assert c["runs_before"] == 10 and c["runs_after"] == 10 and c["regression"] is True
assert 2.5 < c["change_pct"] < 3.5, c' "$O/gstep.json"
page() {
  python3 - "$@" <<'PY'
import re, sys
html = open(sys.argv[1], encoding="utf-8").read()
for check in sys.argv[2:]:
    assert eval(check), check
PY
}
assert "the page: a figure per family, the change listed, nothing that would fetch" \
  page "$O/gstep.html" "html.count('<svg') == 6" \
  "'reduce_vec4/n:64M/threads:256/offset:0</code>' in html and '>REGRESSION<' not in html" \
  "not re.search(r'\\ssrc=|<link|@import|url\\([^#]', html)" \
  "'<script' not in html"
size=$(wc -c < "$O/gstep.html")
assert "a small page ($size bytes for 20 runs of 58 cases)" test "$size" -lt 600000

# Google Benchmark's JSON, as kbench compare reads it: named by file.
check "plain Google Benchmark files: read, named by their file names, exit 0" 0 \
  "^# kbench history: 2 runs, gbench-base to gbench-new; 2 cases, 2 series on 1 device$" \
  "$KBENCH" history "$top_srcdir/tests/compare/gbench-base.json" "$top_srcdir/tests/compare/gbench-new.json"
assert "two runs: no change and no outlier claimed" sh -c \
  '! "$1" history "$2/gbench-base.json" "$2/gbench-new.json" | grep -q "outlier\|^BM_"' \
  _ "$KBENCH" "$top_srcdir/tests/compare"

# Bad input: status 2, a reason, nothing written.
echo '{"benchmarks": [' > "$tmpdir/cut.json"
echo '{"runs": []}' > "$tmpdir/other.json"
check "not JSON" 2 "cut.json: not a kbench or Google Benchmark results file: found JSON that ends early" "$KBENCH" history "$tmpdir/run01.json" "$tmpdir/cut.json"
check "JSON but not a results file" 2 "other.json: not a kbench or Google Benchmark results file: found JSON with no \"benchmarks\" list" \
  "$KBENCH" history "$tmpdir/run01.json" "$tmpdir/other.json"
check "files of different catalogues" 2 "gpu01.json: no case in common with the other files: not the same catalogue" \
  "$KBENCH" history "$tmpdir/run01.json" "$tmpdir/run02.json" "$tmpdir/gpu01.json"
check "a missing file" 2 "nope.json: No such file" "$KBENCH" history "$tmpdir/nope.json"
python3 -c 'import json, sys
d = json.load(open(sys.argv[1])); del d["context"]["date"]
d["benchmarks"] = [e for e in d["benchmarks"] if e["name"] != "nap/us:2000"]
json.dump(d, open(sys.argv[2], "w"))' "$tmpdir/run02.json" "$tmpdir/part.json"
check "a file without a date: --order=given is needed" 2 "part.json: its context has no date" \
  "$KBENCH" history "$tmpdir/run01.json" "$tmpdir/part.json"
check "one run of one case: '1 run', '1 case', '1 device' (not '1 runs')" 0 \
  "^# kbench history: 1 run, run02; 1 case, 1 series on 1 device$" \
  "$KBENCH" history --order=given "$tmpdir/part.json"
check "a case in some files only: said, not fatal" 0 \
  "^# note: nap/us:2000: in 2 of 3 runs, not in run02$" \
  "$KBENCH" history --order=given "$tmpdir/run01.json" "$tmpdir/part.json" "$tmpdir/run03.json"
check "--threshold must be a positive percentage" 2 "invalid --threshold '-1'" \
  "$KBENCH" history --threshold=-1 "$tmpdir/run01.json"
check "--recent must be a positive integer" 2 "invalid --recent '0'" \
  "$KBENCH" history --recent=0 "$tmpdir/run01.json"
check "--alpha must be a probability" 2 "invalid --alpha '2'" \
  "$KBENCH" history --alpha=2 "$tmpdir/run01.json"
check "no file" 2 "the following arguments are required: FILE" "$KBENCH" history
rm -f "$O"/*
echo old > "$O/keep.html"
check "a page in a folder that does not exist: exit 2" 2 "No such file or directory" \
  "$KBENCH" history --json="$O/h.json" -o "$tmpdir/none/h.html" "$tmpdir/run01.json" "$tmpdir/run02.json"
check "bad input with -o: exit 2" 2 "cut.json: not a kbench or Google Benchmark results file" \
  "$KBENCH" history -o "$O/keep.html" "$tmpdir/run01.json" "$tmpdir/cut.json"
assert "the old page untouched, no JSON half-written beside it" \
  test "$(cat "$O/keep.html")" = old -a "$(ls -A "$O")" = keep.html

# The page in a real browser: headless Chromium, network off.
"$KBENCH" history -o "$O/gstep.html" "$tmpdir"/gstep*.json > /dev/null
find_browser
if [ -n "$browser_why" ]; then
  skip "the page in headless Chromium" "$browser_why (Debian: apt-get install chromium chromium-driver python3-selenium, as .ci/run does)"
else
  echo '["reduce_vec4/n:64M/threads:256/offset:0"]' > "$tmpdir/changed.json"
  merge_tap "headless Chromium opens the history page" \
    "$browser_python" "$top_srcdir/tests/shell/report_browser.py" --history 6 \
    "$O/gstep.html" "$tmpdir/changed.json"
  # A page that lost its change and a figure, and fetches an image.
  sed -e '/<tr data-name=/,/<\/tr>/d' -e '0,/<svg /s//<svg style="display:none" /' \
    -e 's|</body>|<img src="dot.svg"></body>|' "$O/gstep.html" > "$O/broken.html"
  "$browser_python" "$top_srcdir/tests/shell/report_browser.py" --history 6 \
    "$O/broken.html" "$tmpdir/changed.json" > "$tmpdir/broken.tap" 2>&1
  assert "the browser check catches a missing change, a hidden figure and a fetch" sh -c \
    'grep -q "^not ok - the 1 change listed" "$1" &&
     grep -q "^not ok - 6 trend figures drawn" "$1" &&
     grep -q "^not ok - the page fetched nothing" "$1"' _ "$tmpdir/broken.tap"
fi
done_testing
