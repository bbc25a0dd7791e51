#!/bin/sh
# ABI 1.4 on a GPU: C = alpha*A*B + beta*C reading C where it writes it
# (tests/plugins/gpu_inout.cu).  With C declared in-out it verifies at
# beta 0 and 1, in every mode (a batched verified sample is one run, or
# the verify after timing would see a batch of runs' worth of beta * C),
# and at a size no tile divides; declared as a plain output it fails,
# and the failure says that kbench poisoned it.  Skipped, with the
# reason, where there is no device.
. "$top_srcdir/tests/shell/lib.sh"
need_gpu
quick="--min-samples=3 --max-samples=5 --min-time=0 --warmup=0 --timeout=10"
G="$TEST_PLUGINS/gpu_inout.so"

# rows PATTERN: how many of the last check's output lines match.
rows() {
  printf '%s\n' "$out" | grep -Ec "$1"
}

for mode in cold hot graph; do
  check "declared in-out, $mode mode: beta 0 and 1 verify, exit 0" 0 \
    "^gpu_inout +m=512 n=512 k=512 beta=1 declare=inout .* ok" \
    "$KBENCH" $quick --mode=$mode --param beta=0,1 --plugin "$G"
  assert "... both rows ok ($mode)" \
    test "$(rows '^gpu_inout .* declare=inout .* ok( |$)')" = 2
done
check "declared in-out at a size no tile divides: verified" 0 \
  "^gpu_inout +m=100 n=70 k=50 beta=1 declare=inout .* ok" \
  "$KBENCH" $quick --param m=100 --param n=70 --param k=50 --param beta=1 \
  --plugin "$G"
check "the same kernel on a separate output: verified at beta 0 and 1" 0 \
  "^gpu_inout .* beta=1 declare=separate .* ok" \
  "$KBENCH" $quick --param beta=0,1 --param declare=separate --plugin "$G"
assert "... both rows ok" \
  test "$(rows '^gpu_inout .* declare=separate .* ok( |$)')" = 2

# The poison read by beta * C comes back as the NaN a GPU computes from it
# (0x7fffffff), at beta 0 too: 0 * NaN is NaN.
for beta in 0 1; do
  check "declared as an output, beta $beta: FAIL, saying kbench poisoned C" 1 \
    "FAIL first run: C\[[0-9]+\] = -?nan, expected .* \(kbench filled the output with all-ones bits, NaN or -1, before the run, and 262144 of 262144 words hold them, or the NaN 0x7fffffff a GPU computes from them: .* declare it in-out with h->inout\)$" \
    "$KBENCH" $quick --param beta=$beta --param declare=output --plugin "$G"
done
done_testing
