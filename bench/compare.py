#!/usr/bin/env python3
"""Compare the medians of two kbench --csv runs, case by case.

Usage: compare.py [--column=NAME] BASE.csv NEW.csv [TOLERANCE_PERCENT (default 1)]

By default the time the table shows is compared (time_median_s; a results
format 1 file's as bench/result_times.py maps it); --column picks another
column as written (event_median_s, kernel_median_s: a case without one is
n/a).

Prints each case's change and exits 1 when any passed case moved by more
than the tolerance: usable as a regression gate in CI or for repeatability.
When both files have a device column (kbench --devices), a case on one
device is compared with the same case on the same device.
"""
import csv
import sys

import result_times


def load(path, by_device):
    return {(r["variant"], r["params"] + (f" device={r['device']}" if by_device else "")): r
            for r in csv.DictReader(open(path))}


def has_device(path):
    return "device" in (csv.DictReader(open(path)).fieldnames or [])


def time_of(row, column):
    if column is None:
        return result_times.headline(row)
    return float(row[column]) if row.get(column) else None


def main():
    args = sys.argv[1:]
    column = None
    if args and args[0].startswith("--column="):
        column = args.pop(0).split("=", 1)[1]
    by_device = has_device(args[0]) and has_device(args[1])
    base, new = load(args[0], by_device), load(args[1], by_device)
    tol = float(args[2]) if len(args) > 2 else 1.0
    worst, bad = 0.0, 0
    print(f"{'variant':24} {'parameters':28} {'base':>12} {'new':>12} {'change':>8}")
    for key, b in base.items():
        n = new.get(key)
        mb, mn = (time_of(b, column), time_of(n, column)) if n else (None, None)
        if (not n or b["verdict"] != "pass" or n["verdict"] != "pass"
                or not mb or not mn):
            print(f"{key[0]:24} {key[1]:28} {'':>12} {'':>12} {'n/a':>8}")
            continue
        change = 100 * (mn - mb) / mb
        worst = max(worst, abs(change))
        flag = "  <-- over tolerance" if abs(change) > tol else ""
        bad += bool(flag)
        print(f"{key[0]:24} {key[1]:28} {mb * 1e6:10.2f}us {mn * 1e6:10.2f}us {change:+7.2f}%{flag}")
    print(f"# {len(base)} cases ({column or 'time_median_s'}), largest change {worst:.2f}%, {bad} over {tol}%")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
