#!/bin/sh
# The CPU side of a run's conditions (runner/util/host_facts.h): the CPUs
# kbench may use (its affinity) and the host's load as it starts, in the
# header of the table, TAP and markdown when bound to one CPU, and always
# in the JSON context.  Under taskset -c 0, as a launcher binding each
# rank to one core leaves it, and with the load a busy host has.
. "$top_srcdir/tests/shell/lib.sh"
export KBENCH_PLUGIN_PATH="$top_builddir/plugins/host/.libs"
quick="--min-time=0 --min-samples=3 --max-samples=5 --param n=1024 reduce_cpu"
if ! command -v taskset >/dev/null 2>&1 || ! taskset -c 0 true 2>/dev/null; then
  skip "a run bound to one CPU" "no taskset here"
  done_testing
  exit
fi
online=$(getconf _NPROCESSORS_ONLN)
bound="bound to 1 of $online CPUs?"

check "bound to CPU 0: the table's header says so, first" 0 \
  "^# host: $bound(; a busy host \(load [0-9.]+ on $online CPUs?\))?: the host's side of the samples \(launches, the stream check's waits\) may be starved$" \
  taskset -c 0 "$KBENCH" $quick
assert "...on the first line, above the columns" sh -c \
  'printf "%s\n" "$1" | head -n 1 | grep -q "^# host: "' _ "$out"
check "...TAP: a comment after the plan" 0 "^1\.\.1/# host: $bound" \
  sh -c 'taskset -c 0 "$1" --tap $2 | head -n 2 | paste -sd/' _ "$KBENCH" "$quick"
check "...markdown: under the command line" 0 "^\*\*Host:\*\* $bound" \
  taskset -c 0 "$KBENCH" --format=md $quick
taskset -c 0 "$KBENCH" --json="$tmpdir/one.json" $quick > /dev/null 2>&1
assert "...JSON context: 1 usable CPU of $online, the load, the note" \
  validate "$tmpdir/one.json" \
  "c['kbench']['host']['usable_cpus'] == 1" \
  "c['kbench']['host']['online_cpus'] == $online" \
  "c['kbench']['host']['note'].startswith('bound to 1 of $online CPU')"

# A busy host: the load the test gives it (make check reads none, so that
# no other test depends on how busy the machine is).
printf '%s\n' "$((online * 3)).50 1.00 1.00 3/500 4242" > "$tmpdir/loadavg"
check "a host busy with 3 tasks a CPU: the header says so" 0 \
  "^# host: a busy host \(load $((online * 3))\.5 on $online CPUs?\): the host's side" \
  env KBENCH_TEST_LOADAVG="$tmpdir/loadavg" "$KBENCH" $quick
KBENCH_TEST_LOADAVG=$tmpdir/loadavg "$KBENCH" --json="$tmpdir/busy.json" $quick > /dev/null 2>&1
assert "...and the JSON context has the load and the note" \
  validate "$tmpdir/busy.json" \
  "c['kbench']['host']['load_1min'] == $((online * 3)).5" \
  "c['kbench']['host']['note'] == 'a busy host (load $((online * 3)).5 on $online CPU' + ('s' if $online > 1 else '') + ')'"

if [ "$online" -ge 2 ]; then
  check "free to use every CPU: no word of binding" 0 "" \
    "$KBENCH" $quick
  assert "...nothing says bound" sh -c \
    '! printf "%s\n" "$1" | grep -q "bound to"' _ "$out"
  "$KBENCH" --json="$tmpdir/all.json" $quick > /dev/null 2>&1
  assert "...JSON context: every CPU usable" validate "$tmpdir/all.json" \
    "c['kbench']['host']['usable_cpus'] == $online" \
    "not (c['kbench']['host']['note'] or '').startswith('bound')"
else
  skip "free to use every CPU" "this host has one CPU"
fi
done_testing
