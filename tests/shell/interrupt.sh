#!/bin/sh
# A run stopped from outside keeps what finished, and says it was stopped.
# Three cases of tests/plugins/nap.c, the third made to sleep 6 s a run
# (KBENCH_TEST_SLOWDOWN=2000@3000), so that each signal below lands while
# it runs, whatever the load:
# - Ctrl-C twice (SIGINT, then SIGINT again once kbench said it stops):
#   the case cut short is not a crash; it is left out, the results file
#   says the run was interrupted, and compare, fleet and history call the
#   case missing (issue 42: it was recorded as CRASH, and kbench compare
#   against a full run failed CI with 'CRASH in new');
# - SIGABRT of kbench itself (a crash of the supervisor, issue 41): the
#   --json and --csv files hold the finished cases, whole, and kbench
#   compare reads them.
. "$top_srcdir/tests/shell/lib.sh"
nap="--min-time=0 --param us=1000,2000,3000 --plugin $TEST_PLUGINS/nap.so"
host=$(uname -n | cut -d. -f1)
mkdir "$tmpdir/full" "$tmpdir/cut"
# The whole run, rank 0 of a simulated job of two (for kbench fleet).
env SLURM_PROCID=0 SLURM_LOCALID=0 SLURM_NTASKS=2 "$KBENCH" $nap \
  --json="$tmpdir/full/%h-%r.json" > /dev/null 2>&1
full=$tmpdir/full/$host-0.json

# wait_for FILE PATTERN: until FILE has a line matching PATTERN (60 s at
# most).
wait_for() {
  i=0
  until grep -q -- "$2" "$1" 2>/dev/null || [ $i -ge 600 ]; do
    sleep 0.1
    i=$((i + 1))
  done
}
# slow_run DIR OPTION...: kbench in the background, as rank 1, writing
# DIR/r1.csv and DIR/HOST-1.json, its output in DIR/out; returns once the
# first two cases are in both files and the third is running.
slow_run() {
  dir=$1
  shift
  (ulimit -c 0 2> /dev/null   # no core file from the SIGABRT below
   exec env SLURM_PROCID=1 SLURM_LOCALID=1 SLURM_NTASKS=2 \
     KBENCH_TEST_SLOWDOWN=2000@3000 "$KBENCH" $nap --all-ranks \
     --csv="$dir/r%r.csv" --json="$dir/%h-%r.json" "$@" > "$dir/out" 2>&1) &
  pid=$!
  wait_rows "$dir/r1.csv" 2
  i=0
  until [ $i -ge 600 ] || python3 -c 'import json, sys
sys.exit(len(json.load(open(sys.argv[1]))["benchmarks"]) != 2)' \
      "$dir/$host-1.json" 2>/dev/null; do
    sleep 0.1
    i=$((i + 1))
  done
}

# --- Ctrl-C twice ------------------------------------------------------------
slow_run "$tmpdir/cut"
kill -INT $pid
wait_for "$tmpdir/cut/out" "stopping after the current case"
kill -INT $pid
wait $pid
rc=$?
cut=$tmpdir/cut/$host-1.json
assert "Ctrl-C twice: exit 130 (got $rc)" test "$rc" = 130
check "... the case cut short is said, and not recorded" 0 \
  "^kbench: warning: nap us=3000: stopped by a second interrupt in [a-z -]+: not recorded$" \
  cat "$tmpdir/cut/out"
assert "... not reported as a crash" sh -c '! grep -q CRASH "$1"' _ "$tmpdir/cut/out"
assert "... the JSON holds the 2 finished cases, none a crash, and says SIGINT" \
  validate "$cut" 'len(b) == 2' 'all(e["verdict"] == "pass" for e in b)' \
  'c["kbench"]["interrupted"] == "SIGINT"'
assert "... the CSV holds the same 2 rows" \
  test "$(($(wc -l < "$tmpdir/cut/r1.csv") - 1))" = 2 -a \
  "$(grep -c ',pass,' "$tmpdir/cut/r1.csv")" = 2
assert "a whole run says it was not interrupted" \
  validate "$full" 'len(b) == 3' 'c["kbench"]["interrupted"] is None'

