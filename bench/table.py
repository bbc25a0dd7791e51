#!/usr/bin/env python3
"""Turn a kbench --csv file into the catalogue table for bench/results/.

Usage: table.py RESULTS.csv > table.md

Adds each case's percentage of its family's ceiling: reduce_cub for the
reductions, transpose_copy for the transposes (and memcpy_d2d), the
aligned or unit-stride case for the coalescing and bank sweeps.
"""
import csv
import sys

import result_times

# variant -> (ceiling variant, ceiling parameters or None for its only case)
CEILINGS = [
    ("reduce_", ("reduce_cub", None)),
    ("transpose_", ("transpose_copy", None)),
    ("memcpy_d2d", ("transpose_copy", None)),
    ("coalesce_offset", ("coalesce_offset", "offset=0")),
    ("coalesce_stride", ("coalesce_stride", "stride=1")),
    ("smem_bank", ("smem_bank", "stride=1")),
    ("smem_broadcast", ("smem_bank", "stride=1")),
    ("smem_", ("smem_static", None)),
    ("align_", ("align_int4", None)),
    ("layout_", ("layout_soa", None)),
    ("stencil_", ("square_smem", None)),
    ("square_smem", ("square_smem", None)),
]


def ceiling_of(name):
    if name.endswith("_cpu"):
        return None
    for prefix, ceiling in CEILINGS:
        if name.startswith(prefix):
            return ceiling
    return None


def find(rows, name, params):
    for r in rows:
        if r["variant"] == name and (params is None or params in r["params"].split()):
            return r
    return None


def fmt_time(s):
    s = float(s)
    return f"{s * 1e6:.2f} us" if s < 1e-3 else f"{s * 1e3:.3f} ms"


def main():
    rows = list(csv.DictReader(open(sys.argv[1])))
    print("| variant | parameters | median | GB/s | % peak | % family ceiling (ceiling) | samples | result |")
    print("| --- | --- | ---: | ---: | ---: | --- | ---: | --- |")
    for r in rows:
        if r["verdict"] != "pass":
            print(f"| {r['variant']} | {r['params']} | - | - | - | - | - | {r['verdict']}: {r['message']} |")
            continue
        gbps = float(r["gbps"])
        peak = float(r["peak_gbps"] or 0)
        pct = f"{100 * gbps / peak:.1f}" if peak > 0 and r["memory"] == "global" else "-"
        ceil = ceiling_of(r["variant"])
        rel = "-"
        if ceil:
            c = find(rows, *ceil)
            if c and c["verdict"] == "pass" and float(c["gbps"]) > 0:
                rel = f"{100 * gbps / float(c['gbps']):.1f} ({c['variant']} {ceil[1] or ''})".replace(" )", ")")
        # Column 8 is iterations, the JSON's name; an older CSV called it
        # samples (docs/results.md, "Result files").
        samples = r["iterations"] if "iterations" in r else r["samples"]
        print(f"| {r['variant']} | {r['params']} | {fmt_time(result_times.headline(r))} | {gbps:.1f} | {pct} | {rel} | {samples} | ok |")


if __name__ == "__main__":
    main()
