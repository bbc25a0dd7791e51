#!/bin/sh
# Three ranks under Open MPI's mpirun (no MPI library in kbench: each rank
# reads OMPI_COMM_WORLD_*), each writing --json=DIR/%h-%r.json, merged by
# kbench fleet.  Skipped where mpirun is not installed (Debian:
# openmpi-bin).  The three run at once on however few cores there are, so
# the host cases' timings mean nothing here: --host-tolerance is set out of
# reach, and this checks the ranks and the merge, not the speed.
. "$top_srcdir/tests/shell/lib.sh"
if ! command -v mpirun >/dev/null 2>&1; then
  echo "1..0 # SKIP mpirun not found (Debian: apt-get install openmpi-bin)"
  exit 0
fi
host=$(uname -n | cut -d. -f1)
# Root needs --allow-run-as-root; 3 ranks on fewer cores, --oversubscribe.
mpi="mpirun --allow-run-as-root --oversubscribe -np 3"
fast="--min-time=0 --max-noise=5 --timeout=2"

check "3 ranks under mpirun: only rank 0 prints its table, all exit 0" 0 \
  "^reduce_cpu +n=64K .* ok" \
  sh -c '$1 "$2" $3 --param n=64K --json="$4/%h-%r.json" reduce_cpu > "$4/out" 2>&1;
         rc=$?; cat "$4/out"; exit $rc' _ "$mpi" "$KBENCH" "$fast" "$tmpdir"
assert "... the table's header once, not three times" \
  test "$(grep -c '^variant ' "$tmpdir/out")" -eq 1
for r in 0 1 2; do
  assert "rank $r wrote $host-$r.json, Open MPI's rank $r of 3 in its context" \
    grep -q "\"launcher\": \"openmpi\", \"rank\": $r, \"local_rank\": $r, \"world_size\": 3" \
    "$tmpdir/$host-$r.json"
done
if [ "$HAVE_JSON_C" = yes ]; then
  check "kbench fleet merges the 3 ranks: 3 hosts, none flagged" 0 \
    "^# 0 of 3 hosts flagged \(no GPU\) \(3 files, 1 case\)" \
    "$KBENCH" fleet --host-tolerance=1e6 "$tmpdir"/"$host"-*.json
else
  tap_n=$((tap_n + 1))
  echo "ok $tap_n # SKIP kbench was built without json-c: no kbench fleet"
fi
done_testing
