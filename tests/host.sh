#!/bin/sh
# The host catalogue end to end: runs and verifies on any machine.
. "$top_srcdir/tests/lib.sh"
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
if [ -f "$top_builddir/plugins/transpose/.libs/transpose_cpu.so" ]; then
  check "transpose_cpu naive and blocked, rectangular odd size" 0 \
    "transpose_cpu .*block=32 .* ok" \
    "$KBENCH" $fast --param rows=33 --param cols=1001 --param block=0,32 \
    transpose_cpu
fi
done_testing
