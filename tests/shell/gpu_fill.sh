#!/bin/sh
# The runner's fill stored by the GPU (worker/plugin/fill_device.h): in
# each element type, every element of a host_alloc buffer large enough for
# the device to fill it is the one h->element regenerates on the host
# (tests/plugins/gpu_fill.cu), at sizes no block divides; one element
# changed after the fill is caught by its index.  Skipped, with the
# reason, where there is no device.
. "$top_srcdir/tests/shell/lib.sh"
need_gpu
quick="--min-samples=3 --max-samples=5 --min-time=0 --warmup=0 --timeout=10"
G="$TEST_PLUGINS/gpu_fill.so"

check "every type at 8M and 5M+3 elements: each element is h->element's" 0 \
  "^gpu_fill +n=5000003 dtype=f64 .* ok" \
  "$KBENCH" $quick --param n=8M,5000003 --param dtype=i32,u8,f32,f64 \
  --plugin "$G"
assert "... all eight rows ok" \
  test "$(printf '%s\n' "$out" | grep -Ec '^gpu_fill .* ok( |$)')" = 8
check "an element changed after the fill: FAIL naming it" 1 \
  "FAIL first run: element 4321987 of the f32 fill is not h->element's" \
  "$KBENCH" $quick --param corrupt=4321987 --plugin "$G"
done_testing
