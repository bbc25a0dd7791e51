#!/bin/sh
# The host catalogue end to end: runs and verifies on any machine.
. "$top_srcdir/tests/shell/lib.sh"
export KBENCH_PLUGIN_PATH="$top_builddir/plugins/host/.libs:$top_builddir/plugins/transpose/.libs"
fast="--min-time=0 --max-noise=5 --timeout=2"

check "reduce_cpu verifies at an odd size" 0 "reduce_cpu +n=1000003 .* ok" \
  "$KBENCH" $fast --param n=1000003 reduce_cpu
check "copy_cpu verifies, n=1 and n=7" 0 "copy_cpu +n=7 .* ok" \
  "$KBENCH" $fast --param n=1,7 copy_cpu
for want in "^1\.\.2$" "^ok 2 - reduce_cpu n=3$"; do
  check "TAP output: $want" 0 "$want" \
    "$KBENCH" $fast --tap --param n=1,3 reduce_cpu
done
check "--csv writes a header and one row per case" 0 ok \
  "$KBENCH" $fast --csv="$tmpdir/r.csv" --samples="$tmpdir/s.csv" \
  --param n=100,200 reduce_cpu
assert "CSV has 3 lines" test "$(wc -l < "$tmpdir/r.csv")" -eq 3
assert "CSV rows say pass" test "$(grep -c ',pass,' "$tmpdir/r.csv")" -eq 2
assert "samples file holds every sample" test "$(wc -l < "$tmpdir/s.csv")" -gt 20
# The CSV against the JSON of the same run, cell by cell, for cases that
# passed and failed, with and without work: the CSV's cells are written
# from the field table's rows (output/csv.c), as the JSON's keys are.
"$KBENCH" $fast --csv="$tmpdir/w.csv" --json="$tmpdir/w.json" --param n=1000 \
  --param dtype=i32,f64 --param fail_at=-1,10 "$TEST_PLUGINS/staging.so" \
  > "$tmpdir/w.out" 2>&1
grep -c ',wrong,' "$tmpdir/w.csv" | sed 's/^/# failed rows: /'
assert "--csv agrees with --json, cell by cell (2 passed, 2 failed cases)" \
  sh -c 'python3 "$1/tests/shell/csv_json.py" "$2/w.csv" "$2/w.json" &&
         test "$(grep -c ",wrong," "$2/w.csv")" = 2' sh "$top_srcdir" "$tmpdir"
sed '2s/,pass,"","",\([0-9]*\),\([0-9]*\),[^,]*,/,pass,"","",\1,\2,0.5,/' \
  "$tmpdir/w.csv" > "$tmpdir/bad.csv"
assert "...and a median that is not the JSON's is found" \
  sh -c 'out=$(python3 "$1/tests/shell/csv_json.py" "$2/bad.csv" "$2/w.json")
         test $? = 1 && printf "%s\n" "$out" | grep -q "median_s: CSV .0\.5."' \
  sh "$top_srcdir" "$tmpdir"
if [ -f "$top_builddir/plugins/transpose/.libs/transpose_cpu.so" ]; then
  check "transpose_cpu naive and blocked, rectangular odd size" 0 \
    "transpose_cpu .*block=32 .* ok" \
    "$KBENCH" $fast --param rows=33 --param cols=1001 --param block=0,32 \
    transpose_cpu
fi
# Host cases stop sampling after 0.5 s unless --timeout says otherwise; a
# noise target no VM meets makes the timeout the stop.
stopped() {  # JSON, timeout: 0 when the case stopped on that timeout
  python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
e, t = d["benchmarks"][0], float(sys.argv[2])
print("# stop %s after %.2f s, host_timeout_s %s" % (e["stop"],
      e["sampling_s"], d["context"]["kbench"]["criterion"]["host_timeout_s"]))
sys.exit(not (e["stop"] == "timeout" and t <= e["sampling_s"] < t + 2.5
              and d["context"]["kbench"]["criterion"]["host_timeout_s"] == t))
' "$1" "$2"
}
check "a host case with an unreachable noise target" 0 ok \
  "$KBENCH" --max-noise=0.00001 --json="$tmpdir/t.json" --param n=1M reduce_cpu
assert "stops on the 0.5 s host timeout" stopped "$tmpdir/t.json" 0.5
check "--timeout sets the host cases' timeout too" 0 ok \
  "$KBENCH" --max-noise=0.00001 --timeout=1.2 --json="$tmpdir/t.json" \
  --param n=1M reduce_cpu
assert "which then stops after 1.2 s" stopped "$tmpdir/t.json" 1.2
done_testing
