#!/bin/sh
# One kbench per GPU (runner/worker/device_lock.h), through whole runs:
# the options, then a first kbench holding device 1 while others come:
# one gives up after --lock-timeout with the holder named, the supervisor's
# watchdog does not kill a worker that waits, --no-lock does not wait,
# --devices locks each device apart, and by default the second waits and
# then runs.  Without a GPU the worker locks the UUID that
# KBENCH_TEST_LOCK_UUID names (one per ordinal); on a GPU its own.  The
# locks live in a directory of this test's own.
. "$top_srcdir/tests/shell/lib.sh"
# The test plugins' workers take the locks in this test's private folder,
# which the identity a third-party worker takes under root cannot reach.
KBENCH_WORKER_UID=off
export KBENCH_WORKER_UID

check "--help shows --lock-timeout" 0 "^ +--lock-timeout=SEC +wait at most" \
  "$KBENCH" --help
check "--help shows --no-lock" 0 "^ +--no-lock +measure even while" \
  "$KBENCH" --help
check "--lock-timeout=-1: usage error 2" 2 \
  "invalid --lock-timeout '-1': expected a number of seconds" \
  "$KBENCH" --lock-timeout=-1 --list
check "--lock-timeout=soon: usage error 2" 2 "invalid --lock-timeout 'soon'" \
  "$KBENCH" --lock-timeout=soon --list
check "--lock-timeout without a value: usage error 2" 2 \
  "option '--lock-timeout' needs a value" "$KBENCH" --list --lock-timeout
check "--no-lock takes no value: usage error 2" 2 \
  "unknown option '--no-lock=1'" "$KBENCH" --no-lock=1 --list

G=$TEST_PLUGINS/gpu_ok.so
H=$top_builddir/plugins/host/.libs
if [ "$HAVE_CUDA" != yes ] || [ ! -f "$G" ]; then
  skip "two kbench on one device" "built without CUDA: no CUDA case to lock for"
  done_testing
  exit
fi
# A lock folder of this script's own: the real GPU's lock held meanwhile.
gpu_exclusive
KBENCH_LOCK_DIR=$tmpdir/locks
KBENCH_TEST_LOCK_UUID=GPU-lock-sh
export KBENCH_LOCK_DIR KBENCH_TEST_LOCK_UUID
quick="--min-samples=3 --max-samples=5 --min-time=0 --warmup=0 --param n=4096"

# The holder: a CUDA case on device 1 takes the lock, then a host case
# samples for 15 s.  The two run in two workers (gpu_ok is a test plugin,
# reduce_cpu the catalogue's: two trust domains), so the lock is held that
# long only if the supervisor hands it from the first to the second.
"$KBENCH" --device=1 --param n=1M --min-time=15 --timeout=15 --max-noise=0 \
  --json="$tmpdir/holder.json" --plugin "$G" --plugin "$H/reduce_cpu.so" \
  > "$tmpdir/holder.txt" 2>&1 &
holder=$!
trap 'kill $holder 2>/dev/null; rm -rf "$tmpdir"' EXIT
i=0
until grep -qs "^owner $holder$" "$KBENCH_LOCK_DIR"/*.lock || [ $i -ge 100 ]; do
  sleep 0.1
  i=$((i + 1))
done
assert "the holder's record names its kbench" \
  grep -qs "^owner $holder$" "$KBENCH_LOCK_DIR"/*.lock
check "--lock-timeout=1: the case is an ERROR naming the holder, exit 4" 4 \
  "^gpu_ok .* ERROR lock: [A-Za-z0-9-]+ is in use by kbench pid $holder \(user [^,]*, since [0-9-]+ [0-9:]+, [0-9]+ s ago\): .*--min-time=15.*; gave up waiting after 1 s \(--lock-timeout\)$" \
  "$KBENCH" --device=1 $quick --lock-timeout=1 --plugin "$G"
"$KBENCH" --device=1 $quick --lock-timeout=1 --plugin "$G" --tap \
  > "$tmpdir/tap.txt" 2> "$tmpdir/err.txt"
assert "the wait is said once, on stderr, with the holder" \
  test "$(grep -c "^kbench: warning: device 1 is in use by kbench pid $holder (user .*): .*; waiting for it (at most 1 s: --lock-timeout; --no-lock shares the GPU)$" "$tmpdir/err.txt")" = 1
check "TAP: the case fails with the lock's message" 0 \
  "^not ok 1 - gpu_ok n=4K" cat "$tmpdir/tap.txt"
check "--case-timeout=1 does not kill a worker waiting 2 s for the lock" 4 \
  "ERROR lock: .*gave up waiting after 2 s" \
  "$KBENCH" --device=1 $quick --lock-timeout=2 --case-timeout=1 --plugin "$G"
started=$(date +%s.%N)
check "--no-lock: runs at once beside the holder" "0|5" "^gpu_ok .* (ok|SKIP|DISTURBED)" \
  "$KBENCH" --device=1 $quick --no-lock --lock-timeout=5 --quiet-wait=0 --plugin "$G"
took=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
assert "--no-lock did not wait ($took s)" awk -v t="$took" 'BEGIN { exit !(t < 3) }'
check "--devices=0,1: device 0 is free, device 1 is held" 4 \
  "ERROR lock" "$KBENCH" --devices=0,1 $quick --lock-timeout=1 --plugin "$G"
printf '%s\n' "$out" | grep -Eq "^gpu_ok .* (ok|SKIP)( |$)" ||
  printf '%s\n' "$out" | sed 's/^/#   /'
assert "... and device 0's case did not wait for it" sh -c \
  'printf "%s\n" "$1" | grep -Eq "^gpu_ok .* (ok|SKIP)( |$)"' _ "$out"
check "kbench tune takes the lock as a run does: each configuration an ERROR naming the holder, exit 4" 4 \
  "failed: n=4K: ERROR lock: .*is in use by kbench pid $holder" \
  "$KBENCH" tune --device=1 --min-samples=3 --min-time=0 --param n=4K,8K --lock-timeout=1 --plugin "$G"
assert "...the wait said once, by kbench tune" sh -c \
  'test "$(printf "%s\n" "$1" | grep -c "^kbench tune: warning: device 1 is in use by kbench pid $2 ")" = 1' \
  _ "$out" "$holder"
# (Exit 4 where GPU 1 is real: the holder's context on it disturbs.)
check "kbench tune --no-lock: runs at once beside the holder" "0|4|5" \
  "2 evaluations in [0-9]\.[0-9] s" \
  "$KBENCH" tune --device=1 --min-samples=3 --min-time=0 --param n=4K,8K \
  --no-lock --lock-timeout=5 --quiet-wait=0 --plugin "$G"
assert "the holder is still running, for the last check" kill -0 $holder
check "the default limit (600 s): waits for the holder to finish, then runs" "0|5" \
  "^gpu_ok .* (ok|SKIP)" "$KBENCH" --device=1 $quick --plugin "$G"
assert "... after the holder ended" sh -c '! kill -0 $1 2>/dev/null' _ $holder
wait $holder
check "the holder itself ran as usual" 0 "^reduce_cpu .* ok$" \
  cat "$tmpdir/holder.txt"
assert "... in two workers, the lock handed from one to the next" \
  python3 -c 'import json, sys
w = [e["worker"] for e in json.load(open(sys.argv[1]))["benchmarks"]]
assert len(w) == 2 and w[0] != w[1], w' "$tmpdir/holder.json"
done_testing
