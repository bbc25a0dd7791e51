#!/bin/sh
# kbench report: the runner finds an interpreter and passes the arguments
# through (fake interpreters, always run); the script writes one page that
# holds every case, fetches nothing and escapes what plugins wrote, from
# two host runs and from the fixtures (skipped without a Python with
# matplotlib and jinja2); and a real browser, headless Chromium with the
# network off, opens it: no script error, every case shown, a column
# sorted (skipped without Chromium, chromedriver and Selenium).
. "$top_srcdir/tests/shell/lib.sh"
H=$top_builddir/plugins/host/.libs
T=$top_builddir/plugins/transpose/.libs
F=$top_srcdir/tests
mkdir "$tmpdir/bin" "$tmpdir/out"
O=$tmpdir/out

# fake NAME STATUS: an interpreter that answers the probe for matplotlib
# and jinja2 with STATUS and otherwise records its arguments and
# $KBENCH_BIN, one a line, and exits 7.
fake() {
  cat > "$tmpdir/$1" <<EOF
#!/bin/sh
[ "\$1 \$2" = "-c import matplotlib, jinja2" ] && exit $2
printf '%s\n' "\$KBENCH_BIN" "\$@" > "$tmpdir/$1.args"
exit 7
EOF
  chmod +x "$tmpdir/$1"
}
fake yes 0
fake no 1
check "KBENCH_PYTHON with matplotlib and jinja2 runs the script; its status is kbench's" \
  7 "" env KBENCH_PYTHON="$tmpdir/yes" "$KBENCH" report "r s.json" b.json -o x.html
assert "this kbench in KBENCH_BIN, the script from the source tree, the arguments unchanged" \
  test "$(cat "$tmpdir/yes.args")" = "$KBENCH
$top_srcdir/scripts/kbench-report
r s.json
b.json
-o
x.html"
cp "$tmpdir/yes" "$tmpdir/bin/python3"
sed -i "s|yes.args|path.args|" "$tmpdir/bin/python3"
check "a KBENCH_PYTHON without them is passed over for python3 on PATH" \
  7 "" env KBENCH_PYTHON="$tmpdir/no" PATH="$tmpdir/bin:$PATH" \
  "$KBENCH" report r.json -o x.html
assert "python3 on PATH ran it, the one without them did not" \
  test -f "$tmpdir/path.args" -a ! -f "$tmpdir/no.args"

# The real script from here on.
end_without_python report "the pages"
end_without_json_c "kbench report's comparison" \
  "$KBENCH" compare x.json y.json

