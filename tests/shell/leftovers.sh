#!/bin/sh
# A case leaves nothing behind on the GPU (issue 68; worker/leftovers.h):
# tests/plugins/gpu_leftovers.cu's variants, each followed by an honest
# copy in the same library, through bench/leftovers_check.sh, which runs
# them and writes one line per check; each is a test point here.  The
# unit test test_leftovers checks the host's side (threads, blame).
# Skipped, with the reason, where there is no device.
. "$top_srcdir/tests/shell/lib.sh"
need_gpu
keep="$tmpdir/leftovers"
line=$(sh "$top_srcdir/bench/leftovers_check.sh" "$KBENCH" "$TEST_PLUGINS" \
       "$keep")
echo "# $line"
if [ -s "$keep/checks.txt" ]; then
  while IFS= read -r point; do
    case $point in
      "ok "*) ok "${point#ok }" ;;
      *) not_ok "${point#not ok }" ;;
    esac
  done < "$keep/checks.txt"
else
  not_ok "bench/leftovers_check.sh judged the runs: $line"
  for f in "$keep"/*.txt; do
    [ -f "$f" ] && sed "s|^|# $(basename "$f"): |" "$f" | tail -n 5
  done
fi
done_testing
