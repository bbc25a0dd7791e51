#!/bin/sh
# Isolation: a plugin that crashes, exits, hangs or prints costs its own
# case and nothing else.  Each broken plugin runs between two good cases;
# both must verify, the broken one must fail with its cause, the CSV must
# hold all three rows, and the exit status must be the documented one.
. "$top_srcdir/tests/shell/lib.sh"
# Test plugins here write pids into this test's private folder, which the
# identity a third-party worker takes under root cannot reach.
KBENCH_WORKER_UID=off
export KBENCH_WORKER_UID
P=$TEST_PLUGINS
H=$top_builddir/plugins/host/.libs
fast="--min-time=0 --max-noise=5 --timeout=2"

# between NAME STATUS PATTERN [OPTION]...
between() {
  name=$1 want=$2 pattern=$3
  shift 3
  csv="$tmpdir/$name.csv"
  check "$name: exit $want, '$pattern'" "$want" "$pattern" \
    "$KBENCH" $fast --param n=1000 --csv="$csv" "$@" \
    --plugin "$H/reduce_cpu.so" --plugin "$P/$name.so" --plugin "$H/copy_cpu.so"
  assert "$name: the good cases before and after it verify" \
    sh -c 'printf "%s\n" "$1" | grep -q "^reduce_cpu .* ok$" &&
           printf "%s\n" "$1" | grep -q "^copy_cpu .* ok$"' _ "$out"
  assert "$name: the CSV holds all three rows" \
    test "$(grep -c '^"\(reduce_cpu\|copy_cpu\|'"$name"'\)"' "$csv")" -eq 3
}

between crash_setup 6 "crash_setup .* CRASH crashed: SIGSEGV in setup$"
between crash_run 6 "CRASH crashed: SIGSEGV in run$"
check "a crashed case shows what the plugin printed last" 0 \
  "^  output: broken: about to crash in run$" printf '%s\n' "$out"
between crash_verify 6 "CRASH crashed: SIGSEGV in verify$"
between crash_bytes 6 "CRASH crashed: SIGSEGV in bytes_moved$"
between crash_teardown 6 "CRASH crashed: SIGSEGV in teardown$"
between abort_setup 6 "CRASH crashed: SIGABRT in setup$"
between exit0_run 6 "CRASH exited with status 0 in run$"
between exit3_verify 6 "CRASH exited with status 3 in verify$"
between exit_teardown 6 "CRASH exited with status 0 in teardown$"
between kill_run 6 "CRASH crashed: SIGKILL in run \(killed from outside"
between hang_run 6 "CRASH timed out after 1 s in run$" --case-timeout=1
between huge 4 "ERROR setup: cannot allocate [0-9]+ bytes$"
assert "the crash is a CSV row with verdict crash, stage and cause" \
  grep -q '^"crash_run",.*,crash,"run","crashed: SIGSEGV in run"' \
  "$tmpdir/crash_run.csv"

# A plugin that leaves a process behind (its own session, holding the
# worker's pipes) and then crashes: the crash is seen at once by the
# worker's pid, not after the watchdog, and the process dies with kbench.
started=$(date +%s.%N)
# Its pid is written from the worker: KBENCH_CONFINE=off lets it.
KBENCH_CONFINE=off KBENCH_TEST_ORPHAN_PID=$tmpdir/orphan.pid \
  between orphan_run 6 "CRASH crashed: SIGSEGV in run$" --case-timeout=20
took=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
assert "a crash that leaves a process holding the pipes is seen at once ($took s of a 20 s case timeout)" \
  awk -v t="$took" 'BEGIN { exit !(t < 5) }'
orphan=$(cat "$tmpdir/orphan.pid" 2>/dev/null)
assert "the process it left behind (${orphan:-no pid written}) did not outlive kbench" \
  sh -c '[ -n "$1" ] && ! kill -0 "$1" 2>/dev/null' _ "$orphan"
[ -n "$orphan" ] && kill -9 "$orphan" 2>/dev/null

check "a plugin that crashes as it loads is a load error; the rest run" 3 \
  "crash_load\.so .*ERROR load: crashed: SIGSEGV in load" \
  "$KBENCH" $fast --param n=1000 --plugin "$H/reduce_cpu.so" \
  --plugin "$P/crash_load.so" --plugin "$H/copy_cpu.so"
assert "... and both good cases verify" \
  test "$(printf '%s\n' "$out" | grep -c ' ok$')" -eq 2

# A plugin's prints never reach kbench's output, so TAP stays TAP.
"$KBENCH" $fast --tap --param n=1000 --plugin "$H/reduce_cpu.so" \
  --plugin "$P/chatty.so" --plugin "$H/copy_cpu.so" > "$tmpdir/chatty.tap" 2>&1
