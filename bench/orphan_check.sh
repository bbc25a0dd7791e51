#!/bin/sh
# Nothing outlives kbench on a GPU (issue 70): kbench killed by SIGKILL
# while a CUDA case hangs leaves no process behind, and the next kbench
# takes the GPU at once.  From a built tree:
#   sh bench/orphan_check.sh ./kbench tests/plugins/.libs
# (bench/accept.sh may source or run it).  Prints one line,
#   PASS|FAIL orphan check: <figures>
# and exits 0 on PASS, 1 on FAIL.  It runs gpu_hang (a kernel that never
# ends: tests/plugins/gpu_broken.cuh) on device 0 with --case-timeout=600
# and a lock folder of its own; 3 s after its worker has loaded the
# plugin, kills kbench (kill -9), then checks that
#   - within 1 s, no process of the run is left: kbench's descendants
#     just before the kill (the worker, its group guard) and every process
#     that maps gpu_hang.so (under root the worker runs as a uid of its
#     own, which cleared its death signal before the fix);
#   - within 1 s, the device's lock file is free (flock -n);
#   - then a second kbench, reduce_vec4 on the same device and lock folder
#     with --lock-timeout=5, passes without waiting for the lock (no "in
#     use by" warning); its wall time is printed.
kb=${1:?usage: orphan_check.sh KBENCH PLUGIN_DIR}
dir=${2:?usage: orphan_check.sh KBENCH PLUGIN_DIR}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# A worker under a uid of its own must reach its scratch folder here.
chmod 711 "$tmp"
KBENCH_LOCK_DIR=$tmp/locks
export KBENCH_LOCK_DIR
so=$dir/gpu_hang.so

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }
fail() {
  echo "FAIL orphan check: $*"
  exit 1
}

# descendants PID: PID's descendants, one a line.
descendants() {
  ps -e -o pid= -o ppid= | awk -v top="$1" '
    { parent[$1] = $2 }
    END {
      for (p in parent) {
        for (q = parent[p]; q > 1; q = parent[q])
          if (q == top) { print p; break }
      }
    }'
}
# mapping: the processes that map the plugin.
mapping() {
  grep -lF "$so" /proc/[0-9]*/maps 2> /dev/null | sed 's|^/proc/\([0-9]*\)/maps$|\1|'
}
# left: the run's processes (those listed in run, and those mapping the
# plugin) that are processes still, not zombies.
left() {
  for pid in $(printf '%s\n' $run $(mapping) | sort -u); do
    state=$(sed 's/.*) \(.\).*/\1/' "/proc/$pid/stat" 2> /dev/null)
    [ -n "$state" ] && [ "$state" != Z ] && [ "$state" != X ] && echo "$pid"
  done
}
lock_free() {
  for f in "$KBENCH_LOCK_DIR"/*.lock; do
    [ -e "$f" ] && ! flock -n "$f" true && return 1
  done
  return 0
}

[ -f "$so" ] || fail "no $so (built without CUDA?)"
command -v flock > /dev/null 2>&1 || fail "no flock(1) to test the lock with"
"$kb" --case-timeout=600 --min-time=0 --param n=1M --plugin "$so" \
  > "$tmp/hang.txt" 2>&1 &
sup=$!
i=0
until [ -n "$(mapping | grep -vx "$sup")" ]; do
  i=$((i + 1))
  if [ $i -gt 1200 ] || ! kill -0 $sup 2> /dev/null; then
    kill -9 $sup 2> /dev/null
    fail "gpu_hang's worker never loaded it: $(tr '\n' ' ' < "$tmp/hang.txt" | cut -c1-300)"
  fi
  sleep 0.05
done
sleep 3                      # in run, its kernel spinning
run=$({ descendants $sup; mapping; } | grep -vx "$sup" | sort -u)
[ -n "$run" ] || fail "no process of the run found"
locks=$(ls "$KBENCH_LOCK_DIR" 2> /dev/null | grep -c '\.lock$')
held=no
lock_free || held=yes
[ "$held" = yes ] || fail "the hung run held no lock in $KBENCH_LOCK_DIR ($locks files)"
t0=$(now)
kill -9 $sup
wait $sup 2> /dev/null
gone= free=
while :; do
  t=$(since "$t0")
  [ -z "$gone" ] && [ -z "$(left)" ] && gone=$t
  [ -z "$free" ] && lock_free && free=$t
  [ -n "$gone" ] && [ -n "$free" ] && break
  awk -v t="$t" 'BEGIN { exit !(t > 10) }' && break
  sleep 0.02
done
stray=$(left | tr '\n' ' ' | sed 's/ $//')
t1=$(now)
"$kb" reduce_vec4 --lock-timeout=5 --min-time=0 --param n=1M \
  > "$tmp/next.txt" 2>&1
rc=$?
wall=$(since "$t1")
# Only now, so that a run left behind shows in the next kbench's wait.
for pid in $stray; do kill -9 "$pid" 2> /dev/null; done
waited=no
grep -q "in use by" "$tmp/next.txt" && waited=yes
passed=no
grep -Eq "^reduce_vec4 .* ok( |$)" "$tmp/next.txt" && passed=yes
fig="$(echo $run | wc -w) processes of the run ($(echo $run | tr '\n' ' ' | sed 's/ $//')) gone after ${gone:->10} s${stray:+ (left: $stray)}, its lock free after ${free:->10} s; the next kbench reduce_vec4: exit $rc, waited for the lock: $waited, passed: $passed, ${wall} s"
if [ -n "$gone" ] && [ -n "$free" ] \
   && awk -v g="$gone" -v f="$free" 'BEGIN { exit !(g <= 1 && f <= 1) }' \
   && [ "$rc" = 0 ] && [ "$waited" = no ] && [ "$passed" = yes ]; then
  echo "PASS orphan check: $fig"
  exit 0
fi
[ "$rc" = 0 ] && [ "$passed" = yes ] ||
  fig="$fig; its output: $(tr '\n' ' ' < "$tmp/next.txt" | cut -c1-300)"
echo "FAIL orphan check: $fig"
exit 1
