#!/bin/sh
# --energy on any machine: what is refused, what a run without energy
# says (once), the JSON's and CSV's fields; and, where a GPU with NVML is
# there, a CUDA case's joules per run (bench/energy_check.sh checks the
# numbers against nvidia-smi).
. "$top_srcdir/tests/shell/lib.sh"
if ! command -v python3 >/dev/null 2>&1; then
  echo "1..0 # SKIP python3 is needed to parse the JSON"
  exit 0
fi
H=$top_builddir/plugins/host/.libs
T=$top_builddir/plugins/transpose/.libs
quick="--min-samples=3 --max-samples=3 --min-time=0 --warmup=0"

check "--energy-time under 0.5 s is a usage error" 2 \
  "invalid --energy-time '0.1': expected a number of seconds, 0.5 to 60" \
  "$KBENCH" --energy-time=0.1 --plugin "$H/copy_cpu.so"
check "--energy-time not a number is a usage error" 2 \
  "invalid --energy-time 'long'" "$KBENCH" --energy-time=long \
  --plugin "$H/copy_cpu.so"

# Host cases have no energy: the run goes on, and says so once however
# many cases there are.
"$KBENCH" $quick --energy --param n=1000,2000,3000 --json="$tmpdir/h.json" \
  --csv="$tmpdir/h.csv" --plugin "$H/reduce_cpu.so" > "$tmpdir/h.out" \
  2> "$tmpdir/h.err"
rc=$?
assert "host cases with --energy: they run and pass (exit 0)" test $rc = 0
assert "... the table has their rows, no energy line" sh -c '
  [ "$(grep -c "^reduce_cpu .* ok" "$1")" = 3 ] && ! grep -q "energy:" "$1"' \
  _ "$tmpdir/h.out"
assert "... and why there is no energy is said once" sh -c '
  [ "$(grep -c "^kbench: warning: --energy: no energy measured: host cases have no energy reading" "$1")" = 1 ]' \
  _ "$tmpdir/h.err"
sed 's/^/# /' "$tmpdir/h.err"
assert "JSON: the energy fields are null, energy_note says why" \
  validate "$tmpdir/h.json" 'len(b) == 3' \
  'all(e[k] is None for e in b for k in ("energy_j_per_run", "power_w",
       "energy_window_s", "energy_runs", "energy_spread", "energy_windows_j",
       "power_limit_w", "energy_sm_clock_mhz", "energy_mem_clock_mhz",
       "gbps_per_watt", "flops_per_watt"))' \
  'b[0]["energy_note"].startswith("host cases have no energy")' \
  'c["kbench"]["energy_time_s"] == 1'
assert "CSV: the energy columns, empty for a host case" python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
cols = ["energy_j_per_run", "power_w", "energy_window_s", "energy_runs",
        "energy_spread", "power_limit_w", "energy_sm_clock_mhz",
        "energy_mem_clock_mhz", "gbps_per_watt", "flops_per_watt"]
assert len(rows) == 3 and list(rows[0])[-1] == "device"
assert all(r[k] == "" for r in rows for k in cols), rows[0]
assert rows[0]["energy_note"].startswith("host cases have no energy")
' "$tmpdir/h.csv"

"$KBENCH" $quick --param n=1000 --json="$tmpdir/off.json" \
  --plugin "$H/reduce_cpu.so" > /dev/null 2> "$tmpdir/off.err"
assert "without --energy: no note, no warning, energy_time_s null" sh -c '
  ! grep -q energy "$2" && python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
assert d[\"benchmarks\"][0][\"energy_note\"] is None
assert d[\"context\"][\"kbench\"][\"energy_time_s\"] is None
" "$1"' _ "$tmpdir/off.json" "$tmpdir/off.err"
"$KBENCH" $quick --energy-time=2.5 --tap --param n=1000 \
  --json="$tmpdir/t.json" --plugin "$H/reduce_cpu.so" > "$tmpdir/t.out" \
  2> "$tmpdir/t.err"
assert "--energy-time implies --energy and is in the context" \
  validate "$tmpdir/t.json" 'c["kbench"]["energy_time_s"] == 2.5' \
  'b[0]["energy_note"] is not None'
assert "... TAP goes on as ever" grep -q "^ok 1 - reduce_cpu n=1000" \
  "$tmpdir/t.out"

# A CUDA case: with a GPU and NVML, its energy; without one, skipped as
# ever, or, with a GPU but no NVML, the reason said once and no numbers.
"$KBENCH" $quick --energy --energy-time=0.5 --param rows=4K --param cols=4K \
  --json="$tmpdir/g.json" --plugin "$T/memcpy_d2d.so" > "$tmpdir/g.out" \
  2> "$tmpdir/g.err"
rc=$?
if [ $rc = 5 ]; then
  assert "a CUDA case without a device: skipped as ever (exit 5)" \
    validate "$tmpdir/g.json" 'b[0]["verdict"] == "skip"' \
    'b[0]["energy_j_per_run"] is None'
  why=$(sed -n 's/.* SKIP  *//p' "$tmpdir/g.out" | head -n 1)
  skip "a CUDA case's energy" "${why:-no CUDA device}"
elif grep -q "warning: --energy: no energy measured" "$tmpdir/g.err"; then
  assert "a GPU without NVML's energy: the case passes, the reason said" \
    validate "$tmpdir/g.json" 'b[0]["verdict"] == "pass"' \
    'b[0]["energy_j_per_run"] is None and b[0]["energy_note"]'
  sed 's/^/# /' "$tmpdir/g.err"
else
  assert "a CUDA case with --energy: it passes (exit 0)" test $rc = 0
  assert "... joules per run, watts and how they were measured" \
    validate "$tmpdir/g.json" 'b[0]["verdict"] == "pass"' \
    '0 < b[0]["energy_j_per_run"] < 10 and 20 < b[0]["power_w"] < 2000' \
    'len(b[0]["energy_windows_j"]) == 5 and b[0]["energy_window_s"] >= 0.5' \
    'abs(b[0]["energy_j_per_run"] * b[0]["energy_runs"] - b[0]["power_w"] * b[0]["energy_window_s"]) < 1e-6 * b[0]["power_w"]' \
    'b[0]["power_limit_w"] > 0 and b[0]["energy_sm_clock_mhz"] > 0' \
    'b[0]["gbps_per_watt"] > 0 and b[0]["energy_note"] is None'
  assert "... and the table's energy line" \
    grep -Eq "^  energy: [0-9.e-]+ J/run at [0-9.]+ W" "$tmpdir/g.out"
  sed 's/^/# /' "$tmpdir/g.out"
fi
done_testing
