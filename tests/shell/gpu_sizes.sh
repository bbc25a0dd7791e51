#!/bin/sh
# GPU verification, the catalogue's half: every CUDA variant at its default
# size and at every awkward size listed in tests/odd/*.txt, and the Hopper
# variants where the device has them (gpu.sh holds the rest).  Skipped,
# with the reason, where there is no device.
. "$top_srcdir/tests/shell/lib.sh"
need_gpu
# Quick criterion: these runs prove correctness; bench/ measures speed.
quick="--min-samples=3 --max-samples=5 --min-time=0 --warmup=0 --timeout=10"

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

# The Hopper variants (bulk copies, tensor maps, clusters) run and verify
# on sm_90 and newer, and are skipped with their reason before it: a skip
# would pass merge_tap above, so the device decides which is asserted.
sm=$("$KBENCH" $quick --param n=1K reduce_vec4 2>&1 |
  sed -n 's/^# device 0: .*, sm_\([0-9]*\),.*/\1/p' | head -n 1)
for v in memcpy_bulk transpose_tma reduce_cluster; do
  if [ "${sm:-0}" -ge 90 ]; then
    check "$v runs on sm_$sm and verifies" 0 "^$v .* ok" \
      "$KBENCH" $quick "$v"
  else
    check "$v is skipped before sm_90 (sm_$sm)" 5 "^$v .*SKIP.*sm_90" \
      "$KBENCH" $quick "$v"
  fi
done
# reduce_cluster's own corners: a cluster of one, an odd size, the
# non-portable 16, and an input of more than 65536 x 8 tiles (at 32
# threads a tile is 512 elements: the grid stops growing and blocks take
# several tiles).
if [ "${sm:-0}" -ge 90 ]; then
  check "reduce_cluster verifies with clusters of 1, 3 and 16 blocks" 0 \
    "^reduce_cluster .*cluster=16 .* ok" \
    "$KBENCH" $quick --param n=1048579 --param cluster=1,3,16 reduce_cluster
  check "reduce_cluster verifies past 65536 clusters (n = 300M + 7)" 0 \
    "^reduce_cluster .* ok" \
    "$KBENCH" $quick --param n=300000007 --param threads=32 \
    --param offset=1 reduce_cluster
fi
check "stencil_fast (any GPU) verifies" 0 "^stencil_fast .* ok" \
  "$KBENCH" $quick stencil_fast
done_testing
