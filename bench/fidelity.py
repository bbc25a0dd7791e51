#!/usr/bin/env python3
"""Check kbench's cold-mode medians against Nsight Compute.

Usage: fidelity.py KBENCH OUTDIR [--time=kernel] [--offline]
                   [--catalogue CSV] [--cupti LIB] [VARIANT...]

Every CUDA case (default: the whole catalogue at its default parameters)
is measured twice over the same number of launches, RUNS:

  kbench   cold mode, exactly RUNS timed samples, in its own process;
  ncu      --clock-control none --metrics gpu__time_duration.sum over one
           kbench process that takes the same RUNS samples (--no-hold,
           since ncu serializes launches).

ncu sees kernels only.  Each cold sample is preceded by the runner's L2
flush kernel (kb_flush_kernel), so the flushes split ncu's kernel list
into runs: a case is its first verified run, RUNS timed runs, samples
dropped as throttled (counted in the CSV) and the verified run after
timing.  The runner's own kernels (kb_*) are not counted, a run's kernels
are summed, and the median over the timed runs is compared with kbench's.
A run with no kernel (memcpy_d2d's cudaMemcpyAsync) is not compared.

Cases off by more than 2% are profiled again with --cache-control none
(ncu's default, all, flushes and invalidates every cache before each
kernel), which tells ncu's cache handling apart from the kernel's time.
--catalogue CSV adds a column for the medians of a default-criterion run.
--time=kernel judges kbench's kernel time instead of its event median,
within 1%: each run's kernels on the GPU's clock, their durations summed
as ncu sums them (bench/result_times.py reads results formats 2 and 1);
the event median, the gap between the two (the queue and launch overhead)
and the run's launch floor are shown beside.
--offline runs nothing: it judges the files an earlier run left in OUTDIR.
--cupti LIB adds a third instrument: the kernels' GPU timestamps recorded
through CUPTI's activity API by bench/cupti_trace.c (built as LIB), in a
kbench process that is neither serialized nor counted, as ncu's is.
"""
import csv
import json
import os
import statistics
import subprocess
import sys

import result_times

RUNS = 20
OFFLINE = False    # --offline: judge the files already in OUTDIR
TOLERANCE = 2.0    # percent
JUDGED = 20e-6     # kernels shorter than this are shown, not judged
UNITS = {"nsecond": 1e-9, "ns": 1e-9, "usecond": 1e-6, "us": 1e-6,
         "msecond": 1e-3, "ms": 1e-3, "second": 1.0, "s": 1.0}
SAMPLES = ["--warmup=0", f"--min-samples={RUNS}", f"--max-samples={RUNS}",
           "--min-time=0"]


def read_csv(path):
    return [r for r in csv.DictReader(open(path)) if r["backend"] == "cuda"]


def kbench_cases(kb, out, variants):
    """kbench's cases, and the run's launch floor (seconds, or None)."""
    path = os.path.join(out, "fidelity-kbench.csv")
    doc = os.path.join(out, "fidelity-kbench.json")
    if not OFFLINE:
        subprocess.run([kb, f"--csv={path}", f"--json={doc}", *SAMPLES,
                        *variants], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=900)
    try:
        floor = json.load(open(doc))["context"].get("launch_floor_s")
    except (OSError, ValueError, KeyError):
        floor = None
    return read_csv(path), floor


def kernel_time(c):
    """kbench's kernel time of case row c, each run's kernels summed (as
    ncu sums their durations); None without one."""
    return result_times.kernel(c)


def ncu_kernels(kb, out, variants, cache):
    """kbench's cases as ncu ran them, and every kernel in launch order."""
    log = os.path.join(out, f"fidelity-ncu-{cache}.csv")
    run_csv = os.path.join(out, f"fidelity-ncu-{cache}-kbench.csv")
    cmd = ["ncu", "--clock-control", "none", "--cache-control", cache,
           "--metrics", "gpu__time_duration.sum", "--csv",
           "--print-kernel-base", "function", "--log-file", log,
           kb, "--no-hold", f"--csv={run_csv}", *SAMPLES, *variants]
    if not OFFLINE:
        subprocess.run(cmd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=1800)
    kernels = []
    for r in csv.DictReader(l for l in open(log) if l.startswith('"')):
        if r.get("Metric Name") == "gpu__time_duration.sum":
            value = float(r["Metric Value"].replace(",", ""))
            kernels.append((r["Kernel Name"],
                            value * UNITS.get(r["Metric Unit"], 1e-9)))
    return read_csv(run_csv), kernels


def cupti_kernels(kb, out, variants, lib):
    """The same, with kernel times from a CUPTI activity trace."""
    trace = os.path.join(out, "fidelity-cupti.csv")
    run_csv = os.path.join(out, "fidelity-cupti-kbench.csv")
    env = dict(os.environ, CUDA_INJECTION64_PATH=os.path.abspath(lib),
               KB_CUPTI_TRACE=trace)
    subprocess.run([kb, f"--csv={run_csv}", *SAMPLES, *variants], env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   timeout=900)
    rows = sorted((int(r["start_ns"]), int(r["end_ns"]), r["kernel"])
                  for r in csv.DictReader(open(trace)))
    return read_csv(run_csv), [(k, (e - b) * 1e-9) for b, e, k in rows]


def runs_of(kernels):
    """Split at each L2 flush; drop the runner's own kernels and the
    launch-floor runs (kb_touch_kernel) measured before the first case.
    Names may be mangled (CUPTI), hence `in` rather than a prefix."""
    runs, current = [], None
    for name, t in kernels:
        if "kb_flush_kernel" in name:
            if current is not None:
                runs.append(current)
            current = []
        elif current is not None:
            current.append((name, t))
    if current is not None:
        runs.append(current)
    return [r for r in runs if not any("kb_touch_kernel" in n for n, _ in r)]