if [ "$HAVE_JSON_C" = yes ]; then
  check "compare with the whole run: exit 1, the case missing in new" 1 \
    "^nap/us:3000 .* MISSING in new  new was interrupted by SIGINT first$" \
    "$KBENCH" compare "$full" "$cut"
  check "... the header says new was interrupted" 1 \
    "^# new: .*: INTERRUPTED by SIGINT before its end: the cases it lacks are missing, not failed$" \
    "$KBENCH" compare "$full" "$cut"
  check "... and the summary counts it a regression, missing" 1 \
    "^# 3 cases: 1 regression \(0 slower, 0 failed in new, 1 missing in new \(interrupted\)\), .*" \
    "$KBENCH" compare "$full" "$cut"
  check "... --allow-missing: missing, no regression" 0 \
    "^# 3 cases: 0 regressions .*, 1 missing in new \(interrupted\)$" \
    "$KBENCH" compare --allow-missing "$full" "$cut"
  check "... the other way round, missing in base" 0 \
    "^nap/us:3000 .* missing in base  base was interrupted by SIGINT first$" \
    "$KBENCH" compare "$cut" "$full"
  assert "... and its JSON report says which run was interrupted" \
    sh -c '"$1" compare --format=json "$2" "$3" | python3 -c "import json, sys
d = json.load(sys.stdin)
assert d[\"new\"][\"interrupted\"] == \"SIGINT\" and d[\"base\"][\"interrupted\"] is None, d"' \
    _ "$KBENCH" "$full" "$cut"
  cp "$full" "$tmpdir/cut/"
  check "fleet: the interrupted rank's case missing, said so" 1 \
    "^$host r1 host .* FLAGGED \(1 missing\) \(its run was interrupted\)$" \
    "$KBENCH" fleet "$tmpdir"/cut/*.json
  check "... a note says its run was interrupted" 1 \
    "^# note: $host r1 host: its run was interrupted by SIGINT before its end: the cases it lacks are missing, not failed$" \
    "$KBENCH" fleet "$tmpdir"/cut/*.json
  check "... and --verbose names the case" 1 \
    "^# flagged: $host r1 host: nap/us:3000: missing from its files: its run was interrupted by SIGINT first$" \
    "$KBENCH" fleet --verbose "$tmpdir"/cut/*.json
  check "... none failed" 1 "^$host r1 host +host +host +2 +0 +0 +0 +1 " \
    "$KBENCH" fleet "$tmpdir"/cut/*.json
else
  skip "compare and fleet of an interrupted run" "built without json-c"
fi
if "$KBENCH" history --help > /dev/null 2>&1; then
  check "history: the interrupted run named, its case missing, exit 0" 0 \
    "^# note: $host-1 was interrupted by SIGINT before its end: the cases it lacks are missing from it, not failed$" \
    "$KBENCH" history --order=given "$full" "$full" "$cut"
else
  skip "history of an interrupted run" "kbench history cannot run here"
fi

# --- a crash of kbench itself -----------------------------------------------
mkdir "$tmpdir/abort"
slow_run "$tmpdir/abort"
kill -ABRT $pid
wait $pid
rc=$?
aborted=$tmpdir/abort/$host-1.json
assert "SIGABRT of kbench mid-run: it died of it (status $rc)" test "$rc" = 134
assert "... the JSON is whole and holds the 2 finished cases, passed" \
  validate "$aborted" 'len(b) == 2' 'all(e["verdict"] == "pass" for e in b)' \
  'all(len(e["samples_s"]) >= 10 for e in b)'
assert "... the CSV holds their 2 rows, whole" \
  test "$(($(wc -l < "$tmpdir/abort/r1.csv") - 1))" = 2 -a \
  "$(grep -c ',pass,' "$tmpdir/abort/r1.csv")" = 2 -a \
  "$(tail -c 1 "$tmpdir/abort/r1.csv" | od -An -c | tr -d ' ')" = '\n'
if [ "$HAVE_JSON_C" = yes ]; then
  check "... kbench compare reads it: the 2 cases there (not judged: one sample each), the third missing, a regression" 1 \
    "^# 3 cases: 1 regression \(0 slower, 0 failed in new, 1 missing in new\), 0 faster, 0 same, 2 not judged \(too few samples\)$" \
    "$KBENCH" compare "$full" "$aborted"
fi
assert "... no temporary file left beside them" \
  test "$(ls -A "$tmpdir/abort" | wc -l)" = 3
done_testing
