#!/bin/sh
# ABI 1.4 on the CPU: a 1.3 plugin still loads and runs; an in-out buffer
# (tests/plugins/inout_cpu.c: y = a*x + y in place) is restored before each
# verified run, so verify sees one run on setup's contents however many
# timed runs moved it on; the same kernel declared as a plain output
# fails, and the failure says that kbench poisoned it; each rule of inout
# broken is an ERROR naming the call and the rule.
. "$top_srcdir/tests/shell/lib.sh"
fast="--min-time=0 --max-noise=5 --timeout=2"
P=$TEST_PLUGINS
inout="$P/inout_cpu.so"

check "a plugin built against ABI 1.3 is listed" 0 "^abi13_sum \[host\]" \
  "$KBENCH" --list "$P/abi13.so"
check "and runs and verifies under ABI 1.4" 0 "abi13_sum +n=1001 .* ok" \
  "$KBENCH" $fast "$P/abi13.so"

# --- y = a*x + y, declared in-out --------------------------------------------
# Each timed run adds a*x to y again; verify wants y0 + a*x exactly, which
# only one run on the restored y0 gives, in the first verified run and in
# the one after at least 20 timed runs.
check "declared in-out: verified after its timed runs, exit 0" 0 \
  "^inout_cpu +n=64K declare=inout reset=none misuse=none .* ok$" \
  "$KBENCH" $fast --min-samples=20 --warmup=3 --param n=64K \
  --json="$tmpdir/inout.json" "$inout"
assert "... after 20 samples or more, each a run that moved y on" \
  python3 -c '
import json, sys
e = json.load(open(sys.argv[1]))["benchmarks"][0]
assert e["verdict"] == "pass" and len(e["samples_s"]) >= 20, e
' "$tmpdir/inout.json"

# --- the same kernel declared as a plain output ------------------------------
check "declared as an output: FAIL, and the failure says kbench poisoned it" 1 \
  "FAIL first run: y\[0\] = -?nan, expected .* \(kbench filled the output with all-ones bits, NaN or -1, before the run, and 65536 of 65536 words hold them.*declare it in-out with h->inout\)$" \
  "$KBENCH" $fast --param n=64K --param declare=output "$inout"
check "a wrong answer that is no poison gets no such clause" 1 \
  "FAIL first run: total\[0\] = -?[0-9]+, expected -?[0-9]+$" \
  "$KBENCH" $fast --plugin "$P/wrong_sum.so"
check "an output left unwritten after the first run: the clause too" 1 \
  "FAIL run after timing: total\[0\] = -1, expected -?[0-9]+ \(kbench filled the output .* 1 of 1 words hold them" \
  "$KBENCH" $fast --plugin "$P/first_run_only.so"
check "a case with no output at all: ERROR, naming both declarations" 4 \
  "ERROR setup: setup declared no output buffer: nothing could be poisoned, so nothing is verified \(declare what run writes with h->output, or with h->inout when run also reads it\)" \
  "$KBENCH" $fast --plugin "$P/bad_no_output.so"

# --- ABI 1.2's timed region: a run that resets its own state -----------------
check "y reset in run before timer_start, a plain output: verified, timed over the region" 0 \
  "^  timed: the timed region of each run" \
  "$KBENCH" $fast --param n=64K --param declare=output --param reset=region "$inout"
assert "... and its row says ok" \
  sh -c 'printf "%s\n" "$1" | grep -q "^inout_cpu .*reset=region .* ok$"' _ "$out"

# --- broken rules --------------------------------------------------------------
# misuse KIND STAGE MESSAGE: the case fails at STAGE with MESSAGE, exit 4.
misuse() {
  check "misuse=$1: ERROR $2: $3" 4 "inout_cpu .* ERROR $2: $3" \
    "$KBENCH" $fast --param n=1K --param misuse="$1" "$inout"
}
misuse in_run "first run" "inout\(\) called outside setup$"
misuse null setup "inout\(\) called with a NULL pointer$"
misuse zero setup "inout\(\) called with 0 bytes$"
misuse output_first setup "inout\(\) called on a buffer also declared as an output: an output is poisoned before a verified run and an in-out buffer restored"
misuse inout_first setup "output\(\) called on a buffer also declared in-out: an output is poisoned"
misuse twice setup "inout\(\) called on a buffer already declared in-out: declare each buffer once$"
misuse huge setup "inout\(\) called on 4611686018427387904 bytes: kbench keeps a copy of each in-out buffer to restore it, and the copies would take 4\.612 EB, more than the [0-9.]+ [kMGT]?B of host memory it may keep them in \(half the host's physical memory\)$"
done_testing
