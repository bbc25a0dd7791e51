#!/usr/bin/env python3
"""A run's --csv file against its --json file, cell by cell.

Usage: csv_json.py RUN.csv RUN.json

Every --csv column that is a field of the JSON's entries (the same name:
every column but the CSV's own) holds, for each case, what its entry
holds: an empty cell where the key is null
or absent, the same word or text (less newlines, which the CSV drops),
the same number within what the CSV's format keeps.  The rows and the
entries are paired in order within each (variant, device, repetition).
And the time the table shows, the entry's real_time, is time_median_s in
both, the median of the clock its time names (kernel_median_s or
event_median_s), for a case of one kernel a run as for one of several.
Prints what it compared; exit 1 with each disagreement named.
"""
import csv
import json
import math
import sys
from collections import defaultdict

# The CSV's own columns, no field of an entry (output/csv.c).
OWN = {"variant", "params", "repetition", "peak_gbps", "copy_gbps",
       "device"}


def same(cell, value):
    if value is None:
        return cell == ""
    if isinstance(value, bool):
        return cell == ("1" if value else "0")
    if isinstance(value, (int, float)):
        if cell == "":
            return False
        x, y = float(cell), float(value)
        if not math.isfinite(y):
            return False
        # The CSV keeps 9, 6, 4 or 3 significant digits, or 3 decimals.
        return abs(x - y) <= 5e-4 + 5e-3 * abs(y)
    if isinstance(value, str):
        return cell == value.replace("\n", "")
    return False


def headline(e):
    """1 (said) when a passed entry's time_median_s is not the table's
    median (real_time, ns, to the 6 digits it keeps) or not its judged
    clock's median, else 0."""
    if e.get("verdict") != "pass":
        return 0
    t, clock = e.get("time_median_s"), e.get("time")
    judged = e.get(f"{clock}_median_s")
    if isinstance(t, (int, float)) and abs(t * 1e9 - e["real_time"]) \
            <= 1e-5 * e["real_time"] and t == judged:
        return 0
    print(f"{e['name']}: time_median_s {t!r}, real_time "
          f"{e['real_time']!r} ns, {clock}_median_s {judged!r}")
    return 1


def main(csv_path, json_path):
    rows = list(csv.DictReader(open(csv_path, newline="")))
    entries = json.load(open(json_path))["benchmarks"]
    if len(rows) != len(entries):
        print(f"{len(rows)} CSV rows, {len(entries)} JSON entries")
        return 1
    by_case = defaultdict(list)
    for e in entries:
        key = (e["variant"], str(e["device_ordinal"]),
               str(e.get("repetition_index", 0)))
        by_case[key].append(e)
    columns = [c for c in rows[0] if c not in OWN]
    off = compared = 0
    for row in rows:
        key = (row["variant"], row["device"], row["repetition"])
        if not by_case[key]:
            print(f"a CSV row of {key} has no entry")
            return 1
        e = by_case[key].pop(0)
        off += headline(e)
        for c in columns:
            value = e.get(c)
            compared += 1
            if not same(row[c], value):
                off += 1
                if off <= 20:
                    print(f"{e['name']}: {c}: CSV {row[c]!r}, JSON {value!r}")
    print(f"{len(rows)} cases, {len(columns)} columns: {compared} cells "
          f"compared, {off} disagree")
    return 1 if off else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