# page FILE CHECK...: FILE parsed as HTML; each Python CHECK on
#   rows      the case names of the family tables' rows, in order
#   cmp_rows  the comparison table's, in order
#   ids       the ids of the page's sections
#   text      the page's text, tags left out
#   html      the file as it is
#   sections  {id: text of that section}
#   external  every reference that would fetch: a src, an href not to
#             "#...", a url() not to "#...", an @import, a link, an
#             http(s) URL other than an XML namespace's name
#   scripts   how many <script> elements
page() {
  python3 - "$@" <<'PY'
import re, sys
from html.parser import HTMLParser
path, checks = sys.argv[1], sys.argv[2:]
html = open(path, encoding="utf-8").read()

class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tables, self.rows, self.cmp_rows, self.ids = [], [], [], []
        self.external, self.scripts, self.text = [], 0, []
        self.section, self.sections = None, {}
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table":
            self.tables.append(a)
        if tag == "section":
            self.section = a.get("id")
            self.ids.append(self.section)
            self.sections[self.section] = ""
        if tag == "script":
            self.scripts += 1
        if tag in ("link", "iframe", "object", "embed", "base"):
            self.external.append(f"<{tag}>")
        for k, v in attrs:
            if k in ("src", "srcset", "action", "formaction", "poster",
                     "background"):
                self.external.append(f"{k}={v}")
            if k == "href" and not (v or "").startswith("#"):
                self.external.append(f"href={v}")
        if tag == "tr" and "data-name" in a and self.tables:
            t = self.tables[-1]
            if "cases" in (t.get("class") or "").split():
                self.rows.append(a["data-name"])
            elif t.get("id") == "t-comparison":
                self.cmp_rows.append(a["data-name"])
        self.gap(tag)
    def handle_endtag(self, tag):
        if tag == "table" and self.tables:
            self.tables.pop()
        if tag == "section":
            self.section = None
        self.gap(tag)
    def gap(self, tag):
        """Words of two elements apart, but for inline ones."""
        if tag not in ("code", "a", "small", "em", "strong"):
            self.handle_data(" ")
    def handle_data(self, data):
        self.text.append(data)
        if self.section:
            self.sections[self.section] += data

p = Page()
p.feed(html)
rows, cmp_rows, ids, scripts = p.rows, p.cmp_rows, p.ids, p.scripts
words = lambda t: " ".join(t.split())
sections = {k: words(v) for k, v in p.sections.items()}
text = words("".join(p.text))
external = p.external
external += [m for m in re.findall(r"url\(\s*['\"]?([^#'\")][^)]*)\)", html)]
external += ["@import"] * html.count("@import")
external += [m.group(0) for m in re.finditer(r"https?://[^\s\"'<>]*", html)
             if not re.search(r"xmlns(:\w+)?=\"$", html[:m.start()])]
for check in checks:
    assert eval(check), check
PY
}

# names FILE: the case names of a results file, one a line, in order.
names() {
  python3 -c 'import json, sys
seen = []
for b in json.load(open(sys.argv[1]))["benchmarks"]:
    if b["name"] not in seen: seen.append(b["name"])
print("\n".join(seen))' "$1"
}

# The bar: two host runs, the second compared with the first.
run() {
  "$KBENCH" --min-time=0 --max-noise=50 --repetitions=3 -P n=1K,4K \
    --plugin "$H/copy_cpu.so" --plugin "$H/reduce_cpu.so" \
    --plugin "$T/transpose_cpu.so" --json="$1" > /dev/null 2>&1
}
run "$tmpdir/a.json"
run "$tmpdir/b.json"
check "kbench report b.json a.json -o r.html: exit 0" 0 "" \
  "$KBENCH" report "$tmpdir/b.json" "$tmpdir/a.json" -o "$O/r.html"
names "$tmpdir/b.json" > "$tmpdir/cases"
regressions=$("$KBENCH" compare --format=json "$tmpdir/a.json" "$tmpdir/b.json" |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["summary"]["regressions"])')
assert "a page with nothing that would fetch: no src, no outside href, no url(), no @import, no http(s) URL" \
  page "$O/r.html" "external == []"
assert "every case of the run, once, in the host family's table, in run order" \
  page "$O/r.html" "rows == open('$tmpdir/cases').read().split()"
assert "the sections: run, summary, the host family, the comparison; no roofline, no tuning" \
  page "$O/r.html" "ids == ['run', 'summary', 'family-host-cpu', 'comparison']"
assert "the header: the command line, kbench's version, the mode, no device" \
  page "$O/r.html" "'--json=$tmpdir/b.json' in sections['run']" \
  "'kbench $("$KBENCH" --version | sed -n '1s/^kbench \([^ ]*\).*/\1/p')' in text" \
  "'mode host' in sections['run'] and 'none opened (host cases only)' in sections['run']"
assert "the summary: 5 cases, 5 verified, as many regressions as kbench compare counts ($regressions)" \
  page "$O/r.html" "'5 cases (15 runs)' in sections['summary']" \
  "'5 verified' in sections['summary']" \
  "'$regressions regressions against a.json' in sections['summary']"
