#!/bin/sh
# --metrics, --list-metrics and the audits' options on any machine: what
# is refused before anything runs, what a run without counters says, and
# the CSV's and JSON's fields (the counters themselves: tests/shell/gpu.sh).
. "$top_srcdir/tests/shell/lib.sh"
H=$top_builddir/plugins/host/.libs
tmpdir=$(mktemp -d) || exit 1
trap 'rm -rf "$tmpdir"' EXIT
quick="--min-samples=3 --max-samples=3 --min-time=0 --warmup=0"

check "--metrics: an unknown set or name is a usage error with the nearest" 2 \
  "invalid --metrics 'memry': unknown metric 'memry'.*did you mean memory" \
  "$KBENCH" --metrics=memry --plugin "$H/copy_cpu.so"
check "--metrics: an empty name is a usage error" 2 "invalid --metrics" \
  "$KBENCH" --metrics=memory,,smem --plugin "$H/copy_cpu.so"
long=$(printf 'dram__bytes_read.sum,%.0s' $(seq 1 60))
check "--metrics: a list longer than kbench keeps is a usage error" 2 \
  "longer than a list may be" "$KBENCH" --metrics="$long" --plugin "$H/copy_cpu.so"
assert "a refused --metrics writes no file" test ! -e "$tmpdir/refused.csv" -a \
  "$("$KBENCH" --metrics=memry --csv="$tmpdir/refused.csv" --plugin "$H/copy_cpu.so" > /dev/null 2>&1; echo $?)" = 2

# Without a device (or without CUPTI in the build) the names cannot be
# checked: the timings go on with a warning, or, built without CUPTI, the
# run stops and says what to install.  On a GPU the names are checked and
# the run says nothing of it.
checked=no
"$KBENCH" --list-metrics 2>/dev/null | grep -q "checked on device" && checked=yes
out=$("$KBENCH" $quick --metrics=memory --plugin "$H/copy_cpu.so" 2>&1)
rc=$?
if [ "$HAVE_CUPTI" = yes ] && [ $checked = yes ]; then
  assert "--metrics on a usable device: the run goes on (exit 0)" test $rc = 0
  assert "... with no warning about the counters" \
    sh -c '! printf "%s\n" "$1" | grep -q "no counters"' _ "$out"
elif [ "$HAVE_CUPTI" = yes ]; then
  assert "--metrics without a usable device: the timings go on (exit 0)" test $rc = 0
  assert "... and it says why there are no counters" \
    sh -c 'printf "%s\n" "$1" | grep -q "warning: --metrics: no counters: .*; the timings go on"' _ "$out"
else
  assert "--metrics without CUPTI: usage error (exit 2)" test $rc = 2
  assert "... that says to install CUPTI" sh -c 'printf "%s\n" "$1" | grep -q CUPTI' _ "$out"
fi
printf '%s\n' "$out" | sed 's/^/# /'

out=$("$KBENCH" --list-metrics 2>&1)
assert "--list-metrics: the sets, each with its names" sh -c '
  printf "%s\n" "$1" | grep -q "^  memory .*DRAM" &&
  printf "%s\n" "$1" | grep -q "^      dram__bytes_read.sum$" &&
  printf "%s\n" "$1" | grep -q "^  kb__shared_ld_ways.ratio "' _ "$out"
assert "--list-metrics: says whether the names were checked on the device" sh -c '
  printf "%s\n" "$1" | grep -Eq "checked on device 0"' _ "$out"

# The fields: one CSV column per metric, before the device column, empty
# for a host case; the JSON's audit fields, null when nothing was measured.
# Built without CUPTI, --metrics is refused: the audit's columns alone.
if [ "$HAVE_CUPTI" = yes ]; then
  metrics="--metrics=dram,kb__shared_ld_ways.ratio"
  columns=",dram__bytes_read.sum,dram__bytes_write.sum,kb__shared_ld_ways.ratio"
  cells=",,,"
else
  metrics= columns= cells=
fi
"$KBENCH" $quick $metrics --no-audit --strict --csv="$tmpdir/m.csv" \
  --json="$tmpdir/m.json" --plugin "$H/copy_cpu.so" > /dev/null 2>&1
assert "CSV: the audits' columns, a column per metric, the device last" \
  sh -c 'head -n 1 "$1" | grep -q ",dram_read_bytes,dram_write_bytes,dram_gbps,bytes_audit,bytes_claim_flagged,unaudited,audit_note,counters_note$2,device$"' \
  _ "$tmpdir/m.csv" "$columns"
assert "CSV: a host case's audit and counter cells are empty" \
  sh -c 'tail -n 1 "$1" | grep -q ",,,,\"\",0,0,\"\",\"\"$2,0$"' _ "$tmpdir/m.csv" "$cells"
assert "JSON: the audit's fields, null for a host case" \
  python3 -c '
import json, sys
e = json.load(open(sys.argv[1]))["benchmarks"][0]
assert e["dram_read_bytes"] is None and e["dram_write_bytes"] is None
assert e["bytes_audit"] is None and e["bytes_claim_flagged"] is False
assert e["dram_gbps"] is None and e["unaudited"] is False and e["audit_note"] is None
assert "metrics" not in e and "dram__bytes_read.sum" not in e
' "$tmpdir/m.json"
done_testing
