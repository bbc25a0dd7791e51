#!/bin/sh
# The kit's CUDA part (<kbench/kit.h>) at work: tests/plugins/kit_cuda.cu,
# which `make check` compiles with nvcc whenever CUDA is configured, runs
# healthy and then fails in each way the kit must report.  Without a GPU
# only its loading is checked.
. "$top_srcdir/tests/shell/lib.sh"
if [ "$HAVE_CUDA" != yes ]; then
  echo "1..0 # SKIP built without CUDA"
  exit 0
fi
kit=$TEST_PLUGINS/kit_cuda.so
check "the kit's CUDA test plugin loads and lists" 0 "^kit_cuda \[cuda\]" \
  "$KBENCH" --list --plugin "$kit"
probe=$("$KBENCH" --tap --min-time=0 --plugin "$kit" 2>&1)
case $probe in
  *"# SKIP no CUDA device"*)
    reason=$(printf '%s\n' "$probe" | sed -n 's/.*# SKIP //p' | head -n 1)
    echo "ok $((tap_n + 1)) - the kit on a GPU # SKIP $reason"
    tap_n=$((tap_n + 1))
    done_testing
    exit ;;
esac
quick="--min-samples=3 --max-samples=5 --min-time=0 --warmup=0 --timeout=10"
mode() {
  desc=$1 m=$2 want=$3 pattern=$4
  check "$desc" "$want" "$pattern" "$KBENCH" $quick --param mode="$m" \
    --plugin "$kit"
}
mode "allocate, upload, output, fetch and both checks pass" 0 0 \
  "^kit_cuda .* ok$"
mode "a launch that cannot start: file:line and the error" 1 4 \
  "ERROR first run: .*kit_cuda\.cu:[0-9]+: cudaGetLastError\(\): invalid (configuration )?argument"
mode "a failing runtime call: file:line, the call and the error" 2 4 \
  "ERROR first run: .*kit_cuda\.cu:[0-9]+: cudaMemcpyAsync\(.*\): invalid"
mode "an unwritten float keeps the poison and is caught" 3 1 \
  "FAIL first run: outf\[1000\] = -?nan, expected "
mode "a wrong int is caught with its index" 4 1 \
  "FAIL first run: out\[1000\] = (-?[0-9]+), expected "
mode "an impossible allocation is reported" 5 4 \
  "ERROR setup: cannot allocate 1152921504606846976 bytes of device memory: "
done_testing
