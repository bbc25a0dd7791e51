#!/usr/bin/env python3
"""Check kbench's cold-mode medians against Nsight Compute.

Usage: fidelity.py KBENCH OUTDIR [VARIANT...]

For every CUDA variant (default: all of `kbench --list`) at its default
parameters: kbench measures it as usual (cold mode, default criterion);
then ncu --clock-control none profiles a run of exactly RUNS timed samples
(--no-hold, since ncu serializes launches) and reports gpu__time_duration
per kernel.  The runner's own kernels (kb_*) are dropped, the plugin's
kernels are grouped into runs, and the median per-run time is compared
with kbench's median.  Memsets and memcpys inside run() are not kernels:
ncu does not see them (memcpy_d2d has no kernel at all).

NCU_CACHE=none in the environment passes --cache-control none to ncu (its
default, all, flushes and invalidates the caches before every kernel):
comparing the two separates ncu's cache handling from the kernel's time.
"""
import csv
import os
import statistics
import subprocess
import sys

RUNS = 20          # timed samples in the profiled run
EXTRA = 2          # verified runs around them: the first run and the last
UNITS = {"nsecond": 1e-9, "ns": 1e-9, "usecond": 1e-6, "us": 1e-6,
         "msecond": 1e-3, "ms": 1e-3, "second": 1.0, "s": 1.0}


def cuda_variants(kb):
    out = subprocess.run([kb, "--list"], capture_output=True, text=True).stdout
    return [l.split()[0] for l in out.splitlines() if l.endswith("[cuda]")]


def kbench_medians(kb, v, path):
    subprocess.run([kb, f"--csv={path}", v], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, timeout=600)
    return [r for r in csv.DictReader(open(path))]


def ncu_kernels(kb, v, path):
    cmd = ["ncu", "--clock-control", "none",
           "--cache-control", os.environ.get("NCU_CACHE", "all"), "--metrics",
           "gpu__time_duration.sum", "--csv", "--print-kernel-base",
           "function", "--log-file", path, kb, "--no-hold", "--warmup=0",
           f"--min-samples={RUNS}", f"--max-samples={RUNS}", "--min-time=0", v]
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   timeout=900)
    lines = [l for l in open(path) if l.startswith('"')]
    kernels = []
    for r in csv.DictReader(lines):
        if r.get("Metric Name") != "gpu__time_duration.sum":
            continue
        name = r["Kernel Name"]
        if name.startswith("kb_"):
            continue
        value = float(r["Metric Value"].replace(",", ""))
        kernels.append((name, value * UNITS.get(r["Metric Unit"], 1e-9)))
    return kernels


def report(v, p, kbm, ncu, note, worst):
    if ncu is None:
        print(f"{v:24} {p:30} {kbm * 1e6:9.2f}us {'-':>11} {'-':>7}  {note}", flush=True)
        return worst
    diff = 100 * (kbm - ncu) / ncu
    judged = ncu >= 20e-6
    verdict = ("ok" if abs(diff) <= 2 else "OVER 2%") if judged else "short (<20 us): not judged"
    print(f"{v:24} {p:30} {kbm * 1e6:9.2f}us {ncu * 1e6:9.2f}us {diff:+6.2f}%  {verdict} {note}", flush=True)
    return max(worst, abs(diff)) if judged else worst


def main():
    kb, out = os.path.abspath(sys.argv[1]), sys.argv[2]
    variants = sys.argv[3:] or cuda_variants(kb)
    print(f"{'variant':24} {'parameters':30} {'kbench':>11} {'ncu':>11} {'diff':>7}  verdict", flush=True)
    worst = 0.0
    for v in variants:
        cases = kbench_medians(kb, v, os.path.join(out, "fid-kb.csv"))
        try:
            kernels = ncu_kernels(kb, v, os.path.join(out, "fid-ncu.csv"))
        except subprocess.TimeoutExpired:
            kernels = []
        runs = len(cases) * (RUNS + EXTRA)
        per_run = len(kernels) // runs if runs else 0
        for i, c in enumerate(cases):
            kbm = float(c["median_s"] or 0)
            if per_run == 0 or len(kernels) != per_run * runs:
                worst = report(v, c["params"], kbm, None, f"{len(kernels)} kernels for {runs} runs: not compared", worst)
                continue
            mine = kernels[i * (RUNS + EXTRA) * per_run:(i + 1) * (RUNS + EXTRA) * per_run]
            per = [sum(t for _, t in mine[j * per_run:(j + 1) * per_run])
                   for j in range(RUNS + EXTRA)]
            ncu = statistics.median(per[1:1 + RUNS])
            worst = report(v, c["params"], kbm, ncu, f"({per_run} kernels per run)" if per_run > 1 else "", worst)
    print(f"# largest |diff| over kernels >= 20 us: {worst:.2f}%", flush=True)


if __name__ == "__main__":
    main()