assert "the comparison: a row per case, regressions first, with compare's words" \
  page "$O/r.html" "sorted(cmp_rows) == sorted(rows)" \
  "'Mann-Whitney U p < 0.01' in sections['comparison']" \
  "'/a.json; new: ' in sections['comparison']"
assert "the host family's figure, inline, its text kept as text" \
  page "$O/r.html" "html.count('<svg') == 1" \
  "'bandwidth (GB/s' in sections['family-host-cpu']" \
  "'copy_cpu' in sections['family-host-cpu']"
assert "one script, the sorting and filtering; no external font or style" \
  page "$O/r.html" "scripts == 1" "'<style>' in html and 'font-face' not in html"
"$KBENCH" report "$tmpdir/b.json" "$tmpdir/a.json" -o "$O/r2.html" 2>/dev/null
assert "the same files give the same page, byte for byte" cmp -s "$O/r.html" "$O/r2.html"
size=$(wc -c < "$O/r.html")
assert "a small file ($size bytes)" test "$size" -lt 150000
check "without BASE: no comparison, no regressions card" 0 "" \
  "$KBENCH" report "$tmpdir/b.json" -o "$O/one.html"
assert "and no vs-base column" page "$O/one.html" "'comparison' not in ids" \
  "'regressions' not in text and 'vs base' not in text"

# The fixtures: a catalogue with failures, a sweep, counters.
check "tests/plot/catalogue.json: exit 0" 0 "" \
  "$KBENCH" report "$F/plot/catalogue.json" -o "$O/cat.html"
names "$F/plot/catalogue.json" > "$tmpdir/cat-cases"
assert "every case, families in kbench plot's order, host last" \
  page "$O/cat.html" "sorted(rows) == sorted(open('$tmpdir/cat-cases').read().split())" \
  "[i for i in ids if i.startswith('family-')] == ['family-reduction', 'family-transpose', 'family-shared-memory', 'family-stencil', 'family-coalescing', 'family-host-cpu']"
assert "the failed cases with their messages, the skip with its reason" \
  page "$O/cat.html" "'FAIL reduce_atomic/n:64M/threads:256: verify: sum is 67108352, expected 67108864' in sections['summary']" \
  "'CRASH transpose_diag/rows:8K/cols:8K: crashed: an illegal memory access was encountered' in sections['summary']" \
  "'1 case: needs 64 KiB of shared memory per block, 48 KiB allowed' in sections['summary']" \
  "'58 verified' in sections['summary'] and '2 failed' in sections['summary']"
assert "the device's facts in the header, a figure per family" \
  page "$O/cat.html" "'NVIDIA H100 80GB HBM3' in sections['run']" \
  "'theoretical DRAM bandwidth 3352 GB/s' in sections['run']" \
  "html.count('<svg') == 6" "external == []"
check "tests/plot/sweep.json: exit 0" 0 "" \
  "$KBENCH" report "$F/plot/sweep.json" -o "$O/sweep.html"
assert "a sweep drawn as kbench plot draws it: GB/s against working set, the L2 marked" \
  page "$O/sweep.html" "'working set (bytes read + written)' in text" \
  "'L2 50 MiB' in text" "'reduce_vec4' in text"
check "tests/plot/roofline.json (--metrics=seed): exit 0" 0 "" \
  "$KBENCH" report "$F/plot/roofline.json" -o "$O/roof.html"
assert "the roofline, and each case's counters in its details" \
  page "$O/roof.html" "'roofline' in ids" "'arithmetic intensity' in sections['roofline']" \
  "'dram__bytes_read.sum' in sections['family-coalescing']" \
  "'counters of one untimed run: 1 kernel launched' in text" "external == []"

# What only a GPU run gives, made from the fixtures: several kernels,
# energy, a flagged claim, an audit that could not run, a tuning, and a
# message with markup; and a file of two devices.
python3 - "$F/plot/roofline.json" "$tmpdir" <<'PY'
import copy, json, sys
d = json.load(open(sys.argv[1]))
b = d["benchmarks"]
m = b[0]["metrics"]
for k, v in m.items():
    if isinstance(v, dict):
        v["kernels"] = [{"name": "fill(float*)", "value": 1},
                        {"name": "layout_aos_kernel(S const*, float*)",
                         "value": v["value"]}]
