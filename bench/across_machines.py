#!/usr/bin/env python3
"""Do two machines' kernel times differ by more than their GPUs do?

Usage: across_machines.py A/kt-fidelity.txt B/kt-fidelity.txt

Each file is bench/fidelity.py --time=kernel's table from one machine:
kbench's kernel median and ncu's gpu__time_duration for every case.  ncu is
the control: it times the same kernels on the same GPU with its own
instrument, so where B's kernel time differs from A's by as much as B's
ncu time differs from A's, the GPUs differ, not kbench's kernel time.

For each case in both: the kernel medians' change from A to B, ncu's, and
the residual (the first minus the second), in percent.  Cases of 20 us or
more are judged: the bar is 0.5% on the kernel change, and the residual
says whether a miss is the GPU's.
"""
import re
import sys

BAR = 0.5       # percent
JUDGED = 20.0   # us

ROW = re.compile(r"^(\S+)\s+(.+?)\s+([\d.]+)us\s+([\d.]+)us\s")


def load(path):
    rows = {}
    for line in open(path):
        m = ROW.match(line)
        if m:
            rows[(m.group(1), m.group(2).strip())] = (float(m.group(3)),
                                                      float(m.group(4)))
    return rows


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    a, b = load(sys.argv[1]), load(sys.argv[2])
    print("%-24s %-34s %9s %9s %9s  %s" % ("variant", "parameters", "kernel",
                                           "ncu", "residual", "verdict"))
    judged = over = gpu = 0
    worst = 0.0
    for key in a:
        if key not in b:
            continue
        (ka, na), (kb, nb) = a[key], b[key]
        dk, dn = 100 * (kb / ka - 1), 100 * (nb / na - 1)
        verdict = "ok"
        if min(ka, kb) >= JUDGED:
            judged += 1
            if abs(dk) > BAR:
                over += 1
                verdict = "GPU" if abs(dk - dn) <= BAR else "OVER"
                gpu += verdict == "GPU"
            worst = max(worst, abs(dk - dn))
        print("%-24s %-34s %+8.2f%% %+8.2f%% %+8.2f%%  %s"
              % (key[0], key[1][:34], dk, dn, dk - dn, verdict))
    print("# %d cases of %g us or more judged: %d moved by more than %g%%, "
          "%d of them as ncu's did (residual within %g%%); largest residual "
          "%.2f%%" % (judged, JUDGED, over, BAR, gpu, BAR, worst))


if __name__ == "__main__":
    main()
