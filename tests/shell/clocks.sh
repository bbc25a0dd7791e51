#!/bin/sh
# --lock-clocks through whole runs, against NVML's stand-in
# (tests/plugins/fake_nvml.c, loaded through KBENCH_NVML_LIBRARY), which
# writes each lock and reset into a log with the pid that made it: the
# worker locks before the device's first use, and the clock keeper
# (runner/worker/clock_lock.h) restores them on every exit: a normal end,
# a case that crashes its worker, a worker the watchdog kills, SIGINT and
# SIGTERM of the supervisor, and the supervisor killed outright.  Without
# permission it says so once and runs unlocked, or fails the CUDA cases
# under --strict.  Without a GPU the worker finds the device by the name
# KBENCH_TEST_LOCK_UUID gives it, as lock.sh does.
. "$top_srcdir/tests/shell/lib.sh"

check "--help shows --lock-clocks" 0 "^ +--lock-clocks\[=base\|max\|MHZ\]" \
  "$KBENCH" --help
check "--lock-clocks=fast: usage error 2" 2 \
  "invalid --lock-clocks 'fast': expected base, max or a clock in MHz" \
  "$KBENCH" --lock-clocks=fast --list

G=$TEST_PLUGINS/gpu_ok.so
G2=$TEST_PLUGINS/gpu_sync.so
FAKE=$TEST_PLUGINS/fake_nvml.so
H=$top_builddir/plugins/host/.libs/reduce_cpu.so
if [ "$HAVE_CUDA" != yes ] || [ ! -f "$G" ] || [ ! -f "$FAKE" ]; then
  skip "--lock-clocks through whole runs" \
    "built without CUDA: no CUDA case locks clocks"
  done_testing
  exit
fi
# A lock folder of this script's own: the real GPU's lock held meanwhile.
gpu_exclusive
KBENCH_LOCK_DIR=$tmpdir/locks
KBENCH_TEST_LOCK_UUID=GPU-clocks-sh
KBENCH_NVML_LIBRARY=$FAKE
export KBENCH_LOCK_DIR KBENCH_TEST_LOCK_UUID KBENCH_NVML_LIBRARY
quick="--min-samples=3 --max-samples=5 --min-time=0 --warmup=0 --param n=512"
log=$tmpdir/nvml.log
FAKE_NVML_LOG=$log
# The stand-in writes its log from the worker too, whose writes are
# otherwise kept to its scratch directory, under an identity of its own.
KBENCH_CONFINE=off
KBENCH_WORKER_UID=off
export FAKE_NVML_LOG KBENCH_CONFINE KBENCH_WORKER_UID

# The device by the name the worker gives it: its PCI bus id on a GPU,
# the test's name without one.
dev='[^ ]+'

# locks_then_reset LOG: every lock of the SM clock comes before the one
# reset, and the reset is the keeper's: a pid that locked nothing.
locks_then_reset() {
  awk '$2 == "lock_sm" { locks++; lockers[$1] = 1; if (reset) late = 1 }
       $2 == "reset_sm" { reset++; resetter = $1 }
       END { exit !(locks >= 1 && reset == 1 && !late && !(resetter in lockers)) }' "$1"
}

# 1. A normal end: the worker locks at the base clock, then the keeper
# restores, once the run is over.
: > "$log"
check "a run with --lock-clocks ends as usual" "0|5" "^gpu_ok .* (ok|SKIP)" \
  "$KBENCH" --lock-clocks $quick --plugin "$G" --plugin "$H"
assert "the SM clock was locked at the base clock (NVML's TDP limit), min = max" \
  grep -Eq "^[0-9]+ lock_sm $dev 4294967041 4294967041$" "$log"
assert "...the memory clock at its highest" \
  grep -Eq "^[0-9]+ lock_mem $dev 2619 2619$" "$log"
assert "...and the memory clock's lock reset too" \
  grep -Eq "^[0-9]+ reset_mem $dev$" "$log"
assert "...each lock before the one reset, which no locker made" locks_then_reset "$log"
keeper=$(awk '$2 == "reset_sm" { print $1 }' "$log")
assert "...and the keeper has exited when kbench returns" \
  sh -c '! kill -0 "$1" 2>/dev/null' _ "${keeper:-0}"

: > "$log"
check "--lock-clocks=1410: locked at 1410 MHz" "0|5" "" \
  "$KBENCH" --lock-clocks=1410 $quick --plugin "$G"
assert "...min and max at 1410" grep -Eq "^[0-9]+ lock_sm $dev 1410 1410$" "$log"
: > "$log"
check "--lock-clocks=max: at the SM clock's maximum" "0|5" "" \
  "$KBENCH" --lock-clocks=max $quick --plugin "$G"