m["kernels_launched"] = 2
b[0]["energy_j_per_run"] = 0.0921
b[0]["power_w"] = 388.5
b[1]["bytes_claim_flagged"] = True
b[1]["bytes_audit"] = "claims 988.8x the 271.5 MB DRAM moved"
b[2]["unaudited"] = True
b[2]["audit_note"] = "the profiler is held by another process"
bad = copy.deepcopy(b[2])
bad.update(name="evil/n:1", verdict="wrong", stage="verify",
           message="<script>alert(1)</script> & more",
           output="<b>not bold</b>")
b.append(bad)
# kbench tune's "tune" objects (docs/tuning.md), evaluated last entry
# first: the best (lowest time) is the second entry, the failed one has no
# value.
best = None
for i, e in reversed(list(enumerate(b))):
    value = None if e["verdict"] != "pass" else (1e-3 if i == 1 else 2e-3 + i * 1e-4)
    if value is not None and (best is None or value < best):
        best = value
    e["tune"] = {"evaluation": len(b) - i, "search": "layout", "strategy": "exhaustive",
                 "objective": "time", "maximize": False, "unit": "s", "value": value,
                 "best_so_far": best, "cached": i == 0,
                 "note": None if value is not None else "verify: wrong"}
json.dump(d, open(sys.argv[2] + "/gpu.json", "w"))
two = copy.deepcopy(d)
for e in copy.deepcopy(two["benchmarks"]):
    e["device_ordinal"] = 1     # another GPU: its own UUID
    if e.get("device_uuid"):
        e["device_uuid"] = "GPU-11111111-2222-3333-4444-555555555555"
    two["benchmarks"].append(e)
json.dump(two, open(sys.argv[2] + "/two.json", "w"))
PY
check "a file with what a GPU run gives: exit 0" 0 "" \
  "$KBENCH" report "$tmpdir/gpu.json" -o "$O/gpu.html"
assert "several kernels: one column each in the counters, the names whole in a title" \
  page "$O/gpu.html" "'title=\"layout_aos_kernel(S const*, float*)\"' in html" \
  "'2 kernels launched' in text"
assert "energy: J/run and W columns" page "$O/gpu.html" \
  "'J/run' in text and '92.1 mJ' in text and '388' in text"
assert "the audits: the flagged claim, the case not audited and why" \
  page "$O/gpu.html" "'the case claims 988.8x the 271.5 MB DRAM moved' in sections['summary']" \
  "'not audited: the profiler is held by another process' in sections['summary']" \
  "'1 audits flagged' in sections['summary']"
assert "tuning: every evaluation in order, the lowest time marked best, the cached and the failed said" \
  page "$O/gpu.html" "'tuning' in ids" \
  "sections['tuning'].index('evil/n:1') < sections['tuning'].index('layout_aos')" \
  "'layout_soa/n:16M/threads:256 best' in sections['tuning']" \
  "html.count('class=\"best\"') == 1" \
  "'objective time (lower is better)' in sections['tuning']" \
  "'best: layout_soa/n:16M/threads:256, 1.000 ms' in sections['tuning']" \
  "'cached' in sections['tuning'] and 'verify: wrong' in sections['tuning']"
assert "a plugin's markup is text, never a tag" page "$O/gpu.html" \
  "scripts == 1" "'<script>alert(1)</script> & more' in text" \
  "'&lt;script&gt;alert(1)&lt;/script&gt; &amp; more' in html" \
  "'<b>not bold</b>' not in html"
