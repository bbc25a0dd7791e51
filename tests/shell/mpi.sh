#!/bin/sh
# Ranks under Open MPI's real mpirun (no MPI library in kbench: each rank
# reads OMPI_COMM_WORLD_*), each writing --json=DIR/%h-%r.json, judged by
# kbench fleet: healthy ranks, one rank made slow (tests/plugins/
# fleet_sum.c, KBENCH_TEST_SLOWDOWN), one whose case fails
# (KBENCH_TEST_WRONG) while another still runs.  Skipped where mpirun is
# not installed (Debian: openmpi-bin; .ci/run installs it).  The ranks
# run at once on however few cores there are, so the host cases' timings
# are only good for a large slowdown: --host-tolerance=400 here, a rank
# 50 times slower beyond it.
. "$top_srcdir/tests/shell/lib.sh"
if ! command -v mpirun >/dev/null 2>&1; then
  echo "1..0 # SKIP mpirun not found (Debian: apt-get install openmpi-bin)"
  exit 0
fi
host=$(uname -n | cut -d. -f1)
# Root needs --allow-run-as-root; more ranks than cores, --oversubscribe.
mpi="mpirun --allow-run-as-root --oversubscribe"
fast="--min-time=0 --max-noise=5 --timeout=2"
plugins="--param n=64K --plugin $TEST_PLUGINS/fleet_sum.so --plugin reduce_cpu"
# count FILE: the entries of a results file.
count() { grep -c '"run_type": "iteration"' "$1"; }

check "3 ranks under mpirun: only rank 0 prints its table, all exit 0" 0 \
  "^reduce_cpu +n=64K .* ok" \
  sh -c '$1 -np 3 "$2" $3 --param n=64K --json="$4/%h-%r.json" reduce_cpu > "$4/out" 2>&1;
         rc=$?; cat "$4/out"; exit $rc' _ "$mpi" "$KBENCH" "$fast" "$tmpdir"
assert "... the table's header once, not three times" \
  test "$(grep -c '^variant ' "$tmpdir/out")" -eq 1
for r in 0 1 2; do
  assert "rank $r wrote $host-$r.json, Open MPI's rank $r of 3 in its context" \
    grep -q "\"launcher\": \"openmpi\", \"rank\": $r, \"local_rank\": $r, \"world_size\": 3" \
    "$tmpdir/$host-$r.json"
done

# Two healthy ranks, then rank 1 slow, then rank 1 failing: each job in a
# folder of its own.  Open MPI's MPMD form (A : B) gives rank 1 its own
# environment.
mkdir -p "$tmpdir/ok" "$tmpdir/slow" "$tmpdir/bad" "$tmpdir/abort"
$mpi -np 2 "$KBENCH" $plugins $fast --json="$tmpdir/ok/%h-%r.json" > /dev/null 2>&1
ok_rc=$?
$mpi -np 1 "$KBENCH" $plugins $fast --json="$tmpdir/slow/%h-%r.json" : \
  -np 1 -x KBENCH_TEST_SLOWDOWN=50 "$KBENCH" $plugins $fast \
  --json="$tmpdir/slow/%h-%r.json" > /dev/null 2>&1
slow_rc=$?
# Rank 0 measures for about 3 s (8 runs of 0.4 s); rank 1 fails its first
# case at once and ends in well under 1 s.  mpirun ends every rank when
# one exits non-zero: by default rank 1 exits 0 and says why.
job() {  # job DIR [OPTION]
  $mpi -np 1 "$KBENCH" $plugins --min-time=0.4 --repetitions=4 ${2:-} \
    --json="$1/%h-%r.json" : \
    -np 1 -x KBENCH_TEST_WRONG=1 "$KBENCH" $plugins ${2:-} \
    --json="$1/%h-%r.json" > "$1/out" 2>&1
}
job "$tmpdir/bad"
bad_rc=$?
assert "two ranks under mpirun: exit 0" test "$ok_rc" = 0
assert "a slow rank: mpirun exits 0" test "$slow_rc" = 0
assert "a rank whose case fails: mpirun exits 0 all the same" test "$bad_rc" = 0
check "... rank 1 said why on stderr" 0 \
  "kbench: rank 1: exit status 1, returned as 0 under openmpi" cat "$tmpdir/bad/out"
assert "... rank 0's file is complete: 2 cases x 4 repetitions" \
  test "$(count "$tmpdir/bad/$host-0.json")" = 8
assert "... rank 1's file holds both its cases" \
  test "$(count "$tmpdir/bad/$host-1.json")" = 2
# What the default prevents: with --exit-status rank 1 exits 1, and
# mpirun ends rank 0 part way.
job "$tmpdir/abort" --exit-status
abort_rc=$?
assert "--exit-status: mpirun exits non-zero ($abort_rc)" test "$abort_rc" != 0
assert "... and rank 0 lost results: its file has fewer than 8 entries" \
  test "$(count "$tmpdir/abort/$host-0.json" 2>/dev/null || echo 0)" -lt 8

if [ "$HAVE_JSON_C" = yes ]; then
  check "kbench fleet merges the 3 ranks: 3 hosts, none flagged" 0 \
    "^# 0 of 3 hosts flagged \(no GPU\) \(3 files, 1 case\)" \
    "$KBENCH" fleet --host-tolerance=1e6 "$tmpdir"/"$host"-*.json
  check "fleet, two healthy ranks: 0 flagged, exit 0" 0 \
    "^# 0 of 2 hosts flagged \(no GPU\) \(2 files, 2 cases\)" \
    "$KBENCH" fleet --host-tolerance=400 "$tmpdir"/ok/*.json
  check "fleet, rank 1 slow: flagged alone, exit 1" 1 \
    "^# 1 of 2 hosts flagged" \
    "$KBENCH" fleet --host-tolerance=400 "$tmpdir"/slow/*.json
  check "... rank 1: 1 slow, fleet_sum" 1 \
    "^$host r1 host .* 1 +0 +0 +0 +0 +[0-9.]+ +fleet_sum/n:64K +FLAGGED \(1 slow\)$" \
    "$KBENCH" fleet --host-tolerance=400 "$tmpdir"/slow/*.json
  check "... rank 0 ok" 1 "^$host r0 host .* ok$" \
    "$KBENCH" fleet --host-tolerance=400 "$tmpdir"/slow/*.json
  check_failed_rank "$tmpdir/bad"
else
  tap_n=$((tap_n + 1))
  echo "ok $tap_n # SKIP kbench was built without json-c: no kbench fleet"
fi
done_testing
