#!/usr/bin/env python3
"""Write the fixture files of tests/shell/fleet_real.sh (committed; run
again only to change them) from real recordings.

No two-GPU recording exists yet, so the two-GPU shape is built from two
real one-GPU recordings of the catalogue on one H100
(bench/results/2026-11-24/identical-h100-1 and -2, in that record's
raw.tar.xz: two processes, the same build, 63 CUDA cases with a UUID and 3
host cases without one).  The second run plays GPU 1: its entries are
rewritten to ordinal 1, another UUID and another bus id; every time in
them is as measured.  Entries keep the keys that kbench fleet and the
report read (times, samples, device, verdict), nothing else.

  h100.json.gz, h200.json.gz
                  identical-h100-1 and identical-h200-1 as recorded
  two-gpu.json.gz kbench --devices=all's shape: both GPUs in one file, the
                  context's devices list, each case once per GPU (host
                  cases too, with the ordinal and no UUID)
  rank-0.json.gz, rank-1.json.gz
                  two ranks of one job (launcher openmpi), GPU 0 and GPU 1
  two-gpu-slow.json.gz
                  two-gpu with GPU 1's samples raised 20% on every third
                  CUDA case
  two-gpu-capped.json.gz
                  two-gpu-slow with NVML's clock-event reasons as kbench
                  writes them: GPU 1's slowed cases under a power cap
                  (sw_power_cap, with gpu_idle), every other CUDA case
                  idle between samples only (not a slowdown)
  two-gpu-missing.json.gz
                  two-gpu without GPU 1's entry of one case
  two-gpu-failed.json.gz
                  two-gpu with GPU 1 failing one case's verification
  rank-1-nodevice.json.gz
                  rank 1 of two on a machine of one GPU, as issue 32 saw
                  it under mpirun: no device 1, its CUDA cases skipped
                  (no name, no UUID), its host cases run
  rank-1-disturbed.json.gz
                  rank 1 beside a stray job on GPU 1, as issue 41 saw it:
                  40 of its 63 CUDA cases disturbed by another process
                  (pid 4242, stray_copy), as kbench writes such a case:
                  verdict disturbed, the message naming the process, the
                  samples it took under the stray job (30% slower) kept,
                  no statistics
"""
import copy
import gzip
import json
import os
import tarfile

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "..", "..", "bench", "results", "2026-11-24")
KEYS = ["name", "run_name", "run_type", "repetitions", "repetition_index",
        "iterations", "real_time", "cpu_time", "time_unit", "device_ordinal",
        "device_name", "device_uuid", "device_pci_bus_id", "variant",
        "params", "backend", "mode", "verdict", "stage", "message",
        "median_s", "min_s", "max_s", "noise", "stop", "samples_s",
        "bytes_read", "bytes_written", "gbps", "pct_peak", "memory"]
UUID1 = "GPU-5e1f0a2c-0000-4000-8000-000000000001"
PCI1 = "0000:00:07.0"
FAILED = "transpose_smem/rows:8K/cols:8K"
STRAY = ("another process used the GPU during the case: pid 4242 "
         "(stray_copy), SM 45%, memory 30% (NVML); measured again after "
         "waiting 5.0 s for the GPU to be quiet, still disturbed")
MISSING = "reduce_shfl/n:64M/threads:256"


def load(name):
    # The record keeps its files in raw.tar.xz, each .json.gz as .json.
    with tarfile.open(os.path.join(SRC, "raw.tar.xz")) as tar:
        return json.load(tar.extractfile(name[:-len(".gz")]))


def trim(e):
    return {k: e[k] for k in KEYS if k in e}


def as_gpu1(doc):
    """The recording's entries and device, rewritten as GPU 1."""
    dev = copy.deepcopy(doc["context"]["kbench"]["devices"][0])
    dev.update(ordinal=1, uuid=UUID1, pci_bus_id=PCI1)
    entries = []
    for e in doc["benchmarks"]:
        e = trim(e)
        e["device_ordinal"] = 1
        if e.get("backend") == "cuda":
            e["device_uuid"] = UUID1
            e["device_pci_bus_id"] = PCI1
        entries.append(e)
    return dev, entries


def write(name, doc):
    path = os.path.join(HERE, name)
    with gzip.GzipFile(path, "wb", mtime=0) as f:
        f.write((json.dumps(doc, indent=1) + "\n").encode())


def rank_file(run0, dev, entries, rank):
    """A rank's file of a two-rank job (launcher openmpi) on device dev."""
    c = copy.deepcopy(run0["context"])
    c["kbench"].update(launcher="openmpi", rank=rank, local_rank=rank,
                       world_size=2, device=dev, devices=[dev])
    c["kbench"]["command_line"] = ["kbench", "--json=run/%h-%r.json"]
    return {"context": c, "benchmarks": entries}


