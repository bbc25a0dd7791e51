#!/bin/sh
# GPU verification: every CUDA variant at its default size and at every
# awkward size listed in tests/odd/*.txt, and the deliberately broken
# bad_tail caught.  Skipped, with the reason, where there is no device.
. "$top_srcdir/tests/lib.sh"
if [ "$HAVE_CUDA" != yes ]; then
  echo "1..0 # SKIP built without CUDA"
  exit 0
fi
probe=$("$KBENCH" --tap --param n=256 --plugin "$TEST_PLUGINS/bad_tail.so" 2>&1)
case $probe in
  *"# SKIP"*)
    echo "1..0 # SKIP $(printf '%s\n' "$probe" | sed -n 's/.*# SKIP //p' | head -n 1)"
    exit 0 ;;
esac
# Quick criterion: these runs prove correctness; bench/ measures speed.
quick="--min-samples=3 --max-samples=5 --min-time=0 --warmup=0 --timeout=10"

check "bad_tail passes when n is a multiple of its block" 0 "ok" \
  "$KBENCH" $quick --param n=262144 --plugin "$TEST_PLUGINS/bad_tail.so"
check "bad_tail's dropped tail is caught at an odd size" 1 \
  "FAIL first run: sum\[0\] = [0-9]+, expected [0-9]+" \
  "$KBENCH" $quick --param n=1000003 --plugin "$TEST_PLUGINS/bad_tail.so"

cuda_variants=$("$KBENCH" --list | sed -n 's/^\([a-z0-9_]*\) \[cuda\]$/\1/p' | tr '\n' ' ')
assert "the catalogue has CUDA variants" test -n "$cuda_variants"
# One kbench per list keeps CUDA start-up out of the loop: each case is
# one test point, renumbered into this script's plan.
merge_tap "every CUDA variant at its default size" \
  "$KBENCH" --tap $quick $cuda_variants
for list in "$top_srcdir"/tests/odd/*.txt; do
  merge_tap "awkward sizes from $(basename "$list")" \
    "$KBENCH" --tap $quick --cases="$list"
done
assert "the awkward-size lists give over 100 cases" test "$tap_n" -gt 150

# Measurement: modes, the flush, the launch floor.
# A 16 MB read fits in L2: hot runs find it there, cold ones in DRAM.
small="--param n=4M --min-samples=20 --max-noise=2"
"$KBENCH" $small --mode=cold --csv="$tmpdir/cold.csv" reduce_vec4 > "$tmpdir/cold.txt" 2>&1
"$KBENCH" $small --mode=hot --csv="$tmpdir/hot.csv" reduce_vec4 > "$tmpdir/hot.txt" 2>&1
median() { awk -F, 'NR == 2 { print $10 }' "$1"; }
cold=$(median "$tmpdir/cold.csv") hot=$(median "$tmpdir/hot.csv")
assert "16 MB reduction: cold ($cold s) slower than hot ($hot s), since it fits in L2" \
  awk -v c="$cold" -v h="$hot" 'BEGIN { exit !(c > h) }'
floor=$(sed -n 's/.*launch floor \([0-9.]*\) us.*/\1/p' "$tmpdir/cold.txt")
assert "cold launch floor ${floor} us: the ~30 us L2 flush is outside the timed region" \
  awk -v f="$floor" 'BEGIN { exit !(f != "" && f < 15) }'
check "cold mode warns that 16 MB fits in L2" 0 "fits in the .* L2" cat "$tmpdir/cold.txt"
for mode in hot graph; do
  check "$mode mode verifies reduce_vec4 and transpose_fast" 0 \
    "^transpose_fast .* ok" "$KBENCH" $quick --mode=$mode reduce_vec4 transpose_fast
done
check "--calibrate reports the measured copy peak" 0 "measured copy peak [0-9]+ GB/s" \
  "$KBENCH" $quick --calibrate --param n=1M reduce_vec4
done_testing
