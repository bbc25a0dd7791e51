#!/bin/sh
# Ranks under a real Slurm: a one-node cluster of this test's own
# (slurm_node.sh: munged, slurmctld, slurmd; select/cons_tres,
# task/affinity) and srun -n 2 --cpu-bind=cores, which binds each rank to
# a core of its own as sites do.  kbench reads the ranks from SLURM_*
# (fleet.sh sets those by hand; tests/unit/test_launcher.c parses them);
# here srun sets them.  Host cases (tests/plugins/fleet_sum.c and
# reduce_cpu) on the CPU: the core each rank was bound to, the launcher
# and ranks in each file, the exit status of a job whose rank fails (0
# with a note; the real one with --exit-status) and kbench fleet over the
# files.  Skipped, with the reason, where Slurm is not installed (Debian:
# slurmd slurmctld slurm-client munge), does not start, or finds fewer
# than 2 cores; KBENCH_SLURM=required (.ci/run installs the packages and
# sets it) makes each of those a failure.
. "$top_srcdir/tests/shell/lib.sh"
node_sh="$top_srcdir/tests/shell/slurm_node.sh"
cluster=$tmpdir/cluster
# no_slurm WHY: skip the script for WHY, with the cluster's start-up
# output; under KBENCH_SLURM=required, a failing point instead.
no_slurm() {
  if [ "${KBENCH_SLURM:-}" = required ]; then
    not_ok "a one-node Slurm cluster runs here (KBENCH_SLURM=required): $1"
  else
    echo "1..0 # SKIP $1"
  fi
  [ -s "$tmpdir/start.log" ] && sed 's/^/# /' "$tmpdir/start.log"
  [ "${KBENCH_SLURM:-}" != required ] || done_testing
  exit
}
why=$(sh "$node_sh" why) || no_slurm "$why"
trap 'sh "$node_sh" stop "$cluster"; rm -rf "$tmpdir"' EXIT
trap 'exit 1' HUP INT TERM
sh "$node_sh" start "$cluster" > "$tmpdir/start.log" 2>&1 ||
  no_slurm "Slurm is installed but did not start: $(head -n 1 "$tmpdir/start.log")"
# sinfo's sockets:cores:threads of the node: two ranks bound to cores
# need two cores.
cores=$(sh "$node_sh" run "$cluster" sinfo -h -o %z | awk -F: '{ print $1 * $2 }')
[ "${cores:-0}" -ge 2 ] ||
  no_slurm "the node has ${cores:-no} core: two ranks bound to cores need 2"
ok "a one-node Slurm cluster started, its node idle ($cores cores)"

host=$(uname -n | cut -d. -f1)
fast="--min-time=0 --max-noise=5 --timeout=2"
plugins="--param n=64K --plugin $TEST_PLUGINS/fleet_sum.so --plugin reduce_cpu"
srun="sh $node_sh run $cluster srun -n 2 --cpu-bind=cores"
count() { grep -c '"run_type": "iteration"' "$1"; }
# A rank: writes the CPUs it may run on to DIR/bind-RANK, then becomes
# kbench (exec keeps the binding).  Rank $FAIL_RANK runs with
# KBENCH_TEST_WRONG=1 (fleet_sum then fails its check); the others add
# $MORE to their options.  srun passes the environment on.
cat > "$tmpdir/rank.sh" <<'EOF'
#!/bin/sh
dir=$1
shift
sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status > "$dir/bind-$SLURM_PROCID"
if [ "$SLURM_PROCID" = "${FAIL_RANK:-}" ]; then
  KBENCH_TEST_WRONG=1 exec "$KBENCH" "$@"
fi
exec "$KBENCH" "$@" ${MORE:-}
EOF
chmod +x "$tmpdir/rank.sh"
# job DIR SRUN_OPTION... -- KBENCH_OPTION...: a job of two ranks, writing
# DIR/%h-%r.json; its output in DIR/out, its exit status in rc.
job() {
  dir=$1 opts=
  shift
  mkdir -p "$dir"
  while [ "$1" != -- ]; do opts="$opts $1"; shift; done
  shift
  $srun $opts "$tmpdir/rank.sh" "$dir" $plugins --json="$dir/%h-%r.json" "$@" \
    > "$dir/out" 2>&1
  rc=$?
}
# cpus LIST: how many CPUs a list such as 0-3,8 names.
cpus() {
  echo "$1" | tr ',' '\n' | awk -F- '{ n += NF == 2 ? $2 - $1 + 1 : 1 } END { print n }'
}

