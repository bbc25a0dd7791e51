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

cuda_variants=$("$KBENCH" --list | sed -n 's/^\([a-z0-9_]*\) \[cuda\]$/\1/p')
for v in $cuda_variants; do
  check "$v verifies at its default size" 0 "^$v .* ok" "$KBENCH" $quick "$v"
done
for list in "$top_srcdir"/tests/odd/*.txt; do
  [ -f "$list" ] || continue
  while read -r v rest; do
    case $v in ''|'#'*) continue ;; esac
    case " $cuda_variants " in *" $v "*) ;; *) continue ;; esac
    args=
    for kv in $rest; do args="$args --param $kv"; done
    check "$v $rest" 0 "^$v .* ok" "$KBENCH" $quick $args "$v"
  done < "$list"
done
done_testing
