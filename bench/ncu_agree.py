#!/usr/bin/env python3
"""kbench's counters (--metrics) against ncu's, case by case (issue 18).

usage: ncu_agree.py KBENCH OUTDIR

For each case, kbench collects the counters itself (one untimed run after
verification, L2 flushed by a read before every pass), and ncu profiles the
same case under kbench --profile (one verified run) with the same metric
names, --clock-control none, its own cache flush before each kernel.  ncu's
values are summed over the case's kernels (kbench's L2 flush kernel left
out).  Prints one row per case and metric, with the relative difference.
"""
import csv
import io
import json
import subprocess
import sys

CASES = [
    ("reduce_vec4", [], ["dram__bytes_read.sum", "dram__bytes_write.sum",
                         "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"]),
    ("transpose_smem", [], ["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
                            "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
                            "dram__bytes_read.sum"]),
    ("transpose_smem_pad", [], ["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
                                "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
                                "dram__bytes_read.sum"]),
    ("smem_bank", ["--param", "stride=32"],
     ["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
      "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
      "smsp__inst_executed_op_shared_ld.sum"]),
    ("coalesce_stride", ["--param", "stride=8"],
     ["l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
      "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", "dram__bytes_read.sum"]),
    ("layout_aos", [], ["dram__bytes_read.sum", "dram__bytes_write.sum",
                        "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"]),
]
QUICK = ["--min-samples=3", "--max-samples=3", "--min-time=0", "--warmup=0"]


def kbench_values(kbench, variant, params, metrics):
    out = subprocess.run([kbench, *QUICK, "--metrics=" + ",".join(metrics),
                          "--format=json", *params, variant],
                         capture_output=True, text=True, timeout=120)
    entry = json.loads(out.stdout)["benchmarks"][0]
    return {m: entry.get(m) for m in metrics}, entry.get("counters_note")


def ncu_values(kbench, variant, params, metrics):
    cmd = ["ncu", "--csv", "--print-units", "base", "--clock-control", "none",
           "--target-processes", "all", "--metrics", ",".join(metrics),
           kbench, "--profile", "--no-hold", "--no-audit", *params, variant]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    lines = [l for l in out.stdout.splitlines() if l.startswith('"')]
    sums = {m: 0.0 for m in metrics}
    kernels = set()
    for row in csv.DictReader(io.StringIO("\n".join(lines))):
        if "flush" in row.get("Kernel Name", ""):
            continue
        name = row.get("Metric Name")
        if name in sums:
            kernels.add(row.get("ID"))
            sums[name] += float(row["Metric Value"].replace(",", ""))
    if not kernels:
        sys.stderr.write(out.stdout[-2000:] + out.stderr[-2000:])
    return sums, len(kernels)


def main():
    kbench, outdir = sys.argv[1], sys.argv[2]
    rows, worst = [], 0.0
    for variant, params, metrics in CASES:
        ours, note = kbench_values(kbench, variant, params, metrics)
        theirs, n = ncu_values(kbench, variant, params, metrics)
        for m in metrics:
            a, b = ours.get(m), theirs.get(m)
            rel = abs(a - b) / b if a is not None and b else float("nan")
            if rel == rel:
                worst = max(worst, rel)
            rows.append((variant + " " + " ".join(params[1::2]), m, a, b, n, rel))
        if note:
            print(f"# {variant}: {note}")
    print(f"{'case':<28} {'metric':<58} {'kbench':>16} {'ncu':>16} kernels   diff")
    for case, m, a, b, n, rel in rows:
        print(f"{case:<28} {m:<58} {a if a is not None else float('nan'):>16.6g} "
              f"{b:>16.6g} {n:>7} {100 * rel:6.2f}%")
    print(f"largest difference: {100 * worst:.2f}%")
    with open(outdir + "/ncu_agree.json", "w") as f:
        json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