assert "...1980 MHz, as NVML's maximum says" \
  grep -Eq "^[0-9]+ lock_sm $dev 1980 1980$" "$log"

: > "$log"
check "without --lock-clocks nothing is locked" "0|5" "" \
  "$KBENCH" $quick --plugin "$G" --plugin "$H"
assert "...and nothing reset" test ! -s "$log"

# kbench tune takes it as a run does: locked for the search, restored.
: > "$log"
check "kbench tune --lock-clocks: the search runs" "0|1|5" "" \
  "$KBENCH" tune --lock-clocks --min-samples=3 --min-time=0 --param n=4K \
  --plugin "$TEST_PLUGINS/gpu_tune_trap.so"
assert "...locked, then restored by the keeper" locks_then_reset "$log"

# 2. A case that crashes its worker: the clocks stay locked for the cases
# after it (the next worker locks again), and are restored at the end.
: > "$log"
check "a crashed case: CRASH, the run goes on" 6 "^crash_run .* CRASH" \
  "$KBENCH" --lock-clocks $quick --plugin "$G" \
  --plugin "$TEST_PLUGINS/crash_run.so" --plugin "$G2"
assert "...two workers locked (before and after the crash)" \
  test "$(awk '$2 == "lock_sm" { print $1 }' "$log" | sort -u | wc -l)" = 2
assert "...and the keeper reset once, after both" locks_then_reset "$log"

# 3. A worker the watchdog kills.
: > "$log"
check "a hung case: the watchdog kills its worker" 6 \
  "^hang_run .* CRASH .*timed out" \
  "$KBENCH" --lock-clocks $quick --case-timeout=1 --plugin "$G" \
  --plugin "$TEST_PLUGINS/hang_run.so"
assert "...the clocks restored after it" locks_then_reset "$log"

# 4. The supervisor interrupted, and killed outright.  A host case samples
# for 20 s after a CUDA case locked.
long="--min-time=20 --timeout=20 --max-noise=0 --max-samples=100000000"
wait_for() {
  i=0
  until grep -Eqs "$1" "$log" || [ $i -ge 200 ]; do
    sleep 0.05
    i=$((i + 1))
  done
}
# A run in the background, its pid in pid, once a worker locked.
start_locked() {
  : > "$log"
  "$KBENCH" --lock-clocks $quick $long --plugin "$G" --plugin "$H" \
    > "$tmpdir/$1.txt" 2>&1 &
  pid=$!
  wait_for " lock_sm "
  sleep 0.3
}
for sig in INT:2 TERM:15; do
  number=${sig#*:} sig=${sig%:*}
  start_locked "sig"
  kill -$sig $pid
  sleep 0.3                # two at once would be one pending signal
  kill -$sig $pid          # the second stops the current case at once
  wait $pid
  rc=$?
  want=$((128 + number))
  assert "SIG$sig to the supervisor: it stops, exit $want ($rc)" test "$rc" = "$want"
  assert "...and the clocks were restored before it returned" locks_then_reset "$log"
done

start_locked "kill"
kill -KILL $pid
wait $pid 2>/dev/null
wait_for " reset_sm "
assert "SIGKILL of the supervisor: the keeper still restores the clocks" \
  locks_then_reset "$log"

# 5. No permission: said once, the run goes on unlocked; --strict fails
# the device's CUDA cases instead.
: > "$log"
FAKE_NVML_DENY=1
export FAKE_NVML_DENY
check "no permission: a warning, once, and the run goes on" 6 \
  "kbench: warning: device 0: --lock-clocks: not locked: nvmlDeviceSetGpuLockedClocks: no permission \(it needs root\); measuring with the clocks unlocked" \
  "$KBENCH" --lock-clocks $quick --plugin "$G" \
  --plugin "$TEST_PLUGINS/crash_run.so" --plugin "$G2" --plugin "$H"
assert "...said once, though two workers tried" \
  sh -c 'test "$(printf "%s\n" "$1" | grep -c "warning:.*no permission")" = 1' _ "$out"
assert "...and the keeper says nothing of the clocks it could not reset" \
  sh -c '! printf "%s\n" "$1" | grep -q "cannot restore"' _ "$out"
check "no permission under --strict: the CUDA cases fail with it, exit 4" 4 \
  "^gpu_ok .* ERROR lock: --lock-clocks: not locked: nvmlDeviceSetGpuLockedClocks: no permission \(it needs root\) \(--strict\)" \
  "$KBENCH" --lock-clocks --strict $quick --plugin "$G" --plugin "$H"
assert "...while the host case still ran" \
  sh -c 'printf "%s\n" "$1" | grep -Eq "^reduce_cpu .* ok"' _ "$out"
unset FAKE_NVML_DENY
assert "nothing was locked without permission" \
  sh -c '! grep -q " lock_" "$1"' _ "$log"
done_testing
