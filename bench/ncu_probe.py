#!/usr/bin/env python3
"""Ask Nsight Compute what a few variants do, beyond their duration.

Usage: [NCU_EXTRA="ncu options"] ncu_probe.py KBENCH OUTDIR METRICS VARIANT...

METRICS is a comma list of ncu metrics.  Each variant runs at its default
parameters for 20 timed samples (as in fidelity.py), once with ncu's cache
control `all` (flush and invalidate before every kernel) and once with
`none`; the table gives the median of each metric over the variant's
kernels (the runner's own kb_* kernels are dropped).  Used to find why a
kernel's ncu duration differs from kbench's: clocks (the
*__cycles_elapsed.avg.per_second metrics) or memory traffic.
"""
import csv
import os
import statistics
import subprocess
import sys

RUNS = 20


def profile(kb, variant, metrics, cache, path):
    cmd = ["ncu", "--clock-control", "none", "--cache-control", cache,
           "--metrics", metrics, "--csv", "--print-kernel-base", "function",
           *os.environ.get("NCU_EXTRA", "").split(), "--log-file", path,
           kb, "--no-hold", "--warmup=0", f"--min-samples={RUNS}",
           f"--max-samples={RUNS}", "--min-time=0", variant]
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   timeout=600)
    values = {}
    lines = [l for l in open(path) if l.startswith('"')]
    for r in csv.DictReader(lines):
        if r["Kernel Name"].startswith("kb_"):
            continue
        key = (r["Kernel Name"], r["Metric Name"], r["Metric Unit"])
        values.setdefault(key, []).append(float(r["Metric Value"].replace(",", "")))
    return values


def main():
    kb, out, metrics = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    print(f"{'variant':22} {'cache':5} {'kernel':24} {'metric':44} {'median':>14} unit")
    for v in sys.argv[4:]:
        for cache in ("all", "none"):
            path = os.path.join(out, f"probe-{v}-{cache}.csv")
            for (kernel, metric, unit), xs in sorted(profile(kb, v, metrics, cache, path).items()):
                print(f"{v:22} {cache:5} {kernel[:24]:24} {metric:44} "
                      f"{statistics.median(xs):14.6g} {unit} (n={len(xs)})", flush=True)


if __name__ == "__main__":
    main()
