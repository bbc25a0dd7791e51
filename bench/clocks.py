#!/usr/bin/env python3
"""What --lock-clocks does to noise and medians (issue 44), and the GPU's
state each case recorded (NVML: clock-event reasons, temperature, memory
clock, power).

  clocks.py lock UNLOCKED.json... -- LOCKED.json...
      per CUDA case: the median of each side's medians (kernel time where
      every file has it, else event time), their ratio locked/unlocked,
      each side's noise (the median of its files'), the SM clock range;
      then the catalogue's summary: median |ratio - 1|, the cases that
      moved more than 1%, and the noise each way.
  clocks.py fields FILE.json
      per case: verdict, SM clock range, dropped samples, clock events
      and limits, temperature, memory clock and power at either end.
"""
import json
import statistics
import sys

import result_times


def entries(path):
    return [e for e in json.load(open(path))["benchmarks"]
            if e.get("backend") == "cuda"]


def side(paths):
    """name -> (medians, noises, clocks) over the files' passed entries."""
    out = {}
    for p in paths:
        for e in entries(p):
            if e.get("verdict") != "pass":
                continue
            m = result_times.headline(e)
            noise = result_times.headline_noise(e)
            if not m:
                continue
            r = out.setdefault(e["name"], ([], [], []))
            r[0].append(m)
            r[1].append(noise or 0)
            r[2].extend(c for c in (e.get("sm_clock_min_mhz"),
                                    e.get("sm_clock_max_mhz")) if c)
    return out


def lock(argv):
    cut = argv.index("--")
    free, held = side(argv[:cut]), side(argv[cut + 1:])
    print("%-48s %10s %10s %7s %7s %7s %11s %11s" % (
        "case", "unlocked", "locked", "ratio", "noise-u", "noise-l",
        "SM MHz u", "SM MHz l"))
    ratios, nu, nl = [], [], []
    for name in sorted(set(free) & set(held)):
        a, b = free[name], held[name]
        mu, ml = statistics.median(a[0]), statistics.median(b[0])
        r = ml / mu
        ratios.append((r, name))
        nu.append(statistics.median(a[1]))
        nl.append(statistics.median(b[1]))
        clk = lambda c: "%d-%d" % (min(c), max(c)) if c else "-"
        print("%-48.48s %8.2f us %8.2f us %7.4f %6.2f%% %6.2f%% %11s %11s" % (
            name, mu * 1e6, ml * 1e6, r, 100 * nu[-1], 100 * nl[-1],
            clk(a[2]), clk(b[2])))
    if not ratios:
        print("no case in both")
        return
    moved = [(r, n) for r, n in ratios if abs(r - 1) > 0.01]
    print("# %d cases: median |locked/unlocked - 1| %.2f%%; %d moved more "
          "than 1%%: %s" % (len(ratios), 100 * statistics.median(
              abs(r - 1) for r, _ in ratios), len(moved),
              ", ".join("%s %+.1f%%" % (n, 100 * (r - 1))
                        for r, n in sorted(moved))))
    print("# noise (median over cases): unlocked %.3f%%, locked %.3f%%; "
          "locked is quieter in %d of %d cases" % (
              100 * statistics.median(nu), 100 * statistics.median(nl),
              sum(b < a for a, b in zip(nu, nl)), len(nu)))


def fields(path):
    print("%-44s %-7s %11s %4s %-28s %-18s %9s %11s %13s" % (
        "case", "verdict", "SM MHz", "drop", "clock events", "limits",
        "temp C", "mem MHz", "power W"))
    for e in entries(path):
        def pair(a, b, fmt):
            x, y = e.get(a), e.get(b)
            return "-" if x is None and y is None else \
                (fmt % x if x is not None else "?") + ">" + \
                (fmt % y if y is not None else "?")
        print("%-44.44s %-7s %11s %4s %-28.28s %-18.18s %9s %11s %13s" % (
            e["name"], e.get("verdict"),
            pair("sm_clock_min_mhz", "sm_clock_max_mhz", "%d"),
            e.get("throttled_samples", "-"), e.get("clock_events") or "-",
            e.get("clock_limits") or "-",
            pair("gpu_temp_start_c", "gpu_temp_end_c", "%.0f"),
            pair("mem_clock_start_mhz", "mem_clock_end_mhz", "%d"),
            pair("power_start_w", "power_end_w", "%.0f")))
    ctx = json.load(open(path))["context"]["kbench"]
    for d in ctx.get("devices") or []:
        print("# device %s: --lock-clocks: %s (SM %s MHz, memory %s MHz)" % (
            d.get("ordinal"), d.get("clock_lock"),
            d.get("locked_sm_clock_mhz"), d.get("locked_mem_clock_mhz")))
    print("# host: %s" % ctx.get("host"))


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "lock" and "--" in sys.argv:
        lock(sys.argv[2:])
    elif len(sys.argv) == 3 and sys.argv[1] == "fields":
        fields(sys.argv[2])
    else:
        sys.exit(__doc__)