# Two cases disturbed by another process (tests/compare/disturbed.json):
# counted apart, not failed, the process named, and so in the comparison.
cf=$top_srcdir/tests/compare
check "a file with disturbed cases, against a base: exit 0" 0 "" \
  "$KBENCH" report "$cf/disturbed.json" "$cf/base.json" -o "$O/stray.html"
assert "disturbed: counted apart, not failed, the process named" \
  page "$O/stray.html" "'6 verified 0 failed 1 skipped 2 disturbed by another process' in sections['summary']" \
  "'Disturbed by another process Another process used the GPU during these cases (pid 4242 (stray_copy))' in sections['summary']" \
  "'DISTURBED reduce_vec4/n:64M/threads:256/offset:0: another process used the GPU' in sections['summary']" \
  "'badge v-disturbed' in html"
assert "disturbed in the comparison: counted apart, no regression" \
  page "$O/stray.html" "'0 regressions (0 slower, 0 failed)' in sections['comparison']" \
  "'2 disturbed by another process (pid 4242 (stray_copy)), not compared' in sections['comparison']"
# A case whose samples ran under a power cap (tests/compare/capped.json,
# NVML's clock-event reasons): listed in the summary and marked in its
# row; the other cases, idle between samples only, are not.
check "a file with a case under a power cap: exit 0" 0 "" \
  "$KBENCH" report "$cf/capped.json" -o "$O/capped.html"
assert "under a power cap: listed in the summary, marked in its row" \
  page "$O/capped.html" \
  "'Clocks held back' in sections['summary']" \
  "'reduce_vec4/n:64M/threads:256/offset:0: its samples ran under a power cap' in sections['summary']" \
  "html.count('>under a power cap</span>') == 1"
check "a file without clock events: exit 0" 0 "" \
  "$KBENCH" report "$cf/slower.json" -o "$O/uncapped.html"
assert "...no such section there" page "$O/uncapped.html" \
  "'Clocks held back' not in html"
# A real search's --json: two searches (--per=y), each best at x=4, the
# objective bandwidth (higher is better).
"$KBENCH" tune --plugin "$TEST_PLUGINS/tune_trap.so" --param x=3:5:+1 \
  --param y=1,2 --per=y --objective=bandwidth --min-time=0 --max-noise=5 \
  --json="$tmpdir/tune.json" > /dev/null 2>&1
check "kbench tune --json: exit 0" 0 "" \
  "$KBENCH" report "$tmpdir/tune.json" -o "$O/tune.html"
assert "a section per search, each best at x=4, the values as GB/s" \
  page "$O/tune.html" "'tuning' in ids" "'2 searches' in sections['tuning']" \
  "'tune_trap/y:1' in sections['tuning'] and 'tune_trap/y:2' in sections['tuning']" \
  "'objective bandwidth (higher is better)' in sections['tuning']" \
  "'tune_trap/x:4/y:1 best' in sections['tuning']" \
  "'tune_trap/x:4/y:2 best' in sections['tuning']" \
  "html.count('class=\"best\"') == 2 and 'GB/s' in sections['tuning']"
check "two devices in one file: a row per case and device" 0 "" \
  "$KBENCH" report "$tmpdir/two.json" -o "$O/two.html"
assert "each case twice, a device column" page "$O/two.html" \
  "len(rows) == 2 * len(set(rows))" "'>device</th>' in html"
# two.json holds every case of device 0, then every case of device 1:
# the report sets each case's devices side by side all the same.
assert "... each case's devices side by side, in case order, with the ratio to the first" \
  page "$O/two.html" "rows[0::2] == rows[1::2]" \
  "'x first device</th>' in html" "'>1.000</td>' in html"

# kbench compare's counts: listed where they changed.
check "counters that changed against BASE: exit 0" 0 "" \
  "$KBENCH" report "$F/compare/counters-new.json" "$F/compare/counters-base.json" \
  -o "$O/counts.html"
assert "the changed count in the comparison, with both values" \
  page "$O/counts.html" "'dram__bytes_read.sum 403.7 M → 268.4 M byte (-33.50%)' in sections['comparison']"
