#!/usr/bin/env python3
"""Does kernel time cost the event medians anything?  kbench --csv runs of
the same cases with kernel time off and on, interleaved (off, on, off, on,
...), compared case by case.

Usage: kerneltime.py OFF.csv ON.csv [OFF.csv ON.csv ...]

For each CUDA case: the mean of the event medians with kernel time on
against the mean with it off, in percent, beside how far apart the runs
with it off are (the noise the comparison has to beat).  Cases of 20 us or
more are judged: the bar is 0.5%.  Then the kernel time's own numbers: its
median (each run's kernels' durations summed), the launch overhead (event
minus kernel time) and how far apart the runs with it on put the kernel
time.  Results formats 2 and 1 (bench/result_times.py).
"""
import csv
import statistics
import sys

import result_times

BAR = 0.5          # percent
JUDGED = 20e-6     # seconds


def load(path):
    return {(r["variant"], r["params"]): r for r in csv.DictReader(open(path))
            if r["backend"] == "cuda" and r["verdict"] == "pass"}


def spread(values):
    """Largest minus smallest, in percent of their mean."""
    m = statistics.mean(values)
    return 100 * (max(values) - min(values)) / m if m else 0.0


def main():
    paths = sys.argv[1:]
    if len(paths) < 2 or len(paths) % 2:
        sys.exit(__doc__)
    off = [load(p) for p in paths[0::2]]
    on = [load(p) for p in paths[1::2]]
    keys = [k for k in off[0] if all(k in r for r in off + on)]
    print(f"{'variant':24} {'parameters':28} {'off':>10} {'on':>10} "
          f"{'on/off':>7} {'off-off':>7} {'kernel':>10} "
          f"{'launch':>8} {'kt-kt':>7}  verdict")
    judged = over = 0
    worst = 0.0
    for k in keys:
        ev_off = [result_times.event(r[k]) for r in off]
        ev_on = [result_times.event(r[k]) for r in on]
        m_off, m_on = statistics.mean(ev_off), statistics.mean(ev_on)
        d = 100 * (m_on - m_off) / m_off
        times = [result_times.kernel(r[k]) for r in on]
        line = (f"{k[0]:24} {k[1][:28]:28} {m_off * 1e6:8.2f}us "
                f"{m_on * 1e6:8.2f}us {d:+6.2f}% {spread(ev_off):6.2f}%")
        if all(t is not None for t in times):
            kt = statistics.mean(times)
            line += (f" {kt * 1e6:8.2f}us "
                     f"{(m_on - kt) * 1e6:6.2f}us {spread(times):6.2f}%")
        else:
            note = next((r[k].get("kernel_note") for r in on
                         if r[k].get("kernel_note")), "")
            line += f" {'-':>10} {'-':>8} {'-':>7}  ({note[:60]})"
        if m_off >= JUDGED:
            judged += 1
            worst = max(worst, abs(d))
            bad = abs(d) > BAR
            over += bad
            line += "  OVER" if bad else "  ok"
        else:
            line += "  short: not judged"
        print(line)
    print(f"# {judged} cases of 20 us or more judged: {judged - over} moved by "
          f"at most {BAR}%, largest |on/off| {worst:.2f}% ({len(off)} runs "
          "each way)")
    sys.exit(1 if over else 0)


if __name__ == "__main__":
    main()
