#!/bin/sh
# The Python tools under bench/ read a results file's times through
# bench/result_times.py, format 2 or 1 (docs/results.md, "Time fields"):
# its three readings of a format 1 JSON agree with the format 2 CSV that
# kbench wrote from it (the replay corpus and its goldens), and of a
# format 2 JSON with its CSV (a run with a case of two kernels a run and
# kernel-judged cases); compare.py, table.py and kerneltime.py then show
# the table's time.
. "$top_srcdir/tests/shell/lib.sh"
if ! command -v python3 > /dev/null 2>&1; then
  skip "bench/'s Python tools" "no python3"
  done_testing
  exit
fi
B=$top_srcdir/bench
C=$top_srcdir/tests/replay/corpus
G=$tmpdir/golden
# The goldens end with the replay's "# exit N" line: the CSV is before it.
mkdir -p "$G"
for f in h100-format1-a h100-format1-b h200-catalogue; do
  grep -v '^# exit' "$top_srcdir/tests/replay/golden/$f.csv" > "$G/$f.csv"
done

# agree JSON CSV: each case's headline, event and kernel time read the
# same from both ("N cases, M times, 0 apart": format 1's event-judged
# cases have no kernel time), or the first apart.
agree() {
  PYTHONPATH=$B python3 - "$1" "$2" <<'PY'
import csv, json, sys
import result_times as rt
doc = json.load(open(sys.argv[1]))
rows = {}
for r in csv.DictReader(open(sys.argv[2])):
    name = r["variant"] + ("/" + r["params"].replace(" ", "/").replace("=", ":") if r["params"] else "")
    rows[(name, r.get("device", "") or "0")] = r
n = times = 0
for e in doc["benchmarks"]:
    if e.get("run_type") == "aggregate":
        continue
    r = rows.get((e["name"].split("/repeats:")[0], str(e.get("device", 0))))
    if r is None:
        sys.exit(f"{e['name']}: no row in the CSV")
    n += 1
    for f in (rt.headline, rt.event, rt.kernel):
        a, b = f(e), f(r)
        if (a is None) != (b is None) or (a is not None and abs(a - b) > 1e-6 * a):
            sys.exit(f"{e['name']}: {f.__name__} {a} in the JSON, {b} in the CSV")
        times += a is not None
print(f"{n} cases, {times} times, 0 apart")
PY
}
for s in a b; do
  check "format 1 (h100-format1-$s): the JSON's times are its format 2 CSV's" 0 \
    "^3 cases, 6 times, 0 apart$" agree "$C/h100-format1-$s.json" "$G/h100-format1-$s.csv"
done
check "format 2 (h200-catalogue): the JSON's times are its CSV's" 0 \
  "^13 cases, [0-9]+ times, 0 apart$" agree "$C/h200-catalogue.json" "$G/h200-catalogue.csv"
check "...and reduce_cub's two kernels a run have a kernel time" 0 "^[0-9.e-]+$" \
  sh -c 'PYTHONPATH=$1 python3 -c "
import csv, sys, result_times as rt
r = [r for r in csv.DictReader(open(sys.argv[1])) if r[\"variant\"] == \"reduce_cub\"][0]
assert r[\"kernels_per_run\"] == \"2\", r[\"kernels_per_run\"]
print(rt.kernel(r))" "$2"' _ "$B" "$G/h200-catalogue.csv"

# An entry with neither format's time key is not read as no time: the
# reader says which key it lacks (a format 1 script read nothing from a
# format 2 file, and said nothing).
check "an entry with no time key of either format: named, not read as none" 1 \
  "MissingTime: .gb/n:1: no time_median_s \(results format 2\) or median_s \(format 1\)" \
  sh -c 'PYTHONPATH=$1 python3 -c "
import result_times as rt
rt.headline({\"name\": \"gb/n:1\", \"real_time\": 5.0})"' _ "$B"
check "...and a format 2 row without kernel_median_s likewise" 1 \
  "MissingTime: .k: no kernel_median_s" \
  sh -c 'PYTHONPATH=$1 python3 -c "
import result_times as rt
rt.kernel({\"name\": \"k\", \"event_median_s\": 1e-3})"' _ "$B"

# The second file's gpu_ok takes twice as long: past the tolerance, exit 1.
check "compare.py compares the table's time by default" 1 \
  "^# 3 cases \(time_median_s\), largest change 99.49%, 1 over 50.0%$" \
  python3 "$B/compare.py" "$G/h100-format1-a.csv" "$G/h100-format1-b.csv" 50
check "...and a column by its name" 1 "^# 3 cases \(event_median_s\), largest change 99.49%, 1 over 50.0%$" \
  python3 "$B/compare.py" --column=event_median_s "$G/h100-format1-a.csv" "$G/h100-format1-b.csv" 50
want=$(python3 -c "
import csv
r = [r for r in csv.DictReader(open('$G/h200-catalogue.csv')) if r['variant'] == 'reduce_cub'][0]
print(f\"{float(r['time_median_s']) * 1e6:.2f} us\")")
check "table.py shows the table's time ($want for reduce_cub)" 0 "^\| reduce_cub \| n=64M \| $want \|" \
  python3 "$B/table.py" "$G/h200-catalogue.csv"
check "kerneltime.py reads the event and kernel times" 0 \
  "^# [0-9]+ cases of 20 us or more judged: [0-9]+ moved by at most 0.5%, largest \|on/off\| 0.00%" \
  python3 "$B/kerneltime.py" "$G/h200-catalogue.csv" "$G/h200-catalogue.csv"
done_testing