job "$tmpdir/ok" -- $fast
check "two healthy ranks under srun --cpu-bind=cores: exit 0, rank 0's table" 0 \
  "^reduce_cpu +n=64K .* ok" sh -c 'cat "$1"; exit $2' _ "$tmpdir/ok/out" "$rc"
assert "... the table's header once, not twice" \
  test "$(grep -c '^variant ' "$tmpdir/ok/out")" -eq 1
for r in 0 1; do
  bind=$(cat "$tmpdir/ok/bind-$r" 2>/dev/null)
  first=${bind%%[,-]*}
  core=$(cat "/sys/devices/system/cpu/cpu$first/topology/thread_siblings_list" 2>/dev/null)
  assert "rank $r was bound to one core: CPUs '$bind', the core's '$core'" \
    test -n "$bind" -a "$bind" = "$core"
  assert "rank $r wrote $host-$r.json: launcher slurm, rank $r of 2" \
    grep -q "\"launcher\": \"slurm\", \"rank\": $r, \"local_rank\": $r, \"world_size\": 2" \
    "$tmpdir/ok/$host-$r.json"
  # kbench's staging threads default to the CPUs it may run on.
  assert "... kbench saw the binding: its jobs are the core's $(cpus "$bind") CPUs" \
    grep -q "\"jobs\": $(cpus "$bind")," "$tmpdir/ok/$host-$r.json"
  assert "... both cases, once each" test "$(count "$tmpdir/ok/$host-$r.json")" = 2
done
assert "the two ranks ran on different cores ('$(cat "$tmpdir/ok/bind-0")', '$(cat "$tmpdir/ok/bind-1")')" \
  test "$(cat "$tmpdir/ok/bind-0")" != "$(cat "$tmpdir/ok/bind-1")"

# Rank 1's first case fails; rank 0 measures for about 3 s (8 runs of
# 0.4 s), well past rank 1's end.  srun -K (KillOnBadExit, set at many
# sites) ends every rank when one exits non-zero: by default rank 1 exits
# 0 and says why, and rank 0 finishes.
export FAIL_RANK=1 MORE="--min-time=0.4 --repetitions=4"
job "$tmpdir/bad" -K1 --
check "rank 1's case fails under srun -K1: srun exits 0 all the same" 0 \
  "kbench: rank 1: exit status 1, returned as 0 under slurm" \
  sh -c 'cat "$1"; exit $2' _ "$tmpdir/bad/out" "$rc"
assert "... rank 0's file is complete: 2 cases x 4 repetitions" \
  test "$(count "$tmpdir/bad/$host-0.json")" = 8
assert "... rank 1's file holds both its cases" \
  test "$(count "$tmpdir/bad/$host-1.json")" = 2
# What the default prevents: with --exit-status rank 1 exits 1, -K1 ends
# rank 0 part way (kbench stops on SIGTERM with 143), and srun returns
# the highest of the two.
job "$tmpdir/abort" -K1 -- --exit-status
check "--exit-status: rank 1 exits 1, srun ends rank 0 and fails" 143 \
  "task 1: Exited with exit code 1" sh -c 'cat "$1"; exit $2' _ "$tmpdir/abort/out" "$rc"
assert "... and rank 0 lost results: its file has fewer than 8 entries" \
  test "$(count "$tmpdir/abort/$host-0.json" 2>/dev/null || echo 0)" -lt 8
unset FAIL_RANK MORE

if [ "$HAVE_JSON_C" = yes ]; then
  # The ranks run at once on a loaded machine: the host tolerance is wide,
  # this test is not about timings.
  check "kbench fleet, the two healthy ranks: 0 flagged, exit 0" 0 \
    "^# 0 of 2 hosts flagged \(no GPU\) \(2 files, 2 cases\)" \
    "$KBENCH" fleet --host-tolerance=1e6 "$tmpdir"/ok/*.json
  for r in 0 1; do
    check "... rank $r by name, $host r$r, ok" 0 \
      "^$host r$r host .* ok$" "$KBENCH" fleet --host-tolerance=1e6 "$tmpdir"/ok/*.json
  done
  check_failed_rank "$tmpdir/bad"
else
  skip "kbench fleet over the ranks' files" "kbench was built without json-c"
fi
done_testing