check "a regression against BASE: exit 0 still (the page is no gate)" 0 "" \
  "$KBENCH" report "$F/compare/slower.json" "$F/compare/base.json" -o "$O/slow.html"
assert "the regression first, marked" page "$O/slow.html" \
  "cmp_rows[0] == 'reduce_vec4/n:64M/threads:256/offset:0'" \
  "'class=\"regression\"' in html" "'2 regressions against base.json' in text" \
  "cmp_rows[1] == 'gone_variant/n:1K'"

# Repetitions: one median a case, of the samples pooled, on the page and
# in the comparison alike (issue 51: the table said the median of the
# repetitions' medians, 20 ms here, the comparison the pooled, 10 ms).
python3 - "$tmpdir/reps.json" <<'PY'
import json, statistics, sys
def rep(samples):
    return {"name": "c/n:1", "variant": "c", "backend": "host",
            "verdict": "pass", "params": {"n": 1}, "samples_s": samples,
            "median_s": statistics.median(samples), "min_s": min(samples),
            "max_s": max(samples), "noise": 0.0}
runs = [rep([0.010] * 9), rep([0.030] * 3), rep([0.020] * 3)]
json.dump({"context": {"kbench": {"mode": "cold"}}, "benchmarks": runs},
          open(sys.argv[1], "w"))
PY
check "three repetitions against themselves: exit 0" 0 "" \
  "$KBENCH" report "$tmpdir/reps.json" "$tmpdir/reps.json" -o "$O/reps.html"
assert "the table's median is the pooled one, 10 ms, the comparison's too" \
  page "$O/reps.html" "html.count('data-v=\"0.01\">10.000 ms') == 3" \
  "'20.000 ms' not in html" "'pooled' in text" \
  "'mode host' in text and 'mode cold' not in text"
# Results format 1 (median_s, min_s, ...) and 2 (event_median_s, ...): the
# same page, one line on stderr for the old file, and the scripts' map of
# format 1's keys is runner/results/format.c's.
cp "$tmpdir/reps.json" "$tmpdir/reps2.json"
"$KBENCH" compare --upgrade="$tmpdir/reps2.json" > /dev/null
"$KBENCH" report "$tmpdir/reps2.json" -o "$O/reps2.html" 2> "$tmpdir/reps2.err"
"$KBENCH" report "$tmpdir/reps.json" -o "$O/reps1.html" 2> "$tmpdir/reps1.err"
assert "format 1 and 2 make the same page; format 1 said in one line" sh -c \
  'sed -E "s/reps2?\.json//g" "$1/reps1.html" > "$2/a" &&
   sed -E "s/reps2?\.json//g" "$1/reps2.html" > "$2/b" && cmp -s "$2/a" "$2/b" &&
   test ! -s "$2/reps2.err" && test "$(cat "$2/reps1.err")" = "kbench report: note: $2/reps.json is results format 1, read as format 2 (docs/results.md: time fields)"' \
  _ "$O" "$tmpdir"
assert "the scripts map format 1's keys as the C reader does" \
  python3 - "$top_srcdir" <<'PY'
import ast, re, sys
top = sys.argv[1]
plot = re.search(r"^FORMAT1_KEYS = (\{.*?\})$",
                 open(top + "/scripts/kbench-plot").read(), re.S | re.M)
scripts = ast.literal_eval(plot.group(1))
rows = dict(re.findall(r'P\((\w+), [\w.]+, \w+, "(\w+)"',
                       open(top + "/runner/model/result_fields.h").read()))
c = {rows[i]: k for i, k in re.findall(r'\{KB_FIELD_(\w+), "(\w+)"\}',
     open(top + "/runner/results/format.c").read())}
assert c == scripts and len(c) == 12, (c, scripts)
PY
check "plain Google Benchmark output, as kbench compare reads it: exit 0" 0 "" \
  "$KBENCH" report "$F/compare/gbench-new.json" "$F/compare/gbench-base.json" \
  -o "$O/gbench.html"