rc=$?
assert "chatty plugin under --tap: exit 0" test "$rc" = 0
assert "chatty plugin under --tap: three test points, all ok, plan 1..3" \
  test "$(grep -c '^ok [123] - ' "$tmpdir/chatty.tap")" = 3 \
  -a "$(grep -c '^\(not \)\?ok' "$tmpdir/chatty.tap")" = 3 \
  -a "$(head -n 1 "$tmpdir/chatty.tap")" = "1..3"
assert "chatty plugin: none of its lines in kbench's output" \
  test "$(grep -c "chatty: \(setup\|run\|verify\|teardown\)" "$tmpdir/chatty.tap")" = 0

# A full disk: the write error is reported, the run goes on, exit 4.
check "--csv on a full disk: error named, exit 4" 4 \
  "cannot write /dev/full: No space left on device" \
  "$KBENCH" $fast --param n=1000 --csv=/dev/full reduce_cpu

sweep="--min-time=0.3 --max-noise=5 --param n=1M,1000001,1000002,1000003,1000004,1000005,1000006,1000007,1000008,1000009 reduce_cpu"

# kill -9 of kbench mid-sweep: the finished cases are in the CSV and
# nothing temporary is left.
mkdir "$tmpdir/k9"
"$KBENCH" $sweep --csv="$tmpdir/k9/r.csv" > /dev/null 2>&1 &
pid=$!
wait_rows "$tmpdir/k9/r.csv" 2
kill -9 $pid
wait $pid 2>/dev/null
rows=$(($(wc -l < "$tmpdir/k9/r.csv") - 1))
assert "kill -9 mid-sweep: the $rows finished cases are in the CSV" \
  test "$rows" -ge 2 -a "$rows" -lt 10
assert "kill -9 mid-sweep: every row is whole and passed" \
  test "$(grep -c ',pass,' "$tmpdir/k9/r.csv")" = "$rows"
assert "kill -9 mid-sweep: no other file left behind" \
  test "$(ls "$tmpdir/k9")" = r.csv

# kill -9 of kbench while its worker spins in a hung case: nothing tells
# the worker but the kernel (it never reads or writes its pipes again).
"$KBENCH" $fast --param n=1000 --case-timeout=100 --csv="$tmpdir/k9h.csv" \
  --plugin "$P/hang_run.so" > /dev/null 2>&1 &
pid=$!
wait_rows "$tmpdir/k9h.csv" 0
sleep 0.5
worker=$(children_of $pid | head -n 1)
kill -9 $pid
wait $pid 2>/dev/null
i=0
while [ -n "$worker" ] && kill -0 "$worker" 2>/dev/null && [ $i -lt 50 ]; do
  sleep 0.1
  i=$((i + 1))
done
assert "kill -9 during a hung case: the worker (${worker:-not found}) died too" \
  sh -c '[ -n "$1" ] && ! kill -0 "$1" 2>/dev/null' _ "$worker"

# SIGTERM (as Ctrl-C's SIGINT): stop after the current case, write what
# finished, exit 128 + 15.
stop_midway "$tmpdir/term.csv" "$tmpdir/term.out" $sweep
assert "SIGTERM: exit status 143 (got $rc)" test "$rc" = 143
assert "SIGTERM: the current case finished too ($finished rows, all passed)" \
  test "$finished" -ge 3 -a "$finished" -lt 10 \
  -a "$(grep -c ',pass,' "$tmpdir/term.csv")" = "$finished"
check "SIGTERM: says it stops after the current case" 0 \
  "stopping after the current case.*stopped after $finished of 10 cases" \
  tr '\n' ' ' < "$tmpdir/term.out"

# A second signal stops at once, even inside a hung case.  It is sent once
# kbench has said it took the first: two signals pending at once are one.
"$KBENCH" $fast --param n=1000 --csv="$tmpdir/twice.csv" \
  --plugin "$P/hang_run.so" > "$tmpdir/twice.out" 2>&1 &
pid=$!
wait_rows "$tmpdir/twice.csv" 0
kill -TERM $pid
i=0
until grep -q "stopping after the current case" "$tmpdir/twice.out" ||
    [ $i -ge 600 ]; do
  sleep 0.1
  i=$((i + 1))
done
kill -TERM $pid
wait $pid
rc=$?
assert "two SIGTERMs stop a hung case at once: exit 143 (got $rc)" \
  test "$rc" = 143
check "... and the case is said to be stopped, not recorded (no CRASH row)" 0 \
  "^kbench: warning: hang_run n=1000: stopped by a second interrupt in [a-z -]+: not recorded" \
  cat "$tmpdir/twice.out"
assert "... the CSV holds no row for it" test "$(wc -l < "$tmpdir/twice.csv")" = 1
done_testing