def main():
    run0, run1 = load("identical-h100-1.json.gz"), load("identical-h100-2.json.gz")
    for src, dst in (("identical-h100-1.json.gz", "h100.json.gz"),
                     ("identical-h200-1.json.gz", "h200.json.gz")):
        write(dst, load(src))
    dev0 = run0["context"]["kbench"]["devices"][0]
    dev1, gpu1 = as_gpu1(run1)
    gpu0 = [trim(e) for e in run0["benchmarks"]]
    ctx = copy.deepcopy(run0["context"])
    ctx["kbench"]["devices"] = [dev0, dev1]
    ctx["kbench"]["command_line"] = ["kbench", "--devices=all", "--json=two-gpu.json"]
    # --devices=all writes each case on each GPU as it completes: the
    # two GPUs' entries interleaved, GPU 1's first half of the time.
    entries = []
    for i, (a, b) in enumerate(zip(gpu0, gpu1)):
        assert a["name"] == b["name"]
        entries += [b, a] if i % 2 else [a, b]
    two = {"context": ctx, "benchmarks": entries}
    write("two-gpu.json.gz", two)
    for rank, (dev, es) in enumerate(((dev0, gpu0), (dev1, gpu1))):
        write("rank-%d.json.gz" % rank, rank_file(run0, dev, es, rank))
    slow = copy.deepcopy(two)
    cuda = [e for e in slow["benchmarks"]
            if e.get("device_ordinal") == 1 and e.get("backend") == "cuda"]
    for e in cuda[::3]:
        e["samples_s"] = [x * 1.2 for x in e["samples_s"]]
        e["median_s"] *= 1.2
        e["real_time"] *= 1.2
        e["cpu_time"] *= 1.2
    write("two-gpu-slow.json.gz", slow)
    capped = copy.deepcopy(slow)
    slowed = {id(e) for e in cuda[::3]}
    for e, orig in zip(capped["benchmarks"], slow["benchmarks"]):
        if e.get("backend") != "cuda" or e.get("verdict") != "pass":
            continue
        cap = id(orig) in slowed
        e.update(clock_event_mask=5 if cap else 1,
                 clock_events="gpu_idle,sw_power_cap" if cap else "gpu_idle",
                 clock_limits="a power cap" if cap else "",
                 clock_event_reads=len(e["samples_s"]))
    write("two-gpu-capped.json.gz", capped)
    miss = copy.deepcopy(two)
    miss["benchmarks"] = [e for e in miss["benchmarks"]
                          if not (e["name"] == MISSING and e["device_ordinal"] == 1)]
    assert len(miss["benchmarks"]) == len(two["benchmarks"]) - 1
    write("two-gpu-missing.json.gz", miss)
    fail = copy.deepcopy(two)
    for e in fail["benchmarks"]:
        if e["name"] == FAILED and e["device_ordinal"] == 1:
            e.update(verdict="wrong", stage="verify",
                     message="out[17] = 3.5, expected 3.25",
                     error_occurred=True,
                     error_message="verify: out[17] = 3.5, expected 3.25")
            del e["samples_s"]
            del e["median_s"]
            break
    else:
        raise SystemExit("no " + FAILED)
    write("two-gpu-failed.json.gz", fail)
    c = copy.deepcopy(run0["context"])
    none = {"ordinal": 1, "name": None, "uuid": None, "pci_bus_id": None}
    c["kbench"].update(launcher="openmpi", rank=1, local_rank=1,
                       world_size=2, device=None, devices=[none])
    es = []
    for e in copy.deepcopy(gpu1):
        if e.get("backend") == "cuda":
            for k in ("samples_s", "median_s"):
                e.pop(k, None)
            e.update(verdict="skip", stage="device",
                     message="no CUDA device 1 (1 visible)", skipped=True,
                     skip_message="no CUDA device 1 (1 visible)",
                     device_name=None, device_uuid=None,
                     device_pci_bus_id=None)
        es.append(e)
    write("rank-1-nodevice.json.gz", {"context": c, "benchmarks": es})
    rank1 = copy.deepcopy(rank_file(run0, dev1, gpu1, 1))
    cuda = [e for e in rank1["benchmarks"] if e.get("backend") == "cuda"]
    for e in cuda[:40]:
        e["samples_s"] = [x * 1.3 for x in e["samples_s"]]
        e.update(verdict="disturbed", stage="run", message=STRAY,
                 median_s=None, min_s=None, max_s=None, noise=None,
                 gbps=None, error_occurred=True,
                 error_message="run: " + STRAY)
    write("rank-1-disturbed.json.gz", rank1)


main()