assert "its two cases passed, the aggregates left out, the regression counted" \
  page "$O/gbench.html" "rows == ['BM_same/1024', 'BM_slow/1024']" \
  "'2 verified' in sections['summary']" "'1 regressions' in sections['summary']" \
  "'not a kbench file' in sections['run']"

# Bad input: status 2, a reason, and the old file (or none) left alone.
rm -f "$O"/*
echo old > "$O/keep.html"
echo '{"benchmarks": [' > "$tmpdir/cut.json"
check "a missing file" 2 "nope.json: No such file" \
  "$KBENCH" report "$tmpdir/nope.json" -o "$O/keep.html"
check "not JSON" 2 "cut.json: not a kbench or Google Benchmark results file: found JSON that ends early" "$KBENCH" report "$tmpdir/cut.json" -o "$O/keep.html"
check "a BASE that is not a results file" 2 "cut.json: not a kbench or Google Benchmark results file" \
  "$KBENCH" report "$tmpdir/b.json" "$tmpdir/cut.json" -o "$O/keep.html"
check "a BASE kbench compare refuses: its reason" 2 \
  "results of several devices" \
  "$KBENCH" report "$tmpdir/gpu.json" "$tmpdir/two.json" -o "$O/keep.html"
check "--fp32-peak must be positive" 2 "expected GFLOP/s" \
  "$KBENCH" report --fp32-peak=-1 "$tmpdir/b.json" -o "$O/keep.html"
check "no -o" 2 "the following arguments are required: -o" \
  "$KBENCH" report "$tmpdir/b.json"
check "a folder that does not exist" 2 "No such file or directory" \
  "$KBENCH" report "$tmpdir/b.json" -o "$tmpdir/none/r.html"
assert "the old file is untouched and nothing else was written" \
  test "$(cat "$O/keep.html")" = old -a "$(ls -A "$O")" = keep.html

# The checks themselves: a page with a fetch and a script error, which
# the static check and the browser's must catch.
"$KBENCH" report "$tmpdir/b.json" "$tmpdir/a.json" -o "$O/r.html"
cp "$O/r.html" "$O/broken.html"
printf '<svg xmlns="http://www.w3.org/2000/svg"/>' > "$O/dot.svg"
sed -i 's|</body>|<img src="dot.svg"><script>no_such_function();</script></body>|' \
  "$O/broken.html"
if page "$O/broken.html" "external == []" 2> /dev/null; then
  not_ok "the static check catches a fetch"
else
  ok "the static check catches a fetch"
fi

# A real browser: headless Chromium through Selenium, network off.
find_browser
if [ -n "$browser_why" ]; then
  skip "the page in headless Chromium" "$browser_why (Debian: apt-get install chromium chromium-driver python3-selenium, as .ci/run does)"
  skip "the browser check catches a script error and a fetch" "$browser_why"
  done_testing
  exit
fi
python3 -c 'import json, sys; json.dump(open(sys.argv[1]).read().split(), open(sys.argv[2], "w"))' \
  "$tmpdir/cases" "$tmpdir/cases.json"
merge_tap "headless Chromium opens the page" \
  "$browser_python" "$top_srcdir/tests/shell/report_browser.py" "$O/r.html" "$tmpdir/cases.json"
"$browser_python" "$top_srcdir/tests/shell/report_browser.py" \
  "$O/broken.html" "$tmpdir/cases.json" > "$tmpdir/broken.tap" 2>&1
assert "the browser check catches a script error and a fetch" sh -c \
  'grep -q "^not ok - no script error in the console" "$1" && grep -q "^not ok - the page fetched nothing" "$1"' \
  _ "$tmpdir/broken.tap"
sed 's/^/# /' "$tmpdir/broken.tap" | grep "not ok" || true
done_testing
