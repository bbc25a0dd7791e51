#!/usr/bin/env python3
"""kbench history's speed on a long history: N copies of one real
catalogue run (default identical-h100-1.json in
bench/results/2026-11-24/raw.tar.xz, 62 cases of an H100; a SOURCE is a
.json or .json.gz) with every case's samples scaled by a seeded random
factor (0.2% a run, as back-to-back H100 runs differ), gzipped as
bench/results/ keeps them, then `kbench history` over them timed, with
--json and -o, and the page's size.

  bench/history_speed.py KBENCH [N [SOURCE]]
"""
import copy
import gzip
import json
import math
import os
import random
import subprocess
import sys
import tarfile
import tempfile
import time

kbench = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 100
if len(sys.argv) > 3:
    raw = open(sys.argv[3], "rb").read()
    doc = json.loads(gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw)
else:
    with tarfile.open(os.path.join(os.path.dirname(__file__),
                                   "results/2026-11-24/raw.tar.xz")) as tar:
        doc = json.load(tar.extractfile("identical-h100-1.json"))
rng = random.Random(1)
with tempfile.TemporaryDirectory() as tmp:
    paths = []
    for i in range(n):
        d = copy.deepcopy(doc)
        d["context"]["date"] = f"2026-11-{1 + i // 24:02d}T{i % 24:02d}:00:00+00:00"
        d["context"]["kbench"]["label"] = f"run{i + 1:03d}"
        for e in d["benchmarks"]:
            f = math.exp(rng.gauss(0, 0.002))
            # Every time field, of results formats 2 and 1 (docs/results.md).
            for k in [k for k in e if k.endswith(("median_s", "mean_s", "min_s", "max_s"))] \
                    + ["real_time", "cpu_time"]:
                if isinstance(e.get(k), (int, float)):
                    e[k] *= f
            for k in ("samples_s", "busy_samples_s"):
                e[k] = [s * f for s in e.get(k) or []]
        path = os.path.join(tmp, f"run{i + 1:03d}.json.gz")
        with gzip.open(path, "wt") as f:
            json.dump(d, f)
        paths.append(path)
    page, js = os.path.join(tmp, "page.html"), os.path.join(tmp, "h.json")
    t0 = time.monotonic()
    run = subprocess.run([kbench, "history", "--json=" + js, "-o", page]
                         + paths, capture_output=True, text=True)
    took = time.monotonic() - t0
    print(run.stdout.splitlines()[-1] if run.stdout else run.stderr)
    print(f"{n} files of {len(doc['benchmarks'])} entries: exit "
          f"{run.returncode}, {took:.2f} s; page {os.path.getsize(page)} "
          f"bytes, JSON {os.path.getsize(js)} bytes")