def medians(cases, kernels):
    """{(variant, params): (median seconds or None, kernels per run)}."""
    runs = runs_of(kernels)
    found, at = {}, 0
    for c in cases:
        n = RUNS + 2 + int(c["throttled_samples"] or 0)
        timed = runs[at + 1:at + n - 1]
        at += n
        key = (c["variant"], c["params"])
        if len(timed) != n - 2 or any(not r for r in timed):
            found[key] = (None, 0)
        else:
            found[key] = (statistics.median(sum(t for _, t in r)
                                            for r in timed), len(timed[0]))
    if at != len(runs):
        print(f"# warning: {len(runs)} runs in the log, {at} expected: "
              "cases may be misaligned", flush=True)
    return found


def diff(a, b):
    return 100 * (a - b) / b


def take_option(args, name):
    """The value after `name` in args, both removed; None if absent."""
    if name not in args:
        return None
    i = args.index(name)
    value = args[i + 1]
    del args[i:i + 2]
    return value


def main():
    args = sys.argv[1:]
    global OFFLINE
    kernel = "--time=kernel" in args
    if kernel:
        args.remove("--time=kernel")
    if "--offline" in args:
        args.remove("--offline")
        OFFLINE = True
    tolerance = 1.0 if kernel else TOLERANCE
    catalogue_csv = take_option(args, "--catalogue")
    lib = take_option(args, "--cupti")
    catalogue = catalogue_csv and {
        (r["variant"], r["params"]): result_times.event(r)
        for r in read_csv(catalogue_csv) if result_times.event(r)}
    cupti = None
    kb, out, variants = os.path.abspath(args[0]), args[1], args[2:]
    mine, floor = kbench_cases(kb, out, variants)
    ncu = medians(*ncu_kernels(kb, out, variants, "all"))
    if lib:
        cupti = medians(*cupti_kernels(kb, out, variants, lib))
    if floor:
        print(f"# launch floor of kbench's run: {floor * 1e6:.2f} us", flush=True)
    column = "kernel" if kernel else "kbench"
    head = f"{'variant':24} {'parameters':30} {column:>10} {'ncu':>10} {'diff':>7}"
    if kernel:
        head += f" {'event':>10} {'gap':>8}"
    if catalogue:
        head += f" {'default':>10} {'diff':>7}"
    if cupti:
        head += f" {'cupti':>10} {'diff':>7}"
    print(head + "  verdict", flush=True)
    over, judged, worst = [], 0, 0.0
    for c in mine:
        key = (c["variant"], c["params"])
        event = result_times.event(c) or 0.0
        ref, per_run = ncu.get(key, (None, 0))
        kbm = event
        if kernel:
            kbm = kernel_time(c)
            if kbm is None:
                print(f"{key[0]:24} {key[1]:30} {'-':>10}  no kernel time: "
                      f"{c.get('kernel_note', '')}", flush=True)
                continue
        line = f"{key[0]:24} {key[1]:30} {kbm * 1e6:8.2f}us "
        if ref is None:
            print(line + f"{'-':>10} {'-':>7}  no kernel in ncu's log: not compared", flush=True)
            continue
        d = diff(kbm, ref)
        line += f"{ref * 1e6:8.2f}us {d:+6.2f}%"
        if kernel:
            # The launch overhead: event less the kernel time.
            line += f" {event * 1e6:8.2f}us {(event - kbm) * 1e6:6.2f}us"
        if catalogue and key in catalogue:
            line += f" {catalogue[key] * 1e6:8.2f}us {diff(catalogue[key], ref):+6.2f}%"
        if cupti and cupti.get(key, (None,))[0]:
            trace = cupti[key][0]
            line += f" {trace * 1e6:8.2f}us {diff(kbm, trace):+6.2f}%"
        if ref < JUDGED:
            verdict = "short (< 20 us): not judged"
        else:
            judged += 1
            worst = max(worst, abs(d))
            verdict = "ok" if abs(d) <= tolerance else f"OVER {tolerance:g}%"
            if abs(d) > tolerance:
                over.append(key)
        if per_run > 1:
            verdict += f" ({per_run} kernels per run)"
        print(line + "  " + verdict, flush=True)
    print(f"# {judged} cases of 20 us or more judged, {judged - len(over)} "
          f"within {tolerance}%, largest |diff| {worst:.2f}%", flush=True)
    if not over:
        return
    print("# cases over the tolerance, again with ncu --cache-control none:",
          flush=True)
    if OFFLINE and not os.path.exists(os.path.join(out, "fidelity-ncu-none.csv")):
        print("# not run: the run left no fidelity-ncu-none.csv", flush=True)
        return
    kbm = {(c["variant"], c["params"]): result_times.event(c) or 0.0
           for c in mine}
    if kernel:
        kbm = {(c["variant"], c["params"]): kernel_time(c) for c in mine}
    again = medians(*ncu_kernels(kb, out, sorted({v for v, _ in over}), "none"))
    for key in over:
        ref = again.get(key, (None, 0))[0]
        if ref is not None:
            print(f"{key[0]:24} {key[1]:30} {kbm[key] * 1e6:8.2f}us "
                  f"{ref * 1e6:8.2f}us {diff(kbm[key], ref):+6.2f}%  "
                  "(ncu --cache-control none)", flush=True)


if __name__ == "__main__":
    main()
